"""The home page (/): statistics, the next meetup, affiliated projects and benefits.

The state only loads what the page shows, through the services; the small functions
below turn the services' dataclasses into the JSON-friendly dicts the page renders
(texts in both languages, so a language switch needs no round trip).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from typing import Any

import reflex as rx
from reflex_components_lucide.icon import LUCIDE_ICON_LIST

from community_app.core.db import session_scope
from community_app.i18n import N_, Np_, both
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import cache
from community_app.services.content import BenefitView, ProjectView, list_benefits, list_projects
from community_app.services.meetups import UPCOMING, MeetupView, list_meetups
from community_app.services.statistics import Statistics, get_statistics
from community_app.state.links import safe_url
from community_app.core import routes

log = logging.getLogger(__name__)

# The three measures of SPEC section 1, in display order.
STATISTICS = (
    ("speakers", "mic", N_("Expert speakers")),
    ("meetups", "calendar-days", N_("Community events")),
    ("members", "users", N_("Active members")),
)

# At most this many free seats: the alert says to hurry.
FEW_SEATS = 10
SEATS_FULL = N_("All seats are taken: this meetup is full.")
SEATS_FEW = Np_("Hurry: only {n} seat left!", "Hurry: only {n} seats left!")
SEATS_MANY = N_("{n} of {total} seats still available")

FALLBACK_ICON = "star"
# The icons a benefit may show (lucide names, snake_case as stored). The page imports each
# of them statically (no map of every lucide icon in the browser bundle), so a stored name
# outside this list shows the fallback.
BENEFIT_ICONS = (
    "users", "briefcase", "graduation_cap", "mic", "handshake", "globe", "heart", "book_open",
    "code", "rocket", "trophy", "lightbulb", "coffee", "map_pin", "calendar_days",
    "message_circle", "gift", "laptop", "sparkles", "building_2", FALLBACK_ICON,
)


def statistics_rows(stats: Statistics) -> list[dict[str, Any]]:
    """One dict per measure: counts, progress and the translated label and badge."""
    rows = []
    for key, icon, label in STATISTICS:
        measure = getattr(stats, key)
        badge, name = both(measure.badge), both(label)
        rows.append(
            {
                "key": key,
                "icon": icon,
                "current": measure.current,
                "target": measure.target,
                "percent": measure.percent,
                "label_en": name["en"],
                "label_uz": name["uz"],
                "badge_en": badge["en"],
                "badge_uz": badge["uz"],
            }
        )
    return rows


def seats_alert(available: int, max_seats: int) -> dict[str, str]:
    """The seats part of the register alert, in both languages."""
    if available <= 0:
        return both(SEATS_FULL)
    if available <= FEW_SEATS:
        return both(SEATS_FEW, n=available)
    return both(SEATS_MANY, n=available, total=max_seats)


def iso_utc(value: dt.datetime) -> str:
    """An ISO 8601 string with its UTC offset (stored naive datetimes are UTC)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(dt.UTC).isoformat()


def next_meetup_card(meetup: MeetupView) -> dict[str, Any]:
    date, time = date_texts(meetup.starts_at, "full"), time_texts(meetup.starts_at)
    alert = seats_alert(meetup.available_seats, meetup.max_seats)
    return {
        "id": meetup.id,
        "title": meetup.title,
        "location": meetup.location,
        "starts_at": iso_utc(meetup.starts_at),
        "date_en": date["en"],
        "date_uz": date["uz"],
        "time_en": time["en"],
        "time_uz": time["uz"],
        "register_url": routes.event_register(UPCOMING, meetup.id),
        "details_url": routes.event_detail(UPCOMING, meetup.id),
        "full": meetup.available_seats <= 0,
        "few": 0 < meetup.available_seats <= FEW_SEATS,
        "seats_en": alert["en"],
        "seats_uz": alert["uz"],
    }


def safe_icon(name: str) -> str:
    """A benefit icon name (snake_case, as stored) of ``BENEFIT_ICONS``, else a neutral one."""
    key = (name or "").strip().lower().replace("-", "_")
    return key if key in BENEFIT_ICONS and key in LUCIDE_ICON_LIST else FALLBACK_ICON


def project_item(project: ProjectView) -> dict[str, Any]:
    item = dataclasses.asdict(project)
    item["url"] = safe_url(project.url)
    item["description_uz"] = project.description_uz or project.description_en
    return item


def benefit_item(benefit: BenefitView) -> dict[str, Any]:
    item = dataclasses.asdict(benefit)
    item["icon"] = safe_icon(benefit.icon)
    item["title_uz"] = benefit.title_uz or benefit.title_en
    item["description_uz"] = benefit.description_uz or benefit.description_en
    return item


def _load_next_meetup() -> MeetupView | None:
    with session_scope() as session:
        page = list_meetups(session, UPCOMING, page=0, size=1)
    return page.items[0] if page.items else None


def _load_next_card() -> dict[str, Any]:
    """The next meetup's card, or {} when none is planned."""
    upcoming = _load_next_meetup()
    return next_meetup_card(upcoming) if upcoming else {}


class HomeState(rx.State):
    loading: bool = True

    statistics: list[dict[str, Any]] = []
    statistics_error: bool = False

    has_meetup: bool = False
    meetup: dict[str, Any] = {}
    meetup_error: bool = False

    projects: list[dict[str, Any]] = []
    benefits: list[dict[str, Any]] = []
    content_error: bool = False

    def _apply_load(self, data: HomeData) -> None:
        """The page load's update (``state/page_load.py``): what ``read_home`` read."""
        self.statistics, self.statistics_error = data.statistics, data.statistics_error
        self.meetup, self.has_meetup = data.meetup, bool(data.meetup)
        self.meetup_error = data.meetup_error
        self.projects, self.benefits = data.projects, data.benefits
        self.content_error = data.content_error
        self.loading = False


def _load_statistics() -> list[dict[str, Any]]:
    with session_scope() as session:
        return statistics_rows(get_statistics(session))


def _load_content() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    with session_scope() as session:
        return (
            [project_item(p) for p in list_projects(session)],
            [benefit_item(b) for b in list_benefits(session)],
        )


@dataclasses.dataclass
class HomeData:
    statistics: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    statistics_error: bool = False
    meetup: dict[str, Any] = dataclasses.field(default_factory=dict)
    meetup_error: bool = False
    projects: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    benefits: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    content_error: bool = False


def read_home(_request: Any) -> HomeData:
    """Everything the home page shows, from the shared cache (no lock held): each section
    that fails says so instead of breaking the page."""
    data = HomeData()
    try:
        data.statistics = cache.cached(cache.STATISTICS, "home", _load_statistics)
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001 - the section says so instead of breaking the page
        log.exception("Loading the statistics failed")
        data.statistics_error = True
    try:
        # Upcoming events are cached for 5 minutes (SPEC section 4). The card is cached
        # formatted: its dates in both languages were 80 % of a home page load's reading.
        data.meetup = cache.cached(cache.UPCOMING_EVENTS, ("home", "card"), _load_next_card)
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001
        log.exception("Loading the next meetup failed")
        data.meetup, data.meetup_error = {}, True
    try:
        data.projects, data.benefits = cache.cached(cache.SITE_CONTENT, "home", _load_content)
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001
        log.exception("Loading projects and benefits failed")
        data.projects, data.benefits, data.content_error = [], [], True
    return data
