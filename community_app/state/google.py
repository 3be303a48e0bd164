"""Google sign-in and sign-up, and /completeAccount (username letters only, phone)."""

from __future__ import annotations

import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services import auth as auth_service
from community_app.services.errors import DomainError, InvalidMany
from community_app.services.google import GOOGLE_LOGIN_FAILED
from community_app.state.auth import AuthState
from community_app.state.lang import LangState
from community_app.state.messages import FormMessages, attempt, from_error, message, ticked
from community_app.core import routes

log = logging.getLogger(__name__)

CREDENTIAL_MISSING = N_("Google credential not found. Please try signing up again.")
COMPLETION_FAILED = N_("Registration failed.")


class GoogleState(FormMessages, AuthState):
    _credential: str = ""

    @rx.var
    def has_credential(self) -> bool:
        return bool(self._credential)

    @rx.event
    def sign_in(self, credential: str):
        """A credential from the Google button on the login form."""
        self._clear_messages()
        try:
            with session_scope() as session:
                pair = auth_service.google_sign_in(session, credential)
        except DomainError as exc:
            if exc.message_id == auth_service.GOOGLE_ACCOUNT_MISSING:
                self._credential = credential
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
        self._credential = credential
        return rx.redirect(routes.COMPLETE_ACCOUNT)

    @rx.event
    def open_complete_account(self):
        self._clear_messages()
        self.busy = False
        if not self._credential:
            self.error = message(CREDENTIAL_MISSING)

    @rx.event
    async def complete_account(self, form: dict):
        self._clear_messages()
        if not self._credential:
            self.error = message(CREDENTIAL_MISSING)
            return
        self.busy = True
        yield
        lang = (await self.get_state(LangState)).current
        credential = self._credential

        def sign_up():  # the database, off the event loop
            with session_scope() as session:
                return auth_service.google_sign_up(
                    session,
                    credential,
                    username=str(form.get("username", "")),
                    phone=str(form.get("phone", "")),
                    language=lang,
                    consent=ticked(form, "consent"),
                    news_emails=ticked(form, "newsEmails"),
                )

        signed_up = await attempt(sign_up, COMPLETION_FAILED, "Completing a Google account")
        self.busy = False
        self.error = signed_up.error
        if isinstance(signed_up.refusal, InvalidMany):
            self.errors = signed_up.errors
        if signed_up.ok:
            self._credential = ""
            self._store_tokens(signed_up.result)
            self._member()
            yield rx.redirect("/", replace=True)
