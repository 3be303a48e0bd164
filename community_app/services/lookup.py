"""Finding one row by its id, or the NotFound error the caller names."""

from __future__ import annotations

from typing import TypeVar

from sqlmodel import Session, SQLModel

from community_app.services.errors import NotFound

M = TypeVar("M", bound=SQLModel)

# Ids are positive 64-bit integers; anything else cannot exist (and must not reach the driver).
MAX_ID = 2**63 - 1


def get_or_404(session: Session, model: type[M], row_id: int, message_id: str) -> M:
    row = session.get(model, row_id) if 0 < row_id <= MAX_ID else None
    if row is None:
        raise NotFound(message_id)
    return row
