"""/admin/comments: moderating the news comments."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, Page, ok, page_of
from community_app.api.formatting import utc
from community_app.api.params import PageNumber, PageSize
from community_app.api.routes.admin.common import DELETED, NOT_ORGANIZER, WITH_404, item_actions
from community_app.i18n import N_
from community_app.services import admin_comments
from community_app.services.admin_comments import SHOWN

router = Router()

HIDDEN = N_("Comment hidden.")


class AdminCommentOut(BaseModel):
    id: int
    newsId: int
    newsTitle: str
    parentId: int | None
    authorUsername: str
    authorEmail: str
    text: str = Field(description="Plain text as written: escape it when showing it")
    hidden: bool
    createdAt: dt.datetime

    @classmethod
    def of(cls, c: admin_comments.AdminCommentView) -> AdminCommentOut:
        return cls(id=c.id, newsId=c.news_id, newsTitle=c.news_title, parentId=c.parent_id,
                   authorUsername=c.author_username, authorEmail=c.author_email, text=c.text,
                   hidden=c.hidden, createdAt=utc(c.created_at))


@router.get("/comments", response_model=Envelope[Page[AdminCommentOut]], responses=NOT_ORGANIZER)
def list_comments(
    user: Organizer,
    session: SessionDep,
    hidden: Annotated[bool | None, Query(description="Only hidden or only visible")] = None,
    news_id: Annotated[int | None, Query(alias="newsId")] = None,
    search: Annotated[str | None, Query(description="Text, author or news title")] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> Envelope[Page[AdminCommentOut]]:
    """Comments and replies on every news item, newest first."""
    result = admin_comments.list_comments_admin(
        session, user.id, hidden=hidden, news_id=news_id, search=search, page=page, size=size
    )
    return ok(page_of([AdminCommentOut.of(c) for c in result.items], result.total, page, size))


# hide_comment, unhide_comment; delete_comment
item_actions(
    router, AdminCommentOut, WITH_404,
    ("post", "/comments/{comment_id}/hide", admin_comments.hide_comment, HIDDEN,
     "Hide a comment (and its replies) from the public thread."),
    ("post", "/comments/{comment_id}/unhide", admin_comments.unhide_comment, SHOWN, ""),
)
item_actions(router, None, WITH_404,
             ("delete", "/comments/{comment_id}", admin_comments.delete_comment, DELETED,
              "Delete a comment with its replies and votes."))


