"""Deleting many rows in one statement, without loading them (the session's objects are
not synchronised: call it before reading the rows it removes)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, SQLModel


def delete_where(session: Session, model: type[SQLModel], *conditions: Any) -> None:
    """DELETE FROM model's table WHERE every condition holds."""
    session.execute(
        sa.delete(model).where(*conditions).execution_options(synchronize_session=False)
    )
