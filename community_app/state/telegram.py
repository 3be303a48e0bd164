"""Telegram on the site: sign in with the Login Widget (/login), the first sign-in's
completion (/completeAccount/telegram), and My Page's Telegram card (the bot's link,
the choice per kind of message, Telegram sign-in linked or not). Every rule is in
services/telegram/; the database work runs off the event loop."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services.telegram import linking
from community_app.services.telegram import login as telegram_login
from community_app.state.auth import AuthState
from community_app.state.complete_account import CompleteAccount
from community_app.state.messages import FormMessages, attempt, message

PAYLOAD_MISSING = N_("Telegram sign-in not found. Please log in with Telegram again.")
TELEGRAM_FAILED = N_("Telegram login failed. Please try again.")
SAVE_FAILED = N_("Could not save. Please try again.")
CHOICES_SAVED = N_("Saved.")


def _signed(user: dict) -> dict:
    return {k: v for k, v in (user or {}).items() if k in telegram_login.FIELDS}


class TelegramState(CompleteAccount, AuthState):
    """Sign in and sign up with Telegram; the first sign-in completes on
    /completeAccount/telegram."""

    missing: ClassVar[str] = PAYLOAD_MISSING
    _spends_payload: ClassVar[bool] = True

    @rx.event
    async def sign_in(self, user: dict):
        """The widget's signed data: the member is signed in, or the sign-up completes."""
        self._clear_messages()
        payload = _signed(user)

        def work():
            with session_scope() as session:
                return telegram_login.sign_in(session, payload)

        done = await attempt(work, TELEGRAM_FAILED, "Signing in with Telegram")
        if done.ok:
            self._store_tokens(done.result)
            return rx.redirect(self._landing(await asyncio.to_thread(self._member), "/"), replace=True)
        if done.refusal is not None and done.refusal.message_id == telegram_login.TELEGRAM_ACCOUNT_MISSING:
            self._pending = payload
            return rx.redirect(routes.COMPLETE_TELEGRAM_ACCOUNT)
        self.error = done.error
        return None

    @rx.event
    async def complete_account(self, form: dict):
        email = str(form.get("email", ""))
        client = self.router.session.client_ip
        async for update in self._complete(
            form, lambda session, pending, **answers: telegram_login.sign_up(
                session, pending, email=email, client=client, **answers),
            "Completing a Telegram account"):
            yield update


class MyTelegramState(FormMessages, AuthState):
    """My Page's Telegram card."""

    available: bool = False
    login_available: bool = False
    bot_name: str = ""
    chat_linked: bool = False
    account_linked: bool = False
    telegram_username: str = ""
    notify: dict[str, str] = {}
    link_url: str = ""

    def _show(self, status: linking.TelegramStatus) -> None:
        self.available, self.login_available = status.available, status.login_available
        self.bot_name, self.chat_linked = status.bot_name, status.chat_linked
        self.account_linked = status.account_linked
        self.telegram_username = status.telegram_username or ""
        self.notify = dict(status.notify)

    async def _run(self, work, what: str):
        user = await asyncio.to_thread(self._member)
        if user is None:
            return None
        user_id = user.id

        def in_session():
            with session_scope() as session:
                return work(session, user_id)

        done = await attempt(in_session, SAVE_FAILED, what)
        self.error = done.error
        if done.ok and isinstance(done.result, linking.TelegramStatus):
            self._show(done.result)
        return done

    @rx.event
    async def load(self):
        self._clear_messages()
        self.link_url = ""
        await self._run(linking.status_of, "Reading My Page's Telegram card")

    @rx.event
    async def make_link(self):
        """A fresh one-time deep link to the bot (shown as a link to open)."""
        self._clear_messages()
        done = await self._run(linking.start_link, "Making a Telegram link")
        if done is not None and done.ok:
            self.link_url = done.result

    @rx.event
    async def unlink_chat(self):
        self._clear_messages()
        self.link_url = ""
        await self._run(linking.unlink_member, "Unlinking Telegram")

    @rx.event
    async def choose(self, kind: str, value: str):
        self._clear_messages()
        done = await self._run(lambda session, uid: linking.set_choices(session, uid, {kind: value}),
                               "Saving the Telegram choices")
        if done is not None and done.ok:
            self.notice = message(CHOICES_SAVED)

    @rx.event
    async def link_account(self, user: dict):
        """The widget on My Page: sign in with this Telegram account from now on too."""
        self._clear_messages()
        payload = _signed(user)
        await self._run(lambda session, uid: linking.status(
            telegram_login.link_account(session, uid, payload)), "Linking Telegram sign-in")

    @rx.event
    async def unlink_account(self):
        self._clear_messages()
        await self._run(lambda session, uid: linking.status(
            telegram_login.unlink_account(session, uid)), "Unlinking Telegram sign-in")
