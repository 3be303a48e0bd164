"""The API's router: routes commit on their own thread, so a route that takes the database
session must be a plain def (issue 12: no connection held while waiting for a thread)."""

from __future__ import annotations

import pytest

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.routing import CommittingRoute, Router


def test_an_async_route_that_takes_the_session_is_refused():
    router = Router()
    with pytest.raises(TypeError, match="plain def"):
        @router.get("/direct")
        async def direct(session: SessionDep) -> None: ...
    with pytest.raises(TypeError, match="plain def"):
        @router.get("/through-the-member")
        async def through(user: CurrentUser) -> None: ...


def test_plain_routes_and_async_routes_without_the_session_are_accepted():
    router = Router()

    @router.get("/plain")
    def plain(session: SessionDep) -> None: ...

    @router.get("/async")
    async def no_session() -> None: ...

    assert all(isinstance(r, CommittingRoute) for r in router.routes)
