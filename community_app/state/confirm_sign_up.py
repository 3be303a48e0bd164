"""/signup/confirm/<token>: the emailed sign-up link finishes the account, signs the
member in and goes to the home page (services/auth.py ``confirm_sign_up``)."""

from __future__ import annotations

import reflex as rx

from community_app.core.db import session_scope
from community_app.services import auth as auth_service
from community_app.services import tokens
from community_app.state.auth import AuthState
from community_app.state.messages import SERVER_ERROR, Message, attempt, message


class ConfirmSignUpState(AuthState):
    outcome: str = "checking"  # checking | failed
    failure: Message = {}

    @rx.event
    async def confirm(self):
        self.outcome, self.failure = "checking", {}
        token = self.router.url.path.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        client = self.router.session.client_ip
        agent = self.router.headers.user_agent

        def finish() -> tokens.TokenPair:
            with session_scope() as session:
                return auth_service.confirm_sign_up(session, token=token, client=client,
                                                    user_agent=agent)

        confirmed = await attempt(finish, SERVER_ERROR, "A sign-up confirmation")
        if not confirmed.ok:
            self.outcome, self.failure = "failed", confirmed.error
            return None
        self._store_tokens(confirmed.result)
        loaded = await attempt(self._member, SERVER_ERROR, "Loading the new member")
        if not loaded.ok or loaded.result is None:
            self.outcome, self.failure = "failed", loaded.error or message(SERVER_ERROR)
            return None
        return rx.redirect("/", replace=True)
