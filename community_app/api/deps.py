"""Dependencies shared by the routers: the database session and the signed-in user.

Tests point ``get_engine_for_api`` at their own database with
``api.dependency_overrides[get_engine_for_api] = lambda: engine``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

import sqlalchemy as sa
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlmodel import Session

from community_app.core.db import get_engine, session_scope
from community_app.i18n import N_
from community_app.models import User
from community_app.services.errors import Forbidden, Unauthorized
from community_app.services.tokens import member_of_access_token
from community_app.core.settings import get_settings

_bearer = HTTPBearer(auto_error=False, description="The access token from /auth/verify-login-otp")


def get_engine_for_api() -> sa.Engine:
    return get_engine()


def get_session(engine: Annotated[sa.Engine, Depends(get_engine_for_api)]) -> Iterator[Session]:
    """One transaction per request: committed when the handler returns, else rolled back.

    The route commits it on its own thread as it returns (``api/routing.py``), before the
    answer is validated and sent: a write is readable by the next request, a commit that
    fails is an error answer, and no request holds a connection while it waits for a
    thread. The commit here ends what a route left open (nothing, normally).
    """
    with session_scope(engine) as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session, scope="function")]


def current_user(
    session: SessionDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> User:
    """The member behind a valid bearer access token; 401 otherwise."""
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthorized(N_("Authentication required. Please log in."))
    try:
        return member_of_access_token(session, credentials.credentials)
    finally:
        # End the read transaction: its connection goes back to the pool while the request
        # waits for a thread to run the route (the user stays loaded and in the session).
        session.commit()


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
