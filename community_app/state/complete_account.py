"""/completeAccount and /completeAccount/telegram: the first sign-in with Google or with
Telegram ends on a form (username, phone, consents; Telegram also asks the email). The
provider's signed data waits in the state (``_pending``) between the sign-in and the form;
``GoogleState`` and ``TelegramState`` differ only in the service that creates the account:
Google's proves the email and signs in, Telegram's answers "check your email" (the
emailed link finishes the account: services/email_proof.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ClassVar

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services.sign_up import CHECK_YOUR_EMAIL, SignUp
from community_app.state.lang import LangState
from community_app.state.messages import FormMessages, attempt, message, ticked
from community_app.state.page_load import PageRequest

COMPLETION_FAILED = N_("Registration failed.")


class CompleteAccount(FormMessages, mixin=True):
    """The completion form of a sign-up through another site (mixed into an AuthState)."""

    # What the form says when the provider's data is not here (a reload, a typed address).
    missing: ClassVar[str] = ""
    # Whether a refused completion (not a field's message) spent the provider's data.
    _spends_payload: ClassVar[bool] = False
    _pending: dict = {}

    @rx.var
    def has_pending(self) -> bool:
        return bool(self._pending)

    def _apply_load(self, _request: PageRequest) -> None:
        """The page load's update (``state/page_load.py``): an empty form, or why not."""
        self._clear_messages()
        self.busy = False
        if not self._pending:
            self.error = message(self.missing)

    async def _complete(self, form: dict, sign_up: Callable[..., Any], what: str):
        """Create the account with ``sign_up(session, pending, **answers)``, sign the member
        in and go home; a refusal is shown on the form (a generator of updates)."""
        self._clear_messages()
        if not self._pending:
            self.error = message(self.missing)
            return
        self.busy = True
        yield
        pending = self._pending
        answers = dict(
            username=str(form.get("username", "")), phone=str(form.get("phone", "")),
            language=(await self.get_state(LangState)).current,
            consent=ticked(form, "consent"), news_emails=ticked(form, "newsEmails"),
        )

        def work():  # the database, off the event loop
            with session_scope() as session:
                return sign_up(session, pending, **answers)

        done = await attempt(work, COMPLETION_FAILED, what)
        self.busy = False
        self.error, self.errors = done.error, done.errors
        if done.refusal is not None and not done.errors and self._spends_payload:
            self._pending = {}  # the payload was spent: sign in with the provider again
        if not done.ok:
            return
        self._pending = {}
        if isinstance(done.result, SignUp):  # the address is proven by the emailed link
            self.notice = message(CHECK_YOUR_EMAIL, email=done.result.email)
            return
        self._store_tokens(done.result)
        await asyncio.to_thread(self._member)
        yield rx.redirect("/", replace=True)
