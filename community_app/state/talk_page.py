"""/talks/<id>-<slug> and /speakers/<id>-<slug>: a talk with its slides and recording, and a
speaker with every talk they gave (services/talks/). The recording's player is loaded only
when the visitor asks for it (``TalkPageState.play``): no request goes to the video site
before that."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope, utcnow
from community_app.i18n import both
from community_app.i18n.dates import date_texts, time_texts
from community_app.models.enums import TalkLanguage, TalkLevel
from community_app.services import cache, talks
from community_app.services.errors import NotFound
from community_app.state.page_load import PageRequest

log = logging.getLogger(__name__)


@dataclasses.dataclass
class SpeakerItem:
    id: int
    name: str
    href: str
    role: str  # position, company


@dataclasses.dataclass
class TalkItem:
    """A talk as a speaker page lists it."""

    id: int
    title: str
    href: str
    meetup: str
    date: dict[str, str]
    slides_url: str
    recording_url: str
    speakers: str


def _ref(path: str, first: str) -> int | None:
    parts = [p for p in (path or "").split("?")[0].split("/") if p]
    return routes.ref_id(parts[1]) if len(parts) == 2 and parts[0] == first else None


def _role(job_position: str, company: str) -> str:
    return ", ".join(p for p in (job_position, company) if p)


def _talk_item(t: talks.TalkView) -> TalkItem:
    return TalkItem(t.id, t.title, t.path, t.meetup_title,
                    date_texts(t.starts_at) if t.starts_at else {"en": "", "uz": ""},
                    t.slides_link or "", t.recording_url or "", t.speaker_names)


@dataclasses.dataclass
class TalkData:
    status: str  # ready | not_found | error
    talk_id: int = 0
    title: str = ""
    abstract_html: str = ""
    meetup_title: str = ""
    meetup_href: str = ""
    date: dict[str, str] = dataclasses.field(default_factory=dict)
    time: dict[str, str] = dataclasses.field(default_factory=dict)  # per language
    room: str = ""
    language: dict[str, str] = dataclasses.field(default_factory=dict)
    level: dict[str, str] = dataclasses.field(default_factory=dict)
    cancelled: bool = False
    speakers: list[SpeakerItem] = dataclasses.field(default_factory=list)
    slides_url: str = ""
    slides_pdf: bool = False
    recording_url: str = ""
    recording_provider: str = ""
    recording_embed: str = ""


def _cached(page: str, first: str, read: Callable[[Any, int], Any],
            path: str) -> tuple[str, Any]:
    """("ready", the item the address ``/<first>/<id>-<slug>`` names) read through the
    shared cache (no lock held), or ("not_found" | "error", None); a value not cached yet
    (``cache.Miss``) goes up to the page load, which reads it again off the lock."""
    item_id = _ref(path, first)
    if item_id is None:
        return "not_found", None
    try:
        with session_scope() as session:
            return "ready", cache.cached(cache.EVENT_DETAILS, (page, item_id),
                                         lambda: read(session, item_id))
    except NotFound:
        return "not_found", None
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001 - the page says it could not load
        log.exception("%s %s", page, path)
        return "error", None


def _span(start, end) -> dict[str, str]:
    """"8:50 PM–9:15 PM" in each language's time format (none without a slot)."""
    if not (start and end):
        return {}
    starts, ends = time_texts(start), time_texts(end)
    return {lang: f"{starts[lang]}–{ends[lang]}" for lang in starts}


def read_talk(request: PageRequest) -> TalkData:
    """The talk the address names, through the shared cache (no lock held)."""
    status, t = _cached("talk-page", "talks", talks.get_talk, request.path)
    if t is None:
        return TalkData(status)
    rec = t.recording
    start = t.starts_at
    return TalkData(
        "ready", t.id, t.title, t.abstract_html, t.meetup_title,
        routes.event_detail("past" if start and start < utcnow() else "upcoming",
                            t.meetup_id),
        date_texts(start, "long") if start else {"en": "", "uz": ""},
        _span(start, t.ends_at),
        t.room, both(TalkLanguage(t.language).label), both(TalkLevel(t.level).label),
        t.cancelled,
        [SpeakerItem(s.id, s.name, s.path, _role(s.job_position, s.company)) for s in t.speakers],
        t.slides_link or "", t.has_slides_file, t.recording_url or "",
        rec.provider if rec else "", rec.embed_url if rec else "",
    )


class TalkPageState(rx.State):
    status: str = "loading"  # loading | ready | not_found | error
    talk_id: int = 0
    title: str = ""
    abstract_html: str = ""
    meetup_title: str = ""
    meetup_href: str = ""
    date: dict[str, str] = {}
    time: dict[str, str] = {}
    room: str = ""
    language: dict[str, str] = {}
    level: dict[str, str] = {}
    cancelled: bool = False
    speakers: list[SpeakerItem] = []
    slides_url: str = ""
    slides_pdf: bool = False
    recording_url: str = ""
    recording_provider: str = ""
    recording_embed: str = ""
    playing: bool = False  # the visitor asked for the player

    def _apply_load(self, data: TalkData) -> None:
        for field in dataclasses.fields(TalkData):
            setattr(self, field.name, getattr(data, field.name))
        self.playing = False

    @rx.event
    def play(self):
        """Load the video site's player (only now: nothing is asked of it before)."""
        self.playing = self.recording_embed != ""


@dataclasses.dataclass
class SpeakerData:
    status: str  # ready | not_found | error
    name: str = ""
    role: str = ""
    bio_html: str = ""
    photo_url: str = ""
    links: list[str] = dataclasses.field(default_factory=list)
    talks: list[TalkItem] = dataclasses.field(default_factory=list)


def read_speaker(request: PageRequest) -> SpeakerData:
    status, page = _cached("speaker-page", "speakers", talks.get_speaker, request.path)
    if page is None:
        return SpeakerData(status)
    s = page.speaker
    return SpeakerData("ready", s.name, _role(s.job_position, s.company), s.bio_html,
                       s.photo_url or "", list(s.links), [_talk_item(t) for t in page.talks])


class SpeakerPageState(rx.State):
    status: str = "loading"
    name: str = ""
    role: str = ""
    bio_html: str = ""
    photo_url: str = ""
    links: list[str] = []
    talks: list[TalkItem] = []

    @rx.var
    def initial(self) -> str:
        return (self.name[:1] or "?").upper()

    def _apply_load(self, data: SpeakerData) -> None:
        for field in dataclasses.fields(SpeakerData):
            setattr(self, field.name, getattr(data, field.name))
