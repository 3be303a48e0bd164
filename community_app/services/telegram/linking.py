"""A member's Telegram: the bot's chat linked from My Page, and the choice per kind of
meetup message (email, Telegram or both).

Linking: My Page asks for a one-time deep link ``https://t.me/<bot>?start=<token>`` (an
``account_tokens`` row of purpose ``telegram_link``, hashed, good for
``LINK_TTL``). Telegram opens the bot; its "Start" sends ``/start <token>`` to the webhook
(services/telegram/webhook.py), which links that chat to the member once. ``/stop``,
blocking the bot, or "Unlink" on My Page unlink it: messages go by email again.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, select
from telegram.helpers import create_deep_linked_url

from community_app.core.db import utcnow
from community_app.core.settings import telegram_settings
from community_app.i18n import N_
from community_app.models import AccountTokenPurpose, MailKind, NotifyBy, User
from community_app.services import account_links
from community_app.services.errors import Invalid, NotFound

PURPOSE = AccountTokenPurpose.TELEGRAM_LINK.value
LINK_TTL = dt.timedelta(minutes=30)
TELEGRAM_OFF = N_("Telegram is not set up on this site.")
CHOICE_INVALID = N_("Choose email, Telegram or both.")
NO_MEMBER = N_("Member not found.")

# Which choice governs which email kind.
KIND_CHOICE = {
    MailKind.CONFIRMATION.value: "notify_confirmation",
    MailKind.ACCEPTED.value: "notify_confirmation",
    MailKind.REJECTED.value: "notify_confirmation",
    MailKind.REMINDER.value: "notify_reminder",
    MailKind.OFFER.value: "notify_offer",
    MailKind.STREAM.value: "notify_reminder",  # the online seat's link before the start
    # Job-alert digests have no choice of their own: the member's first one (decisions.md).
    MailKind.JOB_DIGEST.value: "notify_confirmation",
}
CHOICES = ("confirmation", "reminder", "offer")


@dataclasses.dataclass(frozen=True)
class TelegramStatus:
    available: bool  # the site has a bot with a webhook
    login_available: bool  # the login widget can be shown
    bot_name: str
    chat_linked: bool
    account_linked: bool  # signed in with Telegram at least once (telegram_id)
    telegram_username: str | None
    notify: dict[str, str]  # confirmation/reminder/offer -> email|telegram|both


def status(user: User) -> TelegramStatus:
    cfg = telegram_settings()
    return TelegramStatus(
        available=cfg.bot_linking_enabled, login_available=cfg.login_enabled,
        bot_name=cfg.bot_name, chat_linked=user.telegram_chat_id is not None,
        account_linked=user.telegram_id is not None, telegram_username=user.telegram_username,
        notify={kind: getattr(user, f"notify_{kind}") for kind in CHOICES},
    )


def status_of(session: Session, user_id: int) -> TelegramStatus:
    return status(_member(session, user_id))


def _member(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound(NO_MEMBER)
    return user


def start_link(session: Session, user_id: int, *, now: dt.datetime | None = None) -> str:
    """A new one-time deep link to the bot for this member (earlier ones stop working)."""
    cfg = telegram_settings()
    if not cfg.bot_linking_enabled:
        raise Invalid("telegram", TELEGRAM_OFF)
    token = account_links.issue(session, _member(session, user_id), PURPOSE, LINK_TTL, now=now)
    return create_deep_linked_url(cfg.bot_name, token)


def link_chat(session: Session, token: str, chat_id: int, *,
              now: dt.datetime | None = None) -> User | None:
    """``/start <token>`` from ``chat_id``: the member of a live token gets this chat (a
    chat belongs to one member: any other member it was linked to loses it); None when
    the token is unknown, used or expired."""
    row = account_links.find_live(session, token, PURPOSE, now=now)
    if row is None or not account_links.spend(session, row, now=now):
        return None
    session.execute(sa.update(User).where(col(User.telegram_chat_id) == chat_id,
                                          col(User.id) != row.user_id)
                    .values(telegram_chat_id=None))
    user = session.get(User, row.user_id)
    user.telegram_chat_id = chat_id
    session.add(user)
    session.flush()
    return user


def member_of_chat(session: Session, chat_id: int) -> User | None:
    return session.exec(select(User).where(col(User.telegram_chat_id) == chat_id,
                                           col(User.deleted_at).is_(None))).first()


def unlink_chat(session: Session, chat_id: int) -> User | None:
    """``/stop`` or the bot blocked: the member of this chat is unlinked (email again)."""
    user = member_of_chat(session, chat_id)
    if user is not None:
        user.telegram_chat_id = None
        session.add(user)
        session.flush()
    return user


def unlink_member(session: Session, user_id: int) -> TelegramStatus:
    """"Unlink" on My Page: no more bot messages."""
    user = _member(session, user_id)
    user.telegram_chat_id = None
    account_links.spend_open(session, user_id, PURPOSE)
    session.add(user)
    session.flush()
    return status(user)


def set_choices(session: Session, user_id: int, choices: dict[str, str]) -> TelegramStatus:
    """Email, Telegram or both, per kind (confirmation, reminder, offer)."""
    user = _member(session, user_id)
    for kind, value in choices.items():
        if kind not in CHOICES or value not in NotifyBy.values():
            raise Invalid(kind, CHOICE_INVALID)
        setattr(user, f"notify_{kind}", value)
    session.add(user)
    session.flush()
    return status(user)


def channels_for(user: User, mail_kind: str) -> tuple[bool, bool]:
    """(by email, by Telegram) for this member and kind of message. Telegram only while
    the bot's chat is linked (and the bot set up); email whenever Telegram is not used."""
    choice = getattr(user, KIND_CHOICE.get(mail_kind, "notify_confirmation"), NotifyBy.BOTH.value)
    telegram = (user.telegram_chat_id is not None and telegram_settings().enabled
                and choice in (NotifyBy.TELEGRAM.value, NotifyBy.BOTH.value))
    email = not telegram or choice in (NotifyBy.EMAIL.value, NotifyBy.BOTH.value)
    return email, telegram
