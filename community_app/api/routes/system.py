"""Health of the service."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi import APIRouter

from community_app.api.envelope import Envelope, ok
from community_app.db import get_engine

router = APIRouter(tags=["system"])


@router.get("/health", response_model=Envelope[dict])
def health() -> dict:
    """Answers when the service and its database are up."""
    with get_engine().connect() as conn:
        conn.execute(sa.text("SELECT 1"))
    return ok({"database": "up"})
