"""Moderating comments: the recent ones on every news item, hide, show again or delete.

A hidden comment (and every reply under it) vanishes from the public thread
(services/comments.py never reads hidden ones); deleting removes it with its replies
and votes.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, select

from community_app.i18n import N_
from community_app.models import Comment, CommentVote, News, User
from community_app.services.admin.common import removed, saved
from community_app.services.audit import require_organizer
from community_app.services.bulk import delete_where
from community_app.services.comments import COMMENT_NOT_FOUND
from community_app.services.lookup import get_or_404, view_of
from community_app.services.paging import Listing, PageResult, searched_page


# What the organizer is told when it worked (the site and the API alike).
SHOWN = N_("Comment shown again.")


@dataclasses.dataclass(frozen=True)
class AdminCommentView:
    id: int
    news_id: int
    news_title: str
    parent_id: int | None
    author_username: str
    author_email: str
    text: str
    hidden: bool
    created_at: dt.datetime


def _view(row) -> AdminCommentView:
    """A comment with its news item and author (a row of ``_query``)."""
    c, n, u = row
    return view_of(AdminCommentView, c, news_title=n.title,
                   author_username=u.username if u else "", author_email=u.email if u else "")


def _query():
    return (
        select(Comment, News, User)
        .join(News, col(News.id) == col(Comment.news_id))
        .join(User, col(User.id) == col(Comment.user_id), isouter=True)
    )


def list_comments_admin(
    session: Session, actor_id: int, listing: Listing = Listing(), *, hidden: bool | None = None,
    news_id: int | None = None
) -> PageResult[AdminCommentView]:
    """Comments and replies on every news item, newest first."""
    require_organizer(session, actor_id)
    query = _query().order_by(col(Comment.created_at).desc(), col(Comment.id).desc())
    if hidden is not None:
        query = query.where(col(Comment.hidden).is_(hidden))
    if news_id is not None:
        query = query.where(Comment.news_id == news_id)
    return searched_page(session, query, _view, listing,
                         (Comment.text, User.username, News.title))


def _set_hidden(session: Session, actor_id: int, comment_id: int, hidden: bool) -> AdminCommentView:
    require_organizer(session, actor_id)
    comment = get_or_404(session, Comment, comment_id, COMMENT_NOT_FOUND)
    comment.hidden = hidden
    saved(session, actor_id, comment, "comment.hide" if hidden else "comment.unhide",
          ("comment", comment_id), comment.text[:200], subject_user_id=comment.user_id)
    return _view(session.exec(_query().where(col(Comment.id) == comment_id)).one())


def hide_comment(session: Session, actor_id: int, comment_id: int) -> AdminCommentView:
    return _set_hidden(session, actor_id, comment_id, True)


def unhide_comment(session: Session, actor_id: int, comment_id: int) -> AdminCommentView:
    return _set_hidden(session, actor_id, comment_id, False)


def delete_comment(session: Session, actor_id: int, comment_id: int) -> None:
    """Delete a comment with its replies and every vote on them."""
    require_organizer(session, actor_id)
    comment = get_or_404(session, Comment, comment_id, COMMENT_NOT_FOUND)
    text = comment.text
    ids = [comment_id, *session.exec(select(Comment.id).where(Comment.parent_id == comment_id))]
    delete_where(session, CommentVote, col(CommentVote.comment_id).in_(ids))
    delete_where(session, Comment, col(Comment.parent_id) == comment_id)
    removed(session, actor_id, comment, "comment.delete", ("comment", comment_id), text[:200])
