"""The reminder email's "I can't come, release my seat" link, for clients
(services/meetups/release.py): no sign-in, the signed token is the credential."""

from __future__ import annotations

from typing import Literal

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.deps import SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated
from community_app.api.routing import Router
from community_app.services.meetups import release as service

router = Router(tags=["waitlist"])


class SeatReleaseOut(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    outcome: Literal["released", "already", "expired", "invalid"] = Field(
        description="released: the seat is free (offered to the waitlist first); already: "
        "the link was used or the registration cancelled before; expired: the meetup has "
        "started; invalid: not a release link")
    meetup_id: int | None
    meetup_title: str


@router.post("/public/release-seat/{token}")
def release_seat(token: str, session: SessionDep, request: Request) -> Envelope[SeatReleaseOut]:
    """Release the seat a reminder email's link names: single use, until the meetup
    starts, without signing in. Always 200: ``outcome`` says what happened."""
    done = service.release_by_token(session, token)
    return ok(
        SeatReleaseOut(outcome=done.outcome, meetup_id=done.meetup_id,
                       meetup_title=done.meetup_title),
        translated(request, service.OUTCOME_TEXTS[done.outcome]),
    )
