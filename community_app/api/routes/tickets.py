"""A member's tickets (the QR code and short code of each accepted registration) and the
meetups they attended (services/meetups/tickets.py, attendance.py)."""

from __future__ import annotations

import datetime as dt

from fastapi.responses import Response
from pydantic import BaseModel, Field

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import utc
from community_app.api.routing import Router
from community_app.i18n import N_
from community_app.services.errors import NotFound
from community_app.services.meetups import attendance, ticket_codes, tickets

router = Router(tags=["tickets"])

TICKET_NOT_FOUND = N_("Ticket not found.")


class TicketOut(BaseModel):
    registrationId: int
    meetupId: int
    title: str
    startsAt: dt.datetime = Field(description="UTC")
    location: str
    code: str = Field(description="The short code printed under the QR code (typed at the door)")
    qrUrl: str = Field(description="The QR code as a PNG (with the member's bearer token)")


class PngResponse(Response):
    media_type = "image/png"


class AttendedOut(BaseModel):
    meetupId: int
    title: str
    startsAt: dt.datetime = Field(description="UTC")


class MyAttendanceOut(BaseModel):
    meetupsAttended: int
    meetups: list[AttendedOut] = Field(description="Checked in at, newest first")


@router.get("/users/tickets", responses={401: {}})
def my_tickets(user: CurrentUser, session: SessionDep) -> Envelope[list[TicketOut]]:
    """The member's tickets: accepted registrations of meetups not ended, soonest first."""
    return ok([
        TicketOut(registrationId=t.registration_id, meetupId=t.meetup_id, title=t.title,
                  startsAt=utc(t.starts_at), location=t.location, code=t.code,
                  qrUrl=f"/api/v1/users/tickets/{t.registration_id}/qr.png")
        for t in tickets.my_tickets(session, user.id)
    ])


@router.get("/users/tickets/{registration_id}/qr.png", response_class=PngResponse,
            responses={200: {"description": "The ticket's QR code"}, 401: {}, 404: {}})
def ticket_qr(registration_id: int, user: CurrentUser, session: SessionDep) -> Response:
    """One ticket's QR code (the member's own accepted registrations only)."""
    mine = {t.registration_id: t for t in tickets.my_tickets(session, user.id)}
    if registration_id not in mine:
        raise NotFound(TICKET_NOT_FOUND)
    return PngResponse(ticket_codes.qr_png(mine[registration_id].code),
                       headers={"Cache-Control": "private, no-store"})


@router.get("/users/me/attendance", responses={401: {}})
def my_attendance(user: CurrentUser, session: SessionDep) -> Envelope[MyAttendanceOut]:
    """The meetups the member was checked in at."""
    rows = attendance.meetups_attended(session, user.id)
    return ok(MyAttendanceOut(
        meetupsAttended=len(rows),
        meetups=[AttendedOut(meetupId=r.meetup_id, title=r.title, startsAt=utc(r.starts_at))
                 for r in rows],
    ))
