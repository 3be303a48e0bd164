"""How news items are shown: the rules of SPEC sections 3, 5 and 9 for the news screens.

- ``load_news``: every published item of one type (or all types), through the 5-minute
  news cache (SPEC section 4), newest first.
- ``matches``: the list's search and tag filters over loaded items, the same rules as
  ``news.list_news`` runs in SQL: search is a case-insensitive substring of the title or
  the content, and the tag filter needs the item's tag list to hold the tag (any case).
- ``shown_tags``: the item's tags, or when it has none three fallback tags of its type,
  picked at random but seeded by the item id so the choice is the same on every render.
- ``tag_group``: the colour group of a tag (programming, ai, development, default).
- ``read_minutes``: the reading time of the content's text at 200 words a minute, rounded
  up, one minute at least (docs/decisions.md: not SPEC's fixed 3 minutes, issue 42).
- ``excerpt``: the first 70 characters of the content's text (its Markdown rendered and its
  markup dropped: no raw ``##`` or ``**`` on a card) followed by an ellipsis.
"""

from __future__ import annotations

import math
import random

from sqlmodel import Session

from community_app.i18n import N_
from community_app.models import NewsType
from community_app.services import cache
from community_app.services import news as news_service
from community_app.services.markdown import plain_text
from community_app.services.news import NewsView
from community_app.services.paging import MAX_PAGE_SIZE
from community_app.services.text_search import clean_filter

EXCERPT_LENGTH = 70
ELLIPSIS = "..."
WORDS_PER_MINUTE = 200  # an adult's silent reading of prose, rounded down
FALLBACK_TAG_COUNT = 3
# Stop reading after this many items: the list screen filters what it loaded.
MAX_LOADED = 1000

FALLBACK_TAGS: dict[str, tuple[str, ...]] = {
    NewsType.TECH.value: (
        N_("AI"), N_("Programming"), N_("Software"), N_("Frontend"), N_("Backend"),
        N_("JavaScript"), N_("React"),
    ),
    NewsType.SOCIAL.value: (
        N_("Meetup"), N_("Gathering"), N_("Social Gathering"), N_("Sports"), N_("Community"),
        N_("Networking"),
    ),
    NewsType.MEETUP.value: (
        N_("Event"), N_("News Update"), N_("Announcement"), N_("Workshop"), N_("Conference"),
        N_("Seminar"),
    ),
}

# The tag vocabulary of the news screen (SPEC section 3), in the order chips are shown.
TAG_VOCABULARY = (
    "javascript", "frontend", "programming", "ai", "development", "react", "nodejs",
    "typescript", "python", "backend", "fullstack", "mobile", "web", "data",
    "machine-learning", "devops", "cloud", "database",
)

PROGRAMMING, AI, DEVELOPMENT, DEFAULT = "programming", "ai", "development", "default"
TAG_GROUPS: dict[str, str] = {
    **dict.fromkeys(
        ("javascript", "typescript", "python", "react", "nodejs", "programming", "software"),
        PROGRAMMING,
    ),
    **dict.fromkeys(("ai", "machine-learning", "data"), AI),
    **dict.fromkeys(
        ("frontend", "backend", "fullstack", "web", "mobile", "devops", "cloud", "database",
         "development"),
        DEVELOPMENT,
    ),
}


def load_news(session: Session, news_type: str | None = None) -> list[NewsView]:
    """Every published item of ``news_type`` (None: every type), newest first, cached
    5 minutes per type. Raises ``Invalid`` for an unknown type."""
    news_type = news_service.normalize_news_type(news_type)

    def load() -> list[NewsView]:
        items: list[NewsView] = []
        page = 0
        while len(items) < MAX_LOADED:
            result = news_service.list_news(session, news_type, page=page, size=MAX_PAGE_SIZE)
            items.extend(result.items)
            if result.is_last or not result.items:
                break
            page += 1
        return items[:MAX_LOADED]

    return cache.cached(cache.NEWS, ("list", news_type or "ALL"), load)


def load_article(session: Session, news_id: int) -> NewsView:
    """One published item, cached 5 minutes (``NotFound`` is not cached)."""
    return cache.cached(cache.NEWS_DETAILS, news_id, lambda: news_service.get_news(session, news_id))


def matches(item: NewsView, *, search: str | None = None, tag: str | None = None) -> bool:
    """The list filters of SPEC section 5 (the same as ``news.list_news`` applies in SQL)."""
    if term := clean_filter(search).casefold():
        if term not in item.title.casefold() and term not in item.content.casefold():
            return False
    if wanted := clean_filter(tag).casefold():
        if wanted not in (t.casefold() for t in item.tags):
            return False
    return True


def tags_in(items: list[NewsView]) -> list[str]:
    """The distinct tags of these items (lower case): vocabulary order first, then A-Z."""
    found = {t.strip().lower() for item in items for t in item.tags if t.strip()}
    known = [t for t in TAG_VOCABULARY if t in found]
    return known + sorted(found - set(known))


def fallback_tags(news_id: int, news_type: str) -> list[str]:
    """Three tags of the item's type set, random but the same for the same item."""
    choices = FALLBACK_TAGS.get(news_type, FALLBACK_TAGS[NewsType.TECH.value])
    return random.Random(news_id).sample(list(choices), FALLBACK_TAG_COUNT)


def shown_tags(item: NewsView) -> tuple[list[str], bool]:
    """The tags a card shows and whether they are fallback tags (message ids)."""
    own = [t for t in item.tags if t.strip()]
    if own:
        return own, False
    return fallback_tags(item.id, item.type), True


def tag_group(tag: str) -> str:
    return TAG_GROUPS.get(tag.strip().lower().replace(" ", "-"), DEFAULT)


def read_minutes(content: str) -> int:
    """Minutes to read the text a reader sees (Markdown rendered), never below one: a
    20-word item says '1 min read', not SPEC's fixed 3 (issue 42)."""
    words = len(plain_text(content).split())
    return max(1, math.ceil(words / WORDS_PER_MINUTE))


def excerpt(content: str) -> str:
    """The first 70 characters of the content followed by an ellipsis (SPEC section 9):
    of the text a reader sees, not of its Markdown (issue 42)."""
    return plain_text(content)[:EXCERPT_LENGTH] + ELLIPSIS
