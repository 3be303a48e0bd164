"""/admin/meetups/{meetup_id}/check-in and attendance: the door (a ticket's QR or short
code) and who came (services/meetups/tickets.py, attendance.py)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from fastapi import Request
from pydantic import BaseModel, Field

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import ViewOut, translated, utc
from community_app.api.routes.admin.common import WITH_404
from community_app.api.routing import Router
from community_app.api.errors import request_language
from community_app.i18n import N_, gettext
from community_app.services.meetups import attendance, door, tickets

router = Router()

CLEARED = N_("The member's no-shows are cleared.")


class TicketIn(BaseModel):
    code: str = Field(min_length=1, max_length=100,
                      description="The ticket's short code (12-ABCDEF) or the QR code's text")
    deviceId: str | None = Field(None, min_length=4, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                                 description="The scanning phone's name (as in /door/check-ins): "
                                 "its admission is kept, so another phone's offline admission "
                                 "of the same ticket is flagged as a duplicate")


class CheckInOut(BaseModel):
    outcome: Literal["checked_in", "already", "other_meetup", "cancelled", "not_accepted",
                     "unknown", "not_open", "closed"] = Field(
        description="checked_in: accepted now; the others are refusals: already (see "
        "checkedInAt), other_meetup (see meetupTitle), cancelled (or rejected), "
        "not_accepted (still pending), unknown (not a ticket of ours), not_open (check-in "
        "opens COMMUNITY_CHECK_IN_OPENS_HOURS, default 3, hours before the start: the "
        "message says when), closed (the meetup has ended)")
    accepted: bool
    registrationId: int | None
    name: str
    status: str = Field(description="The registration's status")
    checkedInAt: dt.datetime | None = Field(description="When it was (first) checked in, UTC")
    meetupTitle: str = Field(description="The ticket's meetup, for other_meetup")


class MeetupAttendanceOut(ViewOut):
    meetupId: int
    title: str
    startsAt: dt.datetime
    registered: int = Field(description="Accepted registrations")
    attended: int = Field(description="Checked in")
    noShows: int
    noShowRate: int | None = Field(description="Percent; null where check-in was not used")


class FlaggedMemberOut(BaseModel):
    userId: int
    name: str
    email: str


@router.post("/meetups/{meetup_id}/check-in", responses=WITH_404)
def check_in_ticket(
    meetup_id: int, body: TicketIn, user: Organizer, session: SessionDep, request: Request
) -> Envelope[CheckInOut]:
    """Check in a ticket at the meetup's door. Always 200 for a scan: ``accepted`` says
    whether to let the person in, ``outcome`` why not (a second scan answers when the
    first was)."""
    r = door.check_in_at_door(session, user.id, meetup_id, body.code, body.deviceId or "")
    return ok(
        CheckInOut(outcome=r.outcome, accepted=r.accepted, registrationId=r.registration_id,
                   name=r.name, status=r.status,
                   checkedInAt=utc(r.checked_in_at) if r.checked_in_at else None,
                   meetupTitle=r.meetup_title),
        gettext(tickets.OUTCOME_TEXTS[r.outcome], request_language(request), **r.params),
    )


@router.get("/meetups/{meetup_id}/attendance", responses=WITH_404)
def meetup_attendance(meetup_id: int, user: Organizer, session: SessionDep
                      ) -> Envelope[MeetupAttendanceOut]:
    """Registered, attended and the no-show rate of one meetup."""
    return ok(MeetupAttendanceOut.of(
        attendance.meetup_attendance(session, meetup_id, actor_id=user.id)))


@router.get("/attendance", responses=WITH_404)
def recent_attendance(user: Organizer, session: SessionDep) -> Envelope[list[MeetupAttendanceOut]]:
    """The last 10 meetups that have started, newest first."""
    return ok([MeetupAttendanceOut.of(a)
               for a in attendance.recent_attendance(session, actor_id=user.id)])


@router.get("/attendance/placed-last", responses=WITH_404)
def placed_last(user: Organizer, session: SessionDep) -> Envelope[list[FlaggedMemberOut]]:
    """Members with two no-shows in their last five meetups: they come after others on
    waitlists until an organizer clears it."""
    return ok([FlaggedMemberOut(userId=m.user_id, name=m.name, email=m.email)
               for m in attendance.members_placed_last(session, user.id)])


@router.post("/members/{user_id}/clear-no-shows", responses=WITH_404)
def clear_no_shows(user_id: int, user: Organizer, session: SessionDep, request: Request
                   ) -> Envelope[FlaggedMemberOut]:
    """Forget the member's no-shows so far: they wait in joining order again."""
    m = attendance.clear_no_shows(session, user.id, user_id)
    return ok(FlaggedMemberOut(userId=m.user_id, name=m.name, email=m.email),
              translated(request, CLEARED))
