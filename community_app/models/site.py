"""Site-wide settings, the site copy organizers can edit, and the record of organizer actions."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import StrEnum, check_in

DEFAULT_TARGET_SPEAKERS = 50
DEFAULT_TARGET_EVENTS = 20
DEFAULT_TARGET_MEMBERS = 300


class SiteSettings(SQLModel, table=True):
    """A single row (id 1) of settings changeable without a restart."""

    __tablename__ = "site_settings"
    __table_args__ = (sa.CheckConstraint("id = 1", name="ck_site_settings_single_row"),)

    id: int = Field(default=1, primary_key=True)
    maintenance: bool = Field(default=False)
    contact_email: str = Field(default="", max_length=254)
    target_speakers: int = Field(default=DEFAULT_TARGET_SPEAKERS)
    target_events: int = Field(default=DEFAULT_TARGET_EVENTS)
    target_members: int = Field(default=DEFAULT_TARGET_MEMBERS)
    updated_at: dt.datetime = Field(default_factory=utcnow)


class AffiliatedProject(SQLModel, table=True):
    __tablename__ = "affiliated_projects"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    url: str = Field(max_length=500)
    description_en: str = Field(default="", max_length=500)
    description_uz: str = Field(default="", max_length=500)
    position: int = Field(default=0)


class Benefit(SQLModel, table=True):
    __tablename__ = "benefits"

    id: int | None = Field(default=None, primary_key=True)
    icon: str = Field(default="star", max_length=40)
    title_en: str = Field(max_length=120)
    title_uz: str = Field(max_length=120)
    description_en: str = Field(default="", max_length=500)
    description_uz: str = Field(default="", max_length=500)
    position: int = Field(default=0)


class TeamRole(StrEnum):
    ORGANIZER = "organizer"
    CONTRIBUTOR = "contributor"


class TeamMember(SQLModel, table=True):
    """A person listed on About: an event organizer or a project contributor."""

    __tablename__ = "team_members"
    __table_args__ = (check_in("kind", TeamRole, "ck_team_members_kind"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=20)
    name: str = Field(max_length=120)
    role_en: str = Field(default="", max_length=200)
    role_uz: str = Field(default="", max_length=200)
    image_url: str | None = Field(default=None, max_length=500)
    profile_url: str | None = Field(default=None, max_length=500)
    position: int = Field(default=0)


class AuditEntry(SQLModel, table=True):
    """Who did what, and when: every organizer action. ``subject_user_id`` is the member an
    entry is about (the one checked in, accepted, cleared...): their erasure blanks the
    entry's detail, and the organizer's data export leaves it out (services/privacy)."""

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, primary_key=True)
    actor_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    subject_user_id: int | None = Field(
        default=None, foreign_key="users.id", ondelete="SET NULL", index=True)
    action: str = Field(max_length=60)
    target_type: str = Field(max_length=40)
    target_id: int | None = None
    detail: str = Field(default="", sa_type=sa.Text)
    created_at: dt.datetime = Field(default_factory=utcnow, index=True)
