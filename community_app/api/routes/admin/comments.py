"""/admin/comments: moderating the news comments."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query
from pydantic import Field

from community_app.api.routing import Router
from community_app.api.formatting import ViewOut
from community_app.api.routes.admin.common import DELETED, WITH_404, item_actions, item_list
from community_app.i18n import N_
from community_app.services.admin import comments as admin_comments
from community_app.services.admin.comments import SHOWN

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


item_list(router, "/comments", "list_comments", AdminCommentOut,
          admin_comments.list_comments_admin, "Text, author or news title",
          "Comments and replies on every news item, newest first.",
          hidden=Annotated[bool | None, Query(description="Only hidden or only visible")],
          news_id=Annotated[int | None, Query(alias="newsId")])


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


