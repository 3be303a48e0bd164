"""Talks and speaker profiles (issue 41): what the public pages, the REST API, the schedule
feeds, search and the KO'DJ contract read, and what the back office writes. Once, here.

A talk belongs to a meetup's programme and has one or more speakers in order; a speaker
profile is one person across meetups. Drafts (accepted applications not yet placed) are
seen only by organizers; scheduled and cancelled talks are public.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import parse_qs, urlsplit

from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.core.korea_time import korea_date_of, korea_to_utc, parse_time
from community_app.i18n import N_
from community_app.models import Meetup, SpeakerProfile, Talk, TalkSpeaker
from community_app.models.enums import TalkLanguage, TalkLevel, TalkStatus
from community_app.models.talk import SLUG_LENGTH
from community_app.services.admin.common import (
    MEETUP_CACHES, removed, saved, store_public_picture, text,
)
from community_app.services.audit import require_organizer
from community_app.services.errors import Invalid, InvalidMany, NotFound
from community_app.services.lookup import MAX_ID, get_or_404
from community_app.services.markdown import plain_excerpt, render_markdown
from community_app.services.storage import get_storage
from community_app.services.uploads import PUBLIC_SPEAKERS, delete_public_image
from community_app.services.validation import (
    as_text, choice_rule, collect, number_rule, optional_url_problem, text_rule,
    web_url_host, whole_number,
)

TALK_NOT_FOUND = N_("Talk not found.")
SPEAKER_NOT_FOUND = N_("Speaker not found.")
TALK_TITLE_REQUIRED = N_("Title is required (200 characters at most).")
ABSTRACT_TOO_LONG = N_("The abstract can be at most 20,000 characters.")
LANGUAGE_INVALID = N_("Choose the talk's language: Uzbek, English, Korean or Russian.")
LEVEL_INVALID = N_("Choose the talk's level.")
STATUS_INVALID = N_("Choose draft, scheduled or cancelled.")
DURATION_INVALID = N_("The duration is a number of minutes from 5 to 480.")
ROOM_TOO_LONG = N_("The room or track can be at most 100 characters.")
TIME_INVALID = N_("Use a time like 19:30.")
END_BEFORE_START = N_("The end must be after the start.")
RECORDING_INVALID = N_("The recording must be a YouTube, Vimeo or PeerTube video address.")
SPEAKERS_INVALID = N_("Choose speakers from the list.")
SPEAKER_NAME_INVALID = N_("The speaker's name has 2 to 120 characters.")
FIELD_TOO_LONG = N_("This field can be at most 120 characters.")
BIO_TOO_LONG = N_("The bio can be at most 5,000 characters.")
LINKS_INVALID = N_("Each link must be an http(s) address (at most 5 links).")
SLIDES_INVALID = N_("Slides must be a PDF file of at most 20 MB.")
SLIDES_MISSING = N_("This talk has no uploaded slides.")

MAX_SLIDES_BYTES = 20 * 1024 * 1024
MAX_LINKS = 5
SLIDES_FOLDER = "uploads/slides"
PUBLIC_STATUSES = (TalkStatus.SCHEDULED.value, TalkStatus.CANCELLED.value)

TALK_RULES = {
    "title": text_rule(TALK_TITLE_REQUIRED, 200, required=True),
    "abstract": text_rule(ABSTRACT_TOO_LONG, 20_000),
    "language": choice_rule(LANGUAGE_INVALID, TalkLanguage.values(), case=str.lower),
    "level": choice_rule(LEVEL_INVALID, TalkLevel.values(), case=str.lower),
    "status": choice_rule(STATUS_INVALID, TalkStatus.values(), case=str.lower),
    "durationMinutes": number_rule(DURATION_INVALID, 5, 480),
    "room": text_rule(ROOM_TOO_LONG, 100),
    "slidesUrl": optional_url_problem,
}
SPEAKER_RULES = {
    "name": text_rule(SPEAKER_NAME_INVALID, 120, minimum=2, required=True),
    "jobPosition": text_rule(FIELD_TOO_LONG, 120),
    "company": text_rule(FIELD_TOO_LONG, 120),
    "bio": text_rule(BIO_TOO_LONG, 5000),
    "photoUrl": optional_url_problem,
}


# ---------------------------------------------------------------- addresses and embeds


def slug_of(words: str, fallback: str = "talk") -> str:
    """The address words made from a title or a name: ASCII letters and digits joined by
    '-' (Uzbek's o‘ and g‘ lose the apostrophe), at most 80 characters."""
    unquoted = re.sub(r"[\'\u2018\u2019\u02bb\u02bc`]", "", words or "")  # o‘zbek -> ozbek
    ascii_text = unicodedata.normalize("NFKD", unquoted).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:SLUG_LENGTH].strip("-")
    return slug or fallback


@dataclasses.dataclass(frozen=True)
class Recording:
    """A recording shown as a placeholder button first; the player (``embed_url``) is loaded
    only when the visitor clicks it, so no request goes to the video site before."""

    provider: str  # "YouTube", "Vimeo" or "PeerTube"
    url: str  # the address as given (the video's own page)
    embed_url: str


_YOUTUBE_ID = re.compile(r"^[A-Za-z0-9_-]{6,20}$")


def recording_of(url: str | None) -> Recording | None:
    """The embed of a YouTube, Vimeo or PeerTube video address; None for anything else."""
    if not url or web_url_host(url) is None:
        return None
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    path = [p for p in parts.path.split("/") if p]
    if host in ("youtu.be",) and path:
        video = path[0]
    elif host.endswith("youtube.com") or host.endswith("youtube-nocookie.com"):
        if path[:1] == ["watch"]:
            video = (parse_qs(parts.query).get("v") or [""])[0]
        elif len(path) >= 2 and path[0] in ("embed", "shorts", "live", "v"):
            video = path[1]
        else:
            video = ""
    else:
        video = ""
    if video and _YOUTUBE_ID.match(video):
        return Recording("YouTube", url,
                         f"https://www.youtube-nocookie.com/embed/{video}?autoplay=1")
    if host in ("vimeo.com", "www.vimeo.com", "player.vimeo.com"):
        digits = [p for p in path if p.isdigit()]
        if digits:
            return Recording("Vimeo", url,
                             f"https://player.vimeo.com/video/{digits[0]}?autoplay=1&dnt=1")
        return None
    # PeerTube: /w/<id>, /videos/watch/<id> or /videos/embed/<id> on any instance.
    if len(path) == 2 and path[0] == "w":
        video = path[1]
    elif len(path) == 3 and path[0] == "videos" and path[1] in ("watch", "embed"):
        video = path[2]
    else:
        return None
    if not re.fullmatch(r"[A-Za-z0-9-]{6,64}", video):
        return None
    return Recording("PeerTube", url,
                     f"https://{parts.netloc}/videos/embed/{video}?autoplay=1&warningTitle=0")


def _recording_problem(value: object) -> str | None:
    value = as_text(value)
    return RECORDING_INVALID if value and recording_of(value) is None else None


TALK_RULES["recordingUrl"] = _recording_problem


# ---------------------------------------------------------------- views


@dataclasses.dataclass(frozen=True)
class SpeakerRef:
    """A speaker as a talk names them."""

    id: int
    name: str
    slug: str
    photo_url: str | None
    job_position: str
    company: str

    @property
    def path(self) -> str:
        return routes.speaker_page(self.id, self.slug)


@dataclasses.dataclass(frozen=True)
class TalkView:
    id: int
    meetup_id: int
    meetup_title: str
    slug: str
    title: str
    abstract: str  # Markdown as written
    language: str
    level: str
    duration_minutes: int
    starts_at: dt.datetime | None
    ends_at: dt.datetime | None
    room: str
    status: str
    slides_url: str | None  # a link given by the speaker
    has_slides_file: bool  # an uploaded PDF, served at ``routes.talk_slides``
    recording_url: str | None
    speakers: tuple[SpeakerRef, ...]
    created_at: dt.datetime
    updated_at: dt.datetime

    @property
    def path(self) -> str:
        return routes.talk_page(self.id, self.slug)

    @property
    def slides_link(self) -> str | None:
        """Where the slides are: the uploaded PDF first, else the link."""
        return routes.talk_slides(self.id) if self.has_slides_file else self.slides_url

    @property
    def recording(self) -> Recording | None:
        return recording_of(self.recording_url)

    @property
    def abstract_html(self) -> str:
        return render_markdown(self.abstract)

    @property
    def summary(self) -> str:
        return plain_excerpt(self.abstract, 200)

    @property
    def speaker_names(self) -> str:
        return ", ".join(s.name for s in self.speakers)

    @property
    def cancelled(self) -> bool:
        return self.status == TalkStatus.CANCELLED.value


@dataclasses.dataclass(frozen=True)
class SpeakerView:
    id: int
    slug: str
    name: str
    job_position: str
    company: str
    bio: str
    photo_url: str | None
    links: tuple[str, ...]
    user_id: int | None
    keep_name_after_erasure: bool

    @property
    def path(self) -> str:
        return routes.speaker_page(self.id, self.slug)

    @property
    def bio_html(self) -> str:
        return render_markdown(self.bio)


@dataclasses.dataclass(frozen=True)
class SpeakerPage:
    speaker: SpeakerView
    talks: list[TalkView]  # public talks, newest first


def speaker_view(p: SpeakerProfile) -> SpeakerView:
    return SpeakerView(p.id, p.slug, p.name, p.job_position, p.company, p.bio, p.photo_url,
                       tuple(p.links or ()), p.user_id, bool(p.keep_name_after_erasure))


def _ref(p: SpeakerProfile) -> SpeakerRef:
    return SpeakerRef(p.id, p.name, p.slug, p.photo_url, p.job_position, p.company)


def _speakers_of(session: Session, talk_ids: Sequence[int]) -> dict[int, tuple[SpeakerRef, ...]]:
    if not talk_ids:
        return {}
    found: dict[int, list[SpeakerRef]] = {}
    for link, profile in session.exec(
        select(TalkSpeaker, SpeakerProfile)
        .join(SpeakerProfile, col(SpeakerProfile.id) == col(TalkSpeaker.speaker_id))
        .where(col(TalkSpeaker.talk_id).in_(list(talk_ids)))
        .order_by(col(TalkSpeaker.talk_id), col(TalkSpeaker.position), col(SpeakerProfile.id))
    ).all():
        found.setdefault(link.talk_id, []).append(_ref(profile))
    return {talk_id: tuple(refs) for talk_id, refs in found.items()}


def _views(session: Session, rows: Sequence[tuple[Talk, Meetup]]) -> list[TalkView]:
    speakers = _speakers_of(session, [t.id for t, _ in rows])
    return [TalkView(
        id=t.id, meetup_id=t.meetup_id, meetup_title=m.title, slug=t.slug, title=t.title,
        abstract=t.abstract, language=t.language, level=t.level,
        duration_minutes=t.duration_minutes, starts_at=t.starts_at, ends_at=t.ends_at,
        room=t.room, status=t.status, slides_url=t.slides_url,
        has_slides_file=bool(t.slides_key), recording_url=t.recording_url,
        speakers=speakers.get(t.id, ()), created_at=t.created_at, updated_at=t.updated_at,
    ) for t, m in rows]


def _programme_order():
    # Slotted talks by time, then those without a slot (drafts), each by id.
    return (col(Talk.starts_at).is_(None), col(Talk.starts_at), col(Talk.room), col(Talk.id))


def talks_of_meetups(session: Session, meetup_ids: Iterable[int], *,
                     drafts: bool = False) -> list[TalkView]:
    """The talks of these meetups in programme order (drafts only when asked)."""
    ids = list(meetup_ids)
    if not ids:
        return []
    query = (select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
             .where(col(Talk.meetup_id).in_(ids)))
    if not drafts:
        query = query.where(col(Talk.status).in_(PUBLIC_STATUSES))
    return _views(session, session.exec(query.order_by(col(Talk.meetup_id),
                                                       *_programme_order())).all())


def meetup_talks(session: Session, meetup_id: int, *, drafts: bool = False) -> list[TalkView]:
    """A meetup's programme: its public talks (and drafts, for organizers)."""
    return talks_of_meetups(session, [meetup_id], drafts=drafts)


def get_talk(session: Session, talk_id: int | None) -> TalkView:
    """A public talk (NotFound for a draft or an unknown id)."""
    if not talk_id or not 0 < talk_id <= MAX_ID:
        raise NotFound(TALK_NOT_FOUND)
    row = session.exec(select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
                       .where(col(Talk.id) == (talk_id or 0),
                              col(Talk.status).in_(PUBLIC_STATUSES))).first()
    if row is None:
        raise NotFound(TALK_NOT_FOUND)
    return _views(session, [row])[0]


def list_talks(session: Session, *, meetup_id: int | None = None) -> list[TalkView]:
    """Every public talk, newest meetup first (or one meetup's)."""
    if meetup_id is not None and not 0 < meetup_id <= MAX_ID:
        return []
    query = (select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
             .where(col(Talk.status).in_(PUBLIC_STATUSES)))
    if meetup_id is not None:
        query = query.where(col(Talk.meetup_id) == meetup_id)
    return _views(session, session.exec(query.order_by(
        col(Meetup.starts_at).desc(), *_programme_order())).all())


def get_speaker(session: Session, speaker_id: int | None) -> SpeakerPage:
    """A speaker and every public talk they gave, newest first."""
    profile = (session.get(SpeakerProfile, speaker_id)
               if speaker_id and 0 < speaker_id <= MAX_ID else None)
    if profile is None:
        raise NotFound(SPEAKER_NOT_FOUND)
    rows = session.exec(
        select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
        .join(TalkSpeaker, col(TalkSpeaker.talk_id) == col(Talk.id))
        .where(col(TalkSpeaker.speaker_id) == profile.id, col(Talk.status).in_(PUBLIC_STATUSES))
        .order_by(col(Meetup.starts_at).desc(), *_programme_order())).all()
    return SpeakerPage(speaker_view(profile), _views(session, rows))


def list_speakers(session: Session) -> list[SpeakerView]:
    """Every speaker profile, by name (the back office's choices)."""
    return [speaker_view(p) for p in session.exec(
        select(SpeakerProfile).order_by(col(SpeakerProfile.name), col(SpeakerProfile.id))).all()]


def speakers_of_meetup(session: Session, meetup_id: int, *, drafts: bool = False
                       ) -> list[SpeakerView]:
    """The speakers of a meetup's talks, in programme order, each once."""
    seen: dict[int, None] = {}
    for talk in meetup_talks(session, meetup_id, drafts=drafts):
        for ref in talk.speakers:
            seen.setdefault(ref.id)
    profiles = {p.id: p for p in session.exec(
        select(SpeakerProfile).where(col(SpeakerProfile.id).in_(list(seen) or [0]))).all()}
    return [speaker_view(profiles[i]) for i in seen if i in profiles]


def slides_file(session: Session, talk_id: int) -> bytes:
    """The uploaded slides of a public talk."""
    talk = session.get(Talk, talk_id) if 0 < talk_id <= MAX_ID else None
    if talk is None or talk.status not in PUBLIC_STATUSES:
        raise NotFound(TALK_NOT_FOUND)
    data = get_storage().read(talk.slides_key) if talk.slides_key else None
    if data is None:
        raise NotFound(SLIDES_MISSING)
    return data


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
    errors = collect({k: v for k, v in data.items() if k in TALK_RULES}, TALK_RULES)
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
    return _views(session, [(talk, meetup)])[0]


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
                                     .order_by(*_programme_order())).all()
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


def _apply_speaker(profile: SpeakerProfile, data: Mapping[str, object]) -> None:
    rules = {k: r for k, r in SPEAKER_RULES.items() if k in data or (k == "name" and not profile.id)}
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
    _apply_speaker(profile, data)
    saved(session, actor_id, profile, "speaker_profile.add", ("speaker_profile", None),
          profile.name, MEETUP_CACHES)
    return speaker_view(profile)


def update_speaker(session: Session, actor_id: int, speaker_id: int,
                   data: Mapping[str, object]) -> SpeakerView:
    require_organizer(session, actor_id)
    profile = _speaker_row(session, speaker_id)
    _apply_speaker(profile, data)
    saved(session, actor_id, profile, "speaker_profile.update", ("speaker_profile", profile.id),
          profile.name, MEETUP_CACHES)
    return speaker_view(profile)


def delete_speaker(session: Session, actor_id: int, speaker_id: int) -> None:
    """Remove a speaker profile; their talks stay, without them."""
    require_organizer(session, actor_id)
    profile = _speaker_row(session, speaker_id)
    for link in session.exec(select(TalkSpeaker).where(TalkSpeaker.speaker_id == speaker_id)).all():
        session.delete(link)
    # The links go first: in one flush the profile's row may go first, and the database's
    # cascade would take the links the unit of work then expects to delete.
    session.flush()
    removed(session, actor_id, profile, "speaker_profile.remove", ("speaker_profile", speaker_id),
            profile.name, MEETUP_CACHES)


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


def public_speakers(session: Session) -> list[SpeakerView]:
    """The speakers with a public talk (the sitemap's speaker pages)."""
    return [speaker_view(p) for p in session.exec(
        select(SpeakerProfile).where(col(SpeakerProfile.id).in_(
            select(TalkSpeaker.speaker_id).join(Talk, col(Talk.id) == col(TalkSpeaker.talk_id))
            .where(col(Talk.status).in_(PUBLIC_STATUSES))))
        .order_by(col(SpeakerProfile.id))).all()]


# ---------------------------------------------------------------- the speaker's own profile

NO_SPEAKER_PROFILE = N_("Your account is not linked to a speaker profile.")
SPEAKER_PROFILE_SAVED = N_("Your speaker profile is saved.")
SPEAKER_PHOTO_SAVED = N_("Your speaker photo is saved.")
SPEAKER_PHOTO_REMOVED = N_("Your speaker photo is removed.")
# What a member edits of their own profile from My Page (item 2); the photo address and the
# erasure choice stay with the organizers and the confirmation page (the member uploads or
# removes a photo file with ``change_own_speaker_photo``).
OWN_SPEAKER_FIELDS = ("name", "jobPosition", "company", "bio", "links")


def _own_speaker_row(session: Session, user_id: int | None) -> SpeakerProfile:
    profile = (session.exec(select(SpeakerProfile).where(SpeakerProfile.user_id == user_id))
               .first() if user_id else None)
    if profile is None:
        raise NotFound(NO_SPEAKER_PROFILE)
    return profile


def own_speaker_profile(session: Session, user_id: int | None) -> SpeakerView:
    """The speaker profile linked to the member's account; NotFound when there is none."""
    return speaker_view(_own_speaker_row(session, user_id))


def update_own_speaker_profile(session: Session, user_id: int | None,
                               data: Mapping[str, object]) -> SpeakerView:
    """The member edits the speaker profile linked to their account (name, jobPosition,
    company, bio, links; other keys are ignored) with the back office's rules; no one can
    reach another's profile this way. Audited as the member's own change."""
    profile = _own_speaker_row(session, user_id)
    _apply_speaker(profile, {k: v for k, v in data.items() if k in OWN_SPEAKER_FIELDS})
    saved(session, user_id, profile, "speaker_profile.update_own", ("speaker_profile", profile.id),
          profile.name, MEETUP_CACHES, subject_user_id=user_id)
    return speaker_view(profile)


def set_speaker_photo(session: Session, actor_id: int | None, profile: SpeakerProfile,
                      data: bytes | None, action: str, *,
                      subject_user_id: int | None = None) -> SpeakerView:
    """Give the speaker profile the uploaded photo ``data`` (the site's image checks:
    JPEG, PNG or WebP of at most 5 MB, re-encoded, stored in the public speakers folder of
    the object store), or none when ``data`` is None; written and audited, then the old
    stored file deleted (an address the organizers typed is left alone)."""
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


def change_own_speaker_photo(session: Session, user_id: int | None,
                             data: bytes | None) -> SpeakerView:
    """The member uploads, replaces (``data``) or removes (None) the photo of the speaker
    profile linked to their account; audited as their own change."""
    profile = _own_speaker_row(session, user_id)
    action = "speaker_profile.photo_own" if data is not None else "speaker_profile.photo_remove_own"
    return set_speaker_photo(session, user_id, profile, data, action, subject_user_id=user_id)
