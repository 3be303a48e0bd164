"""News items and their comment threads."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import NewsType


class News(SQLModel, table=True):
    __tablename__ = "news"
    __table_args__ = (check_in("type", NewsType, "ck_news_type"),)

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(max_length=200)
    content: str = Field(sa_type=sa.Text)
    type: str = Field(default=NewsType.TECH.value, max_length=10, index=True)
    tags: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    image_url: str | None = Field(default=None, max_length=500)
    published: bool = Field(default=True)
    author_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    created_at: dt.datetime = Field(default_factory=utcnow, index=True)
    updated_at: dt.datetime = Field(default_factory=utcnow)
    # Posted to the Telegram channel when published (services/telegram/announcements.py);
    # an organizer switches it off per item in the back office.
    telegram_announce: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})


class Comment(SQLModel, table=True):
    """A comment on a news item; a reply has a parent comment."""

    __tablename__ = "comments"

    id: int | None = Field(default=None, primary_key=True)
    news_id: int = Field(foreign_key="news.id", index=True, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    parent_id: int | None = Field(
        default=None, foreign_key="comments.id", index=True, ondelete="CASCADE"
    )
    replied_username: str | None = Field(default=None, max_length=50)
    text: str = Field(sa_type=sa.Text)
    hidden: bool = Field(default=False)
    created_at: dt.datetime = Field(default_factory=utcnow)


class CommentVote(SQLModel, table=True):
    """One like (+1) or dislike (-1) per member and comment."""

    __tablename__ = "comment_votes"
    __table_args__ = (
        sa.UniqueConstraint("comment_id", "user_id", name="uq_comment_votes_user"),
        sa.CheckConstraint("value IN (-1, 1)", name="ck_comment_votes_value"),
    )

    id: int | None = Field(default=None, primary_key=True)
    comment_id: int = Field(foreign_key="comments.id", index=True, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    value: int
    created_at: dt.datetime = Field(default_factory=utcnow)
