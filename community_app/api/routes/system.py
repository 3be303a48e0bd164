"""Health of the service."""

from __future__ import annotations

import sqlalchemy as sa
from typing import Literal

from pydantic import BaseModel

from community_app.api.routing import Router
from community_app.api.envelope import Envelope, ok
from community_app.core.db import get_engine

router = Router(tags=["system"])


class HealthOut(BaseModel):
    database: Literal["up"]


@router.get("/health")
def health() -> Envelope[HealthOut]:
    """Answers when the service and its database are up."""
    with get_engine().connect() as conn:
        conn.execute(sa.text("SELECT 1"))
    return ok(HealthOut(database="up"))
