"""/admin/speaker-applications: the call for speakers' applications and decisions."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Query, Request
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import from_view, translated
from community_app.api.routes.admin.common import (
    WITH_404, WITH_409, item_list, ruled_text, upper_or_none,
)
from community_app.api.schemas.rules import checked_by, parsed_by
from community_app.models import ApplicationStatus, Experience, Expertise
from community_app.services.admin import speakers as admin_speakers
from community_app.services.admin.speakers import STATUS_CHANGED

router = Router()


class AdminApplicationOut(BaseModel):
    id: int
    email: str
    fullName: str
    jobPosition: str
    phone: str
    yearsOfExperience: Experience
    expertiseField: Expertise
    expertiseLabel: str = Field(description="The expertise's English label (the form's)")
    topics: str
    linkedinUrl: str
    githubUrl: str
    portfolioUrl: str
    hasPhoto: bool
    language: str = Field(description="The applicant's language: emails are written in it")
    status: ApplicationStatus
    statusNote: str
    createdAt: dt.datetime
    updatedAt: dt.datetime

    @classmethod
    def of(cls, a: admin_speakers.AdminApplicationView) -> AdminApplicationOut:
        return from_view(cls, a, expertiseLabel=Expertise(a.expertise_field).label)


class StatusIn(BaseModel):
    status: Annotated[
        Literal[tuple(ApplicationStatus.values())] | None,  # type: ignore[valid-type]
        checked_by(admin_speakers.STATUS_RULES["status"], clean=upper_or_none),
        Field(description="NEW -> IN_REVIEW -> ACCEPTED or REJECTED; a decided one can be "
                          "reopened to IN_REVIEW"),
    ] = None
    note: Annotated[ruled_text(admin_speakers.STATUS_RULES, "note"),
                    Field(description="For the organizers (kept and in the audit log)")] = None


item_list(router, "/speaker-applications", "list_applications", AdminApplicationOut,
          admin_speakers.list_applications, "Name, email or topics",
          "Speaker applications, newest first.",
          status=Annotated[ApplicationStatus | None, Query(description="Any case"),
                           parsed_by(admin_speakers.parse_status_filter)],
          expertise=Annotated[Expertise | None, Query(description="Any case"),
                              parsed_by(admin_speakers.parse_expertise_filter)])


@router.get("/speaker-applications/{application_id:int}",
            response_model=Envelope[AdminApplicationOut], responses=WITH_404)
def get_application(application_id: int, user: Organizer, session: SessionDep) -> Envelope[AdminApplicationOut]:
    return ok(AdminApplicationOut.of(
        admin_speakers.get_application(session, user.id, application_id)
    ))


@router.post("/speaker-applications/{application_id}/status",
             response_model=Envelope[AdminApplicationOut], responses={**WITH_409, 422: {}})
def change_application_status(
    application_id: int, body: StatusIn, user: Organizer, session: SessionDep, request: Request
) -> Envelope[AdminApplicationOut]:
    """Change the status with an optional note. ACCEPTED and REJECTED email the applicant
    in the application's language."""
    view = admin_speakers.change_status(
        session, user.id, application_id,
        body.status or "", body.note,
    )
    return ok(AdminApplicationOut.of(view), translated(request, STATUS_CHANGED))


