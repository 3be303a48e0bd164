"""The signed-in state every page can read (SPEC section 4).

Tokens live in localStorage under the product prefix, with the ``wasAuthenticated``
flag and the last user id, so the header shows the signed-in state at once on reload.
On every page load ``check_session`` follows SPEC section 4: no access token means
anonymous; a valid one loads the user; an expired one is refreshed silently through the
same service the REST API uses; a failed refresh clears everything.

Page states that need a member inherit from ``AuthState`` and call ``self._member()``
in every member-only handler: the user is checked on the server each time.
"""

from __future__ import annotations

import asyncio
import contextvars
import datetime as dt
import json
import logging
from urllib.parse import quote

import reflex as rx

from community_app.core.db import session_scope, utcnow
from community_app.i18n.dates import date_texts
from community_app.models import User
from community_app.services import auth as auth_service
from community_app.services import tokens
from community_app.services.errors import DomainError
from community_app.core import routes

log = logging.getLogger(__name__)

STORAGE_PREFIX = "uzdev_"
# Refresh a little before the access token runs out.
REFRESH_MARGIN = dt.timedelta(seconds=30)

# The member the page load verified (state/page_load.py), for the handlers it runs in the
# same event: (access token, user). Another event starts without it.
verified_member: contextvars.ContextVar[tuple[str, User] | None] = contextvars.ContextVar(
    "verified_member", default=None
)


class AuthState(rx.State):
    access_token: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}accessToken", sync=True)
    refresh_token: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}refreshToken", sync=True)
    was_authenticated: str = rx.LocalStorage("", name="wasAuthenticated", sync=True)
    last_user_id: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}lastUserId", sync=True)
    # The locally stored copy of the user: id, username, firstName (and imageUrl).
    stored_user: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}user", sync=True)

    is_authenticated: bool = False
    is_loading: bool = True

    user_id: int = 0
    username: str = ""
    email: str = ""
    user_first_name: str = ""
    user_last_name: str = ""
    phone: str = ""
    user_image_url: str = ""
    joined_at: str = ""  # ISO date (UTC)
    joined_on: dict[str, str] = {}  # the join date as pages show it (Babel, Korea time)
    role: str = ""

    # --- what the header reads --------------------------------------------------------

    def _stored(self) -> dict:
        try:
            value = json.loads(self.stored_user) if self.stored_user else {}
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    @rx.var
    def show_signed_in(self) -> bool:
        """Signed in per the auth state, or remembered with an access token present."""
        return self.is_authenticated or (
            self.was_authenticated == "true" and bool(self.access_token)
        )

    @rx.var
    def first_name(self) -> str:
        return self.user_first_name or str(self._stored().get("firstName") or "")

    @rx.var
    def image_url(self) -> str:
        return self.user_image_url or str(self._stored().get("imageUrl") or "")

    @rx.var
    def is_organizer(self) -> bool:
        return self.role == "organizer"

    # --- helpers for subclasses ---------------------------------------------------------

    def _set_user(self, user: User) -> None:
        self.is_authenticated = True
        self.user_id = user.id or 0
        self.username = user.username
        self.email = user.email
        self.user_first_name = user.first_name
        self.user_last_name = user.last_name
        self.phone = user.phone or ""
        self.user_image_url = user.image_url or ""
        self.joined_at = user.joined_at.date().isoformat() if user.joined_at else ""
        self.joined_on = date_texts(user.joined_at, "long") if user.joined_at else {}
        self.role = user.role
        self.last_user_id = str(user.id)
        self.stored_user = json.dumps(
            {
                "id": user.id,
                "username": user.username,
                "firstName": user.first_name,
                "imageUrl": user.image_url or "",
            }
        )

    def _store_tokens(self, pair: tokens.TokenPair) -> None:
        self.access_token = pair.access_token
        if pair.refresh_token:
            self.refresh_token = pair.refresh_token
        self.was_authenticated = "true"

    def _clear(self) -> None:
        """Forget tokens, stored flags and the user."""
        self.access_token = ""
        self.refresh_token = ""
        self.was_authenticated = ""
        self.last_user_id = ""
        self.stored_user = ""
        self.is_authenticated = False
        self.user_id = 0
        self.username = self.email = self.user_first_name = self.user_last_name = ""
        self.phone = self.user_image_url = self.joined_at = self.role = ""
        self.joined_on = {}

    def _member(self) -> User | None:
        """The signed-in user, verified now on the server (refreshing an expired access
        token). None, with everything cleared, when the sign-in is no longer valid."""
        if not self.access_token and not self.refresh_token:
            return None
        verified = verified_member.get()
        if verified is not None and verified[0] == self.access_token:
            return verified[1]
        with session_scope() as session:
            user = None
            expiry = tokens.access_token_expiry(self.access_token) if self.access_token else None
            if expiry is not None and expiry - REFRESH_MARGIN > utcnow():
                try:
                    user = tokens.member_of_access_token(session, self.access_token)
                except DomainError:
                    user = None
            if user is None and self.refresh_token:
                try:
                    pair = auth_service.refresh(session, self.refresh_token)
                    session.commit()
                    self._store_tokens(pair)
                    user = tokens.member_of_access_token(session, pair.access_token)
                except DomainError:
                    user = None
            if user is None or not user.is_active:
                self._clear()
                return None
            self._set_user(user)
            return user

    @staticmethod
    def _landing(user: User | None, path: str) -> str:
        """Where a sign-in goes: ``path``, or My Page's account tab while the member's
        account deletion is pending (its date and its cancel button: signing in does not
        cancel it)."""
        if user is not None and user.deletion_requested_at is not None:
            return routes.MYPAGE_ACCOUNT
        return path

    def _to_login(self):
        """Send the visitor to /login, remembering where they were."""
        path = self.router.url.path or "/"
        if path in ("/", routes.LOGIN):
            return rx.redirect(routes.LOGIN, replace=True)
        if self.router.url.query:
            path = f"{path}?{self.router.url.query}"
        return rx.redirect(f"{routes.LOGIN}?from={quote(path, safe='/')}", replace=True)

    # --- events -----------------------------------------------------------------------

    @rx.event
    def check_session(self):
        """On every page load (SPEC section 4, 'On start')."""
        try:
            if not self.access_token:
                if self.was_authenticated or self.stored_user:
                    self._clear()
                self.is_authenticated = False
                return
            self._member()
        finally:
            self.is_loading = False

    @rx.event
    def require_member(self):
        """The auth gate of protected pages: anonymous visitors go to /login?from=…"""
        self.is_loading = False
        if self._member() is None:
            return self._to_login()

    @rx.event
    async def logout(self):
        """After the confirmation: 50 ms later, clear tokens, stored flags and the user,
        end the sign-in on the server, drop the door's held ticket list, then go to /login."""
        await asyncio.sleep(0.05)
        refresh = self.refresh_token
        if refresh:
            def end_sign_in() -> None:
                with session_scope() as session:
                    auth_service.logout(session, refresh)

            try:
                await asyncio.to_thread(end_sign_in)
            except DomainError:  # pragma: no cover - logout never fails the user
                log.warning("Could not revoke a refresh token at logout")
        self._clear()
        # The check-in page's list of tickets held on this phone goes with the sign-in
        # (assets/check_in_door.js); check-ins waiting to sync stay for the next sign-in.
        return [rx.call_script("window.indexedDB && indexedDB.deleteDatabase('uzdev-door-lists')"),
                rx.redirect(routes.LOGIN)]
