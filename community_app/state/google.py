"""Google sign-in and sign-up, and /completeAccount (username letters only, phone)."""

from __future__ import annotations

import logging
from typing import ClassVar

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services import auth as auth_service, sign_up
from community_app.services.errors import DomainError
from community_app.services.google import GOOGLE_LOGIN_FAILED
from community_app.state.auth import AuthState
from community_app.state.complete_account import CompleteAccount
from community_app.state.messages import from_error, message
from community_app.core import routes

log = logging.getLogger(__name__)

CREDENTIAL_MISSING = N_("Google credential not found. Please try signing up again.")


class GoogleState(CompleteAccount, AuthState):
    """Sign in and sign up with Google; the first sign-in completes on /completeAccount."""

    missing: ClassVar[str] = CREDENTIAL_MISSING

    @rx.event
    def sign_in(self, credential: str):
        """A credential from the Google button on the login form."""
        self._clear_messages()
        try:
            with session_scope() as session:
                pair = auth_service.google_sign_in(session, credential)
        except DomainError as exc:
            if exc.message_id == auth_service.GOOGLE_ACCOUNT_MISSING:
                self._pending = {"credential": credential}
                return rx.redirect(routes.COMPLETE_ACCOUNT)
            self.error = from_error(exc)
            return None
        except Exception:  # noqa: BLE001
            log.exception("Google sign-in failed unexpectedly")
            self.error = message(GOOGLE_LOGIN_FAILED)
            return None
        self._store_tokens(pair)
        return rx.redirect(self._landing(self._member(), "/"), replace=True)

    @rx.event
    def sign_up(self, credential: str):
        """A credential from the Google button on the sign-up form: complete the profile."""
        self._clear_messages()
        if not credential:
            self.error = message(N_("No credential received from Google. Google authentication failed. Please try again."))
            return None
        self._pending = {"credential": credential}
        return rx.redirect(routes.COMPLETE_ACCOUNT)

    @rx.event
    async def complete_account(self, form: dict):
        async for update in self._complete(
            form, lambda session, pending, **answers: sign_up.google_sign_up(
                session, pending["credential"], **answers),
            "Completing a Google account"):
            yield update
