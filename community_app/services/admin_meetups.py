"""The organizers' side of meetups: create, edit and delete them with their speakers,
keynote sessions and notes; run their registrations (approval, check-in, CSV export).

Every function takes the acting organizer's user id, checks the role, makes the change in
the caller's transaction, records it in the audit log and expires the public caches.

Form values use the API's field names: title, description, meetupDate (YYYY-MM-DD),
startTime and endTime (HH:MM), all in Korea time and stored in UTC; location, maxSeats,
parking, provided, requiresApproval.

Seats: lowering ``maxSeats`` below the live registrations (ACCEPTED and PENDING) is
refused. The meetup row is locked first (SELECT ... FOR UPDATE on PostgreSQL; SQLite
has one writer at a time), then one conditional UPDATE sets ``max_seats`` and recomputes
``available_seats = max_seats - live registrations``; it changes nothing when a
registration arrived in between, so the seat check constraint always holds.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, func, or_, select

from community_app.db import utcnow
from community_app.i18n import N_, gettext
from community_app.models import (
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
from community_app.services.admin_common import (
    KOREA,
    MEETUP_CACHES,
    clean_file_name,
    expire_caches,
    flag,
    korea_date_of,
    korea_to_utc,
    optional_url,
    parse_date,
    parse_time,
    store_public_picture,
    text,
    whole_number,
)
from community_app.services.audit import display_name, record, require_organizer
from community_app.services.errors import Conflict, Invalid, InvalidMany, NotFound
from community_app.services.lookup import get_or_404
from community_app.services.meetups import (
    MEETUP_NOT_FOUND,
    SEAT_HOLDING,
    MeetupView,
    _free_seat,
    meetup_view,
    normalize_meetup_type,
)
from community_app.services.paging import PageResult, fetch_page
from community_app.services.text_search import clean_filter, contains_ci
from community_app.services.uploads import PUBLIC_MEETUPS, delete_public_image

MAX_SEATS_LIMIT = 100_000
TITLE_MAX = 200
LOCATION_MAX = 300
PROVIDED_MAX = 500
DESCRIPTION_MAX = 20_000
NAME_MAX = 120
SUBJECT_MAX = 200
NOTE_MAX = 5000

TITLE_REQUIRED = N_("Title is required (200 characters at most).")
DESCRIPTION_TOO_LONG = N_("Description is too long (20000 characters at most).")
DATE_INVALID = N_("Please enter a date as YYYY-MM-DD.")
TIME_INVALID = N_("Please enter a time as HH:MM (24-hour).")
END_BEFORE_START = N_("The end time must be after the start time.")
LOCATION_TOO_LONG = N_("Location is too long (300 characters at most).")
PROVIDED_TOO_LONG = N_("'Provided' is too long (500 characters at most).")
SEATS_INVALID = N_("Seats must be a whole number from 1 to 100000.")
SEATS_BELOW_REGISTERED = N_("Seats cannot be fewer than the {n} people already registered.")
SPEAKER_NOT_FOUND = N_("Speaker not found.")
SPEAKER_NAME_INVALID = N_("Full name must be 2 to 120 characters.")
FIELD_TOO_LONG = N_("This value is too long (120 characters at most).")
SESSION_NOT_FOUND = N_("Session not found.")
SUBJECT_REQUIRED = N_("Subject is required (200 characters at most).")
SESSION_SPEAKER_INVALID = N_("Choose a speaker of this meetup, or none.")
NOTE_NOT_FOUND = N_("Note not found.")
NOTE_REQUIRED = N_("Note text is required (5000 characters at most).")
REGISTRATION_NOT_FOUND = N_("Registration not found.")
NOT_PENDING = N_("Only registrations waiting for approval can be accepted or rejected.")
NOT_CHECKABLE = N_("Only accepted registrations can be checked in.")
ALREADY_CHECKED_IN = N_("This person is already checked in.")
NOT_CHECKED_IN = N_("This person is not checked in.")

CSV_COLUMNS = (
    N_("Name"),
    N_("Email"),
    N_("Phone"),
    N_("Status"),
    N_("Registered at"),
    N_("Checked in at"),
)


# ---------------------------------------------------------------- views


@dataclasses.dataclass(frozen=True)
class AdminMeetupView:
    meetup: MeetupView
    attended_count: int
    accepted_count: int
    pending_count: int
    checked_in_count: int


@dataclasses.dataclass(frozen=True)
class AdminSpeakerView:
    id: int
    full_name: str
    job_position: str
    company: str
    bio: str
    image_url: str | None
    profile_url: str | None


@dataclasses.dataclass(frozen=True)
class AdminSessionView:
    id: int
    subject: str
    starts_at: dt.datetime
    ends_at: dt.datetime
    speaker_id: int | None
    speaker_name: str | None


@dataclasses.dataclass(frozen=True)
class AdminNoteView:
    id: int
    content: str
    is_active: bool
    created_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class AdminMeetupDetails:
    summary: AdminMeetupView
    speakers: list[AdminSpeakerView]
    sessions: list[AdminSessionView]
    notes: list[AdminNoteView]  # active and archived, newest first


@dataclasses.dataclass(frozen=True)
class AdminRegistrationView:
    """A registration with the member's answers and contact details (organizers only)."""

    id: int
    meetup_id: int
    user_id: int
    name: str
    username: str
    email: str
    phone: str
    attendance_reason: str
    interested_field: str
    expectation: str
    status: str
    registered_at: dt.datetime
    cancelled_at: dt.datetime | None
    checked_in_at: dt.datetime | None


# ---------------------------------------------------------------- helpers


def _meetup(session: Session, meetup_id: int) -> Meetup:
    return get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)


def _counts(session: Session, meetup_ids: list[int]) -> dict[int, dict[str, int]]:
    """Per meetup: accepted, pending and checked-in registrations."""
    if not meetup_ids:
        return {}
    rows = session.exec(
        select(
            MeetupRegistration.meetup_id,
            func.sum(
                sa.case((col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value, 1), else_=0)
            ),
            func.sum(
                sa.case((col(MeetupRegistration.status) == RegistrationStatus.PENDING.value, 1), else_=0)
            ),
            func.sum(
                sa.case(
                    (
                        sa.and_(
                            col(MeetupRegistration.checked_in_at).is_not(None),
                            col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
                        ),
                        1,
                    ),
                    else_=0,
                )
            ),
        )
        .where(col(MeetupRegistration.meetup_id).in_(meetup_ids))
        .group_by(col(MeetupRegistration.meetup_id))
    ).all()
    return {
        mid: {"accepted": int(a or 0), "pending": int(p or 0), "checked_in": int(c or 0)}
        for mid, a, p, c in rows
    }


def _summary(session: Session, meetup: Meetup, now: dt.datetime | None = None) -> AdminMeetupView:
    counts = _counts(session, [meetup.id]).get(meetup.id, {})
    return AdminMeetupView(
        meetup=meetup_view(meetup, now),
        attended_count=meetup.attended_count,
        accepted_count=counts.get("accepted", 0),
        pending_count=counts.get("pending", 0),
        checked_in_count=counts.get("checked_in", 0),
    )


def _live_count(meetup_id: int):
    return (
        select(func.count())
        .select_from(MeetupRegistration)
        .where(
            col(MeetupRegistration.meetup_id) == meetup_id,
            col(MeetupRegistration.status).in_(SEAT_HOLDING),
        )
        .scalar_subquery()
    )


def _lock(session: Session, meetup_id: int) -> Meetup:
    """The meetup row, locked until the transaction ends (PostgreSQL; SQLite has one writer)."""
    meetup = session.exec(
        select(Meetup)
        .where(col(Meetup.id) == meetup_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).first()
    if meetup is None:
        raise NotFound(MEETUP_NOT_FOUND)
    return meetup


def validate_meetup(data: Mapping[str, object]) -> tuple[dict[str, object], dict[str, str]]:
    """The cleaned values of the meetup form, and field -> message id of its problems."""
    errors: dict[str, str] = {}
    values: dict[str, object] = {}
    title = text(data, "title")
    if not title or len(title) > TITLE_MAX:
        errors["title"] = TITLE_REQUIRED
    values["title"] = title
    description = text(data, "description")
    if len(description) > DESCRIPTION_MAX:
        errors["description"] = DESCRIPTION_TOO_LONG
    values["description"] = description
    day = parse_date(text(data, "meetupDate"))
    if day is None:
        errors["meetupDate"] = DATE_INVALID
    start = parse_time(text(data, "startTime"))
    if start is None:
        errors["startTime"] = TIME_INVALID
    end = parse_time(text(data, "endTime"))
    if end is None:
        errors["endTime"] = TIME_INVALID
    if day and start and end:
        if end <= start:
            errors["endTime"] = END_BEFORE_START
        values["starts_at"] = korea_to_utc(day, start)
        values["ends_at"] = korea_to_utc(day, end)
    location = text(data, "location")
    if len(location) > LOCATION_MAX:
        errors["location"] = LOCATION_TOO_LONG
    values["location"] = location
    provided = text(data, "provided")
    if len(provided) > PROVIDED_MAX:
        errors["provided"] = PROVIDED_TOO_LONG
    values["provided"] = provided
    raw_seats = data.get("maxSeats")
    seats = DEFAULT_SEATS if raw_seats in (None, "") else whole_number(raw_seats)
    if seats is None or not 1 <= seats <= MAX_SEATS_LIMIT:
        errors["maxSeats"] = SEATS_INVALID
    values["max_seats"] = seats
    values["parking"] = flag(data, "parking")
    values["requires_approval"] = flag(data, "requiresApproval")
    return values, errors


# ---------------------------------------------------------------- reading


def list_meetups_admin(
    session: Session,
    actor_id: int,
    meetup_type: str | None = None,
    *,
    search: str | None = None,
    page: int = 0,
    size: int = 20,
    now: dt.datetime | None = None,
) -> PageResult[AdminMeetupView]:
    """Every meetup or the past ones (newest first), or the upcoming ones (soonest first),
    with their registration counts."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    meetup_type = normalize_meetup_type(meetup_type)
    query = select(Meetup)
    if meetup_type == "upcoming":
        query = query.where(Meetup.starts_at >= now)
    elif meetup_type == "past":
        query = query.where(Meetup.starts_at < now)
    if term := clean_filter(search):
        query = query.where(
            or_(contains_ci(Meetup.title, term), contains_ci(Meetup.location, term))
        )
    if meetup_type == "upcoming":  # the next one first
        query = query.order_by(col(Meetup.starts_at).asc(), col(Meetup.id).asc())
    else:
        query = query.order_by(col(Meetup.starts_at).desc(), col(Meetup.id).desc())
    rows, total = fetch_page(session, query, page, size)
    counts = _counts(session, [m.id for m in rows])
    items = [
        AdminMeetupView(
            meetup=meetup_view(m, now),
            attended_count=m.attended_count,
            accepted_count=counts.get(m.id, {}).get("accepted", 0),
            pending_count=counts.get(m.id, {}).get("pending", 0),
            checked_in_count=counts.get(m.id, {}).get("checked_in", 0),
        )
        for m in rows
    ]
    return PageResult(items, total, page, size)


def get_meetup_admin(session: Session, actor_id: int, meetup_id: int) -> AdminMeetupDetails:
    """A meetup with every speaker, session and note (archived ones too)."""
    require_organizer(session, actor_id)
    meetup = _meetup(session, meetup_id)
    speakers = session.exec(
        select(Speaker).where(Speaker.meetup_id == meetup_id).order_by(col(Speaker.id))
    ).all()
    names = {s.id: s.full_name for s in speakers}
    sessions = session.exec(
        select(KeynoteSession)
        .where(KeynoteSession.meetup_id == meetup_id)
        .order_by(col(KeynoteSession.starts_at), col(KeynoteSession.id))
    ).all()
    notes = session.exec(
        select(MeetupNote)
        .where(MeetupNote.meetup_id == meetup_id)
        .order_by(col(MeetupNote.created_at).desc(), col(MeetupNote.id).desc())
    ).all()
    return AdminMeetupDetails(
        summary=_summary(session, meetup),
        speakers=[_speaker_view(s) for s in speakers],
        sessions=[_session_view(k, names) for k in sessions],
        notes=[AdminNoteView(n.id, n.content, n.is_active, n.created_at) for n in notes],
    )


def _speaker_view(s: Speaker) -> AdminSpeakerView:
    return AdminSpeakerView(
        s.id, s.full_name, s.job_position, s.company, s.bio, s.image_url, s.profile_url
    )


def _session_view(k: KeynoteSession, names: Mapping[int | None, str]) -> AdminSessionView:
    return AdminSessionView(
        k.id, k.subject, k.starts_at, k.ends_at, k.speaker_id, names.get(k.speaker_id)
    )


# ---------------------------------------------------------------- meetups


def create_meetup(
    session: Session,
    actor_id: int,
    data: Mapping[str, object],
    *,
    image: bytes | None = None,
    image_name: str | None = None,
) -> AdminMeetupView:
    """A new meetup with all its seats free (and its image, when one is sent)."""
    require_organizer(session, actor_id)
    values, errors = validate_meetup(data)
    if errors:
        raise InvalidMany(errors)
    image_url = store_public_picture(image, PUBLIC_MEETUPS) if image else None
    meetup = Meetup(
        **values,
        available_seats=values["max_seats"],
        image_url=image_url,
        image_name=clean_file_name(image_name) if image_url else None,
        organizer_id=actor_id,
        created_at=utcnow(),
        updated_at=utcnow(),
    )
    try:
        session.add(meetup)
        session.flush()
    except Exception:
        delete_public_image(image_url)
        raise
    record(session, actor_id, "meetup.create", "meetup", meetup.id, meetup.title)
    expire_caches(session, *MEETUP_CACHES)
    return _summary(session, meetup)


def update_meetup(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminMeetupView:
    """Change a meetup's fields. Seats never go below the live registrations."""
    require_organizer(session, actor_id)
    meetup = _lock(session, meetup_id)
    values, errors = validate_meetup(data)
    new_max = values.pop("max_seats")
    if errors:
        raise InvalidMany(errors)
    live = session.exec(select(_live_count(meetup_id))).one()
    if new_max < live:
        raise Invalid("maxSeats", SEATS_BELOW_REGISTERED, n=live)
    for name, value in values.items():
        setattr(meetup, name, value)
    meetup.updated_at = utcnow()
    session.add(meetup)
    session.flush()
    _set_seats(session, meetup_id, new_max)
    session.refresh(meetup)
    record(session, actor_id, "meetup.update", "meetup", meetup_id, meetup.title)
    expire_caches(session, *MEETUP_CACHES)
    return _summary(session, meetup)


def _set_seats(session: Session, meetup_id: int, new_max: int) -> None:
    """max_seats = new_max and available_seats = new_max - live registrations, in one
    conditional UPDATE; refused when the live registrations exceed new_max."""
    live = _live_count(meetup_id)
    changed = session.execute(
        sa.update(Meetup)
        .where(col(Meetup.id) == meetup_id, live <= new_max)
        .values(max_seats=new_max, available_seats=new_max - live)
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount != 1:
        count = session.exec(select(_live_count(meetup_id))).one()
        raise Invalid("maxSeats", SEATS_BELOW_REGISTERED, n=count)


def set_meetup_image(
    session: Session, actor_id: int, meetup_id: int, image: bytes, image_name: str | None = None
) -> AdminMeetupView:
    """Replace the meetup's image with a checked, re-encoded upload (public/meetups)."""
    require_organizer(session, actor_id)
    meetup = _meetup(session, meetup_id)
    url = store_public_picture(image, PUBLIC_MEETUPS)
    old = meetup.image_url
    meetup.image_url = url
    meetup.image_name = clean_file_name(image_name)
    meetup.updated_at = utcnow()
    session.add(meetup)
    try:
        session.flush()
    except Exception:
        delete_public_image(url)
        raise
    record(session, actor_id, "meetup.image", "meetup", meetup_id, meetup.image_name or "")
    expire_caches(session, *MEETUP_CACHES)
    if old != url:
        delete_public_image(old)
    return _summary(session, meetup)


def remove_meetup_image(session: Session, actor_id: int, meetup_id: int) -> AdminMeetupView:
    require_organizer(session, actor_id)
    meetup = _meetup(session, meetup_id)
    old = meetup.image_url
    meetup.image_url = None
    meetup.image_name = None
    meetup.updated_at = utcnow()
    session.add(meetup)
    session.flush()
    record(session, actor_id, "meetup.image_remove", "meetup", meetup_id)
    expire_caches(session, *MEETUP_CACHES)
    delete_public_image(old)
    return _summary(session, meetup)


def delete_meetup(session: Session, actor_id: int, meetup_id: int) -> None:
    """Delete a meetup with everything hanging off it (speakers, sessions, registrations,
    notes, reviews) and its image."""
    require_organizer(session, actor_id)
    meetup = _meetup(session, meetup_id)
    title, image = meetup.title, meetup.image_url
    # Children first, explicitly: correct even where foreign keys are not enforced.
    for model in (KeynoteSession, Speaker, MeetupRegistration, MeetupNote, MeetupReview):
        session.execute(
            sa.delete(model)
            .where(col(model.meetup_id) == meetup_id)
            .execution_options(synchronize_session=False)
        )
    session.delete(meetup)
    session.flush()
    record(session, actor_id, "meetup.delete", "meetup", meetup_id, title)
    expire_caches(session, *MEETUP_CACHES)
    delete_public_image(image)


# ---------------------------------------------------------------- speakers


def _validate_speaker(data: Mapping[str, object]) -> tuple[dict[str, object], dict[str, str]]:
    errors: dict[str, str] = {}
    full_name = text(data, "fullName")
    if not 2 <= len(full_name) <= NAME_MAX:
        errors["fullName"] = SPEAKER_NAME_INVALID
    values: dict[str, object] = {"full_name": full_name}
    for field, column in (("jobPosition", "job_position"), ("company", "company")):
        value = text(data, field)
        if len(value) > NAME_MAX:
            errors[field] = FIELD_TOO_LONG
        values[column] = value
    values["bio"] = text(data, "bio")[:5000]
    values["profile_url"] = optional_url(text(data, "profileURL"), "profileURL", errors)
    values["image_url"] = optional_url(text(data, "imageURL"), "imageURL", errors)
    return values, errors


def _speaker(session: Session, meetup_id: int, speaker_id: int) -> Speaker:
    speaker = get_or_404(session, Speaker, speaker_id, SPEAKER_NOT_FOUND)
    if speaker.meetup_id != meetup_id:
        raise NotFound(SPEAKER_NOT_FOUND)
    return speaker


def add_speaker(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminSpeakerView:
    """Fields: fullName, jobPosition, company, bio, profileURL, imageURL."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    values, errors = _validate_speaker(data)
    if errors:
        raise InvalidMany(errors)
    speaker = Speaker(meetup_id=meetup_id, **values)
    session.add(speaker)
    session.flush()
    record(session, actor_id, "speaker.add", "meetup", meetup_id, speaker.full_name)
    expire_caches(session, *MEETUP_CACHES)
    return _speaker_view(speaker)


def update_speaker(
    session: Session, actor_id: int, meetup_id: int, speaker_id: int, data: Mapping[str, object]
) -> AdminSpeakerView:
    require_organizer(session, actor_id)
    speaker = _speaker(session, meetup_id, speaker_id)
    values, errors = _validate_speaker(data)
    if errors:
        raise InvalidMany(errors)
    for name, value in values.items():
        setattr(speaker, name, value)
    session.add(speaker)
    session.flush()
    record(session, actor_id, "speaker.update", "meetup", meetup_id, speaker.full_name)
    expire_caches(session, *MEETUP_CACHES)
    return _speaker_view(speaker)


def remove_speaker(session: Session, actor_id: int, meetup_id: int, speaker_id: int) -> None:
    """Remove a speaker; their sessions stay, without a speaker."""
    require_organizer(session, actor_id)
    speaker = _speaker(session, meetup_id, speaker_id)
    name = speaker.full_name
    session.execute(
        sa.update(KeynoteSession)
        .where(col(KeynoteSession.speaker_id) == speaker_id)
        .values(speaker_id=None)
        .execution_options(synchronize_session=False)
    )
    session.delete(speaker)
    session.flush()
    record(session, actor_id, "speaker.remove", "meetup", meetup_id, name)
    expire_caches(session, *MEETUP_CACHES)


# ---------------------------------------------------------------- keynote sessions


def _validate_session(
    session: Session, meetup: Meetup, data: Mapping[str, object]
) -> dict[str, object]:
    """Subject, startTime and endTime (HH:MM, Korea time, on the meetup's date) and an
    optional speakerId of this meetup."""
    errors: dict[str, str] = {}
    subject = text(data, "subject")
    if not subject or len(subject) > SUBJECT_MAX:
        errors["subject"] = SUBJECT_REQUIRED
    start = parse_time(text(data, "startTime"))
    end = parse_time(text(data, "endTime"))
    if start is None:
        errors["startTime"] = TIME_INVALID
    if end is None:
        errors["endTime"] = TIME_INVALID
    if start and end and end <= start:
        errors["endTime"] = END_BEFORE_START
    speaker_id = data.get("speakerId")
    if speaker_id in (None, "", 0, "0"):
        speaker_id = None
    else:
        speaker_id = whole_number(speaker_id)
        speaker = session.get(Speaker, speaker_id) if speaker_id and speaker_id > 0 else None
        if speaker is None or speaker.meetup_id != meetup.id:
            errors["speakerId"] = SESSION_SPEAKER_INVALID
    if errors:
        raise InvalidMany(errors)
    day = korea_date_of(meetup.starts_at)
    return {
        "subject": subject,
        "starts_at": korea_to_utc(day, start),
        "ends_at": korea_to_utc(day, end),
        "speaker_id": speaker_id,
    }


def _session(session: Session, meetup_id: int, session_id: int) -> KeynoteSession:
    row = get_or_404(session, KeynoteSession, session_id, SESSION_NOT_FOUND)
    if row.meetup_id != meetup_id:
        raise NotFound(SESSION_NOT_FOUND)
    return row


def _names(session: Session, meetup_id: int) -> dict[int | None, str]:
    return {
        s.id: s.full_name
        for s in session.exec(select(Speaker).where(Speaker.meetup_id == meetup_id))
    }


def add_session(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminSessionView:
    require_organizer(session, actor_id)
    meetup = _meetup(session, meetup_id)
    row = KeynoteSession(meetup_id=meetup_id, **_validate_session(session, meetup, data))
    session.add(row)
    session.flush()
    record(session, actor_id, "session.add", "meetup", meetup_id, row.subject)
    expire_caches(session, *MEETUP_CACHES)
    return _session_view(row, _names(session, meetup_id))


def update_session(
    session: Session, actor_id: int, meetup_id: int, session_id: int, data: Mapping[str, object]
) -> AdminSessionView:
    require_organizer(session, actor_id)
    meetup = _meetup(session, meetup_id)
    row = _session(session, meetup_id, session_id)
    for name, value in _validate_session(session, meetup, data).items():
        setattr(row, name, value)
    session.add(row)
    session.flush()
    record(session, actor_id, "session.update", "meetup", meetup_id, row.subject)
    expire_caches(session, *MEETUP_CACHES)
    return _session_view(row, _names(session, meetup_id))


def remove_session(session: Session, actor_id: int, meetup_id: int, session_id: int) -> None:
    require_organizer(session, actor_id)
    row = _session(session, meetup_id, session_id)
    subject = row.subject
    session.delete(row)
    session.flush()
    record(session, actor_id, "session.remove", "meetup", meetup_id, subject)
    expire_caches(session, *MEETUP_CACHES)


# ---------------------------------------------------------------- notes


def _note(session: Session, meetup_id: int, note_id: int) -> MeetupNote:
    note = get_or_404(session, MeetupNote, note_id, NOTE_NOT_FOUND)
    if note.meetup_id != meetup_id:
        raise NotFound(NOTE_NOT_FOUND)
    return note


def _note_text(data: Mapping[str, object]) -> str:
    content = text(data, "content")
    if not content or len(content) > NOTE_MAX:
        raise Invalid("content", NOTE_REQUIRED)
    return content


def add_note(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminNoteView:
    """A note shown on the meetup page while active (``active``, true by default)."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    note = MeetupNote(
        meetup_id=meetup_id,
        content=_note_text(data),
        is_active=flag(data, "active", True),
        created_at=utcnow(),
    )
    session.add(note)
    session.flush()
    record(session, actor_id, "note.add", "meetup", meetup_id, note.content[:200])
    expire_caches(session, *MEETUP_CACHES)
    return AdminNoteView(note.id, note.content, note.is_active, note.created_at)


def update_note(
    session: Session, actor_id: int, meetup_id: int, note_id: int, data: Mapping[str, object]
) -> AdminNoteView:
    """Change a note's text (when ``content`` is sent) and archive or restore it
    (``active`` false or true, when sent)."""
    require_organizer(session, actor_id)
    note = _note(session, meetup_id, note_id)
    if "content" in data and data.get("content") is not None:
        note.content = _note_text(data)
    if "active" in data and data.get("active") is not None:
        note.is_active = flag(data, "active")
    session.add(note)
    session.flush()
    action = "note.update" if note.is_active else "note.archive"
    record(session, actor_id, action, "meetup", meetup_id, note.content[:200])
    expire_caches(session, *MEETUP_CACHES)
    return AdminNoteView(note.id, note.content, note.is_active, note.created_at)


def remove_note(session: Session, actor_id: int, meetup_id: int, note_id: int) -> None:
    require_organizer(session, actor_id)
    note = _note(session, meetup_id, note_id)
    content = note.content
    session.delete(note)
    session.flush()
    record(session, actor_id, "note.remove", "meetup", meetup_id, content[:200])
    expire_caches(session, *MEETUP_CACHES)


# ---------------------------------------------------------------- registrations


def _registration_view(r: MeetupRegistration, u: User) -> AdminRegistrationView:
    return AdminRegistrationView(
        id=r.id,
        meetup_id=r.meetup_id,
        user_id=u.id,
        name=display_name(u),
        username=u.username,
        email=u.email,
        phone=u.phone or "",
        attendance_reason=r.attendance_reason,
        interested_field=r.interested_field,
        expectation=r.expectation,
        status=r.status,
        registered_at=r.registered_at,
        cancelled_at=r.cancelled_at,
        checked_in_at=r.checked_in_at,
    )


def list_registrations(
    session: Session,
    actor_id: int,
    meetup_id: int,
    *,
    search: str | None = None,
    status: str | None = None,
) -> list[AdminRegistrationView]:
    """The meetup's registrations with their answers, oldest first. ``search`` matches the
    member's name, username or email (any case); ``status`` keeps one status."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    query = (
        select(MeetupRegistration, User)
        .join(User, col(User.id) == col(MeetupRegistration.user_id))
        .where(MeetupRegistration.meetup_id == meetup_id)
    )
    if status := (status or "").strip().upper():
        if status not in RegistrationStatus.values():
            raise Invalid("status", N_("Unknown registration status."))
        query = query.where(MeetupRegistration.status == status)
    if term := clean_filter(search):
        full_name = User.first_name + " " + User.last_name
        query = query.where(
            or_(
                contains_ci(User.first_name, term),
                contains_ci(User.last_name, term),
                contains_ci(full_name, term),
                contains_ci(User.username, term),
                contains_ci(User.email, term),
            )
        )
    query = query.order_by(col(MeetupRegistration.registered_at), col(MeetupRegistration.id))
    return [_registration_view(r, u) for r, u in session.exec(query).all()]


def _registration(session: Session, meetup_id: int, registration_id: int) -> MeetupRegistration:
    row = get_or_404(session, MeetupRegistration, registration_id, REGISTRATION_NOT_FOUND)
    if row.meetup_id != meetup_id:
        raise NotFound(REGISTRATION_NOT_FOUND)
    return row


def _one_registration(session: Session, registration_id: int) -> AdminRegistrationView:
    r = session.get(MeetupRegistration, registration_id, populate_existing=True)
    return _registration_view(r, session.get(User, r.user_id))


def _decide(
    session: Session, actor_id: int, meetup_id: int, registration_id: int, new_status: str
) -> AdminRegistrationView:
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    registration = _registration(session, meetup_id, registration_id)
    # Conditional: a member cancelling at the same moment wins or loses cleanly.
    changed = session.execute(
        sa.update(MeetupRegistration)
        .where(
            col(MeetupRegistration.id) == registration_id,
            col(MeetupRegistration.status) == RegistrationStatus.PENDING.value,
        )
        .values(status=new_status)
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount != 1:
        raise Conflict(NOT_PENDING)
    if new_status == RegistrationStatus.REJECTED.value:
        _free_seat(session, meetup_id)
    view = _one_registration(session, registration.id)
    action = "registration.accept" if new_status == "ACCEPTED" else "registration.reject"
    record(session, actor_id, action, "meetup", meetup_id, f"{view.name} <{view.email}>")
    expire_caches(session, *MEETUP_CACHES)
    return view


def accept_registration(
    session: Session, actor_id: int, meetup_id: int, registration_id: int
) -> AdminRegistrationView:
    """PENDING -> ACCEPTED (the seat was already held)."""
    return _decide(session, actor_id, meetup_id, registration_id, RegistrationStatus.ACCEPTED.value)


def reject_registration(
    session: Session, actor_id: int, meetup_id: int, registration_id: int
) -> AdminRegistrationView:
    """PENDING -> REJECTED, and the seat is free again."""
    return _decide(session, actor_id, meetup_id, registration_id, RegistrationStatus.REJECTED.value)


def _update_attended(session: Session, meetup_id: int) -> None:
    """meetups.attended_count = the accepted registrations that are checked in."""
    checked = (
        select(func.count())
        .select_from(MeetupRegistration)
        .where(
            col(MeetupRegistration.meetup_id) == meetup_id,
            col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
            col(MeetupRegistration.checked_in_at).is_not(None),
        )
        .scalar_subquery()
    )
    session.execute(
        sa.update(Meetup)
        .where(col(Meetup.id) == meetup_id)
        .values(attended_count=checked)
        .execution_options(synchronize_session=False)
    )


def check_in(
    session: Session,
    actor_id: int,
    meetup_id: int,
    registration_id: int,
    *,
    now: dt.datetime | None = None,
) -> AdminRegistrationView:
    """Mark an accepted registration as present (one click on the day)."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    registration = _registration(session, meetup_id, registration_id)
    if registration.status != RegistrationStatus.ACCEPTED.value:
        raise Conflict(NOT_CHECKABLE)
    changed = session.execute(
        sa.update(MeetupRegistration)
        .where(
            col(MeetupRegistration.id) == registration_id,
            col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
            col(MeetupRegistration.checked_in_at).is_(None),
        )
        .values(checked_in_at=now or utcnow())
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount != 1:
        raise Conflict(ALREADY_CHECKED_IN)
    _update_attended(session, meetup_id)
    view = _one_registration(session, registration_id)
    record(session, actor_id, "registration.check_in", "meetup", meetup_id,
           f"{view.name} <{view.email}>")
    return view


def undo_check_in(
    session: Session, actor_id: int, meetup_id: int, registration_id: int
) -> AdminRegistrationView:
    """Take a check-in back (a wrong click)."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    _registration(session, meetup_id, registration_id)
    changed = session.execute(
        sa.update(MeetupRegistration)
        .where(
            col(MeetupRegistration.id) == registration_id,
            col(MeetupRegistration.checked_in_at).is_not(None),
        )
        .values(checked_in_at=None)
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount != 1:
        raise Conflict(NOT_CHECKED_IN)
    _update_attended(session, meetup_id)
    view = _one_registration(session, registration_id)
    record(session, actor_id, "registration.undo_check_in", "meetup", meetup_id,
           f"{view.name} <{view.email}>")
    return view


# ---------------------------------------------------------------- CSV export


def _csv_cell(value: str) -> str:
    """Spreadsheets run cells that start with = + - @ (or a tab / CR) as formulas: such
    cells get a leading apostrophe, so a member's name can never become one."""
    if value and value[0] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _korea_stamp(value: dt.datetime | None) -> str:
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(KOREA).strftime("%Y-%m-%d %H:%M")


def attendees_csv_filename(session: Session, meetup_id: int) -> str:
    meetup = _meetup(session, meetup_id)
    return f"attendees-{meetup_id}-{korea_date_of(meetup.starts_at).isoformat()}.csv"


def export_attendees_csv(
    session: Session, actor_id: int, meetup_id: int, *, lang: str = "en"
) -> str:
    """The attendees (accepted and pending registrations) as CSV text for Excel: a UTF-8
    byte-order mark, a header row in ``lang``, then name, email, phone, status, registered
    at and checked in at (Korea time, YYYY-MM-DD HH:MM)."""
    rows = [
        r
        for r in list_registrations(session, actor_id, meetup_id)
        if r.status in SEAT_HOLDING
    ]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([gettext(c, lang) for c in CSV_COLUMNS])
    for r in rows:
        writer.writerow(
            [
                _csv_cell(r.name),
                _csv_cell(r.email),
                _csv_cell(r.phone),
                r.status,
                _korea_stamp(r.registered_at),
                _korea_stamp(r.checked_in_at),
            ]
        )
    record(session, actor_id, "meetup.export_csv", "meetup", meetup_id, f"{len(rows)} rows")
    return "\ufeff" + out.getvalue()


# ---------------------------------------------------------------- attendance


@dataclasses.dataclass(frozen=True)
class AttendanceSummary:
    past_meetups: int
    total_attended: int
    average_attended: int


def attendance_summary(
    session: Session, actor_id: int, *, now: dt.datetime | None = None
) -> AttendanceSummary:
    """How many people came to past meetups (checked in), in total and on average."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    count, total = session.exec(
        select(func.count(), func.coalesce(func.sum(Meetup.attended_count), 0)).where(
            Meetup.starts_at < now
        )
    ).one()
    count, total = int(count or 0), int(total or 0)
    return AttendanceSummary(count, total, round(total / count) if count else 0)
