"""Applications sent through the call for speakers."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import Experience, Expertise, ApplicationStatus


class SpeakerApplication(SQLModel, table=True):
    __tablename__ = "speaker_applications"
    __table_args__ = (
        check_in("years_of_experience", Experience, "ck_speaker_apps_experience"),
        check_in("expertise_field", Expertise, "ck_speaker_apps_expertise"),
        check_in("status", ApplicationStatus, "ck_speaker_apps_status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    full_name: str = Field(max_length=120)
    job_position: str = Field(max_length=120)
    phone: str = Field(max_length=20)
    years_of_experience: str = Field(max_length=20)
    expertise_field: str = Field(max_length=20, index=True)
    topics: str = Field(sa_type=sa.Text)
    linkedin_url: str = Field(max_length=500)
    github_url: str = Field(max_length=500)
    portfolio_url: str = Field(max_length=500)
    photo_path: str | None = Field(default=None, max_length=255)
    language: str = Field(default="en", max_length=5)
    status: str = Field(default=ApplicationStatus.NEW.value, max_length=12, index=True)
    status_note: str = Field(default="", sa_type=sa.Text)
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)
    # Issue 41: the draft talk an accepted application became, and when the speaker
    # confirmed it on their speaker page (services/speaker_talks.py).
    talk_id: int | None = Field(default=None, foreign_key="talks.id", ondelete="SET NULL")
    confirmed_at: dt.datetime | None = None
