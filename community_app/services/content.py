"""The site copy organizers can edit: affiliated projects, benefits, About people."""

from __future__ import annotations

import dataclasses

from sqlmodel import Session, select

from community_app.models import AffiliatedProject, Benefit, TeamMember, TeamRole


@dataclasses.dataclass(frozen=True)
class ProjectView:
    id: int
    name: str
    url: str
    description_en: str
    description_uz: str


@dataclasses.dataclass(frozen=True)
class BenefitView:
    id: int
    icon: str
    title_en: str
    title_uz: str
    description_en: str
    description_uz: str


@dataclasses.dataclass(frozen=True)
class PersonView:
    id: int
    kind: str
    name: str
    role_en: str
    role_uz: str
    image_url: str
    profile_url: str


def list_projects(session: Session) -> list[ProjectView]:
    rows = session.exec(select(AffiliatedProject).order_by(AffiliatedProject.position, AffiliatedProject.id))
    return [ProjectView(r.id, r.name, r.url, r.description_en, r.description_uz) for r in rows]


def list_benefits(session: Session) -> list[BenefitView]:
    rows = session.exec(select(Benefit).order_by(Benefit.position, Benefit.id))
    return [
        BenefitView(r.id, r.icon, r.title_en, r.title_uz, r.description_en, r.description_uz)
        for r in rows
    ]


def list_team(session: Session, kind: TeamRole) -> list[PersonView]:
    rows = session.exec(
        select(TeamMember).where(TeamMember.kind == kind.value).order_by(TeamMember.position, TeamMember.id)
    )
    return [
        PersonView(r.id, r.kind, r.name, r.role_en, r.role_uz, r.image_url or "", r.profile_url or "")
        for r in rows
    ]
