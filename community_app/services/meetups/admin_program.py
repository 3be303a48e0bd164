"""The organizers edit a meetup's programme from its page: speakers, sessions (talks with a
slot, services/talks/) and notes."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.core.korea_time import (
    korea_date_of,
    korea_to_utc,
    parse_time,
)
from community_app.models import (
    Meetup,
    MeetupNote,
    SpeakerProfile,
    Talk,
)
from community_app.services import talks
from community_app.services.admin.common import (
    MEETUP_CACHES,
    flag,
    removed,
    saved,
    text,
    whole_number,
)
from community_app.services.audit import require_organizer
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
#
# A speaker is a profile across meetups (services/talks/): added here, it can be chosen
# for this meetup's sessions; removed here, it leaves this meetup's talks only.


def _validate_speaker(data: Mapping[str, object]) -> tuple[dict[str, object], dict[str, str]]:
    errors = collect(data, SPEAKER_RULES)
    profile_url = text(data, "profileURL")
    values: dict[str, object] = {
        "name": text(data, "fullName"),
        "job_position": text(data, "jobPosition"),
        "company": text(data, "company"),
        "bio": text(data, "bio")[:5000],
        "links": [profile_url] if profile_url else [],
        "photo_url": text(data, "imageURL") or None,
    }
    return values, errors


def _speaker(session: Session, speaker_id: int) -> SpeakerProfile:
    return get_or_404(session, SpeakerProfile, speaker_id, SPEAKER_NOT_FOUND)


def _speaker_out(profile: SpeakerProfile) -> AdminSpeakerView:
    return speaker_view(talks.speaker_view(profile))


def add_speaker(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminSpeakerView:
    """Fields: fullName, jobPosition, company, bio, profileURL, imageURL."""
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    values, errors = _validate_speaker(data)
    if errors:
        raise InvalidMany(errors)
    profile = SpeakerProfile(slug=talks.slug_of(str(values["name"]), "speaker"), **values)
    _saved(session, actor_id, meetup_id, profile, "speaker.add", profile.name)
    return _speaker_out(profile)


def update_speaker(
    session: Session, actor_id: int, meetup_id: int, speaker_id: int, data: Mapping[str, object]
) -> AdminSpeakerView:
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    profile = _speaker(session, speaker_id)
    values, errors = _validate_speaker(data)
    if errors:
        raise InvalidMany(errors)
    if not values["links"] and profile.links:  # keep the links the form does not show
        values.pop("links")
    elif profile.links:
        values["links"] = [*values["links"], *profile.links[1:]]
    for name, value in values.items():
        setattr(profile, name, value)
    profile.updated_at = utcnow()
    _saved(session, actor_id, meetup_id, profile, "speaker.update", profile.name)
    return _speaker_out(profile)


def remove_speaker(session: Session, actor_id: int, meetup_id: int, speaker_id: int) -> None:
    """The speaker leaves this meetup's sessions (which stay, without them); a profile with
    no talk left anywhere is removed."""
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    profile = _speaker(session, speaker_id)
    talks.remove_speaker_from_meetup(session, meetup_id, speaker_id)
    if talks.get_speaker(session, speaker_id).talks or talks.has_drafts(session, speaker_id):
        _saved(session, actor_id, meetup_id, profile, "speaker.remove", profile.name)
    else:
        _removed(session, actor_id, meetup_id, profile, "speaker.remove", profile.name)


# ---------------------------------------------------------------- sessions (slotted talks)


def _validate_session(
    session: Session, meetup: Meetup, data: Mapping[str, object]
) -> tuple[dict[str, object], int | None]:
    """Subject, startTime and endTime (HH:MM, Korea time, on the meetup's date) and an
    optional speakerId (a speaker profile)."""
    errors = {**collect(data, SESSION_RULES), **clock_order_problem(data)}
    subject = text(data, "subject")
    start = parse_time(text(data, "startTime"))
    end = parse_time(text(data, "endTime"))
    speaker_id = data.get("speakerId")
    if speaker_id in (None, "", 0, "0"):
        speaker_id = None
    else:
        speaker_id = whole_number(speaker_id)
        if not speaker_id or speaker_id <= 0 or session.get(SpeakerProfile, speaker_id) is None:
            errors["speakerId"] = SESSION_SPEAKER_INVALID
    if errors:
        raise InvalidMany(errors)
    day = korea_date_of(meetup.starts_at)
    starts_at, ends_at = korea_to_utc(day, start), korea_to_utc(day, end)
    return {
        "title": subject,
        "starts_at": starts_at,
        "ends_at": ends_at,
        "duration_minutes": max(1, int((ends_at - starts_at).total_seconds() // 60)),
    }, speaker_id


def _session(session: Session, meetup_id: int, session_id: int) -> Talk:
    row = get_or_404(session, Talk, session_id, SESSION_NOT_FOUND)
    if row.meetup_id != meetup_id:
        raise NotFound(SESSION_NOT_FOUND)
    return row


def _session_out(session: Session, row: Talk) -> AdminSessionView:
    return session_view(next(t for t in talks.meetup_talks(session, row.meetup_id, drafts=True)
                             if t.id == row.id))


def _set_first_speaker(session: Session, row: Talk, speaker_id: int | None) -> None:
    """The form's one speaker becomes the talk's first; the others stay after it."""
    current = [ref.id for t in talks.meetup_talks(session, row.meetup_id, drafts=True)
               if t.id == row.id for ref in t.speakers]
    wanted = ([speaker_id] if speaker_id else []) + [i for i in current[1:] if i != speaker_id]
    if wanted != current:
        talks.set_speakers(session, row.id, wanted)


def add_session(
    session: Session, actor_id: int, meetup_id: int, data: Mapping[str, object]
) -> AdminSessionView:
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    values, speaker_id = _validate_session(session, meetup, data)
    row = Talk(meetup_id=meetup_id, slug=talks.slug_of(str(values["title"])), **values)
    _saved(session, actor_id, meetup_id, row, "session.add", row.title)
    _set_first_speaker(session, row, speaker_id)
    return _session_out(session, row)


def update_session(
    session: Session, actor_id: int, meetup_id: int, session_id: int, data: Mapping[str, object]
) -> AdminSessionView:
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    row = _session(session, meetup_id, session_id)
    values, speaker_id = _validate_session(session, meetup, data)
    for name, value in values.items():
        setattr(row, name, value)
    row.updated_at = utcnow()
    _saved(session, actor_id, meetup_id, row, "session.update", row.title)
    _set_first_speaker(session, row, speaker_id)
    return _session_out(session, row)


def remove_session(session: Session, actor_id: int, meetup_id: int, session_id: int) -> None:
    require_organizer(session, actor_id)
    row = _session(session, meetup_id, session_id)
    subject, key = row.title, row.slides_key
    talks.set_speakers(session, row.id, [])
    _removed(session, actor_id, meetup_id, row, "session.remove", subject)
    talks.forget_slides([key])


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
