"""Meetups: the public lists and details, and members' registrations (SPEC section 7).

The shapes follow the KO'DJ client (``../shared/CONTRACT.md``). Times: ``meetupDate`` is the
Korea-time date (YYYY-MM-DD); ``startTime`` and ``endTime`` are ISO 8601 date-times in
Korea time (``2027-01-23T19:00:00+09:00``); ``startsAt`` and ``endsAt`` are the same
moments in UTC.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from fastapi import Query, Request
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.errors import request_language
from community_app.api.envelope import Envelope, Page, ok, paged
from community_app.api.formatting import ViewOut, from_view, translated, view_model
from community_app.api.params import page_query
from community_app.services.paging import PageRequest
from community_app.api.schemas.rules import accepted_values, checked_by, parsed_by, to_value
from community_app.i18n import N_
from community_app.core.korea_time import korea_date_of
from community_app.core.korea_time import to_korea as in_korea
from community_app.models import AttendanceReason, InterestedField, RegistrationStatus
from community_app.services import meetups as service
from community_app.services.meetups.attendees import attendee_names
from community_app.services.validation import (
    EXPECTATION_MAX_LENGTH, EXPECTATION_MIN_LENGTH, consent_problem, expectation_problem,
    interest_problem, reason_problem,
)

router = Router(tags=["meetups"])

REGISTERED = N_("You are registered for this event.")
AWAITING_APPROVAL = N_("Your registration is waiting for the organizers' approval.")
CANCELLED = N_("Your registration has been cancelled.")
SEAT_KIND_SWITCHED = N_("Your seat is changed.")

MeetupListType = Literal[tuple(service.MEETUP_TYPES)]  # type: ignore[valid-type]
RegistrationStatusName = Literal[tuple(RegistrationStatus.values())]  # type: ignore[valid-type]


# ---------------------------------------------------------------- schemas


class MeetupOut(view_model(service.MeetupView, "MeetupFields", about={
    "startsAt": "Start, UTC",
    "endsAt": "End, UTC",
    "registeredCount": "maxSeats - availableSeats",
    "coverURL": "The uploaded image's address, or the generated cover when none (always an "
                "image to show)",
    "requiresApproval": "Registrations wait as PENDING for an organizer",
    "isPast": "The meetup has started",
})):
    """A meetup as readers see it: every field of ``services.meetups.MeetupView`` (in
    camelCase), and its times in Korea time."""

    meetupDate: dt.date = Field(description="Korea-time date, YYYY-MM-DD")
    startTime: dt.datetime = Field(description="Start, Korea time, ISO 8601 with +09:00")
    endTime: dt.datetime = Field(description="End, Korea time, ISO 8601 with +09:00")

    @staticmethod
    def fields_of(m: service.MeetupView) -> dict:
        return MeetupOut.of(m).model_dump()

    @classmethod
    def of(cls, m: service.MeetupView) -> MeetupOut:
        return from_view(cls, m, meetupDate=korea_date_of(m.starts_at),
                         startTime=in_korea(m.starts_at), endTime=in_korea(m.ends_at),
                         coverURL=m.picture_url)


# A speaker's own fields, as the back office answers them (admin/meetups.py).
class SpeakerFieldsOut(ViewOut):
    id: int
    fullName: str
    jobPosition: str
    company: str
    bio: str
    imageURL: str | None
    profileURL: str | None


class SpeakerOut(SpeakerFieldsOut):
    firstName: str = Field(description="fullName up to its first space")
    lastName: str = Field(description="The rest of fullName")
    position: str = Field(description="= jobPosition")
    organization: str = Field(description="= company")
    linkedinUrl: str | None = Field(description="= profileURL")
    topic: str = Field(description="The subject of the speaker's first session, else ''")

    @classmethod
    def of(cls, s: service.SpeakerView, topic: str = "") -> SpeakerOut:
        first, _, last = s.full_name.strip().partition(" ")
        return from_view(cls, s, firstName=first, lastName=last.strip(), position=s.job_position,
                         organization=s.company, linkedinUrl=s.profile_url, topic=topic)


class KeynoteSessionOut(BaseModel):
    id: int
    subject: str
    startTime: dt.datetime = Field(description="Korea time, ISO 8601 with +09:00")
    endTime: dt.datetime = Field(description="Korea time, ISO 8601 with +09:00")
    startsAt: dt.datetime
    endsAt: dt.datetime
    speakerId: int | None
    speakerName: str | None
    speaker: SpeakerOut | None = Field(description="The session's speaker, if any")


NAME_AS_CONSENTED = ("The name the member agreed to show (the registration's consent: "
                     "their first name): the name they chose for attendee lists on My Page, "
                     "else their first name; 'Member' (translated) when they gave neither. "
                     "Never a last name or a username")
PHOTO_IF_PAGE_ON = "The member's photo while their public page is on, else null"


class AttendeeOut(BaseModel):
    """An accepted registration on the public attendee list: the name as consented
    (``services/meetups/attendees.py``), nothing more."""

    id: int = Field(description="The member's user id")
    name: str = Field(description=NAME_AS_CONSENTED)
    firstName: str = Field(description="= name")
    imageURL: str | None = Field(description=PHOTO_IF_PAGE_ON)
    page: str = Field(description="The member's public page (/members/<username>) while it "
                                  "is on, else ''")

    @classmethod
    def of(cls, a: service.AttendeeView, lang: str) -> AttendeeOut:
        name = attendee_names(a.name)[lang]
        return cls(id=a.user_id, name=name, firstName=name, imageURL=a.image_url, page=a.page)


class MeetupRegistrationOut(BaseModel):
    """A registration as the public sees it: no answers, no contact data, and the name the
    member agreed to show."""

    id: int = Field(description="The member's user id (the client's 'already registered')")
    firstName: str = Field(description=NAME_AS_CONSENTED)
    avatarURL: str | None = Field(description=PHOTO_IF_PAGE_ON)
    status: RegistrationStatusName


class NoteOut(BaseModel):
    id: int
    content: str
    createdAt: dt.datetime
    title: str = Field(description="The note's first line")
    description: str = Field(description="= content")
    status: Literal["ACTIVE"] = Field(description="Only active notes are public")


class ReviewOut(BaseModel):
    id: int
    authorName: str
    rating: int
    content: str
    createdAt: dt.datetime
    username: str = Field(description="= authorName")
    description: str = Field(description="= content")
    avatarURL: str | None
    media: list[str] = Field(description="Always empty: reviews carry no media")


class MeetupDetailsOut(MeetupOut):
    """The meetup's own fields at the top level (as the KO'DJ client reads them), also
    nested as ``meetup``, and what hangs off it."""

    meetup: MeetupOut
    speakers: list[SpeakerOut]
    keynoteSessions: list[KeynoteSessionOut]
    registrationsCount: int = Field(description="Accepted registrations (the public list)")
    registrations: list[AttendeeOut] = Field(
        description="Accepted registrations, public fields only"
    )
    meetupRegistrations: list[MeetupRegistrationOut] = Field(
        description="Accepted, then pending registrations (the KO'DJ client's 'already "
        "registered' matches any status; it counts the ACCEPTED ones): id (user id), "
        "firstName, avatarURL, status only"
    )
    notes: list[NoteOut] = Field(description="Active notes, newest first")
    reviews: list[ReviewOut] = Field(description="Newest first")


class RegistrationIn(BaseModel):
    """The event registration form, checked by the form's rules (``services.validation``):
    a missing field is reported with the others; a wrong one with its message.

    The KO'DJ client's names and values are accepted too: ``interestField`` for
    ``interestedField``, ``first-time``/``several-times``/``job-opportunities`` and ``UI``.
    ``consent`` left out counts as given (the client's form asks for it before sending);
    ``false`` is refused. ``status``, ``cancelled`` and ``registrationDate`` are ignored."""

    attendanceReason: Annotated[
        accepted_values(AttendanceReason) | None,
        checked_by(reason_problem, clean=to_value(AttendanceReason)),
    ] = None
    interestedField: Annotated[
        accepted_values(InterestedField) | None,
        checked_by(interest_problem, clean=to_value(InterestedField)),
    ] = None
    interestField: Annotated[
        accepted_values(InterestedField) | None,
        checked_by(interest_problem, clean=to_value(InterestedField)),
    ] = Field(default=None, description="The KO'DJ client's name for interestedField")
    expectation: Annotated[
        str | None,
        checked_by(expectation_problem, clean=lambda v: str(v).strip()),
        Field(min_length=EXPECTATION_MIN_LENGTH, max_length=EXPECTATION_MAX_LENGTH),
    ] = None
    consent: Annotated[bool, checked_by(consent_problem)] = Field(
        default=True, description="Must be true when sent; left out, it counts as given"
    )
    status: str | None = Field(default=None, description="Ignored", max_length=20)
    cancelled: bool | None = Field(default=None, description="Ignored")
    registrationDate: str | None = Field(default=None, description="Ignored", max_length=40)
    seatKind: str | None = Field(
        default=None, max_length=20,
        description="IN_PERSON or ONLINE (the meetup's onlineMaxSeats > 0); left out: in person "
                    "(online when the meetup has online seats only)")
    answers: dict[str, Any] | None = Field(
        default=None,
        description="Answers to the meetup's questions (GET /public/meetups/{id}/questions) by "
                    "question id: a text (SHORT_TEXT, LONG_TEXT), an option's key (ONE_CHOICE), "
                    "a list of keys (CHOICES), true/false (YES_NO). A required question left "
                    "out, a wrong value or an id the meetup does not ask: 422, the field "
                    "answers.<id> (or answers) with its message")

    def form_values(self) -> dict[str, object]:
        return {
            "attendanceReason": self.attendanceReason,
            "interestedField": self.interestedField or self.interestField,
            "expectation": self.expectation,
            "consent": self.consent,
            "seatKind": self.seatKind,
            "answers": self.answers,
        }


class RegistrationOut(ViewOut):
    id: int
    meetupId: int
    status: RegistrationStatusName
    attendanceReason: str
    interestedField: str
    expectation: str
    registeredAt: dt.datetime
    cancelled: bool
    cancelledAt: dt.datetime | None
    seatKind: str = Field(description="IN_PERSON or ONLINE")
    holdsSeat: bool = Field(description="False: an application waiting for a decision "
                                        "without a seat (the acceptance takes one)")
    decisionNote: str = Field(description="The organizers' note with their decision")


class SeatKindIn(BaseModel):
    seatKind: str = Field(max_length=20, description="IN_PERSON or ONLINE")


class QuestionOptionOut(BaseModel):
    key: str
    en: str
    uz: str


class QuestionOut(ViewOut):
    """One question of a meetup's registration form."""

    id: int
    kind: str = Field(description="SHORT_TEXT, LONG_TEXT, ONE_CHOICE, CHOICES or YES_NO")
    required: bool
    builtin: str = Field(description="'' (the organizers' own), accessibility or dietary")
    labelEn: str
    labelUz: str
    options: list[QuestionOptionOut]
    noteEn: str = Field(description="Said next to the question (who sees the answer, when it "
                                    "is deleted); '' for most")
    noteUz: str

    @classmethod
    def of(cls, q) -> QuestionOut:
        return cls(id=q.id, kind=q.kind, required=q.required, builtin=q.builtin,
                   labelEn=q.label_en, labelUz=q.label_uz,
                   options=[QuestionOptionOut(key=o.key, en=o.en, uz=o.uz) for o in q.options],
                   noteEn=q.note_en, noteUz=q.note_uz)


class MyMeetupOut(MeetupOut):
    """One meetup the member registered for (``id`` is the meetup's), with the
    registration's own fields."""

    registrationId: int
    status: RegistrationStatusName
    registeredAt: dt.datetime = Field(description="UTC")
    registrationTime: dt.datetime = Field(description="= registeredAt, Korea time")
    cancelled: bool
    cancelledAt: dt.datetime | None


# ---------------------------------------------------------------- public


@router.get("/public/meetups")
def list_meetups(
    session: SessionDep,
    meetup_type: Annotated[
        MeetupListType | None,
        Query(
            alias="type",
            description="upcoming (not started, soonest first) or past (newest first), any "
            "case; omitted: every meetup, newest first",
        ),
        parsed_by(service.normalize_meetup_type),
    ] = None,
    paging: PageRequest = page_query(10),
) -> Envelope[Page[MeetupOut]]:
    """Meetups, one page at a time."""
    return paged(service.list_meetups(session, meetup_type, page=paging.page, size=paging.size),
                 MeetupOut.of)


@router.get("/public/meetups/{meetup_id}")
def get_meetup(meetup_id: int, session: SessionDep) -> Envelope[MeetupOut]:
    """One meetup; 404 'Event not found.'"""
    return ok(MeetupOut.of(service.get_meetup(session, meetup_id)))


def _first_line(text: str, limit: int = 120) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


@router.get("/public/meetups/{meetup_id}/details")
def get_meetup_details(meetup_id: int, session: SessionDep,
                       request: Request) -> Envelope[MeetupDetailsOut]:
    """A meetup with its speakers, sessions, accepted attendees, active notes and reviews.
    Attendees appear by the name they agreed to show (the first name, or the name chosen on
    My Page; never a last name or username), with a photo only while their public page is
    on."""
    d = service.get_meetup_details(session, meetup_id)
    lang = request_language(request)
    topics: dict[int, str] = {}
    for k in d.sessions:
        if k.speaker_id is not None:
            topics.setdefault(k.speaker_id, k.subject)
    speakers = {s.id: SpeakerOut.of(s, topics.get(s.id, "")) for s in d.speakers}
    return ok(
        MeetupDetailsOut(
            **MeetupOut.fields_of(d.meetup),
            meetup=MeetupOut.of(d.meetup),
            speakers=list(speakers.values()),
            keynoteSessions=[
                from_view(KeynoteSessionOut, k, startTime=in_korea(k.starts_at),
                          endTime=in_korea(k.ends_at),
                          speaker=speakers.get(k.speaker_id) if k.speaker_id is not None else None)
                for k in d.sessions
            ],
            registrationsCount=d.attendee_count,
            registrations=[AttendeeOut.of(a, lang) for a in d.attendees],
            meetupRegistrations=[
                MeetupRegistrationOut(
                    id=a.user_id, firstName=attendee_names(a.name)[lang], avatarURL=a.image_url,
                    status=status.value,
                )
                for status, group in (
                    (RegistrationStatus.ACCEPTED, d.attendees),
                    (RegistrationStatus.PENDING, d.pending),
                )
                for a in group
            ],
            notes=[
                from_view(NoteOut, n, title=_first_line(n.content), description=n.content,
                          status="ACTIVE")
                for n in d.notes
            ],
            reviews=[
                from_view(ReviewOut, r, username=r.author_name, description=r.content,
                          avatarURL=None, media=[])
                for r in d.reviews
            ],
        )
    )


# ---------------------------------------------------------------- members


@router.post(
    "/users/meetups/{meetup_id}/registration",
    status_code=201,
    responses={
        401: {},
        404: {},
        409: {"description": "Past event, already registered, or full"},
        422: {},
    },
)
def register(
    meetup_id: int, body: RegistrationIn, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[RegistrationOut]:
    """Register the signed-in member: ACCEPTED, or PENDING when the meetup needs approval."""
    registration = service.register_for_meetup(session, user.id, meetup_id, body.form_values())
    return registered(registration, request)


def registered(registration, request: Request) -> Envelope[RegistrationOut]:
    """The answer to a seat taken (registering, or claiming the seat offered from the
    waitlist): 201 with the registration, saying whether it waits for approval."""
    pending = registration.status == RegistrationStatus.PENDING.value
    message = translated(request, AWAITING_APPROVAL if pending else REGISTERED)
    return ok(RegistrationOut.of(registration), message, 201)


@router.post(
    "/users/meetups/{meetup_id}/registration/cancel",
    responses={401: {}, 404: {}, 409: {"description": "The meetup has started"}},
)
def cancel(
    meetup_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[RegistrationOut]:
    """Cancel the signed-in member's registration and give the seat back."""
    registration = service.cancel_registration(session, user.id, meetup_id)
    return ok(RegistrationOut.of(registration), translated(request, CANCELLED))


@router.post(
    "/users/meetups/{meetup_id}/registration/seat-kind",
    responses={401: {}, 404: {}, 409: {"description": "No seat of that kind left, the same "
                                                      "kind, or the meetup has started"},
               422: {}},
)
def switch_seat_kind(
    meetup_id: int, body: SeatKindIn, user: CurrentUser, session: SessionDep, request: Request
) -> Envelope[RegistrationOut]:
    """Move the signed-in member's registration to the other kind of seats (in person /
    online) in one action; the seat given back goes to that kind's waitlist."""
    registration = service.switch_seat_kind(session, user.id, meetup_id, body.seatKind)
    return ok(RegistrationOut.of(registration), translated(request, SEAT_KIND_SWITCHED))


@router.get("/public/meetups/{meetup_id}/questions", responses={404: {}})
def meetup_questions(meetup_id: int, session: SessionDep) -> Envelope[list[QuestionOut]]:
    """The meetup's registration questions in the form's order; answer them in the
    registration's ``answers``."""
    return ok([QuestionOut.of(q) for q in service.public_questions(session, meetup_id)])


@router.get("/users/meetups", responses={401: {}})
def my_meetups(user: CurrentUser, session: SessionDep) -> Envelope[list[MyMeetupOut]]:
    """The meetups the signed-in member registered for, newest meetup first: one entry per
    meetup (its newest registration, whatever its status)."""
    seen: set[int] = set()
    mine = []
    for item in service.list_my_registrations(session, user.id):
        if item.meetup.id in seen:
            continue
        seen.add(item.meetup.id)
        r = item.registration
        # the meetup's fields (its id too), then the registration's own
        mine.append(from_view(MyMeetupOut, r, **MeetupOut.fields_of(item.meetup),
                              registrationId=r.id, registrationTime=in_korea(r.registered_at)))
    return ok(mine)
