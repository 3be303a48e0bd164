"""Dependencies shared by the routers: the database session and the signed-in user.

Tests point ``get_engine_for_api`` at their own database with
``api.dependency_overrides[get_engine_for_api] = lambda: engine``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated

import anyio
import sqlalchemy as sa
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlmodel import Session

from community_app.db import get_engine
from community_app.i18n import N_
from community_app.models import User
from community_app.services.errors import Forbidden, Unauthorized
from community_app.services.tokens import INVALID_TOKEN, user_id_from_access_token
from community_app.settings import get_settings

_bearer = HTTPBearer(auto_error=False, description="The access token from /auth/verify-login-otp")


def get_engine_for_api() -> sa.Engine:
    return get_engine()


# Commits and closes run on threads of their own, not on the 40 worker threads of FastAPI's
# limiter: a finished request holds its connection until its commit, and if the commit had
# to queue for a worker thread behind requests that themselves wait for a connection, the
# pool and the threads would wait on each other until the pool's 30 s timeout (issue 12).
_ENDINGS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="db-commit")


async def _off_loop(call) -> None:
    await asyncio.get_running_loop().run_in_executor(_ENDINGS, call)


async def get_session(engine: Annotated[sa.Engine, Depends(get_engine_for_api)]) -> AsyncIterator[Session]:
    """One transaction per request: committed when the handler returns, else rolled back.

    The dependency has ``scope="function"``: it ends when the route has built its answer and
    before the answer is sent, so a write is committed (and the public caches expired)
    before the client hears of it, the next request reads it at once, and a commit that
    fails is an error answer instead of a lost write.
    """
    session = Session(engine, expire_on_commit=False)
    try:
        yield session
        await _off_loop(session.commit)
    except BaseException:
        with anyio.CancelScope(shield=True):
            await _off_loop(session.rollback)
        raise
    finally:
        with anyio.CancelScope(shield=True):
            await _off_loop(session.close)


SessionDep = Annotated[Session, Depends(get_session, scope="function")]


def current_user(
    session: SessionDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> User:
    """The member behind a valid bearer access token; 401 otherwise."""
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthorized(N_("Authentication required. Please log in."))
    user = session.get(User, user_id_from_access_token(credentials.credentials))
    # End the read transaction: its connection goes back to the pool while the request
    # waits for a thread to run the route (the user stays loaded and in the session).
    session.commit()
    if user is None or not user.is_active:
        raise Unauthorized(INVALID_TOKEN)
    return user


CurrentUser = Annotated[User, Depends(current_user)]


def organizer(user: CurrentUser) -> User:
    if not user.is_organizer:
        raise Forbidden(N_("Only organizers can do this."))
    return user


Organizer = Annotated[User, Depends(organizer)]


def client_address(request: Request) -> str:
    """The caller's IP address: the peer's, or behind ``COMMUNITY_TRUSTED_PROXY_HOPS``
    reverse proxies the address they put in X-Forwarded-For (the same rule Reflex applies
    to the site's websocket), never a header a client could forge."""
    peer = request.client.host if request.client else ""
    hops = get_settings().trusted_proxy_hops
    if hops:
        forwarded = [ip.strip() for ip in request.headers.get("x-forwarded-for", "").split(",") if ip.strip()]
        if len(forwarded) >= hops:
            return forwarded[-hops]
    return peer


ClientAddress = Annotated[str, Depends(client_address)]
