"""Members' blog posts."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import BlogStatus


class BlogPost(SQLModel, table=True):
    __tablename__ = "blog_posts"
    __table_args__ = (check_in("status", BlogStatus, "ck_blog_posts_status"),)

    id: int | None = Field(default=None, primary_key=True)
    author_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    title: str = Field(max_length=200)
    content: str = Field(sa_type=sa.Text)
    cover_url: str | None = Field(default=None, max_length=500)
    status: str = Field(default=BlogStatus.DRAFT.value, max_length=10, index=True)
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)
    published_at: dt.datetime | None = None
