"""Talks and speaker profiles, written by the organizers (issue 41): the back office's
talk and speaker editors, the programme editor's moves, slides upload and removal (also
for the speaker's own page), a speaker profile's uploaded photo (also for the member's own
profile), each change audited."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterable, Mapping

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.core.korea_time import korea_date_of, korea_to_utc, parse_time
from community_app.i18n import N_
from community_app.models import Meetup, SpeakerProfile, Talk, TalkSpeaker
from community_app.models.enums import TalkStatus
from community_app.services.admin.common import (
    MEETUP_CACHES, removed, saved, store_public_picture, text,
)
from community_app.services.audit import require_organizer
from community_app.services.errors import Invalid, InvalidMany
from community_app.services.lookup import get_or_404
from community_app.services.storage import get_storage
from community_app.services.talks.reading import (
    TALK_NOT_FOUND, SPEAKER_NOT_FOUND, TIME_INVALID, END_BEFORE_START, SPEAKERS_INVALID,
    LINKS_INVALID, SLIDES_INVALID, MAX_SLIDES_BYTES, MAX_LINKS, SLIDES_FOLDER, TALK_RULES,
    SPEAKER_RULES, slug_of, TalkView, SpeakerView, speaker_view, talk_views, programme_order,
    meetup_talks, list_speakers,
)
from community_app.services.uploads import PUBLIC_SPEAKERS, delete_public_image
from community_app.services.validation import as_text, collect, web_url_host, whole_number


# ---------------------------------------------------------------- writes (organizers)


def _talk_row(session: Session, talk_id: int) -> Talk:
    return get_or_404(session, Talk, talk_id, TALK_NOT_FOUND)


def _speaker_row(session: Session, speaker_id: int) -> SpeakerProfile:
    return get_or_404(session, SpeakerProfile, speaker_id, SPEAKER_NOT_FOUND)


def _speaker_ids(session: Session, value: object, errors: dict[str, str]) -> list[int] | None:
    """The speakerIds sent (a list of ids, in order), each an existing profile."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        errors["speakerIds"] = SPEAKERS_INVALID
        return None
    ids = [whole_number(v) for v in value]
    if any(i is None or i <= 0 for i in ids) or len(set(ids)) != len(ids):
        errors["speakerIds"] = SPEAKERS_INVALID
        return None
    known = set(session.exec(select(SpeakerProfile.id).where(
        col(SpeakerProfile.id).in_(ids or [0]))).all())
    if known != set(ids):
        errors["speakerIds"] = SPEAKERS_INVALID
        return None
    return ids


def _slot(meetup: Meetup, data: Mapping[str, object], duration: int,
          errors: dict[str, str]) -> tuple[dt.datetime | None, dt.datetime | None] | None:
    """startTime (HH:MM, Korea time, on the meetup's day) and endTime (or start + the
    duration); empty startTime: no slot. None when neither was sent."""
    if "startTime" not in data:
        return None
    start_text = as_text(data.get("startTime"))
    if not start_text:
        return (None, None)
    start = parse_time(start_text)
    if start is None:
        errors["startTime"] = TIME_INVALID
        return None
    day = korea_date_of(meetup.starts_at)
    starts_at = korea_to_utc(day, start)
    end_text = as_text(data.get("endTime"))
    if end_text:
        end = parse_time(end_text)
        if end is None:
            errors["endTime"] = TIME_INVALID
            return None
        ends_at = korea_to_utc(day, end)
        if ends_at <= starts_at:
            errors["endTime"] = END_BEFORE_START
            return None
    else:
        ends_at = starts_at + dt.timedelta(minutes=duration)
    return starts_at, ends_at


def _apply_talk(session: Session, talk: Talk, meetup: Meetup,
                data: Mapping[str, object]) -> list[int] | None:
    """Check the sent fields and set them on ``talk``; the speaker ids sent (or None)."""
    # Only the fields sent are checked (the title also on a new talk): an edit of the status
    # alone keeps the title it has.
    errors = collect(data, {k: rule for k, rule in TALK_RULES.items() if k in data})
    if "title" in data or talk.id is None:
        errors.update(collect({"title": data.get("title")}, {"title": TALK_RULES["title"]}))
    speaker_ids = _speaker_ids(session, data.get("speakerIds"), errors)
    duration = whole_number(data.get("durationMinutes")) or talk.duration_minutes or 30
    slot = _slot(meetup, data, duration, errors)
    if errors:
        raise InvalidMany(errors)
    for field, column in (("title", "title"), ("abstract", "abstract"), ("room", "room")):
        if field in data:
            setattr(talk, column, text(data, field))
    for field, column in (("language", "language"), ("level", "level"), ("status", "status")):
        if as_text(data.get(field)):
            setattr(talk, column, as_text(data.get(field)).lower())
    if as_text(str(data.get("durationMinutes") or "")):
        talk.duration_minutes = duration
    for field, column in (("slidesUrl", "slides_url"), ("recordingUrl", "recording_url")):
        if field in data:
            setattr(talk, column, text(data, field) or None)
    if slot is not None:
        talk.starts_at, talk.ends_at = slot
        if slot[0] is not None and slot[1] is not None:
            talk.duration_minutes = max(1, int((slot[1] - slot[0]).total_seconds() // 60))
    if not talk.slug:
        talk.slug = slug_of(talk.title)
    talk.updated_at = utcnow()
    return speaker_ids


def set_speakers(session: Session, talk_id: int, speaker_ids: list[int]) -> None:
    """The talk's speakers become these profiles, in this order (the caller logs it)."""
    for link in session.exec(select(TalkSpeaker).where(TalkSpeaker.talk_id == talk_id)).all():
        session.delete(link)
    session.flush()
    for position, speaker_id in enumerate(speaker_ids):
        session.add(TalkSpeaker(talk_id=talk_id, speaker_id=speaker_id, position=position))
    session.flush()


def _admin_view(session: Session, talk: Talk) -> TalkView:
    meetup = session.get(Meetup, talk.meetup_id)
    return talk_views(session, [(talk, meetup)])[0]


def _logged_talk(session: Session, actor_id: int, talk: Talk, action: str) -> Talk:
    return saved(session, actor_id, talk, action, ("talk", None), talk.title, MEETUP_CACHES)


def create_talk(session: Session, actor_id: int, meetup_id: int,
                data: Mapping[str, object]) -> TalkView:
    """A new talk of the meetup. Fields: title, abstract, language, level, durationMinutes,
    startTime/endTime (HH:MM Korea time), room, status, slidesUrl, recordingUrl, speakerIds."""
    require_organizer(session, actor_id)
    meetup = get_or_404(session, Meetup, meetup_id, N_("Event not found."))
    talk = Talk(meetup_id=meetup.id, slug="", title="")
    speaker_ids = _apply_talk(session, talk, meetup, data)
    _logged_talk(session, actor_id, talk, "talk.add")
    if speaker_ids is not None:
        set_speakers(session, talk.id, speaker_ids)
    return _admin_view(session, talk)


def update_talk(session: Session, actor_id: int, talk_id: int,
                data: Mapping[str, object]) -> TalkView:
    """Change the fields sent (as ``create_talk`` takes them); the slug stays."""
    require_organizer(session, actor_id)
    talk = _talk_row(session, talk_id)
    meetup = session.get(Meetup, talk.meetup_id)
    speaker_ids = _apply_talk(session, talk, meetup, data)
    _logged_talk(session, actor_id, talk, "talk.update")
    if speaker_ids is not None:
        set_speakers(session, talk.id, speaker_ids)
    return _admin_view(session, talk)


def delete_talk(session: Session, actor_id: int, talk_id: int) -> None:
    require_organizer(session, actor_id)
    talk = _talk_row(session, talk_id)
    key = talk.slides_key
    removed(session, actor_id, talk, "talk.remove", ("talk", talk_id), talk.title, MEETUP_CACHES)
    if key:
        get_storage().delete(key)


def move_talk(session: Session, actor_id: int, talk_id: int, direction: int) -> list[TalkView]:
    """The programme editor's keyboard move: the talk swaps its slot (start, end, room)
    with the talk before it (direction -1) or after it (+1) in the programme; a talk
    without a slot takes the slot after the last one. Returns the meetup's programme."""
    require_organizer(session, actor_id)
    talk = _talk_row(session, talk_id)
    order = [t for t in session.exec(select(Talk).where(Talk.meetup_id == talk.meetup_id)
                                     .order_by(*programme_order())).all()
             if t.status != TalkStatus.CANCELLED.value or t.id == talk.id]
    index = next(i for i, t in enumerate(order) if t.id == talk.id)
    other_index = index + (1 if direction > 0 else -1)
    if 0 <= other_index < len(order):
        other = order[other_index]
        if talk.starts_at is None and other.starts_at is not None:
            # An unscheduled talk moved up takes the slot right after the one above it.
            talk.starts_at = other.ends_at
            talk.ends_at = other.ends_at + dt.timedelta(minutes=talk.duration_minutes)
            talk.room = other.room
        elif other.starts_at is None and talk.starts_at is not None:
            other.starts_at, other.ends_at, other.room = talk.starts_at, talk.ends_at, talk.room
            talk.starts_at = talk.ends_at = None
        else:
            # Swap places: the earlier of the two starts where the first one started.
            first, second = (talk, other) if other_index > index else (other, talk)
            start, room1, room2 = first.starts_at, first.room, second.room
            second_start = start
            second_end = start + dt.timedelta(minutes=second.duration_minutes)
            first.starts_at = second_end
            first.ends_at = second_end + dt.timedelta(minutes=first.duration_minutes)
            second.starts_at, second.ends_at = second_start, second_end
            first.room, second.room = room2, room1
        for row in (talk, other):
            row.updated_at = utcnow()
            session.add(row)
        session.flush()
        _logged_talk(session, actor_id, talk, "talk.move")
    return meetup_talks(session, talk.meetup_id, drafts=True)


def _is_pdf(data: bytes) -> bool:
    return data[:5] == b"%PDF-" and b"%%EOF" in data[-2048:]


def upload_slides(session: Session, actor_id: int | None, talk_id: int, data: bytes, *,
                  allowed=None, action: str = "talk.slides", detail: str | None = None,
                  subject_user_id: int | None = None) -> TalkView:
    """Store a PDF as the talk's slides (an organizer, or ``allowed`` when the speaker's own
    page calls it, naming its own audit ``action`` and ``detail``); the old file goes."""
    if allowed is None:
        require_organizer(session, actor_id)
    talk = _talk_row(session, talk_id)
    if not data or len(data) > MAX_SLIDES_BYTES or not _is_pdf(data):
        raise Invalid("slides", SLIDES_INVALID)
    key = f"{SLIDES_FOLDER}/{secrets.token_hex(16)}.pdf"
    get_storage().write(key, data, content_type="application/pdf", private=True)
    old, talk.slides_key = talk.slides_key, key
    talk.updated_at = utcnow()
    try:
        saved(session, actor_id, talk, action, ("talk", talk.id),
              talk.title if detail is None else detail, MEETUP_CACHES,
              subject_user_id=subject_user_id)
    except Exception:
        get_storage().delete(key)
        raise
    if old and old != key:
        get_storage().delete(old)
    return _admin_view(session, talk)


def remove_slides(session: Session, actor_id: int | None, talk_id: int, *, allowed=None,
                  action: str = "talk.slides_remove", detail: str | None = None,
                  subject_user_id: int | None = None) -> TalkView:
    """Take the uploaded slides off the talk (as ``upload_slides``: an organizer, or the
    speaker's own page with ``allowed``); the stored file goes."""
    if allowed is None:
        require_organizer(session, actor_id)
    talk = _talk_row(session, talk_id)
    old, talk.slides_key = talk.slides_key, None
    talk.updated_at = utcnow()
    saved(session, actor_id, talk, action, ("talk", talk.id),
          talk.title if detail is None else detail, MEETUP_CACHES,
          subject_user_id=subject_user_id)
    if old:
        get_storage().delete(old)
    return _admin_view(session, talk)


def _links(value: object, errors: dict[str, str]) -> list[str] | None:
    if value is None:
        return None
    items = value.splitlines() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        errors["links"] = LINKS_INVALID
        return None
    links = [as_text(v) for v in items if as_text(v)]
    if len(links) > MAX_LINKS or any(web_url_host(v) is None or len(v) > 500 for v in links):
        errors["links"] = LINKS_INVALID
        return None
    return links


def apply_speaker_fields(profile: SpeakerProfile, data: Mapping[str, object]) -> None:
    """The speaker fields sent, checked by ``SPEAKER_RULES`` (InvalidMany), set on ``profile``."""
    # The photo's address sent back as it is (an uploaded photo's is the site's own, not an
    # http(s) address one could type) is no change to check.
    kept_photo = "photoUrl" in data and (text(data, "photoUrl") or None) == profile.photo_url
    rules = {k: r for k, r in SPEAKER_RULES.items()
             if (k in data and not (k == "photoUrl" and kept_photo))
             or (k == "name" and not profile.id)}
    errors = collect(data, rules)
    links = _links(data.get("links"), errors)
    if errors:
        raise InvalidMany(errors)
    for field, column in (("name", "name"), ("jobPosition", "job_position"),
                          ("company", "company"), ("bio", "bio")):
        if field in data:
            setattr(profile, column, text(data, field))
    if "photoUrl" in data:
        profile.photo_url = text(data, "photoUrl") or None
    if links is not None:
        profile.links = links
    if "keepNameAfterErasure" in data:
        profile.keep_name_after_erasure = bool(data.get("keepNameAfterErasure"))
    if not profile.slug:
        profile.slug = slug_of(profile.name, "speaker")
    profile.updated_at = utcnow()


def create_speaker(session: Session, actor_id: int, data: Mapping[str, object]) -> SpeakerView:
    """A new speaker profile. Fields: name, jobPosition, company, bio, photoUrl, links."""
    require_organizer(session, actor_id)
    profile = SpeakerProfile(slug="", name="")
    apply_speaker_fields(profile, data)
    saved(session, actor_id, profile, "speaker_profile.add", ("speaker_profile", None),
          profile.name, MEETUP_CACHES)
    return speaker_view(profile)


def update_speaker(session: Session, actor_id: int, speaker_id: int,
                   data: Mapping[str, object]) -> SpeakerView:
    """Edit a speaker profile (the fields of ``create_speaker``); an uploaded photo replaced
    by a typed address (or none) is deleted from the store."""
    require_organizer(session, actor_id)
    profile = _speaker_row(session, speaker_id)
    old_photo = profile.photo_url
    apply_speaker_fields(profile, data)
    saved(session, actor_id, profile, "speaker_profile.update", ("speaker_profile", profile.id),
          profile.name, MEETUP_CACHES)
    if old_photo != profile.photo_url:
        delete_public_image(old_photo)
    return speaker_view(profile)


def set_speaker_photo(session: Session, actor_id: int | None, profile: SpeakerProfile,
                      data: bytes | None, action: str, *,
                      subject_user_id: int | None = None) -> SpeakerView:
    """Give the speaker profile the uploaded photo ``data`` (the site's image checks:
    JPEG, PNG or WebP of at most 5 MB, re-encoded, stored in the public speakers folder of
    the object store), or none when ``data`` is None; written and audited, then the old
    stored file deleted (an address the organizers typed is left alone). The one rule of
    the organizers' ``change_speaker_photo`` and the member's own (own_profile.py)."""
    url = store_public_picture(data, PUBLIC_SPEAKERS, field="photo") if data is not None else None
    old, profile.photo_url = profile.photo_url, url
    profile.updated_at = utcnow()
    try:
        saved(session, actor_id, profile, action, ("speaker_profile", profile.id), profile.name,
              MEETUP_CACHES, subject_user_id=subject_user_id)
    except Exception:
        delete_public_image(url)
        raise
    if old != url:
        delete_public_image(old)
    return speaker_view(profile)


def change_speaker_photo(session: Session, actor_id: int, speaker_id: int,
                         data: bytes | None) -> SpeakerView:
    """An organizer uploads, replaces (``data``) or removes (None) a speaker profile's
    photo (``set_speaker_photo``); audited (``speaker_profile.photo``,
    ``speaker_profile.photo_remove``), about the linked member when there is one."""
    require_organizer(session, actor_id)
    profile = _speaker_row(session, speaker_id)
    action = "speaker_profile.photo" if data is not None else "speaker_profile.photo_remove"
    return set_speaker_photo(session, actor_id, profile, data, action,
                             subject_user_id=profile.user_id)


def delete_speaker(session: Session, actor_id: int, speaker_id: int) -> None:
    """Remove a speaker profile; their talks stay, without them."""
    require_organizer(session, actor_id)
    profile = _speaker_row(session, speaker_id)
    for link in session.exec(select(TalkSpeaker).where(TalkSpeaker.speaker_id == speaker_id)).all():
        session.delete(link)
    # The links go first: in one flush the profile's row may go first, and the database's
    # cascade would take the links the unit of work then expects to delete.
    session.flush()
    photo = profile.photo_url
    removed(session, actor_id, profile, "speaker_profile.remove", ("speaker_profile", speaker_id),
            profile.name, MEETUP_CACHES)
    delete_public_image(photo)  # an uploaded photo goes with the profile


def add_speaker_to_talk(session: Session, talk_id: int, speaker_id: int) -> None:
    """Put a speaker last on a talk (no audit: the caller's change is logged)."""
    taken = session.exec(select(TalkSpeaker).where(TalkSpeaker.talk_id == talk_id)).all()
    if any(t.speaker_id == speaker_id for t in taken):
        return
    session.add(TalkSpeaker(talk_id=talk_id, speaker_id=speaker_id, position=len(taken)))
    session.flush()


def remove_speaker_from_meetup(session: Session, meetup_id: int, speaker_id: int) -> None:
    """The speaker leaves every talk of this meetup (the talks stay)."""
    ids = session.exec(select(Talk.id).where(Talk.meetup_id == meetup_id)).all()
    for link in session.exec(select(TalkSpeaker).where(
            col(TalkSpeaker.talk_id).in_(list(ids) or [0]),
            TalkSpeaker.speaker_id == speaker_id)).all():
        session.delete(link)
    session.flush()


def forget_slides(keys: Iterable[str | None]) -> None:
    """Delete the stored slides of talks that are gone (a deleted meetup's)."""
    for key in keys:
        if key:
            get_storage().delete(key)


def has_drafts(session: Session, speaker_id: int) -> bool:
    """Whether the speaker has a draft talk (an accepted application not yet placed)."""
    return session.exec(select(Talk.id).join(TalkSpeaker, col(TalkSpeaker.talk_id) == col(Talk.id))
                        .where(TalkSpeaker.speaker_id == speaker_id,
                               Talk.status == TalkStatus.DRAFT.value)).first() is not None


def admin_programme(session: Session, actor_id: int, meetup_id: int) -> list[TalkView]:
    """The back office's programme of a meetup: every talk, drafts too."""
    require_organizer(session, actor_id)
    get_or_404(session, Meetup, meetup_id, N_("Event not found."))
    return meetup_talks(session, meetup_id, drafts=True)


def admin_speakers(session: Session, actor_id: int) -> list[SpeakerView]:
    """Every speaker profile, by name (the back office's speaker editor and choices)."""
    require_organizer(session, actor_id)
    return list_speakers(session)
