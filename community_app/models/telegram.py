"""Telegram: the queue of bot messages (services/telegram/queue.py) and the login-widget
payloads already used (services/telegram/login.py)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import QueuedRow, check_in
from community_app.models.enums import TelegramStatus


class TelegramMessage(QueuedRow, table=True):
    """A message for the bot to send: a post to the channel, or a personal message to a
    member's linked chat.

    ``key`` is unique: the same announcement (``meetup:7:published``), the same update
    (``meetup:7:update:<what changed>``) or the same member message
    (``member:confirmation:<registration>``) is queued once. A worker sends a row only after
    moving it PENDING -> SENDING with one conditional UPDATE, as the mail queue does."""

    __tablename__ = "telegram_queue"
    __table_args__ = (
        check_in("status", TelegramStatus, "ck_telegram_queue_status"),
        sa.Index("ix_telegram_queue_status_next", "status", "next_attempt_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=200, unique=True)
    chat_id: str = Field(max_length=64)  # "@channel", "-100...", or a member's chat id
    user_id: int | None = Field(default=None, foreign_key="users.id", index=True,
                                ondelete="CASCADE")
    text: str = Field(sa_type=sa.Text)
    link_url: str = Field(default="", max_length=500)  # shown as the link preview
    buttons: str = Field(default="[]", sa_type=sa.Text)  # JSON [[label, callback data], ...]
    photo: str = Field(default="", sa_type=sa.Text)  # JSON {"render": name, "args": {...}}
    # JSON of the email to queue instead when the member's chat is gone (bot blocked,
    # /stop) and the member chose Telegram alone; "" for none.
    fallback_mail: str = Field(default="", sa_type=sa.Text)
    message_id: int | None = Field(default=None, sa_type=sa.BigInteger)


class TelegramLoginSeen(SQLModel, table=True):
    """A login-widget payload that signed someone in: the same payload again is a replay.
    Kept while a payload of that age would still be accepted."""

    __tablename__ = "telegram_login_seen"

    digest: str = Field(primary_key=True, max_length=64)  # SHA-256 of the payload's hash
    seen_at: dt.datetime = Field(default_factory=utcnow, index=True)
