"""The organizers edit a meetup's programme: speakers, keynote sessions and notes."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session, col, select

from community_app.core.db import utcnow

# SPEC section 3: what a meetup shows when a value is missing.
from community_app.core.korea_time import (
    korea_date_of,
    korea_to_utc,
    parse_time,
)
from community_app.models import (
    KeynoteSession,
    Meetup,
    MeetupNote,
    Speaker,
)
from community_app.services.admin.common import (
    MEETUP_CACHES,
    flag,
    removed,
    saved,
    text,
    whole_number,
)
from community_app.services.audit import require_organizer
from community_app.services.bulk import update_where
from community_app.services.errors import Invalid, InvalidMany, NotFound
from community_app.services.lookup import get_or_404
from community_app.services.meetups.admin_edits import (
    NOTE_RULES,
    SESSION_RULES,
    SPEAKER_RULES,
    clock_order_problem,
)
from community_app.services.meetups.admin_views import (
    NOTE_NOT_FOUND,
    SESSION_NOT_FOUND,
    SESSION_SPEAKER_INVALID,
    SPEAKER_NOT_FOUND,
    AdminNoteView,
    AdminSessionView,
    AdminSpeakerView,
    meetup_or_404,
)
from community_app.services.meetups.views import session_view, speaker_view
from community_app.services.validation import (
    collect,
)


def _saved(session: Session, actor_id: int, meetup_id: int, row, action: str, detail: str):
    """A part of the programme written; the change logged against its meetup."""
    return saved(session, actor_id, row, action, ("meetup", meetup_id), detail, MEETUP_CACHES)


def _removed(session: Session, actor_id: int, meetup_id: int, row, action: str, detail: str):
    removed(session, actor_id, row, action, ("meetup", meetup_id), detail, MEETUP_CACHES)


# ---------------------------------------------------------------- speakers


def _validate_speaker(data: Mapping[str, object]) -> tuple[dict[str, object], dict[str, str]]:
    errors = collect(data, SPEAKER_RULES)
    values: dict[str, object] = {
        "full_name": text(data, "fullName"),
        "job_position": text(data, "jobPosition"),
        "company": text(data, "company"),
        "bio": text(data, "bio")[:5000],
        "profile_url": text(data, "profileURL") or None,
        "image_url": text(data, "imageURL") or None,
    }
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
    meetup_or_404(session, meetup_id)
    values, errors = _validate_speaker(data)
    if errors:
        raise InvalidMany(errors)
    speaker = Speaker(meetup_id=meetup_id, **values)
    _saved(session, actor_id, meetup_id, speaker, "speaker.add", speaker.full_name)
    return speaker_view(speaker)


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
    _saved(session, actor_id, meetup_id, speaker, "speaker.update", speaker.full_name)
    return speaker_view(speaker)


def remove_speaker(session: Session, actor_id: int, meetup_id: int, speaker_id: int) -> None:
    """Remove a speaker; their sessions stay, without a speaker."""
    require_organizer(session, actor_id)
    speaker = _speaker(session, meetup_id, speaker_id)
    name = speaker.full_name
    update_where(
        session, KeynoteSession,
        col(KeynoteSession.speaker_id) == speaker_id,
        speaker_id=None,
    )
    _removed(session, actor_id, meetup_id, speaker, "speaker.remove", name)


# ---------------------------------------------------------------- keynote sessions


def _validate_session(
    session: Session, meetup: Meetup, data: Mapping[str, object]
) -> dict[str, object]:
    """Subject, startTime and endTime (HH:MM, Korea time, on the meetup's date) and an
    optional speakerId of this meetup."""
    errors = {**collect(data, SESSION_RULES), **clock_order_problem(data)}
    subject = text(data, "subject")
    start = parse_time(text(data, "startTime"))
    end = parse_time(text(data, "endTime"))
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
    meetup = meetup_or_404(session, meetup_id)
    row = KeynoteSession(meetup_id=meetup_id, **_validate_session(session, meetup, data))
    _saved(session, actor_id, meetup_id, row, "session.add", row.subject)
    return session_view(row, _names(session, meetup_id))


def update_session(
    session: Session, actor_id: int, meetup_id: int, session_id: int, data: Mapping[str, object]
) -> AdminSessionView:
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    row = _session(session, meetup_id, session_id)
    for name, value in _validate_session(session, meetup, data).items():
        setattr(row, name, value)
    _saved(session, actor_id, meetup_id, row, "session.update", row.subject)
    return session_view(row, _names(session, meetup_id))


def remove_session(session: Session, actor_id: int, meetup_id: int, session_id: int) -> None:
    require_organizer(session, actor_id)
    row = _session(session, meetup_id, session_id)
    subject = row.subject
    _removed(session, actor_id, meetup_id, row, "session.remove", subject)


# ---------------------------------------------------------------- notes


def _note(session: Session, meetup_id: int, note_id: int) -> MeetupNote:
    note = get_or_404(session, MeetupNote, note_id, NOTE_NOT_FOUND)
    if note.meetup_id != meetup_id:
        raise NotFound(NOTE_NOT_FOUND)
    return note


def _note_text(data: Mapping[str, object]) -> str:
    if message := NOTE_RULES["content"](data.get("content")):
        raise Invalid("content", message)
    return text(data, "content")


def add_note(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminNoteView:
    """A note shown on the meetup page while active (``active``, true by default)."""
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    note = MeetupNote(
        meetup_id=meetup_id,
        content=_note_text(data),
        is_active=flag(data, "active", True),
        created_at=utcnow(),
    )
    _saved(session, actor_id, meetup_id, note, "note.add", note.content[:200])
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
    action = "note.update" if note.is_active else "note.archive"
    _saved(session, actor_id, meetup_id, note, action, note.content[:200])
    return AdminNoteView(note.id, note.content, note.is_active, note.created_at)


def remove_note(session: Session, actor_id: int, meetup_id: int, note_id: int) -> None:
    require_organizer(session, actor_id)
    note = _note(session, meetup_id, note_id)
    content = note.content
    _removed(session, actor_id, meetup_id, note, "note.remove", content[:200])
