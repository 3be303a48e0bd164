"""/admin/settings, /admin/statistics and /admin/audit: the site's settings (no restart
needed), what waits for organizers, and who did what."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Request
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import ViewOut, translated
from community_app.api.routes.admin.common import NOT_ORGANIZER, SAVED, item_list, ruled_optional
from community_app.services import audit
from community_app.services.admin import jobs as admin_jobs
from community_app.services.admin import settings as admin_settings
from community_app.services.admin import speakers as admin_speakers
from community_app.services.meetups import admin_registrations
from community_app.services.site import SETTINGS_RULES
from community_app.services.statistics import get_statistics

router = Router()


class SettingsOut(BaseModel):
    maintenance: bool
    contactEmail: str
    targetSpeakers: int
    targetEvents: int
    targetMembers: int


class SettingsIn(BaseModel):
    """Only the fields sent are changed."""

    maintenance: bool | None = Field(default=None, description="The full-screen maintenance page")
    contactEmail: ruled_optional(SETTINGS_RULES, "contactEmail", str, max_length=254,
                                 about={"description": "An email address"}) = None
    targetSpeakers: ruled_optional(SETTINGS_RULES, "targetSpeakers", int, ge=1, le=1_000_000) = None
    targetEvents: ruled_optional(SETTINGS_RULES, "targetEvents", int, ge=1, le=1_000_000) = None
    targetMembers: ruled_optional(SETTINGS_RULES, "targetMembers", int, ge=1, le=1_000_000) = None


def _settings(v) -> SettingsOut:
    return SettingsOut(maintenance=v.maintenance, contactEmail=v.contact_email,
                       targetSpeakers=v.target_speakers, targetEvents=v.target_events,
                       targetMembers=v.target_members)


@router.get("/settings", response_model=Envelope[SettingsOut], responses=NOT_ORGANIZER)
def read_settings(user: Organizer, session: SessionDep) -> Envelope[SettingsOut]:
    return ok(_settings(admin_settings.read_settings(session, user.id)))


@router.put("/settings", response_model=Envelope[SettingsOut], responses={**NOT_ORGANIZER, 422: {}})
def change_settings(
    body: SettingsIn, user: Organizer, session: SessionDep, request: Request
) -> Envelope[SettingsOut]:
    """Change the statistics targets, the contact email or the maintenance switch; they
    take effect at once, without a restart."""
    view = admin_settings.change_settings(
        session, user.id, body.model_dump(exclude_unset=True)
    )
    return ok(_settings(view), translated(request, SAVED))


class MeasureOut(BaseModel):
    current: int
    target: int
    percent: int


class ApplicationsByStatus(BaseModel):
    """Speaker applications per status (every status, 0 when none)."""

    NEW: int
    IN_REVIEW: int
    ACCEPTED: int
    REJECTED: int


class AdminStatisticsOut(BaseModel):
    speakers: MeasureOut
    meetups: MeasureOut
    members: MeasureOut
    pastMeetups: int
    attendedTotal: int = Field(description="Checked-in attendees of past meetups")
    attendedAverage: int
    pendingJobs: int
    applicationsByStatus: ApplicationsByStatus


@router.get("/statistics", response_model=Envelope[AdminStatisticsOut], responses=NOT_ORGANIZER)
def statistics(user: Organizer, session: SessionDep) -> Envelope[AdminStatisticsOut]:
    """The public measures, attendance of past meetups and what waits for organizers."""
    stats = get_statistics(session)
    attendance = admin_registrations.attendance_summary(session, user.id)

    def measure(m) -> MeasureOut:
        return MeasureOut(current=m.current, target=m.target, percent=m.percent)

    return ok(AdminStatisticsOut(
        speakers=measure(stats.speakers), meetups=measure(stats.meetups),
        members=measure(stats.members), pastMeetups=attendance.past_meetups,
        attendedTotal=attendance.total_attended, attendedAverage=attendance.average_attended,
        pendingJobs=admin_jobs.count_pending_jobs(session, user.id),
        applicationsByStatus=ApplicationsByStatus(
            **admin_speakers.count_by_status(session, user.id)
        ),
    ))


class AuditOut(ViewOut):
    id: int
    actorId: int | None
    actorName: str
    actorEmail: str
    action: str
    targetType: str
    targetId: int | None
    detail: str
    createdAt: dt.datetime


item_list(router, "/audit", "audit_log", AuditOut, audit.list_audit,
          "Action, target type or detail",
          "Who did what, and when: every organizer action, newest first.")

