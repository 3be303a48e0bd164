"""Talks and speaker profiles, read (issue 41): the rules and messages of their fields,
addresses and recording embeds, the views the public pages, the REST API, the schedule
feeds, search and the KO'DJ contract read, and the reads themselves. Drafts (accepted
applications not yet placed) are seen only by organizers; scheduled and cancelled talks
are public."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Sequence
from urllib.parse import parse_qs, urlsplit

from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.i18n import N_
from community_app.models import Meetup, SpeakerProfile, Talk, TalkSpeaker
from community_app.models.enums import TalkLanguage, TalkLevel, TalkStatus
from community_app.models.talk import SLUG_LENGTH
from community_app.services.errors import NotFound
from community_app.services.lookup import MAX_ID
from community_app.services.markdown import plain_excerpt, render_markdown
from community_app.services.storage import get_storage
from community_app.services.validation import (
    as_text, choice_rule, number_rule, optional_url_problem, text_rule, web_url_host,
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


def talk_views(session: Session, rows: Sequence[tuple[Talk, Meetup]]) -> list[TalkView]:
    """The views of (talk, meetup) rows, each with its speakers in order."""
    speakers = _speakers_of(session, [t.id for t, _ in rows])
    return [TalkView(
        id=t.id, meetup_id=t.meetup_id, meetup_title=m.title, slug=t.slug, title=t.title,
        abstract=t.abstract, language=t.language, level=t.level,
        duration_minutes=t.duration_minutes, starts_at=t.starts_at, ends_at=t.ends_at,
        room=t.room, status=t.status, slides_url=t.slides_url,
        has_slides_file=bool(t.slides_key), recording_url=t.recording_url,
        speakers=speakers.get(t.id, ()), created_at=t.created_at, updated_at=t.updated_at,
    ) for t, m in rows]


def programme_order():
    """Slotted talks by time, then those without a slot (drafts), each by id."""
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
    return talk_views(session, session.exec(query.order_by(col(Talk.meetup_id),
                                                       *programme_order())).all())


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
    return talk_views(session, [row])[0]


def list_talks(session: Session, *, meetup_id: int | None = None) -> list[TalkView]:
    """Every public talk, newest meetup first (or one meetup's)."""
    if meetup_id is not None and not 0 < meetup_id <= MAX_ID:
        return []
    query = (select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
             .where(col(Talk.status).in_(PUBLIC_STATUSES)))
    if meetup_id is not None:
        query = query.where(col(Talk.meetup_id) == meetup_id)
    return talk_views(session, session.exec(query.order_by(
        col(Meetup.starts_at).desc(), *programme_order())).all())


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
        .order_by(col(Meetup.starts_at).desc(), *programme_order())).all()
    return SpeakerPage(speaker_view(profile), talk_views(session, rows))


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


def public_speakers(session: Session) -> list[SpeakerView]:
    """The speakers with a public talk (the sitemap's speaker pages)."""
    return [speaker_view(p) for p in session.exec(
        select(SpeakerProfile).where(col(SpeakerProfile.id).in_(
            select(TalkSpeaker.speaker_id).join(Talk, col(Talk.id) == col(TalkSpeaker.talk_id))
            .where(col(Talk.status).in_(PUBLIC_STATUSES))))
        .order_by(col(SpeakerProfile.id))).all()]
