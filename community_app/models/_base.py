"""Shared pieces of the tables: timestamps and string-enum checks."""

from __future__ import annotations

import enum

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow

from community_app.i18n import both

# Stable constraint names, so migrations can alter them on every database.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class StrEnum(str, enum.Enum):
    """A string enum stored as its value, with a CHECK constraint listing the values."""

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value

    @classmethod
    def values(cls) -> list[str]:
        return [m.value for m in cls]


class LabelledEnum(StrEnum):
    """A string enum whose members carry their English label (a message id, translated
    where shown) and the other spellings clients send for them.

    ``NAME = "value", N_("Label"), "alias", ...``. The label is the one every screen uses
    (the site's forms and the back office); ``parse`` maps an alias to its member.
    """

    label: str
    aliases: tuple[str, ...]

    def __new__(cls, value: str, label: str = "", *aliases: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label or value
        member.aliases = aliases
        return member

    @classmethod
    def parse(cls, value: object) -> LabelledEnum | None:
        """The member for a value or one of its aliases; None for anything else."""
        if not isinstance(value, str):
            return None
        for member in cls:
            if value == member.value or value in member.aliases:
                return member
        return None

    @classmethod
    def accepted(cls) -> list[str]:
        """Every spelling ``parse`` accepts: the values, then the aliases."""
        return [*cls.values(), *(a for m in cls for a in m.aliases)]

    @classmethod
    def labels(cls) -> dict[str, str]:
        """value -> label (a message id), in declaration order."""
        return {m.value: m.label for m in cls}

    @classmethod
    def label_texts(cls) -> dict[str, dict[str, str]]:
        """value -> the label in every language (``{"en": ..., "uz": ...}``)."""
        return {m.value: both(m.label) for m in cls}


def check_in(column: str, enum_cls: type[StrEnum], name: str) -> sa.CheckConstraint:
    allowed = ", ".join(f"'{v}'" for v in enum_cls.values())
    return sa.CheckConstraint(f"{column} IN ({allowed})", name=name)


def one_live_per_member(name: str, live: str) -> sa.Index:
    """At most one row per member and meetup among those where ``live`` (an SQL condition
    on the row) holds: a partial unique index, on SQLite and PostgreSQL alike."""
    return sa.Index(name, "user_id", "meetup_id", unique=True,
                    sqlite_where=sa.text(live), postgresql_where=sa.text(live))


class QueuedRow(SQLModel):
    """The columns every database queue's table has (services/db_queue.py): its status
    (PENDING, SENDING, SENT, FAILED), attempts, when it is due, when a worker claimed it,
    when it went, its last error and when it was queued."""

    status: str = Field(default="PENDING", max_length=10)
    attempts: int = Field(default=0)
    next_attempt_at: dt.datetime = Field(default_factory=utcnow)
    claimed_at: dt.datetime | None = None
    sent_at: dt.datetime | None = None
    last_error: str = Field(default="", max_length=500)
    created_at: dt.datetime = Field(default_factory=utcnow)
