"""Changing or deleting rows in one statement, without loading them (the session's objects
are not synchronised: read the rows again afterwards), and counting them in a subquery."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, SQLModel, func, select


def delete_where(session: Session, model: type[SQLModel], *conditions: Any) -> None:
    """DELETE FROM model's table WHERE every condition holds."""
    session.execute(
        sa.delete(model).where(*conditions).execution_options(synchronize_session=False)
    )


def update_where(session: Session, model: type[SQLModel], *conditions: Any, **values: Any) -> int:
    """UPDATE model's table SET values WHERE every condition holds; how many rows changed
    (a guarded change of one row wins when it is 1: of two concurrent callers, one)."""
    return session.execute(
        sa.update(model).where(*conditions).values(**values)
        .execution_options(synchronize_session=False)
    ).rowcount


def count_where(model: type[SQLModel], *conditions: Any) -> Any:
    """SELECT count(*) FROM model's table WHERE every condition holds, as a scalar subquery
    (to compare or store in the same statement)."""
    return select(func.count()).select_from(model).where(*conditions).scalar_subquery()
