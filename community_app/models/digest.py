"""The personal digest (services/digest/): each member's choices, and one row per digest
sent (the period it covered)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models._base import LabelledEnum, check_in


class DigestFrequency(LabelledEnum):
    """How often a member's digest comes (weekly unless the member chose otherwise)."""

    DAILY = "DAILY", N_("Daily")
    WEEKLY = "WEEKLY", N_("Weekly")
    MONTHLY = "MONTHLY", N_("Monthly")
    NEVER = "NEVER", N_("Never")


class DigestSettings(SQLModel, table=True):
    """A member's digest choices and its schedule. Made with the defaults for every member
    who gave the news-emails consent (the digest task does it); My Page changes it.

    ``next_digest_at`` is the claim: the digest task moves it forward with one conditional
    UPDATE in the transaction that queues the digest, so one worker sends each period's
    digest. ``unsubscribe_token`` opens the one-click unsubscribe (no sign-in)."""

    __tablename__ = "digest_settings"
    __table_args__ = (
        check_in("frequency", DigestFrequency, "ck_digest_settings_frequency"),
        sa.CheckConstraint("hour >= 0 AND hour <= 23", name="ck_digest_settings_hour"),
        sa.Index("ix_digest_settings_due", "next_digest_at"),
    )

    user_id: int = Field(foreign_key="users.id", primary_key=True, ondelete="CASCADE")
    frequency: str = Field(default=DigestFrequency.WEEKLY.value, max_length=10)
    hour: int = Field(default=9)  # Korea time
    by_email: bool = Field(default=True)
    by_telegram: bool = Field(default=True)  # only when the bot is linked
    only_if_away: bool = Field(default=False)  # skipped when the member visited since the last
    korean_level: str | None = Field(default=None, max_length=10)  # a KoreanLevel: jobs at most
    unsubscribe_token: str = Field(max_length=64, unique=True)
    next_digest_at: dt.datetime = Field(default_factory=utcnow)
    last_digest_at: dt.datetime | None = None  # the last period covered (sent or skipped)


class DigestSend(SQLModel, table=True):
    """One digest sent to one member: unique per member and period, so a period's digest
    is queued once even if two claims ever met."""

    __tablename__ = "digest_sends"
    __table_args__ = (sa.UniqueConstraint("user_id", "period", name="uq_digest_sends_once"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    period: str = Field(max_length=20)  # the Korea-time date of the digest (YYYY-MM-DD)
    sent_at: dt.datetime = Field(default_factory=utcnow)
    items: int = Field(default=0)  # what it carried
