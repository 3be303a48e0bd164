"""/admin/comments: moderating the news comments."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query
from pydantic import Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, Page, paged
from community_app.api.formatting import ViewOut
from community_app.api.listing import listing_query
from community_app.api.routes.admin.common import DELETED, NOT_ORGANIZER, WITH_404, item_actions
from community_app.i18n import N_
from community_app.services import admin_comments
from community_app.services.admin_comments import SHOWN
from community_app.services.paging import Listing

router = Router()


class AdminCommentOut(ViewOut):
    id: int
    newsId: int
    newsTitle: str
    parentId: int | None
    authorUsername: str
    authorEmail: str
    text: str = Field(description="Plain text as written: escape it when showing it")
    hidden: bool
    createdAt: dt.datetime


@router.get("/comments", response_model=Envelope[Page[AdminCommentOut]], responses=NOT_ORGANIZER)
def list_comments(
    user: Organizer,
    session: SessionDep,
    listing: Annotated[Listing, listing_query("Text, author or news title")],
    hidden: Annotated[bool | None, Query(description="Only hidden or only visible")] = None,
    news_id: Annotated[int | None, Query(alias="newsId")] = None,
) -> Envelope[Page[AdminCommentOut]]:
    """Comments and replies on every news item, newest first."""
    return paged(admin_comments.list_comments_admin(session, user.id, listing, hidden=hidden,
                                                    news_id=news_id), AdminCommentOut.of)


# hide_comment, unhide_comment; delete_comment
item_actions(
    router, AdminCommentOut, WITH_404,
    ("post", "/comments/{comment_id}/hide", admin_comments.hide_comment, N_("Comment hidden."),
     "Hide a comment (and its replies) from the public thread."),
    ("post", "/comments/{comment_id}/unhide", admin_comments.unhide_comment, SHOWN, ""),
)
item_actions(router, None, WITH_404,
             ("delete", "/comments/{comment_id}", admin_comments.delete_comment, DELETED,
              "Delete a comment with its replies and votes."))


