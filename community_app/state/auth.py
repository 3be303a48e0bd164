"""The signed-in state every page can read (SPEC section 4).

Tokens live in localStorage under the product prefix, with the ``wasAuthenticated``
flag and the last user id, so the header can show the signed-in state at once.
The sign-in flows themselves (login, code, refresh, logout) build on this state.
"""

from __future__ import annotations

import json

import reflex as rx

STORAGE_PREFIX = "uzdev_"


class AuthState(rx.State):
    access_token: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}accessToken")
    refresh_token: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}refreshToken")
    was_authenticated: str = rx.LocalStorage("", name="wasAuthenticated")
    last_user_id: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}lastUserId")
    # The locally stored copy of the user: id, username, firstName (and imageUrl).
    stored_user: str = rx.LocalStorage("", name=f"{STORAGE_PREFIX}user")

    is_authenticated: bool = False

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
        return str(self._stored().get("firstName") or "")

    @rx.var
    def image_url(self) -> str:
        return str(self._stored().get("imageUrl") or "")
