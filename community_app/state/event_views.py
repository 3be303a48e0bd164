"""What the event pages show, built from the meetup service's views (pure Python).

The states of /events, the details page and the registration form turn
``services.meetups`` views into these small JSON-friendly rows. Texts a visitor reads are
``{"en": ..., "uz": ...}`` messages: Korea-time dates and times in each language, and the
SPEC section 3 defaults ('Untitled Event', 'Location TBD', ...) translated where the
service filled them in.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

from community_app.i18n import LANGUAGES, N_, both
from community_app.i18n.dates import date_texts, time_texts
from community_app.core.korea_time import to_korea
from community_app.services import meetups as service
from community_app.services.meetups.attendees import attendee_names
from community_app.state.messages import Message
from community_app.core import routes
from community_app.core.db import utcnow

DEFAULT_IMAGE = "/event-default.svg"

# The service's SPEC 3 defaults, marked here so the catalog holds their Uzbek text.
DEFAULT_TEXTS = (
    N_("Untitled Event"),
    N_("No description available"),
    N_("Location TBD"),
)

ALL = "all"
FILTERS = (ALL, service.UPCOMING, service.PAST)
# The default order is the one a member opening /events wants: the next meetup first
# (upcoming soonest first, then the past ones, latest first); Newest and Oldest First are
# the SPEC's two date orders.
SOONEST = "soonest"
NEWEST = "newest"
OLDEST = "oldest"
SORTS = (SOONEST, NEWEST, OLDEST)

# SPEC section 9: events come 10 at a time ('Load more' shows 10 more).
PAGE_STEP = 10


@dataclasses.dataclass
class EventCard:
    """One meetup on the list (and the summary above the registration form)."""

    id: int
    title: Message
    image: str
    image_is_default: bool
    date: Message
    time: Message
    location: Message
    seats_left: int
    max_seats: int
    registered: int
    full: bool
    is_past: bool
    requires_approval: bool
    event_type: str  # upcoming | past: the path segment of its links
    href: str
    register_href: str
    calendar_href: str  # the meetup's .ics ("Add to calendar")
    starts_at: str  # UTC ISO 8601: sorts like the moment it names
    date_iso: str  # Korea-time date, for <time datetime=...>
    # Issue 45: online seats (0: none) and whether applications may outnumber the seats
    # (approval, applications holding no seat: the form stays open when full).
    online_seats_left: int = 0
    online_max_seats: int = 0
    open_when_full: bool = False


@dataclasses.dataclass
class SpeakerRow:
    name: str
    position: str
    company: str
    bio: str
    image: str
    initials: str
    href: str = ""  # issue 41: the speaker's page (/speakers/<id>-<slug>)


@dataclasses.dataclass
class SessionRow:
    time: Message
    subject: str
    speaker: str
    talk_id: int = 0  # issue 41: the talk, for its star button and page
    href: str = ""
    upcoming: bool = False  # the talk has not ended: it can be starred


@dataclasses.dataclass
class AttendeeRow:
    """One member on the public attendee list, as ``services/meetups/attendees.py`` decides:
    the name they agreed to show (in each language: "Member" when they gave none), their
    photo and public page only while that page is on. No username, no last name."""

    name: Message
    image: str
    initials: str
    page: str = ""  # their public page while it is on, else ""


@dataclasses.dataclass
class NoteRow:
    content: str
    date: Message


@dataclasses.dataclass
class ReviewRow:
    author: str
    initials: str
    rating: int
    content: str
    date: Message


@dataclasses.dataclass
class EventDetails:
    """Everything the details page shows: the reader's view of the meetup as the service
    built it (``meetup``: a field added there is on the page's state with no change here),
    the card and the texts formatted for both languages, and the program around it."""

    meetup: service.MeetupView
    card: EventCard
    date_long: Message
    description: list[str]  # plain-text paragraphs; empty: the translated default
    description_is_default: bool
    speakers: list[SpeakerRow]
    sessions: list[SessionRow]
    attendees: list[AttendeeRow]
    attendee_count: int
    notes: list[NoteRow]
    reviews: list[ReviewRow]


# ---------------------------------------------------------------- small helpers


def shown_text(value: str, default: str) -> Message:
    """The value in both languages; the SPEC 3 default is shown translated."""
    if value == default:
        return both(default)
    return {lang: value for lang in LANGUAGES}


def time_range(start: dt.datetime, end: dt.datetime) -> Message:
    """'7:00 PM – 9:30 PM' / '19:00 – 21:30', Korea time."""
    s, e = time_texts(start), time_texts(end)
    return {lang: f"{s[lang]} – {e[lang]}" for lang in LANGUAGES}


def long_date(value: dt.datetime) -> Message:
    """'Thursday, December 3, 2026' / 'Payshanba, 3-dekabr, 2026'."""
    texts = date_texts(value, "full")
    return {lang: text[:1].upper() + text[1:] for lang, text in texts.items()}


def initials(name: str) -> str:
    """'Kim Ji-hoon' -> 'KJ'; 'dilnoza' -> 'D'; '' -> '?'."""
    words = [w for w in re.split(r"[\s\-_.]+", name.strip()) if w]
    letters = "".join(w[0] for w in words[:2]).upper()
    return letters or "?"


def paragraphs(text: str) -> list[str]:
    """Plain-text paragraphs: split on blank lines, single line breaks kept as spaces."""
    blocks = re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip())
    return [" ".join(line.strip() for line in b.splitlines() if line.strip()) for b in blocks if b.strip()]


def event_type_of(is_past: bool) -> str:
    return service.PAST if is_past else service.UPCOMING


_EVENT_PATH = re.compile(r"^/events/([^/]+)/(details|register)/([^/]+)/?$")


def parse_event_path(path: str) -> tuple[str, int | None]:
    """'/events/upcoming/details/5' -> ('upcoming', 5); an id that is not a number -> None."""
    match = _EVENT_PATH.match(path or "")
    if not match:
        return "", None
    event_type, _, raw_id = match.groups()
    return event_type, routes.route_id(raw_id)


# ---------------------------------------------------------------- rows


def event_card(m: service.MeetupView) -> EventCard:
    event_type = event_type_of(m.is_past)
    return EventCard(
        id=m.id,
        title=shown_text(m.title, service.DEFAULT_TITLE),
        image=m.image_url or m.cover_url or DEFAULT_IMAGE,
        image_is_default=not m.image_url,
        date=date_texts(m.starts_at, "medium"),
        time=time_range(m.starts_at, m.ends_at),
        location=shown_text(m.location, service.DEFAULT_LOCATION),
        seats_left=m.available_seats,
        max_seats=m.max_seats,
        registered=m.registered_count,
        full=m.available_seats <= 0 and m.online_available_seats <= 0,
        is_past=m.is_past,
        requires_approval=m.requires_approval,
        event_type=event_type,
        href=routes.event_detail(event_type, m.id),
        register_href=routes.event_register(event_type, m.id),
        calendar_href=routes.meetup_calendar(m.id),
        starts_at=_utc(m.starts_at).isoformat(),
        date_iso=to_korea(m.starts_at).date().isoformat(),
        online_seats_left=m.online_available_seats,
        online_max_seats=m.online_max_seats,
        open_when_full=m.requires_approval and not m.applications_hold_seats,
    )


def _utc(value: dt.datetime) -> dt.datetime:
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def event_details(d: service.MeetupDetails) -> EventDetails:
    m = d.meetup
    is_default = m.description == service.DEFAULT_DESCRIPTION
    return EventDetails(
        meetup=m,
        card=event_card(m),
        date_long=long_date(m.starts_at),
        description=[] if is_default else paragraphs(m.description),
        description_is_default=is_default or not paragraphs(m.description),
        speakers=[
            SpeakerRow(
                name=s.full_name,
                position=s.job_position,
                company=s.company,
                bio=s.bio,
                image=s.image_url or "",
                initials=initials(s.full_name),
                href=s.path,
            )
            for s in d.speakers
        ],
        sessions=[
            SessionRow(
                time=time_range(k.starts_at, k.ends_at),
                subject=k.subject,
                speaker=k.speaker_name or "",
                talk_id=k.id,
                href=k.path,
                upcoming=k.ends_at > utcnow(),
            )
            for k in d.sessions
        ],
        attendees=[
            AttendeeRow(
                name=attendee_names(a.name),
                image=a.image_url or "",
                initials=initials(a.name),
                page=a.page,
            )
            for a in d.attendees
        ],
        attendee_count=d.attendee_count,
        notes=[NoteRow(content=n.content, date=date_texts(n.created_at, "medium")) for n in d.notes],
        reviews=[
            ReviewRow(
                author=r.author_name,
                initials=initials(r.author_name),
                rating=max(1, min(5, r.rating)),
                content=r.content,
                date=date_texts(r.created_at, "medium"),
            )
            for r in d.reviews
        ],
    )


# ---------------------------------------------------------------- the list


def filter_and_sort(cards: list[EventCard], kind: str, order: str) -> list[EventCard]:
    """The cards of one filter (all, upcoming, past), by date: soonest (the next meetup
    first, then the past ones from the latest), newest or oldest first."""
    if kind == service.UPCOMING:
        chosen = [c for c in cards if not c.is_past]
    elif kind == service.PAST:
        chosen = [c for c in cards if c.is_past]
    else:
        chosen = list(cards)
    if order == SOONEST:
        ahead = sorted((c for c in chosen if not c.is_past), key=lambda c: (c.starts_at, c.id))
        behind = sorted((c for c in chosen if c.is_past), key=lambda c: (c.starts_at, c.id), reverse=True)
        return ahead + behind
    return sorted(chosen, key=lambda c: (c.starts_at, c.id), reverse=order != OLDEST)


def empty_card() -> EventCard:
    """The card a page holds before its meetup is loaded."""
    blank = {lang: "" for lang in LANGUAGES}
    return EventCard(
        id=0, title=dict(blank), image=DEFAULT_IMAGE, image_is_default=True, date=dict(blank),
        time=dict(blank), location=dict(blank), seats_left=0, max_seats=0, registered=0,
        full=False, is_past=False, requires_approval=False, event_type=service.UPCOMING,
        href=routes.EVENTS, register_href=routes.EVENTS, calendar_href="", starts_at="", date_iso="",
    )


def empty_details() -> EventDetails:
    """The details a page holds before its meetup is loaded."""
    never = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
    meetup = service.MeetupView(
        id=0, title="", description="", location="", starts_at=never, ends_at=never, max_seats=0,
        available_seats=0, registered_count=0, image_url=None, image_name=None, parking=False,
        provided="", requires_approval=False, organizer_id=None, is_past=False,
    )
    return EventDetails(meetup=meetup, card=empty_card(), date_long={}, description=[],
                        description_is_default=False, speakers=[], sessions=[], attendees=[],
                        attendee_count=0, notes=[], reviews=[])


def live_status(mine: list[service.MyRegistrationView], meetup_id: int) -> str:
    """The member's seat-holding registration status for a meetup: ACCEPTED, PENDING or ''."""
    for item in mine:
        if item.registration.meetup_id == meetup_id and item.registration.status in service.SEAT_HOLDING:
            return item.registration.status
    return ""
