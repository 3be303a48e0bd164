"""Talks and speakers as first-class items (issue 41): a talk belongs to one meetup's
programme and has one or more speakers; a speaker profile is one person across meetups,
linked to a member account when the speaker has one."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import TalkLanguage, TalkLevel, TalkStatus

SLUG_LENGTH = 80


class SpeakerProfile(SQLModel, table=True):
    """One speaker across meetups: the public speaker page (/speakers/<id>-<slug>)."""

    __tablename__ = "speaker_profiles"

    id: int | None = Field(default=None, primary_key=True)
    # Made from the name once; the address keeps working when the name changes.
    slug: str = Field(max_length=SLUG_LENGTH)
    name: str = Field(max_length=120)
    job_position: str = Field(default="", max_length=120)
    company: str = Field(default="", max_length=120)
    bio: str = Field(default="", sa_type=sa.Text)  # Markdown, sanitised when shown
    photo_url: str | None = Field(default=None, max_length=500)  # services/uploads.public_url
    links: list = Field(default_factory=list, sa_type=sa.JSON)  # http(s) addresses, in order
    # The member account of the speaker, who may edit the profile from My Page.
    user_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL",
                                unique=True)
    # Item 8: when the member account is erased, the talks keep the speaker's name only if
    # the speaker agreed (asked when confirming a talk); otherwise the name goes too.
    keep_name_after_erasure: bool = Field(default=False,
                                          sa_column_kwargs={"server_default": sa.false()})
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)


class Talk(SQLModel, table=True):
    """A talk of a meetup's programme: its page is /talks/<id>-<slug>."""

    __tablename__ = "talks"
    __table_args__ = (
        check_in("status", TalkStatus, "ck_talks_status"),
        check_in("language", TalkLanguage, "ck_talks_language"),
        check_in("level", TalkLevel, "ck_talks_level"),
        sa.CheckConstraint("duration_minutes > 0", name="ck_talks_duration_positive"),
        sa.CheckConstraint("ends_at >= starts_at", name="ck_talks_ends_after_start"),
        sa.Index("ix_talks_meetup_start", "meetup_id", "starts_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    meetup_id: int = Field(foreign_key="meetups.id", ondelete="CASCADE")
    slug: str = Field(max_length=SLUG_LENGTH)  # made from the first title, then kept
    title: str = Field(max_length=200)
    abstract: str = Field(default="", sa_type=sa.Text)  # Markdown, sanitised when shown
    language: str = Field(default=TalkLanguage.EN.value, max_length=2)
    level: str = Field(default=TalkLevel.ALL.value, max_length=12)
    duration_minutes: int = Field(default=30)
    # The slot in the programme; a draft may have none yet.
    starts_at: dt.datetime | None = None
    ends_at: dt.datetime | None = None
    room: str = Field(default="", max_length=100)  # room or track, where a meetup has several
    status: str = Field(default=TalkStatus.SCHEDULED.value, max_length=10, index=True)
    # Slides: an uploaded PDF in the object store (its key) or a link elsewhere.
    slides_key: str | None = Field(default=None, max_length=255)
    slides_url: str | None = Field(default=None, max_length=500)
    recording_url: str | None = Field(default=None, max_length=500)  # YouTube, Vimeo, PeerTube
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)


class TalkSpeaker(SQLModel, table=True):
    """A speaker of a talk, in the order the programme names them."""

    __tablename__ = "talk_speakers"

    talk_id: int = Field(foreign_key="talks.id", primary_key=True, ondelete="CASCADE")
    speaker_id: int = Field(foreign_key="speaker_profiles.id", primary_key=True,
                            ondelete="CASCADE", index=True)
    position: int = Field(default=0)
