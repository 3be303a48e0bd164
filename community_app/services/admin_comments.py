"""Moderating comments: the recent ones on every news item, hide, show again or delete.

A hidden comment (and every reply under it) vanishes from the public thread
(services/comments.py never reads hidden ones); deleting removes it with its replies
and votes.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, or_, select

from community_app.models import Comment, CommentVote, News, User
from community_app.services.audit import record, require_organizer
from community_app.services.comments import COMMENT_NOT_FOUND
from community_app.services.lookup import get_or_404
from community_app.services.paging import PageResult, fetch_page
from community_app.services.text_search import clean_filter, contains_ci


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


def _views(session: Session, rows) -> list[AdminCommentView]:
    return [
        AdminCommentView(
            id=c.id,
            news_id=c.news_id,
            news_title=n.title,
            parent_id=c.parent_id,
            author_username=u.username if u else "",
            author_email=u.email if u else "",
            text=c.text,
            hidden=c.hidden,
            created_at=c.created_at,
        )
        for c, n, u in rows
    ]


def _query():
    return (
        select(Comment, News, User)
        .join(News, col(News.id) == col(Comment.news_id))
        .join(User, col(User.id) == col(Comment.user_id), isouter=True)
    )


def list_comments_admin(
    session: Session,
    actor_id: int,
    *,
    hidden: bool | None = None,
    news_id: int | None = None,
    search: str | None = None,
    page: int = 0,
    size: int = 20,
) -> PageResult[AdminCommentView]:
    """Comments and replies on every news item, newest first."""
    require_organizer(session, actor_id)
    query = _query()
    if hidden is not None:
        query = query.where(col(Comment.hidden).is_(hidden))
    if news_id is not None:
        query = query.where(Comment.news_id == news_id)
    if term := clean_filter(search):
        query = query.where(
            or_(
                contains_ci(Comment.text, term),
                contains_ci(User.username, term),
                contains_ci(News.title, term),
            )
        )
    query = query.order_by(col(Comment.created_at).desc(), col(Comment.id).desc())
    rows, total = fetch_page(session, query, page, size)
    return PageResult(_views(session, rows), total, page, size)


def _set_hidden(session: Session, actor_id: int, comment_id: int, hidden: bool) -> AdminCommentView:
    require_organizer(session, actor_id)
    comment = get_or_404(session, Comment, comment_id, COMMENT_NOT_FOUND)
    comment.hidden = hidden
    session.add(comment)
    session.flush()
    record(
        session, actor_id, "comment.hide" if hidden else "comment.unhide", "comment", comment_id,
        comment.text[:200],
    )
    row = session.exec(_query().where(col(Comment.id) == comment_id)).one()
    return _views(session, [row])[0]


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
    session.execute(
        sa.delete(CommentVote)
        .where(col(CommentVote.comment_id).in_(ids))
        .execution_options(synchronize_session=False)
    )
    session.execute(
        sa.delete(Comment)
        .where(col(Comment.parent_id) == comment_id)
        .execution_options(synchronize_session=False)
    )
    session.delete(comment)
    session.flush()
    record(session, actor_id, "comment.delete", "comment", comment_id, text[:200])
