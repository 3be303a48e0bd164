"""The organizers' side of news: every item (drafts too), create, edit, publish or
unpublish, delete, and the item's image (public/news).

Tags are normalised: trimmed, lower case, inner spaces as single dashes, no duplicates, at
most 10 of at most 30 characters each. They may come from the news screen's vocabulary
(``TAG_VOCABULARY``, SPEC section 3) or be free. Every change expires the public news caches.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Mapping

from sqlmodel import Session, col, func, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Comment, CommentVote, News, NewsType
from community_app.services.admin.common import (
    NEWS_CACHES,
    distinct_items,
    flag,
    picture_changed,
    removed,
    saved,
    saved_with_picture,
    store_public_picture,
    text,
)
from community_app.services.audit import require_organizer
from community_app.services.telegram import announcements
from community_app.services.bulk import delete_where
from community_app.services.errors import InvalidMany
from community_app.services.lookup import get_or_404, view_of
from community_app.services.news import NEWS_NOT_FOUND, NEWS_TYPE_INVALID, NewsFields
from community_app.services.paging import Listing, PageResult, searched_page
from community_app.services.uploads import PUBLIC_NEWS, delete_public_image
from community_app.services.validation import TITLE_MAX, TITLE_REQUIRED, Rule, choice_rule
from community_app.services.validation import collect, text_rule

# SPEC section 3: the tag vocabulary of the news screen.
TAG_VOCABULARY = (
    "javascript", "frontend", "programming", "ai", "development", "react", "nodejs",
    "typescript", "python", "backend", "fullstack", "mobile", "web", "data",
    "machine-learning", "devops", "cloud", "database",
)
CONTENT_REQUIRED = N_("Content is required (50000 characters at most).")
TAGS_INVALID = N_("At most 10 tags of at most 30 characters each.")
# What the organizer is told when it worked (the site and the API alike).
NEWS_CREATED = N_("News item created.")


@dataclasses.dataclass(frozen=True)
class AdminNewsView(NewsFields):
    published: bool
    comment_count: int
    created_at: dt.datetime
    updated_at: dt.datetime
    telegram_announce: bool  # posted to the Telegram channel when published


def normalize_tags(value: object) -> list[str] | None:
    """A list of clean tags from a list or a comma-separated string; None when invalid."""
    return distinct_items(value, lambda item: re.sub(r"\s+", "-", item.strip().lower()),
                          longest=30, most=10)  # TAGS_INVALID's numbers


# The rule of each field, shared with the API's body model (api/routes/admin/news.py).
NEWS_RULES: dict[str, Rule] = {
    "title": text_rule(TITLE_REQUIRED, TITLE_MAX, required=True),
    "content": text_rule(CONTENT_REQUIRED, 50_000, required=True),
    "type": choice_rule(NEWS_TYPE_INVALID, NewsType.values(), case=str.upper),
    "tags": lambda value: TAGS_INVALID if normalize_tags(value) is None else None,
}


def validate_news(data: Mapping[str, object]) -> dict[str, object]:
    """Clean values of the news form (title, content, type, tags, published); every
    problem at once as InvalidMany."""
    if errors := collect(data, NEWS_RULES):
        raise InvalidMany(errors)
    return {
        "title": text(data, "title"),
        "content": text(data, "content"),
        "type": text(data, "type").upper() or NewsType.TECH.value,
        "tags": normalize_tags(data.get("tags")),
        "published": flag(data, "published", False),
        "telegram_announce": flag(data, "telegramAnnounce", True),
    }


def _view(item: News, comments: int = 0) -> AdminNewsView:
    return view_of(AdminNewsView, item, tags=[str(t) for t in (item.tags or [])],
                   comment_count=comments)


def _comment_count(session: Session, news_id: int) -> int:
    return session.exec(
        select(func.count()).select_from(Comment).where(Comment.news_id == news_id)
    ).one()


def _item(session: Session, news_id: int) -> News:
    return get_or_404(session, News, news_id, NEWS_NOT_FOUND)


def list_news_admin(
    session: Session,
    actor_id: int,
    listing: Listing = Listing(),
    *,
    published: bool | None = None,
) -> PageResult[AdminNewsView]:
    """Every news item (drafts too), newest first."""
    require_organizer(session, actor_id)
    query = select(News).order_by(col(News.created_at).desc(), col(News.id).desc())
    if published is not None:
        query = query.where(col(News.published).is_(published))
    return searched_page(session, query, lambda n: _view(n, _comment_count(session, n.id)),
                         listing, (News.title, News.content))


def get_news_admin(session: Session, actor_id: int, news_id: int) -> AdminNewsView:
    require_organizer(session, actor_id)
    item = _item(session, news_id)
    return _view(item, _comment_count(session, news_id))


def create_news(
    session: Session, actor_id: int, data: Mapping[str, object], *, image: bytes | None = None
) -> AdminNewsView:
    """A new item: a draft unless ``published`` is true."""
    require_organizer(session, actor_id)
    values = validate_news(data)
    image_url = store_public_picture(image, PUBLIC_NEWS) if image else None
    now = utcnow()
    item = News(**values, image_url=image_url, author_id=actor_id, created_at=now, updated_at=now)
    action = "news.create_published" if item.published else "news.create_draft"
    saved_with_picture(session, actor_id, item, image_url, action, ("news", None), item.title,
                       NEWS_CACHES)
    announcements.news_published(session, item)
    return _view(item)


def _changed(session: Session, actor_id: int, item: News, action: str) -> AdminNewsView:
    """The item written with its new time, the change logged; its view."""
    item.updated_at = utcnow()
    saved(session, actor_id, item, action, ("news", item.id), item.title, NEWS_CACHES)
    announcements.news_published(session, item)  # once, the first time it is published
    return _view(item, _comment_count(session, item.id))


def _picture(session: Session, actor_id: int, news_id: int, image: bytes | None,
             action: str) -> AdminNewsView:
    require_organizer(session, actor_id)
    item = _item(session, news_id)
    picture_changed(session, actor_id, item, image, PUBLIC_NEWS, action, ("news", news_id),
                    item.title, NEWS_CACHES)
    return _view(item, _comment_count(session, news_id))


def update_news(
    session: Session, actor_id: int, news_id: int, data: Mapping[str, object]
) -> AdminNewsView:
    """Change title, content, type and tags (and ``published`` when it is sent)."""
    require_organizer(session, actor_id)
    item = _item(session, news_id)
    values = validate_news({"published": item.published,
                            "telegramAnnounce": item.telegram_announce, **data})
    for name, value in values.items():
        setattr(item, name, value)
    return _changed(session, actor_id, item, "news.update")


def set_published(
    session: Session, actor_id: int, news_id: int, published: bool
) -> AdminNewsView:
    """Publish (the item shows on /news) or unpublish (back to a draft)."""
    require_organizer(session, actor_id)
    item = _item(session, news_id)
    item.published = published
    return _changed(session, actor_id, item, "news.publish" if published else "news.unpublish")


def set_news_image(
    session: Session, actor_id: int, news_id: int, image: bytes
) -> AdminNewsView:
    return _picture(session, actor_id, news_id, image, "news.image")


def remove_news_image(session: Session, actor_id: int, news_id: int) -> AdminNewsView:
    return _picture(session, actor_id, news_id, None, "news.image_remove")


def delete_news(session: Session, actor_id: int, news_id: int) -> None:
    """Delete an item with its comments and image."""
    require_organizer(session, actor_id)
    item = _item(session, news_id)
    title, image = item.title, item.image_url
    comment_ids = select(Comment.id).where(Comment.news_id == news_id)
    delete_where(session, CommentVote, col(CommentVote.comment_id).in_(comment_ids))
    # Replies first, then the top-level comments (the self-reference allows no other order).
    delete_where(session, Comment, Comment.news_id == news_id,
                 col(Comment.parent_id).is_not(None))
    delete_where(session, Comment, Comment.news_id == news_id)
    removed(session, actor_id, item, "news.delete", ("news", news_id), title, NEWS_CACHES)
    delete_public_image(image)
