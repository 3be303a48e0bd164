"""Comments on news items: threads one level deep, and one like or dislike per member.

- A reply always hangs off a top-level comment: replying to a reply attaches to that
  reply's top-level comment and keeps the replied-to username.
- Text is stored as the member typed it (trimmed), as plain text: whoever shows it escapes it.
- Hidden comments (and the replies under a hidden comment) do not exist for the public.
- Voting toggles: the same vote again takes it back, the other vote replaces it. The unique
  constraint ``uq_comment_votes_user`` keeps one vote per member even under races.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Sequence

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Comment, CommentVote, User
from community_app.services import ratelimit
from community_app.services.authors import (
    author_names,
    is_deleted_member,
    page_address,
    public_names,
)
from community_app.services.bulk import update_where
from community_app.services.errors import InvalidMany, NotFound
from community_app.services.lookup import MAX_ID
from community_app.services.news import get_published_news

MAX_COMMENT_LENGTH = 2000
# A comment sent again within this by its member, with the same text in the same place, is
# the one already saved (a retry after the answer was lost: state/sent_writes.py, issue 40).
REPEAT_WINDOW = dt.timedelta(minutes=10)
MAX_USERNAME_LENGTH = 50
LIKE = 1
DISLIKE = -1

COMMENT_NOT_FOUND = N_("Comment not found.")
COMMENT_EMPTY = N_("Comment cannot be empty.")
COMMENT_TOO_LONG = N_("Comment is too long (2000 characters at most).")
REPLIED_USERNAME_TOO_LONG = N_("The replied username is too long (50 characters at most).")


@dataclasses.dataclass(frozen=True)
class CommentView:
    id: int
    news_id: int
    parent_id: int | None
    text: str
    author_username: str
    author_avatar: str | None
    replied_username: str | None
    likes: int
    dislikes: int
    reply_count: int
    created_at: dt.datetime
    my_vote: int  # 1 liked, -1 disliked, 0 no vote (or nobody signed in)
    # The author as shown on the site, per language: their public name ("Deleted member"
    # once erased: services/authors.py); ``author_handles``: the username, for the API.
    author_names: dict[str, str] = dataclasses.field(default_factory=dict)
    author_handles: dict[str, str] = dataclasses.field(default_factory=dict)
    # The author's public page (/members/<username>) when they switched it on; "" otherwise.
    author_page: str = ""


@dataclasses.dataclass(frozen=True)
class VoteTally:
    likes: int
    dislikes: int
    my_vote: int


# ---------------------------------------------------------------- rules


# Control characters (NUL, escape sequences, bidi overrides...) never belong in a
# comment; line breaks and tabs do.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _text(value: object) -> str:
    return _CONTROL.sub("", value).strip() if isinstance(value, str) else ""


def comment_problem(text: object) -> str | None:
    """The comment's text: 1 to 2000 characters once trimmed."""
    comment = _text(text)
    if not comment:
        return COMMENT_EMPTY
    if len(comment) > MAX_COMMENT_LENGTH:
        return COMMENT_TOO_LONG
    return None


def replied_username_problem(value: object) -> str | None:
    """At most 50 characters (optional)."""
    return REPLIED_USERNAME_TOO_LONG if len(_text(value)) > MAX_USERNAME_LENGTH else None


def validate_comment(text: object, replied_username: object = None) -> dict[str, str]:
    """Field -> message id for the comment form: text 1 to 2000 characters once trimmed."""
    problems = {
        "comment": comment_problem(text),
        "repliedUsername": replied_username_problem(replied_username),
    }
    return {field: message for field, message in problems.items() if message}


def _visible_comment(session: Session, news_id: int, comment_id: int) -> Comment:
    """A comment of this news item that is not hidden, nor under a hidden comment."""
    comment = session.get(Comment, comment_id) if 0 < comment_id <= MAX_ID else None
    if comment is None or comment.news_id != news_id or comment.hidden:
        raise NotFound(COMMENT_NOT_FOUND)
    if comment.parent_id is not None:
        parent = session.get(Comment, comment.parent_id)
        if parent is None or parent.hidden:
            raise NotFound(COMMENT_NOT_FOUND)
    return comment


# ---------------------------------------------------------------- reading


def _views(
    session: Session, comments: Sequence[Comment], viewer_id: int | None
) -> list[CommentView]:
    ids = [c.id for c in comments]
    if not ids:
        return []
    authors = {
        u.id: u
        for u in session.exec(select(User).where(col(User.id).in_({c.user_id for c in comments})))
    }
    tallies = {
        row[0]: (int(row[1] or 0), int(row[2] or 0))
        for row in session.exec(
            select(
                CommentVote.comment_id,
                func.sum(sa.case((col(CommentVote.value) == LIKE, 1), else_=0)),
                func.sum(sa.case((col(CommentVote.value) == DISLIKE, 1), else_=0)),
            )
            .where(col(CommentVote.comment_id).in_(ids))
            .group_by(col(CommentVote.comment_id))
        )
    }
    replies = dict(
        session.exec(
            select(Comment.parent_id, func.count())
            .where(col(Comment.parent_id).in_(ids), col(Comment.hidden).is_(False))
            .group_by(col(Comment.parent_id))
        ).all()
    )
    mine: dict[int, int] = {}
    if viewer_id is not None:
        mine = dict(
            session.exec(
                select(CommentVote.comment_id, CommentVote.value).where(
                    col(CommentVote.comment_id).in_(ids), CommentVote.user_id == viewer_id
                )
            ).all()
        )
    views = []
    for c in comments:
        author = authors.get(c.user_id)
        likes, dislikes = tallies.get(c.id, (0, 0))
        views.append(
            CommentView(
                id=c.id,
                news_id=c.news_id,
                parent_id=c.parent_id,
                text=c.text,
                author_username=author.username if author else "",
                author_avatar=author.image_url if author else None,
                replied_username=c.replied_username,
                likes=likes,
                dislikes=dislikes,
                reply_count=int(replies.get(c.id, 0)),
                created_at=c.created_at,
                my_vote=int(mine.get(c.id, 0)),
                author_names=public_names(author),
                author_handles=author_names(author),
                author_page=page_address(author),
            )
        )
    return views


def list_comments(
    session: Session, news_id: int, *, viewer_id: int | None = None
) -> list[CommentView]:
    """Top-level comments of a published news item that are not hidden, oldest first."""
    get_published_news(session, news_id)
    comments = session.exec(
        select(Comment)
        .where(
            Comment.news_id == news_id,
            col(Comment.parent_id).is_(None),
            col(Comment.hidden).is_(False),
        )
        .order_by(col(Comment.created_at), col(Comment.id))
    ).all()
    return _views(session, comments, viewer_id)


def list_replies(
    session: Session, news_id: int, comment_id: int, *, viewer_id: int | None = None
) -> list[CommentView]:
    """Replies to a comment that are not hidden, oldest first."""
    get_published_news(session, news_id)
    _visible_comment(session, news_id, comment_id)
    comments = session.exec(
        select(Comment)
        .where(Comment.parent_id == comment_id, col(Comment.hidden).is_(False))
        .order_by(col(Comment.created_at), col(Comment.id))
    ).all()
    return _views(session, comments, viewer_id)


# ---------------------------------------------------------------- writing


def add_comment(
    session: Session,
    news_id: int,
    user_id: int,
    text: object,
    replied_username: object = None,
    *,
    reply_to: int | None = None,
    client: str = "",
) -> CommentView:
    """A new comment, or with ``reply_to`` a reply (attached to the top-level comment).
    Limited per member and per address (``client``; services.ratelimit)."""
    get_published_news(session, news_id)
    target = _visible_comment(session, news_id, reply_to) if reply_to is not None else None
    errors = validate_comment(text, replied_username)
    if errors:
        raise InvalidMany(errors)
    parent_id = None
    replied = _text(replied_username) or None
    if target is not None:
        parent_id = target.parent_id or target.id
        if replied is None:
            author = session.get(User, target.user_id)
            replied = author.username if author and not is_deleted_member(author) else None
    if (again := _sent_again(session, news_id, user_id, parent_id, _text(text))) is not None:
        return _views(session, [again], user_id)[0]
    ratelimit.spend("comments-member", str(user_id))
    ratelimit.spend("comments-address", client)
    comment = Comment(
        news_id=news_id,
        user_id=user_id,
        parent_id=parent_id,
        replied_username=replied,
        text=_text(text),
        created_at=utcnow(),
    )
    session.add(comment)
    session.flush()
    return _views(session, [comment], user_id)[0]


def _sent_again(session: Session, news_id: int, user_id: int, parent_id: int | None,
                text: str) -> Comment | None:
    """The member's comment of the same text in the same place within ``REPEAT_WINDOW``:
    the same comment sent again (a retry after a lost answer), not a new one."""
    return session.exec(
        select(Comment).where(
            Comment.news_id == news_id, Comment.user_id == user_id,
            Comment.parent_id == parent_id if parent_id is not None else col(Comment.parent_id).is_(None),
            Comment.text == text, Comment.created_at >= utcnow() - REPEAT_WINDOW,
        ).order_by(col(Comment.id).desc())
    ).first()


def vote_tally(session: Session, comment_id: int, user_id: int | None) -> VoteTally:
    likes, dislikes = session.exec(
        select(
            func.coalesce(func.sum(sa.case((col(CommentVote.value) == LIKE, 1), else_=0)), 0),
            func.coalesce(func.sum(sa.case((col(CommentVote.value) == DISLIKE, 1), else_=0)), 0),
        ).where(CommentVote.comment_id == comment_id)
    ).one()
    mine = None
    if user_id is not None:
        mine = session.exec(
            select(CommentVote.value).where(
                CommentVote.comment_id == comment_id, CommentVote.user_id == user_id
            )
        ).first()
    return VoteTally(int(likes), int(dislikes), int(mine or 0))


def vote_on_comment(
    session: Session, news_id: int, comment_id: int, user_id: int, value: int
) -> VoteTally:
    """Like (1) or dislike (-1) a comment, toggling: the same vote again removes it."""
    if value not in (LIKE, DISLIKE):
        raise ValueError("value must be 1 or -1")
    get_published_news(session, news_id)
    _visible_comment(session, news_id, comment_id)
    existing = session.exec(
        select(CommentVote).where(
            CommentVote.comment_id == comment_id, CommentVote.user_id == user_id
        )
    ).first()
    if existing is None:
        try:
            with session.begin_nested():
                session.add(CommentVote(comment_id=comment_id, user_id=user_id, value=value))
                session.flush()
        except sa.exc.IntegrityError:
            pass  # a concurrent request of the same member voted first: that vote stands
    elif existing.value == value:
        session.execute(
            sa.delete(CommentVote)
            .where(col(CommentVote.id) == existing.id, col(CommentVote.value) == value)
            .execution_options(synchronize_session=False)
        )
    else:
        update_where(session, CommentVote, col(CommentVote.id) == existing.id, value=value)
    if existing is not None:
        session.expire(existing)
    return vote_tally(session, comment_id, user_id)


def like_comment(session: Session, news_id: int, comment_id: int, user_id: int) -> VoteTally:
    return vote_on_comment(session, news_id, comment_id, user_id, LIKE)


def dislike_comment(session: Session, news_id: int, comment_id: int, user_id: int) -> VoteTally:
    return vote_on_comment(session, news_id, comment_id, user_id, DISLIKE)
