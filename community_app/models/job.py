"""Job posts on the jobs board."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import JobCategory, JobStatus, JobType, KoreanLevel


JOB_LIFETIME_DAYS = 30


class JobPost(SQLModel, table=True):
    __tablename__ = "job_posts"
    __table_args__ = (
        check_in("status", JobStatus, "ck_job_posts_status"),
        check_in("job_type", JobType, "ck_job_posts_type"),
        check_in("category", JobCategory, "ck_job_posts_category"),
        check_in("korean_level", KoreanLevel, "ck_job_posts_korean_level"),
        sa.CheckConstraint(
            "salary_min IS NULL OR salary_max IS NULL OR salary_min <= salary_max",
            name="ck_job_posts_salary_range",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(max_length=200)
    company_name: str = Field(max_length=200, index=True)
    company_description: str = Field(default="", sa_type=sa.Text)
    location: str = Field(max_length=100, index=True)
    remote: bool = Field(default=False)
    job_type: str = Field(default=JobType.FULL_TIME.value, max_length=20, index=True)
    category: str = Field(default=JobCategory.OTHER.value, max_length=20, index=True)
    description: str = Field(sa_type=sa.Text)
    requirements: str = Field(default="", sa_type=sa.Text)
    experience: str = Field(default="", max_length=200)
    technologies: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    benefits: str = Field(default="", sa_type=sa.Text)
    keywords: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    salary_min: int | None = None
    salary_max: int | None = None
    salary_currency: str = Field(default="KRW", max_length=3)
    contact_phone: str | None = Field(default=None, max_length=30)
    contact_email: str | None = Field(default=None, max_length=254)
    contact_website: str | None = Field(default=None, max_length=500)
    # Visa and language (VisaStatus / WorkingLanguage values; korean_level None = not stated).
    visas: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    visa_sponsorship: bool = Field(default=False)
    korean_level: str | None = Field(default=None, max_length=10)
    working_languages: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    status: str = Field(default=JobStatus.PENDING.value, max_length=10, index=True)
    posted_by_id: int | None = Field(
        default=None, foreign_key="users.id", ondelete="SET NULL"
    )
    created_at: dt.datetime = Field(default_factory=utcnow, index=True)
    updated_at: dt.datetime = Field(default_factory=utcnow)
    # Posted to the Telegram channel when published (services/telegram/announcements.py);
    # an organizer switches it off per item in the back office.
    telegram_announce: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})
    opened_at: dt.datetime | None = None
    expires_at: dt.datetime | None = None
