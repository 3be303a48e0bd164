"""Meetups: the public lists and details, and members' registrations (SPEC section 7).

Times: ``meetupDate`` (YYYY-MM-DD), ``startTime`` and ``endTime`` (HH:MM) are Korea time;
``startsAt`` and ``endsAt`` are the same moments in UTC (ISO 8601).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, Page, ok, page_of
from community_app.api.formatting import korea_date, korea_time, translated, utc
from community_app.api.params import PageNumber, PageSize
from community_app.i18n import N_
from community_app.models import AttendanceReason, InterestedField, RegistrationStatus
from community_app.services import meetups as service

router = APIRouter(tags=["meetups"])

REGISTERED = N_("You are registered for this event.")
AWAITING_APPROVAL = N_("Your registration is waiting for the organizers' approval.")
CANCELLED = N_("Your registration has been cancelled.")


# ---------------------------------------------------------------- schemas


class MeetupOut(BaseModel):
    id: int
    title: str
    description: str
    meetupDate: str = Field(description="Korea-time date, YYYY-MM-DD")
    startTime: str = Field(description="Korea-time start, HH:MM")
    endTime: str = Field(description="Korea-time end, HH:MM")
    startsAt: dt.datetime = Field(description="Start, UTC")
    endsAt: dt.datetime = Field(description="End, UTC")
    location: str
    maxSeats: int
    availableSeats: int
    registeredCount: int = Field(description="maxSeats - availableSeats")
    imageURL: str | None
    imageName: str | None
    parking: bool
    provided: str
    requiresApproval: bool = Field(description="Registrations wait as PENDING for an organizer")
    organizerId: int | None
    isPast: bool = Field(description="The meetup has started")

    @classmethod
    def of(cls, m: service.MeetupView) -> MeetupOut:
        return cls(
            id=m.id,
            title=m.title,
            description=m.description,
            meetupDate=korea_date(m.starts_at),
            startTime=korea_time(m.starts_at),
            endTime=korea_time(m.ends_at),
            startsAt=utc(m.starts_at),
            endsAt=utc(m.ends_at),
            location=m.location,
            maxSeats=m.max_seats,
            availableSeats=m.available_seats,
            registeredCount=m.registered_count,
            imageURL=m.image_url,
            imageName=m.image_name,
            parking=m.parking,
            provided=m.provided,
            requiresApproval=m.requires_approval,
            organizerId=m.organizer_id,
            isPast=m.is_past,
        )


class SpeakerOut(BaseModel):
    id: int
    fullName: str
    jobPosition: str
    company: str
    bio: str
    imageURL: str | None
    profileURL: str | None


class KeynoteSessionOut(BaseModel):
    id: int
    subject: str
    startTime: str = Field(description="Korea time, HH:MM")
    endTime: str = Field(description="Korea time, HH:MM")
    startsAt: dt.datetime
    endsAt: dt.datetime
    speakerId: int | None
    speakerName: str | None


class AttendeeOut(BaseModel):
    username: str
    firstName: str
    imageURL: str | None


class NoteOut(BaseModel):
    id: int
    content: str
    createdAt: dt.datetime


class ReviewOut(BaseModel):
    id: int
    authorName: str
    rating: int
    content: str
    createdAt: dt.datetime


class MeetupDetailsOut(BaseModel):
    meetup: MeetupOut
    speakers: list[SpeakerOut]
    keynoteSessions: list[KeynoteSessionOut]
    registrationsCount: int = Field(description="Accepted registrations (the public list)")
    registrations: list[AttendeeOut] = Field(
        description="Accepted registrations, public fields only"
    )
    notes: list[NoteOut] = Field(description="Active notes, newest first")
    reviews: list[ReviewOut] = Field(description="Newest first")
    availableSeats: int


class RegistrationIn(BaseModel):
    """The event registration form. Values are checked by the form's rules, so one answer
    lists every problem with its message; any ``status`` sent is ignored."""

    attendanceReason: Any = Field(
        default=None, json_schema_extra={"type": "string", "enum": AttendanceReason.values()}
    )
    interestedField: Any = Field(
        default=None, json_schema_extra={"type": "string", "enum": InterestedField.values()}
    )
    expectation: Any = Field(
        default=None, json_schema_extra={"type": "string", "minLength": 10, "maxLength": 2000}
    )
    consent: Any = Field(default=None, json_schema_extra={"type": "boolean", "const": True})


class RegistrationOut(BaseModel):
    id: int
    meetupId: int
    status: str = Field(json_schema_extra={"enum": RegistrationStatus.values()})
    attendanceReason: str
    interestedField: str
    expectation: str
    registeredAt: dt.datetime
    cancelled: bool
    cancelledAt: dt.datetime | None

    @classmethod
    def of(cls, r: service.RegistrationView) -> RegistrationOut:
        return cls(
            id=r.id,
            meetupId=r.meetup_id,
            status=r.status,
            attendanceReason=r.attendance_reason,
            interestedField=r.interested_field,
            expectation=r.expectation,
            registeredAt=utc(r.registered_at),
            cancelled=r.cancelled,
            cancelledAt=utc(r.cancelled_at) if r.cancelled_at else None,
        )


class MyRegistrationOut(BaseModel):
    id: int
    status: str = Field(json_schema_extra={"enum": RegistrationStatus.values()})
    registeredAt: dt.datetime
    cancelled: bool
    cancelledAt: dt.datetime | None
    meetup: MeetupOut


# ---------------------------------------------------------------- public


@router.get("/public/meetups", response_model=Envelope[Page[MeetupOut]])
def list_meetups(
    session: SessionDep,
    meetup_type: Annotated[
        str | None,
        Query(
            alias="type",
            description="upcoming (not started, soonest first) or past (newest first); "
            "omitted: every meetup, newest first",
            json_schema_extra={"enum": list(service.MEETUP_TYPES)},
        ),
    ] = None,
    page: PageNumber = 0,
    size: PageSize = 10,
) -> dict:
    """Meetups, one page at a time."""
    result = service.list_meetups(session, meetup_type, page=page, size=size)
    return ok(page_of([MeetupOut.of(m) for m in result.items], result.total, page, size))


@router.get("/public/meetups/{meetup_id}", response_model=Envelope[MeetupOut])
def get_meetup(meetup_id: int, session: SessionDep) -> dict:
    """One meetup; 404 'Event not found.'"""
    return ok(MeetupOut.of(service.get_meetup(session, meetup_id)))


@router.get("/public/meetups/{meetup_id}/details", response_model=Envelope[MeetupDetailsOut])
def get_meetup_details(meetup_id: int, session: SessionDep) -> dict:
    """A meetup with its speakers, sessions, accepted attendees, active notes and reviews."""
    d = service.get_meetup_details(session, meetup_id)
    return ok(
        MeetupDetailsOut(
            meetup=MeetupOut.of(d.meetup),
            speakers=[
                SpeakerOut(
                    id=s.id,
                    fullName=s.full_name,
                    jobPosition=s.job_position,
                    company=s.company,
                    bio=s.bio,
                    imageURL=s.image_url,
                    profileURL=s.profile_url,
                )
                for s in d.speakers
            ],
            keynoteSessions=[
                KeynoteSessionOut(
                    id=k.id,
                    subject=k.subject,
                    startTime=korea_time(k.starts_at),
                    endTime=korea_time(k.ends_at),
                    startsAt=utc(k.starts_at),
                    endsAt=utc(k.ends_at),
                    speakerId=k.speaker_id,
                    speakerName=k.speaker_name,
                )
                for k in d.sessions
            ],
            registrationsCount=d.attendee_count,
            registrations=[
                AttendeeOut(username=a.username, firstName=a.first_name, imageURL=a.image_url)
                for a in d.attendees
            ],
            notes=[
                NoteOut(id=n.id, content=n.content, createdAt=utc(n.created_at)) for n in d.notes
            ],
            reviews=[
                ReviewOut(
                    id=r.id,
                    authorName=r.author_name,
                    rating=r.rating,
                    content=r.content,
                    createdAt=utc(r.created_at),
                )
                for r in d.reviews
            ],
            availableSeats=d.meetup.available_seats,
        )
    )


# ---------------------------------------------------------------- members


@router.post(
    "/users/meetups/{meetup_id}/registration",
    status_code=201,
    response_model=Envelope[RegistrationOut],
    responses={
        401: {},
        404: {},
        409: {"description": "Past event, already registered, or full"},
        422: {},
    },
)
def register(
    meetup_id: int, body: RegistrationIn, user: CurrentUser, session: SessionDep, request: Request
) -> dict:
    """Register the signed-in member: ACCEPTED, or PENDING when the meetup needs approval."""
    registration = service.register_for_meetup(session, user.id, meetup_id, body.model_dump())
    pending = registration.status == RegistrationStatus.PENDING.value
    message = translated(request, AWAITING_APPROVAL if pending else REGISTERED)
    return ok(RegistrationOut.of(registration), message, 201)


@router.post(
    "/users/meetups/{meetup_id}/registration/cancel",
    response_model=Envelope[RegistrationOut],
    responses={401: {}, 404: {}, 409: {"description": "The meetup has started"}},
)
def cancel(meetup_id: int, user: CurrentUser, session: SessionDep, request: Request) -> dict:
    """Cancel the signed-in member's registration and give the seat back."""
    registration = service.cancel_registration(session, user.id, meetup_id)
    return ok(RegistrationOut.of(registration), translated(request, CANCELLED))


@router.get("/users/meetups", response_model=Envelope[list[MyRegistrationOut]], responses={401: {}})
def my_meetups(user: CurrentUser, session: SessionDep) -> dict:
    """Every registration of the signed-in member (any status), newest meetup first."""
    return ok(
        [
            MyRegistrationOut(
                id=mine.registration.id,
                status=mine.registration.status,
                registeredAt=utc(mine.registration.registered_at),
                cancelled=mine.registration.cancelled,
                cancelledAt=utc(mine.registration.cancelled_at)
                if mine.registration.cancelled_at
                else None,
                meetup=MeetupOut.of(mine.meetup),
            )
            for mine in service.list_my_registrations(session, user.id)
        ]
    )
