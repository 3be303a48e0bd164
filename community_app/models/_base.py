"""Shared pieces of the tables: timestamps and string-enum checks."""

from __future__ import annotations

import enum

import sqlalchemy as sa
from sqlmodel import SQLModel

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


def check_in(column: str, enum_cls: type[StrEnum], name: str) -> sa.CheckConstraint:
    allowed = ", ".join(f"'{v}'" for v in enum_cls.values())
    return sa.CheckConstraint(f"{column} IN ({allowed})", name=name)
