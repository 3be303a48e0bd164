"""/events: every meetup, filtered (All / Upcoming / Past) and sorted by date.

The whole list is read once through the 5-minute caches of SPEC section 4 (upcoming and
past separately, each in pages of 100 until the last), then filtered and sorted here; the
page shows 10 cards and 'Load more' adds 10 (SPEC section 9's page size). A community
holds meetups by the dozen, so one read of all of them is small, and sorting every
meetup by date (oldest first too) stays right across pages, which the service's fixed
per-type order could not give page by page.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import ClassVar

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services import cache
from community_app.services import meetups as service
from community_app.services.paging import MAX_PAGE_SIZE
from community_app.state.event_views import (
    ALL,
    FILTERS,
    SOONEST,
    PAGE_STEP,
    SORTS,
    EventCard,
    event_card,
    filter_and_sort,
)
from community_app.state.messages import Message, message
from community_app.state.page_load import PageRequest
from community_app.state.stepped_list import SteppedList

log = logging.getLogger(__name__)

LOAD_FAILED = N_("Could not load events. Please try again.")


def all_meetups(meetup_type: str) -> list[service.MeetupView]:
    """Every meetup of one type, through its 5-minute cache."""
    kind = cache.UPCOMING_EVENTS if meetup_type == service.UPCOMING else cache.PAST_EVENTS

    def load() -> list[service.MeetupView]:
        items: list[service.MeetupView] = []
        with session_scope() as session:
            page = 0
            while True:
                result = service.list_meetups(session, meetup_type, page=page, size=MAX_PAGE_SIZE)
                items.extend(result.items)
                if result.is_last or not result.items:
                    return items
                page += 1

    return cache.cached(kind, "all", load)


@dataclasses.dataclass
class EventsPageData:
    """What ``read_events`` read for the page load."""

    filter: str = ALL
    sort: str = SOONEST
    upcoming: list[EventCard] = dataclasses.field(default_factory=list)
    past: list[EventCard] = dataclasses.field(default_factory=list)
    error: Message = dataclasses.field(default_factory=dict)


def read_events(request: PageRequest) -> EventsPageData:
    """Every meetup's card (cached), read with no lock held; ?type=upcoming|past and
    ?sort=newest|oldest preselect the filter and the order."""
    wanted = request.query.get("type", "").lower()
    wanted_sort = request.query.get("sort", "").lower()
    data = EventsPageData(filter=wanted if wanted in FILTERS else ALL,
                          sort=wanted_sort if wanted_sort in SORTS else SOONEST)
    try:
        data.upcoming = [event_card(m) for m in all_meetups(service.UPCOMING)]
        data.past = [event_card(m) for m in all_meetups(service.PAST)]
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001 - the page offers to try again instead of breaking
        log.exception("Loading the events failed")
        data.upcoming, data.past, data.error = [], [], message(LOAD_FAILED)
    return data


class EventsState(SteppedList, rx.State):
    step: ClassVar[int] = PAGE_STEP
    filter: str = ALL
    sort: str = SOONEST
    visible: int = PAGE_STEP
    loading: bool = True
    error: Message = {}
    cards: list[EventCard] = []
    total: int = 0  # cards of the current filter
    upcoming_count: int = 0
    past_count: int = 0
    _all: list[EventCard] = []

    @rx.var
    def all_count(self) -> int:
        return self.upcoming_count + self.past_count

    @rx.var
    def has_more(self) -> bool:
        return self.visible < self.total

    def _show(self) -> None:
        chosen = filter_and_sort(self._all, self.filter, self.sort)
        self.total = len(chosen)
        self.cards = chosen[: self.visible]

    def _apply_load(self, data: EventsPageData) -> None:
        """The page load's update (``state/page_load.py``): what ``read_events`` read."""
        self.filter, self.sort = data.filter, data.sort
        self.visible = PAGE_STEP
        self.error = data.error
        self.upcoming_count, self.past_count = len(data.upcoming), len(data.past)
        self._all = data.upcoming + data.past
        self._show()
        self.loading = False

    @rx.event
    def retry(self):
        """'Try Again' after a failed read: the page load's read, again."""
        self.loading = True
        yield
        url = self.router.url
        query = {k: str(v) for k, v in (url.query_parameters or {}).items()}
        self._apply_load(read_events(PageRequest(path=url.path, query=query, member=None)))

    def _apply_filter(self, value: str) -> None:
        if value in FILTERS:
            self.filter = value
            self._from_first_step()

    @rx.event
    def set_filter(self, value: str | list[str]):
        self._apply_filter(value if isinstance(value, str) else "")

    @rx.event
    def set_sort(self, value: str):
        if value in SORTS:
            self.sort = value
            self._from_first_step()

    @rx.event
    def show_all(self):
        self._apply_filter(ALL)
