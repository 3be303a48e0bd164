"""The people around a talk (issue 41, part B): organizers' reviews of speaker
applications, members' starred talks and attendees' feedback on a talk."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow

SCORE_MIN = 1
SCORE_MAX = 5


class ApplicationReview(SQLModel, table=True):
    """One organizer's score (1-5) and comment on one speaker application."""

    __tablename__ = "application_reviews"
    __table_args__ = (
        sa.UniqueConstraint("application_id", "organizer_id",
                            name="uq_application_reviews_application_organizer"),
        sa.CheckConstraint("score BETWEEN 1 AND 5", name="ck_application_reviews_score"),
    )

    id: int | None = Field(default=None, primary_key=True)
    application_id: int = Field(foreign_key="speaker_applications.id", index=True,
                                ondelete="CASCADE")
    organizer_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    score: int
    comment: str = Field(default="", sa_type=sa.Text)
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)


class TalkStar(SQLModel, table=True):
    """A talk a member wants to hear: "my talks" on My Page, one event each in their
    private calendar feed, listed in the meetup's reminder."""

    __tablename__ = "talk_stars"
    __table_args__ = (
        sa.UniqueConstraint("user_id", "talk_id", name="uq_talk_stars_user_talk"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    talk_id: int = Field(foreign_key="talks.id", index=True, ondelete="CASCADE")
    created_at: dt.datetime = Field(default_factory=utcnow)


class TalkFeedback(SQLModel, table=True):
    """An attendee's rating (1-5) of a talk after it ended, with an optional comment; one
    per member and talk. The speaker and the organizers see it without the member's name."""

    __tablename__ = "talk_feedback"
    __table_args__ = (
        sa.UniqueConstraint("talk_id", "user_id", name="uq_talk_feedback_talk_user"),
        sa.CheckConstraint("rating BETWEEN 1 AND 5", name="ck_talk_feedback_rating"),
    )

    id: int | None = Field(default=None, primary_key=True)
    talk_id: int = Field(foreign_key="talks.id", index=True, ondelete="CASCADE")
    # None once the member's account is erased and the feedback kept (it named no one).
    user_id: int | None = Field(default=None, foreign_key="users.id", index=True,
                                ondelete="SET NULL")
    rating: int
    comment: str = Field(default="", sa_type=sa.Text)
    created_at: dt.datetime = Field(default_factory=utcnow)
