"""Health of the service."""

from __future__ import annotations

from typing import Annotated, Literal

import sqlalchemy as sa
from fastapi import Depends, Request
from pydantic import BaseModel

from community_app.api.deps import get_engine_for_api
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import envelope_response, request_language
from community_app.api.routing import Router
from community_app.services import health as checks
from community_app.i18n import N_, gettext

router = Router(tags=["system"])

SOMETHING_IS_DOWN = N_("Not every part of the service is answering: {parts}.")

State = Literal["up", "down"]


class HealthOut(BaseModel):
    database: State
    redis: State | None = None  # only when REFLEX_REDIS_URL is set
    storage: State | None = None  # only when COMMUNITY_STORAGE_URL is set (the object store)


@router.get("/health", response_model_exclude_none=True, responses={
    503: {"model": Envelope[HealthOut], "description": "A service the site needs is down: "
          "``data`` says which (each checked within 2 seconds)"},
})
def health(request: Request, engine: Annotated[sa.Engine, Depends(get_engine_for_api)]) -> Envelope[HealthOut]:
    """Answers 200 when the database (and Redis and the object store, when configured) answer
    now; 503 with what is down otherwise."""
    states = checks.check(engine)
    down = [name for name, state in states.items() if state != checks.UP]
    if down:
        message = gettext(SOMETHING_IS_DOWN, request_language(request), parts=", ".join(down))
        return envelope_response(503, message, states, headers={"Retry-After": "5"})
    return ok(HealthOut(**states))
