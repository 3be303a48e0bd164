"""What the meetup services answer: plain views of meetups, their speakers, sessions,
attendees, notes and reviews, and of registrations; the shared constants."""

from __future__ import annotations

import dataclasses
import datetime as dt

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import (
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
)
from community_app.models.meetup import DEFAULT_SEATS
from community_app.services import images, talks
from community_app.services.lookup import view_of

# SPEC section 3: what a meetup shows when a value is missing.
DEFAULT_TITLE = "Untitled Event"
DEFAULT_DESCRIPTION = "No description available"
DEFAULT_LOCATION = "Location TBD"

UPCOMING = "upcoming"
PAST = "past"
MEETUP_TYPES = (UPCOMING, PAST)

MEETUP_NOT_FOUND = N_("Event not found.")
MEETUP_TYPE_INVALID = N_("Event type must be upcoming or past.")
REGISTRATION_CLOSED = N_("Registration is closed for past events.")
ALREADY_REGISTERED = N_("You are already registered for this event.")
MEETUP_FULL = N_("This event is full.")
NOT_REGISTERED = N_("You are not registered for this event.")
PAST_NOT_CANCELLABLE = N_("Past events cannot be cancelled.")

# Registrations that hold a seat and can be cancelled by their member.
SEAT_HOLDING = (RegistrationStatus.ACCEPTED.value, RegistrationStatus.PENDING.value)


# ---------------------------------------------------------------- views


@dataclasses.dataclass(frozen=True)
class MeetupView:
    id: int
    title: str
    description: str
    location: str
    starts_at: dt.datetime
    ends_at: dt.datetime
    max_seats: int
    available_seats: int
    registered_count: int  # max_seats - available_seats (SPEC section 3)
    image_url: str | None
    image_name: str | None
    parking: bool
    provided: str
    requires_approval: bool
    organizer_id: int | None
    is_past: bool  # started before the moment it was read
    # The meetup's own generated cover (services/images.py), shown when it has no picture.
    cover_url: str = ""
    # Issue 45: online seats (0: none), left per kind: available_seats are the in-person ones.
    online_max_seats: int = 0
    online_available_seats: int = 0
    # With approval: whether an application holds a seat before it is accepted.
    applications_hold_seats: bool = True

    @property
    def picture_url(self) -> str:
        """What to show: the uploaded picture, else the generated cover."""
        return self.image_url or self.cover_url


@dataclasses.dataclass(frozen=True)
class SpeakerView:
    id: int
    full_name: str
    job_position: str
    company: str
    bio: str
    image_url: str | None
    profile_url: str | None
    path: str = ""  # the speaker's page (/speakers/<id>-<slug>)


@dataclasses.dataclass(frozen=True)
class SessionView:
    """A scheduled talk as the programme lists it (the KO'DJ contract's keynote session)."""

    id: int
    subject: str
    starts_at: dt.datetime
    ends_at: dt.datetime
    speaker_id: int | None  # the talk's first speaker
    speaker_name: str | None
    path: str = ""  # the talk's page (/talks/<id>-<slug>)
    speaker_names: str = ""  # every speaker, in order
    room: str = ""


def speaker_view(s: talks.SpeakerView) -> SpeakerView:
    """A speaker profile as a meetup's speaker list shows it (its first link: profileURL)."""
    return SpeakerView(s.id, s.name, s.job_position, s.company, s.bio, s.photo_url,
                       s.links[0] if s.links else None, s.path)


def session_view(k: talks.TalkView) -> SessionView:
    """A talk with its first speaker (the KO'DJ client shows one speaker per session)."""
    first = k.speakers[0] if k.speakers else None
    return SessionView(k.id, k.title, k.starts_at, k.ends_at, first.id if first else None,
                       first.name if first else None, k.path, k.speaker_names, k.room)


@dataclasses.dataclass(frozen=True)
class AttendeeView:
    """What the public may see of a registered member (``attendees.attendee_view`` decides):
    the name they agreed to show, never their last name, username, email, phone or the
    answers of the registration form."""

    user_id: int  # the KO'DJ client finds "already registered" by it
    name: str  # ``attendees.attendee_name``: chosen on My Page, else first name; "" = "Member"
    image_url: str | None = None  # their photo, only while their public page is on
    page: str = ""  # their public page (/members/<username>) while it is on, else ""


@dataclasses.dataclass(frozen=True)
class NoteView:
    id: int
    content: str
    created_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class ReviewView:
    id: int
    author_name: str
    rating: int
    content: str
    created_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class MeetupDetails:
    meetup: MeetupView
    speakers: list[SpeakerView]
    sessions: list[SessionView]
    attendees: list[AttendeeView]  # ACCEPTED registrations only
    notes: list[NoteView]  # active notes only
    reviews: list[ReviewView]
    # PENDING registrations (a meetup that needs approval): the KO'DJ client shows its
    # member "already registered" by finding them in the public list, which sends no token.
    pending: list[AttendeeView] = dataclasses.field(default_factory=list)

    @property
    def attendee_count(self) -> int:
        return len(self.attendees)


@dataclasses.dataclass(frozen=True)
class RegistrationView:
    id: int
    meetup_id: int
    status: str
    attendance_reason: str
    interested_field: str
    expectation: str
    registered_at: dt.datetime
    cancelled_at: dt.datetime | None
    seat_kind: str = "IN_PERSON"  # SeatKind
    holds_seat: bool = True  # False: an application waiting for a decision without a seat
    decision_note: str = ""  # the organizers' note with their decision

    @property
    def cancelled(self) -> bool:
        return self.status == RegistrationStatus.CANCELLED.value


@dataclasses.dataclass(frozen=True)
class MyRegistrationView:
    """One of a member's registrations with its meetup (My Page)."""

    registration: RegistrationView
    meetup: MeetupView


def meetup_view(meetup: Meetup, now: dt.datetime | None = None) -> MeetupView:
    now = now or utcnow()
    max_seats = meetup.max_seats or DEFAULT_SEATS
    available = meetup.available_seats if meetup.available_seats is not None else max_seats
    # Every other field is the column of the same name (a new column needs no line here).
    return view_of(
        MeetupView, meetup,
        title=meetup.title or DEFAULT_TITLE,
        description=meetup.description or DEFAULT_DESCRIPTION,
        location=meetup.location or DEFAULT_LOCATION,
        max_seats=max_seats,
        available_seats=available,
        registered_count=max_seats - available,
        provided=meetup.provided or "",
        is_past=meetup.starts_at < now,
        cover_url=images.cover_url("meetup", meetup.id),
    )


def registration_view(r: MeetupRegistration) -> RegistrationView:
    return view_of(RegistrationView, r)
