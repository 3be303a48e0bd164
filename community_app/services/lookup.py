"""Finding one row by its id, or the NotFound error the caller names; a row as its view."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from sqlmodel import Session, SQLModel

from community_app.services.errors import NotFound

M = TypeVar("M", bound=SQLModel)
T = TypeVar("T")

# Ids are positive 64-bit integers; anything else cannot exist (and must not reach the driver).
MAX_ID = 2**63 - 1


def get_or_404(session: Session, model: type[M], row_id: int, message_id: str) -> M:
    row = session.get(model, row_id) if 0 < row_id <= MAX_ID else None
    if row is None:
        raise NotFound(message_id)
    return row


def view_of(view: Callable[..., T], row: object, **values: Any) -> T:
    """The dataclass ``view`` filled from ``row``'s attributes of the same names; ``values``
    give the others (and replace any)."""
    names = {field.name for field in dataclasses.fields(view)} - values.keys()
    return view(**{name: getattr(row, name) for name in names}, **values)
