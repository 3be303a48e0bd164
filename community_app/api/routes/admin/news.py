"""/admin/news: news items with drafts, publishing and images."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Query, Request
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import translated
from community_app.api.routes.admin.common import (
    DELETED, NOT_ORGANIZER, SAVED, WITH_404, WITH_422, item_actions, item_edits, item_list, picture,
    ruled_text, upper_or_none,
)
from community_app.api.routes.news import NewsFieldsOut
from community_app.api.schemas.rules import checked_by
from community_app.i18n import N_
from community_app.models import NewsType
from community_app.services.admin import news as admin_news
from community_app.services.admin.common import IMAGE_REMOVED, IMAGE_SAVED
from community_app.services.admin.news import NEWS_CREATED

router = Router()

PUBLISHED = N_("Published.")
UNPUBLISHED = N_("Unpublished.")


class NewsIn(BaseModel):
    title: ruled_text(admin_news.NEWS_RULES, "title") = None
    content: ruled_text(admin_news.NEWS_RULES, "content") = None
    type: Annotated[
        Literal[tuple(NewsType.values())] | None,  # type: ignore[valid-type]
        checked_by(admin_news.NEWS_RULES["type"], clean=upper_or_none),
        Field(description="Any case; default TECH"),
    ] = None
    tags: Annotated[
        list[str] | str | None,
        checked_by(admin_news.NEWS_RULES["tags"]),
        Field(description="Lower-cased; from the news vocabulary or free (at most 10 of at "
                          "most 30 characters; a comma-separated text works too)",
              examples=[list(admin_news.TAG_VOCABULARY[:3])]),
    ] = None
    published: bool | None = Field(default=None, description="Create: default false (a draft)")


class AdminNewsOut(NewsFieldsOut):
    published: bool
    commentCount: int
    createdAt: dt.datetime
    updatedAt: dt.datetime
    telegramAnnounce: bool = Field(
        default=True, description="Posted to the Telegram channel when published "
                                  "(POST /admin/news/{id}/telegram)")


item_list(router, "/news", "list_news", AdminNewsOut, admin_news.list_news_admin, None,
          "Every news item (drafts too), newest first.",
          published=Annotated[bool | None,
                              Query(description="Only published or only drafts")])


@router.post("/news", status_code=201, response_model=Envelope[AdminNewsOut],
             responses={**NOT_ORGANIZER, 422: {}})
def create_news(body: NewsIn, user: Organizer, session: SessionDep, request: Request) -> Envelope[AdminNewsOut]:
    """Create a news item: a draft unless ``published`` is true."""
    view = admin_news.create_news(session, user.id, body.model_dump(exclude_none=True))
    return ok(AdminNewsOut.of(view), translated(request, NEWS_CREATED), 201)


@router.get("/news/{news_id}", response_model=Envelope[AdminNewsOut], responses=WITH_404)
def get_news(news_id: int, user: Organizer, session: SessionDep) -> Envelope[AdminNewsOut]:
    return ok(AdminNewsOut.of(admin_news.get_news_admin(session, user.id, news_id)))


item_edits(router, AdminNewsOut, NewsIn, WITH_422,
           ("put", "/news/{news_id}", admin_news.update_news, SAVED,
            "Change title, content, type and tags (and ``published`` when sent)."),
           dump={"exclude_none": True})


@router.post("/news/{news_id}/publish", response_model=Envelope[AdminNewsOut], responses=WITH_404)
def publish_news(news_id: int, user: Organizer, session: SessionDep, request: Request) -> Envelope[AdminNewsOut]:
    """Publish: the item shows on /news."""
    view = admin_news.set_published(session, user.id, news_id, True)
    return ok(AdminNewsOut.of(view), translated(request, PUBLISHED))


@router.post("/news/{news_id}/unpublish", response_model=Envelope[AdminNewsOut],
             responses=WITH_404)
def unpublish_news(news_id: int, user: Organizer, session: SessionDep, request: Request) -> Envelope[AdminNewsOut]:
    """Unpublish: back to a draft, gone from /news."""
    view = admin_news.set_published(session, user.id, news_id, False)
    return ok(AdminNewsOut.of(view), translated(request, UNPUBLISHED))


item_actions(router, None, WITH_404, ("delete", "/news/{news_id}", admin_news.delete_news, DELETED,
                                      "Delete a news item with its comments and image."))


item_actions(router, AdminNewsOut, {**WITH_422, 413: {}},
             ("post", "/news/{news_id}/image", admin_news.set_news_image, IMAGE_SAVED,
              "Set the item's image: checked, re-encoded to WebP and served publicly."),
             image=picture)
item_actions(router, AdminNewsOut, WITH_404,
             ("delete", "/news/{news_id}/image", admin_news.remove_news_image, IMAGE_REMOVED,
              "Remove the item's image."))


