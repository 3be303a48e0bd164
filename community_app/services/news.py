"""News: the public list (type, search and tag filters) and one article.

Only published items are public. Search is a case-insensitive substring of the title or the
content; the tag filter keeps items whose tag list holds the tag, ignoring case (SPEC
section 5). Both filters run in SQL, so paging stays exact.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, or_, select

from community_app.i18n import N_
from community_app.models import News, NewsType
from community_app.services import images
from community_app.services.errors import NotFound
from community_app.services.lookup import get_or_404, view_of
from community_app.services.paging import PageResult, fetch_page
from community_app.services.text_search import clean_filter, contains_ci, json_list_has_ci
from community_app.services.validation import choice_or_none

NEWS_NOT_FOUND = N_("News article not found.")
NEWS_TYPE_INVALID = N_("News type must be TECH, MEETUP or SOCIAL.")


@dataclasses.dataclass(frozen=True)
class NewsFields:
    """A news item's own fields, as the public (``NewsView``) and the back office
    (``AdminNewsView``) see them."""

    id: int
    title: str
    content: str
    type: str
    tags: list[str]
    image_url: str | None


@dataclasses.dataclass(frozen=True)
class NewsView(NewsFields):
    created_at: dt.datetime
    # The item's own generated cover (services/images.py), shown when it has no picture.
    cover_url: str = ""

    @property
    def picture_url(self) -> str:
        """What to show: the uploaded picture, else the generated cover."""
        return self.image_url or self.cover_url


def news_view(item: News) -> NewsView:
    return view_of(NewsView, item, tags=[str(t) for t in (item.tags or [])],
                   cover_url=images.cover_url("news", item.id, item.type))


def normalize_news_type(value: str | None) -> str | None:
    """TECH, MEETUP or SOCIAL (any case), or None for every type; Invalid for anything else."""
    return choice_or_none("type", value, NewsType.values(), NEWS_TYPE_INVALID)


def list_news(
    session: Session,
    news_type: str | None = None,
    *,
    search: str | None = None,
    tag: str | None = None,
    page: int = 0,
    size: int = 20,
) -> PageResult[NewsView]:
    """Published news, newest first, filtered by type, search text and tag (each optional)."""
    news_type = normalize_news_type(news_type)
    query = select(News).where(col(News.published).is_(True))
    if news_type:
        query = query.where(News.type == news_type)
    if term := clean_filter(search):
        query = query.where(or_(contains_ci(News.title, term), contains_ci(News.content, term)))
    if wanted := clean_filter(tag):
        query = query.where(json_list_has_ci(News.tags, wanted))
    query = query.order_by(col(News.created_at).desc(), col(News.id).desc())
    rows, total = fetch_page(session, query, page, size)
    return PageResult([news_view(n) for n in rows], total, page, size)


def get_published_news(session: Session, news_id: int) -> News:
    """The published news row; NotFound for unknown or unpublished ones."""
    item = get_or_404(session, News, news_id, NEWS_NOT_FOUND)
    if not item.published:
        raise NotFound(NEWS_NOT_FOUND)
    return item


def get_news(session: Session, news_id: int) -> NewsView:
    return news_view(get_published_news(session, news_id))
