"""/password-reset (ask for a link) and /password-reset/<token> (set a new password): a
forgotten password reset by emailed link (services/password_reset.py)."""

from __future__ import annotations

import reflex as rx

from community_app.core.db import session_scope
from community_app.services import password_reset
from community_app.state.messages import SERVER_ERROR, FormMessages, attempt, message
from community_app.state.page_load import PageRequest, link_token, use_link_token


class ForgotPasswordState(FormMessages, rx.State):
    """The request form; the answer is the same for every address."""

    sent: bool = False
    email_value: str = ""

    def _apply_load(self, request: PageRequest) -> None:
        """The page load's update (``state/page_load.py``): an empty form, the address's
        ``?email=`` filled in."""
        self._clear_messages()
        self.busy = False
        self.sent = False
        self.email_value = request.query.get("email", "")[:254]

    @rx.event
    async def submit(self, form: dict):
        self._clear_messages()
        email = str(form.get("email", "")).strip()
        self.email_value = email
        self.busy = True
        yield
        client = self.router.session.client_ip

        def ask() -> str:  # the database and mail: off the loop
            with session_scope() as session:
                return password_reset.request_password_reset(session, email=email, client=client)

        asked = await attempt(ask, SERVER_ERROR, "A password reset request")
        self.busy = False
        if asked.ok:
            self.sent = True
            self.notice = message(password_reset.RESET_LINK_SENT, email=asked.result)
        elif asked.errors:
            self.errors = asked.errors
        else:
            self.error = asked.error

    @rx.event
    def ask_again(self):
        self._clear_messages()
        self.sent = False


def read_link(request: PageRequest) -> bool:
    """Whether the emailed link the address names can still set a password."""
    return use_link_token(request, password_reset.reset_link_is_live)


class ResetPasswordState(FormMessages, rx.State):
    """The emailed link's page: ``link`` is checking, live, invalid or done."""

    link: str = "checking"

    def _apply_load(self, live: bool) -> None:
        """The page load's update (``state/page_load.py``): what ``read_link`` found."""
        self._clear_messages()
        self.busy = False
        self.link = "live" if live else "invalid"

    @rx.event
    async def submit(self, form: dict):
        self._clear_messages()
        self.busy = True
        yield
        token = link_token(self.router.url.path)
        password = str(form.get("password", ""))
        confirm = str(form.get("confirmPassword", ""))
        client = self.router.session.client_ip

        def reset() -> None:  # argon2, the database and mail: off the loop
            with session_scope() as session:
                password_reset.reset_password(session, token=token, password=password,
                                              confirm_password=confirm, client=client)

        done = await attempt(reset, SERVER_ERROR, "A password reset")
        self.busy = False
        if done.ok:
            self.link = "done"
            self.notice = message(password_reset.PASSWORD_CHANGED)
        elif done.errors:
            self.errors = done.errors
        else:
            self.error = done.error
            if done.refusal is not None and done.refusal.message_id == password_reset.RESET_LINK_INVALID:
                self.link = "invalid"
