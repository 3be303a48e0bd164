"""The waitlist of a full meetup, for signed-in members (services/meetups/waitlist.py):
join with the registration form, see the place in line and any seat offered, claim or
decline the offer, leave.

Times: ``joinedAt`` and ``offerExpiresAt`` are UTC; ``offerDeadline`` is the same moment
in Korea time (ISO 8601 with +09:00).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.routing import Router
from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import from_view, translated
from community_app.api.routes.meetups import (
    MeetupOut, RegistrationIn, RegistrationOut, registered,
)
from community_app.i18n import N_
from community_app.core.korea_time import to_korea
from community_app.models import WaitlistStatus
from community_app.services import meetups as service

router = Router(tags=["waitlist"])

JOINED = N_("You are on the waitlist for this event.")
LEFT = N_("You have left the waitlist.")
DECLINED = N_("You declined the seat; it goes to the next person in line.")

WaitlistStatusName = Literal[tuple(WaitlistStatus.values())]  # type: ignore[valid-type]


class Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class WaitlistEntryOut(Camel):
    """A member's place on a meetup's waitlist."""

    id: int
    meetup_id: int
    status: WaitlistStatusName = Field(
        description="WAITING (in line), OFFERED (a seat is held until offerExpiresAt), or "
        "CLAIMED, DECLINED, EXPIRED, LEFT once closed"
    )
    position: int | None = Field(
        description="1-based place among the members still waiting; null once offered "
        "or closed. Members with two no-shows in their last five meetups come after others"
    )
    joined_at: dt.datetime = Field(description="UTC")
    offer_expires_at: dt.datetime | None = Field(description="Claim deadline of a live offer, UTC")
    offer_deadline: dt.datetime | None = Field(
        description="The same deadline in Korea time (+09:00)"
    )

    @staticmethod
    def fields_of(e: service.WaitlistEntryView) -> dict:
        return WaitlistEntryOut.of(e).model_dump()

    @classmethod
    def of(cls, e: service.WaitlistEntryView) -> WaitlistEntryOut:
        deadline = e.offer_expires_at
        return from_view(WaitlistEntryOut, e,
                         offer_deadline=to_korea(deadline) if deadline else None)


class MyWaitlistEntryOut(WaitlistEntryOut):
    """A live entry of the member with its meetup."""

    meetup: MeetupOut


@router.post(
    "/users/meetups/{meetup_id}/waitlist",
    status_code=201,
    responses={
        401: {},
        404: {},
        409: {"description": "Seats are free (register instead), already registered or "
              "waiting, or the meetup has started"},
        422: {},
    },
)
def join(
    meetup_id: int, body: RegistrationIn, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[WaitlistEntryOut]:
    """Join the waitlist of a full meetup with the registration form's answers (used when a
    seat offered to the member is claimed)."""
    entry = service.join_waitlist(session, user.id, meetup_id, body.form_values())
    return ok(WaitlistEntryOut.of(entry), translated(request, JOINED), 201)


@router.post("/users/meetups/{meetup_id}/waitlist/leave", responses={401: {}, 404: {}})
def leave(
    meetup_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[WaitlistEntryOut]:
    """Leave the waitlist; a seat offered to the member goes to the next in line."""
    entry = service.leave_waitlist(session, user.id, meetup_id)
    return ok(WaitlistEntryOut.of(entry), translated(request, LEFT))


@router.post(
    "/users/meetups/{meetup_id}/waitlist/claim",
    status_code=201,
    responses={401: {}, 404: {"description": "No seat offered"},
               409: {"description": "The claim window has passed"}},
)
def claim(
    meetup_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[RegistrationOut]:
    """Claim the seat offered, before its deadline: the member is registered (ACCEPTED, or
    PENDING when the meetup needs approval)."""
    return registered(service.claim_offer(session, user.id, meetup_id), request)


@router.post(
    "/users/meetups/{meetup_id}/waitlist/decline",
    responses={401: {}, 404: {"description": "No seat offered"}},
)
def decline(
    meetup_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[WaitlistEntryOut]:
    """Decline the seat offered: it goes to the next in line at once."""
    entry = service.decline_offer(session, user.id, meetup_id)
    return ok(WaitlistEntryOut.of(entry), translated(request, DECLINED))


@router.get("/users/waitlist", responses={401: {}})
def my_waitlist(user: CurrentUser, session: SessionDep) -> Envelope[list[MyWaitlistEntryOut]]:
    """The member's live waitlist entries (waiting, or with a seat offered and its
    deadline), soonest meetup first."""
    return ok([
        MyWaitlistEntryOut(**WaitlistEntryOut.fields_of(m.entry), meetup=MeetupOut.of(m.meetup))
        for m in service.list_my_waitlist(session, user.id)
    ])
