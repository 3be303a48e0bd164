"""/news: the list of news with type chips, search, tag chips and 'Load More'
(SPEC sections 2, 4, 5 and 9).

The items of the chosen type are loaded once through the 5-minute news cache and kept
on the server (``_items``); search and tag filter those loaded items, and only the
visible cards go to the browser. Choosing a type chip resets the tag; any change of
type, tag or search resets the visible count to 3.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import ClassVar

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import both
from community_app.i18n.dates import date_texts
from community_app.services import cache, news_display
from community_app.services.errors import DomainError
from community_app.services.news import NewsView, normalize_news_type
from community_app.services.text_search import MAX_FILTER_LENGTH
from community_app.state.page_load import PageRequest
from community_app.state.stepped_list import SteppedList
from community_app.core import routes

log = logging.getLogger(__name__)

PAGE_STEP = 3  # visible at first, and added by each 'Load More' (SPEC section 9)
DEFAULT_IMAGE = "/news-default.svg"


@dataclasses.dataclass
class TagView:
    """A tag as shown: its label in both languages and its colour group."""

    name: str
    en: str
    uz: str
    group: str


@dataclasses.dataclass
class NewsCard:
    id: int
    href: str
    title: str
    excerpt: str
    type: str
    tags: list[TagView]
    fallback_tags: bool
    image: str
    has_image: bool
    date_en: str
    date_uz: str
    read_minutes: int


def tag_views(item: NewsView) -> tuple[list[TagView], bool]:
    """The item's tags (shown as written) or its fallback tags (translated)."""
    tags, fallback = news_display.shown_tags(item)
    views = []
    for tag in tags:
        texts = both(tag) if fallback else {"en": tag, "uz": tag}
        views.append(TagView(tag, texts["en"], texts["uz"], news_display.tag_group(tag)))
    return views, fallback


def news_card(item: NewsView) -> NewsCard:
    tags, fallback = tag_views(item)
    date = date_texts(item.created_at)
    return NewsCard(
        id=item.id,
        href=routes.news_detail(item.id),
        title=item.title,
        excerpt=news_display.excerpt(item.content),
        type=item.type,
        tags=tags,
        fallback_tags=fallback,
        image=item.image_url or item.cover_url or DEFAULT_IMAGE,
        has_image=bool(item.image_url),
        date_en=date["en"],
        date_uz=date["uz"],
        read_minutes=news_display.read_minutes(item.content),
    )


def load_items(news_type: str = "") -> list[NewsView] | None:
    """The published items of ``news_type`` ("" for all), cached 5 minutes; None when
    loading failed (the page says so)."""
    try:
        with session_scope() as session:
            return news_display.load_news(session, news_type or None)
    except cache.Miss:
        raise
    except Exception:  # noqa: BLE001 - the page shows an error state instead
        log.exception("Could not load the news")
        return None


def read_news(_request: PageRequest) -> list[NewsView] | None:
    """The page load's read (no lock held): every type's items, as most visits show."""
    return load_items()


class NewsState(SteppedList, rx.State):
    step: ClassVar[int] = PAGE_STEP
    news_type: str = ""  # "" for All, else TECH, MEETUP or SOCIAL
    tag: str = ""
    search: str = ""
    visible: int = PAGE_STEP
    loading: bool = True
    failed: bool = False
    tags: list[str] = []  # the tag chips: tags present in the loaded news
    cards: list[NewsCard] = []  # the visible cards only
    matching: int = 0  # how many loaded items pass the filters
    _items: list[NewsView] = []

    @rx.var
    def has_more(self) -> bool:
        return self.matching > len(self.cards)

    @rx.var
    def filtered(self) -> bool:
        return bool(self.news_type or self.tag or self.search.strip())

    # --- internals ----------------------------------------------------------------------

    def _fetch(self) -> None:
        """Load the items of the chosen type (cached 5 minutes) and show them."""
        self._loaded(load_items(self.news_type))

    def _loaded(self, items: list[NewsView] | None) -> None:
        """Show ``items`` (None: loading them failed) through the filters."""
        self._items, self.failed = items or [], items is None
        self.tags = news_display.tags_in(self._items)
        if self.tag and self.tag not in self.tags:
            self.tag = ""
        self._show()

    def _show(self) -> None:
        found = [
            item
            for item in self._items
            if news_display.matches(item, search=self.search, tag=self.tag)
        ]
        self.matching = len(found)
        self.cards = [news_card(item) for item in found[: self.visible]]

    # --- events -------------------------------------------------------------------------

    def _apply_load(self, items: list[NewsView] | None):
        """The page load's update (``state/page_load.py``): the first 3 cards of every
        type; a type chosen earlier in this tab loads its own list (``load``)."""
        self.visible = PAGE_STEP
        if self.news_type:
            self.loading = True
            return NewsState.load
        self._loaded(items)
        self.loading = False
        return None

    @rx.event
    def load(self):
        """'Try again': show the loading message, then the first 3 cards of the filters."""
        self.visible = PAGE_STEP
        self.loading = True
        yield
        try:
            self._fetch()
        finally:
            self.loading = False

    @rx.event
    def choose_type(self, value: str):
        """A type chip: resets the tag and the visible count."""
        try:
            news_type = normalize_news_type(value) or ""
        except DomainError:
            return
        self.news_type = news_type
        self.tag = ""
        self.visible = PAGE_STEP
        self._fetch()

    @rx.event
    def choose_tag(self, value: str):
        """A tag chip; choosing the active tag again clears it."""
        value = str(value or "").strip().lower()
        if value and value not in self.tags:
            return
        self.tag = "" if value == self.tag else value
        self._from_first_step()

    @rx.event
    def set_search(self, value: str):
        value = str(value or "")[:MAX_FILTER_LENGTH]
        if value == self.search:
            return
        self.search = value
        self._from_first_step()

    @rx.event
    def clear_filters(self):
        """'Try again' of the empty state: every filter cleared."""
        self.news_type = ""
        self.tag = ""
        self.search = ""
        self.visible = PAGE_STEP
        self._fetch()

