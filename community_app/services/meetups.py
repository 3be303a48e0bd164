"""Meetups: the public lists and details, and members' registrations.

Seat safety: a registration takes its seat with one conditional UPDATE
(``available_seats = available_seats - 1 WHERE available_seats > 0``, rowcount 1 or full),
so two members never take the last seat twice; then it inserts the registration inside a
SAVEPOINT. The partial unique index ``uq_registrations_live_user_meetup`` (one
not-cancelled registration per member and meetup) is the last word when the same member
races himself: the failed insert gives the seat back and answers "already registered".
Cancelling frees the seat with ``available_seats + 1 WHERE available_seats < max_seats``.
Every write happens in the caller's transaction (one per API request).

A PENDING registration (meetups that need approval) holds a seat like an ACCEPTED one.
Times are UTC datetimes here; the callers show them in Korea time.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.db import utcnow
from community_app.i18n import N_
from community_app.models import (
    AttendanceReason,
    InterestedField,
    KeynoteSession,
    Meetup,
    MeetupNote,
    MeetupRegistration,
    MeetupReview,
    RegistrationStatus,
    Speaker,
    User,
)
from community_app.models.meetup import DEFAULT_SEATS
from community_app.services.errors import Conflict, Invalid, InvalidMany, NotFound
from community_app.services.lookup import get_or_404
from community_app.services.paging import PageResult, fetch_page

# SPEC section 3: what a meetup shows when a value is missing.
DEFAULT_TITLE = "Untitled Event"
DEFAULT_DESCRIPTION = "No description available"
DEFAULT_LOCATION = "Location TBD"

UPCOMING = "upcoming"
PAST = "past"
MEETUP_TYPES = (UPCOMING, PAST)

EXPECTATION_MIN_LENGTH = 10
EXPECTATION_MAX_LENGTH = 2000

MEETUP_NOT_FOUND = N_("Event not found.")
MEETUP_TYPE_INVALID = N_("Event type must be upcoming or past.")
REASON_INVALID = N_("Please select your attendance reason")
FIELD_INVALID = N_("Please select your field of interest")
EXPECTATION_TOO_SHORT = N_("Please provide at least 10 characters")
EXPECTATION_TOO_LONG = N_("Please keep your expectation under 2000 characters")
CONSENT_MISSING = N_("You must agree to the terms and conditions")
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


@dataclasses.dataclass(frozen=True)
class SpeakerView:
    id: int
    full_name: str
    job_position: str
    company: str
    bio: str
    image_url: str | None
    profile_url: str | None


@dataclasses.dataclass(frozen=True)
class SessionView:
    id: int
    subject: str
    starts_at: dt.datetime
    ends_at: dt.datetime
    speaker_id: int | None
    speaker_name: str | None


@dataclasses.dataclass(frozen=True)
class AttendeeView:
    """What the public may see of a registered member: never an email or a phone."""

    username: str
    first_name: str
    image_url: str | None


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
    return MeetupView(
        id=meetup.id,
        title=meetup.title or DEFAULT_TITLE,
        description=meetup.description or DEFAULT_DESCRIPTION,
        location=meetup.location or DEFAULT_LOCATION,
        starts_at=meetup.starts_at,
        ends_at=meetup.ends_at,
        max_seats=max_seats,
        available_seats=available,
        registered_count=max_seats - available,
        image_url=meetup.image_url,
        image_name=meetup.image_name,
        parking=meetup.parking,
        provided=meetup.provided or "",
        requires_approval=meetup.requires_approval,
        organizer_id=meetup.organizer_id,
        is_past=meetup.starts_at < now,
    )


def _registration_view(r: MeetupRegistration) -> RegistrationView:
    return RegistrationView(
        id=r.id,
        meetup_id=r.meetup_id,
        status=r.status,
        attendance_reason=r.attendance_reason,
        interested_field=r.interested_field,
        expectation=r.expectation,
        registered_at=r.registered_at,
        cancelled_at=r.cancelled_at,
    )


# ---------------------------------------------------------------- public reading


def _get_meetup(session: Session, meetup_id: int) -> Meetup:
    return get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)


def normalize_meetup_type(value: str | None) -> str | None:
    """'upcoming', 'past', or None for every meetup; Invalid for anything else."""
    value = (value or "").strip().lower()
    if not value:
        return None
    if value not in MEETUP_TYPES:
        raise Invalid("type", MEETUP_TYPE_INVALID)
    return value


def list_meetups(
    session: Session,
    meetup_type: str | None = None,
    *,
    page: int = 0,
    size: int = 10,
    now: dt.datetime | None = None,
) -> PageResult[MeetupView]:
    """Upcoming: soonest first. Past (started): newest first. None: every meetup, newest first."""
    now = now or utcnow()
    meetup_type = normalize_meetup_type(meetup_type)
    query = select(Meetup)
    if meetup_type == UPCOMING:
        query = query.where(Meetup.starts_at >= now).order_by(
            col(Meetup.starts_at).asc(), col(Meetup.id).asc()
        )
    else:
        if meetup_type == PAST:
            query = query.where(Meetup.starts_at < now)
        query = query.order_by(col(Meetup.starts_at).desc(), col(Meetup.id).desc())
    rows, total = fetch_page(session, query, page, size)
    return PageResult([meetup_view(m, now) for m in rows], total, page, size)


def get_meetup(session: Session, meetup_id: int, *, now: dt.datetime | None = None) -> MeetupView:
    return meetup_view(_get_meetup(session, meetup_id), now)


def get_meetup_details(
    session: Session, meetup_id: int, *, now: dt.datetime | None = None
) -> MeetupDetails:
    meetup = _get_meetup(session, meetup_id)
    speakers = session.exec(
        select(Speaker).where(Speaker.meetup_id == meetup_id).order_by(col(Speaker.id))
    ).all()
    names = {s.id: s.full_name for s in speakers}
    sessions = session.exec(
        select(KeynoteSession)
        .where(KeynoteSession.meetup_id == meetup_id)
        .order_by(col(KeynoteSession.starts_at), col(KeynoteSession.id))
    ).all()
    attendees = session.exec(
        select(User.username, User.first_name, User.image_url)
        .join(MeetupRegistration, col(MeetupRegistration.user_id) == col(User.id))
        .where(
            MeetupRegistration.meetup_id == meetup_id,
            MeetupRegistration.status == RegistrationStatus.ACCEPTED.value,
        )
        .order_by(col(MeetupRegistration.registered_at), col(MeetupRegistration.id))
    ).all()
    notes = session.exec(
        select(MeetupNote)
        .where(MeetupNote.meetup_id == meetup_id, col(MeetupNote.is_active).is_(True))
        .order_by(col(MeetupNote.created_at).desc(), col(MeetupNote.id).desc())
    ).all()
    reviews = session.exec(
        select(MeetupReview)
        .where(MeetupReview.meetup_id == meetup_id)
        .order_by(col(MeetupReview.created_at).desc(), col(MeetupReview.id).desc())
    ).all()
    return MeetupDetails(
        meetup=meetup_view(meetup, now),
        speakers=[
            SpeakerView(
                s.id, s.full_name, s.job_position, s.company, s.bio, s.image_url, s.profile_url
            )
            for s in speakers
        ],
        sessions=[
            SessionView(
                k.id, k.subject, k.starts_at, k.ends_at, k.speaker_id, names.get(k.speaker_id)
            )
            for k in sessions
        ],
        attendees=[AttendeeView(a.username, a.first_name, a.image_url) for a in attendees],
        notes=[NoteView(n.id, n.content, n.created_at) for n in notes],
        reviews=[
            ReviewView(r.id, r.author_name, r.rating, r.content, r.created_at) for r in reviews
        ],
    )


# ---------------------------------------------------------------- registration


def validate_registration(data: Mapping[str, object]) -> dict[str, str]:
    """Field -> message id for every invalid field of the event registration form.

    ``data`` uses the form's field names: attendanceReason, interestedField, expectation,
    consent. An empty dict means the form is valid.
    """
    errors: dict[str, str] = {}
    if data.get("attendanceReason") not in AttendanceReason.values():
        errors["attendanceReason"] = REASON_INVALID
    if data.get("interestedField") not in InterestedField.values():
        errors["interestedField"] = FIELD_INVALID
    expectation = data.get("expectation")
    expectation = expectation.strip() if isinstance(expectation, str) else ""
    if len(expectation) < EXPECTATION_MIN_LENGTH:
        errors["expectation"] = EXPECTATION_TOO_SHORT
    elif len(expectation) > EXPECTATION_MAX_LENGTH:
        errors["expectation"] = EXPECTATION_TOO_LONG
    if data.get("consent") is not True:
        errors["consent"] = CONSENT_MISSING
    return errors


def _live_registration(session: Session, user_id: int, meetup_id: int) -> MeetupRegistration | None:
    """The member's registration that is not cancelled (what the unique index allows once)."""
    return session.exec(
        select(MeetupRegistration).where(
            MeetupRegistration.user_id == user_id,
            MeetupRegistration.meetup_id == meetup_id,
            MeetupRegistration.status != RegistrationStatus.CANCELLED.value,
        )
    ).first()


def _free_seat(session: Session, meetup_id: int) -> None:
    """Give one seat back, never above the meetup's capacity."""
    session.execute(
        sa.update(Meetup)
        .where(col(Meetup.id) == meetup_id, col(Meetup.available_seats) < col(Meetup.max_seats))
        .values(available_seats=col(Meetup.available_seats) + 1)
        .execution_options(synchronize_session=False)
    )


def register_for_meetup(
    session: Session,
    user_id: int,
    meetup_id: int,
    data: Mapping[str, object],
    *,
    now: dt.datetime | None = None,
) -> RegistrationView:
    """Register a member: ACCEPTED, or PENDING when the meetup needs approval.

    Any status in ``data`` is ignored. The seat is taken by a conditional UPDATE, then the
    registration is inserted in a SAVEPOINT; if the insert fails, the seat is given back.
    """
    now = now or utcnow()
    meetup = _get_meetup(session, meetup_id)
    errors = validate_registration(data)
    if errors:
        raise InvalidMany(errors)
    if meetup.starts_at < now:
        raise Conflict(REGISTRATION_CLOSED)
    if _live_registration(session, user_id, meetup_id) is not None:
        raise Conflict(ALREADY_REGISTERED)

    registration = MeetupRegistration(
        user_id=user_id,
        meetup_id=meetup_id,
        attendance_reason=str(data["attendanceReason"]),
        interested_field=str(data["interestedField"]),
        expectation=str(data["expectation"]).strip(),
        status=(
            RegistrationStatus.PENDING.value
            if meetup.requires_approval
            else RegistrationStatus.ACCEPTED.value
        ),
        registered_at=now,
    )
    # Take the seat: one conditional UPDATE, so two members never get the last seat twice.
    taken = session.execute(
        sa.update(Meetup)
        .where(col(Meetup.id) == meetup_id, col(Meetup.available_seats) > 0)
        .values(available_seats=col(Meetup.available_seats) - 1)
        .execution_options(synchronize_session=False)
    )
    if taken.rowcount != 1:
        raise Conflict(MEETUP_FULL)
    try:
        with session.begin_nested():
            session.add(registration)
            session.flush()
    except sa.exc.IntegrityError:
        # The same member registered in a concurrent request (the partial unique index).
        # Give the seat back here too, so the count is right even if a caller commits.
        _free_seat(session, meetup_id)
        if _live_registration(session, user_id, meetup_id) is not None:
            raise Conflict(ALREADY_REGISTERED) from None
        raise
    finally:
        session.expire(meetup)
    return _registration_view(registration)


def cancel_registration(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> RegistrationView:
    """Cancel the member's registration and give its seat back (not for past meetups)."""
    now = now or utcnow()
    meetup = _get_meetup(session, meetup_id)
    registration = session.exec(
        select(MeetupRegistration).where(
            MeetupRegistration.user_id == user_id,
            MeetupRegistration.meetup_id == meetup_id,
            col(MeetupRegistration.status).in_(SEAT_HOLDING),
        )
    ).first()
    if registration is None:
        raise NotFound(NOT_REGISTERED)
    if meetup.starts_at < now:
        raise Conflict(PAST_NOT_CANCELLABLE)
    # Conditional, so two concurrent cancels free one seat, not two.
    cancelled = session.execute(
        sa.update(MeetupRegistration)
        .where(
            col(MeetupRegistration.id) == registration.id,
            col(MeetupRegistration.status).in_(SEAT_HOLDING),
        )
        .values(status=RegistrationStatus.CANCELLED.value, cancelled_at=now)
        .execution_options(synchronize_session=False)
    )
    if cancelled.rowcount != 1:
        raise NotFound(NOT_REGISTERED)
    _free_seat(session, meetup_id)
    view = _registration_view(registration)
    session.expire(registration)
    session.expire(meetup)
    return dataclasses.replace(view, status=RegistrationStatus.CANCELLED.value, cancelled_at=now)


def list_my_registrations(
    session: Session, user_id: int, *, now: dt.datetime | None = None
) -> list[MyRegistrationView]:
    """Every registration of the member, whatever its status, newest meetup first."""
    now = now or utcnow()
    rows = session.exec(
        select(MeetupRegistration, Meetup)
        .join(Meetup, col(Meetup.id) == col(MeetupRegistration.meetup_id))
        .where(MeetupRegistration.user_id == user_id)
        .order_by(col(Meetup.starts_at).desc(), col(MeetupRegistration.id).desc())
    ).all()
    return [MyRegistrationView(_registration_view(r), meetup_view(m, now)) for r, m in rows]
