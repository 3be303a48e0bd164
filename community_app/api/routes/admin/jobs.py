"""/admin/jobs: the job-post queue and lifecycle (open for 30 days, renew, close, fill)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Query
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import utc
from community_app.api.routes.admin.common import (
    DELETED, SAVED, WITH_404, WITH_409, WITH_422, item_actions, item_edits, item_list, ruled,
    ruled_optional, ruled_text, upper_or_none,
)
from community_app.api.routes.jobs import JobOut
from community_app.api.schemas.rules import also_checked_by, checked_by
from community_app.models import JobCategory, JobType, KoreanLevel, VisaStatus, WorkingLanguage
from community_app.services.admin import jobs as admin_jobs
from community_app.services.admin.jobs import CLOSED, FILLED, OPENED, RENEWED

router = Router()


class AdminJobOut(BaseModel):
    job: JobOut = Field(description="As the public sees it (an expired OPEN post reads CLOSED)")
    status: str = Field(description="The stored status",
                        json_schema_extra={"enum": ["PENDING", "OPEN", "CLOSED", "FILLED"]})
    expired: bool
    openedAt: dt.datetime | None
    updatedAt: dt.datetime
    telegramAnnounce: bool = Field(
        default=True, description="Posted to the Telegram channel when opened "
                                  "(POST /admin/jobs/{id}/telegram)")

    @classmethod
    def of(cls, v: admin_jobs.AdminJobView) -> AdminJobOut:
        return cls(job=JobOut.of(v.job), status=v.raw_status, expired=v.is_expired,
                   openedAt=utc(v.opened_at) if v.opened_at else None,
                   updatedAt=utc(v.updated_at), telegramAnnounce=v.telegram_announce)


def _job_text(field: str):
    return ruled_text(admin_jobs.JOB_RULES, field)


def _job_choice(field: str, values: list[str]):
    return Annotated[
        Literal[tuple(values)] | None,  # type: ignore[valid-type]
        checked_by(admin_jobs.JOB_RULES[field], clean=upper_or_none),
    ]


def _job_list(field: str):
    return Annotated[
        list[str] | str | None, checked_by(admin_jobs.JOB_RULES[field]),
        Field(description="At most 20 items of at most 50 characters (or comma-separated)"),
    ]


def _job_number(field: str):
    return ruled_optional(admin_jobs.JOB_RULES, field, int, ge=0)


class JobIn(BaseModel):
    """A job post's fields; each one is checked by the back office's rule for it."""

    title: _job_text("title") = None
    companyName: _job_text("companyName") = None
    companyDescription: _job_text("companyDescription") = None
    location: _job_text("location") = None
    remote: bool | None = None
    jobType: _job_choice("jobType", JobType.values()) = None
    category: _job_choice("category", JobCategory.values()) = None
    description: _job_text("description") = None
    requirements: _job_text("requirements") = None
    experience: _job_text("experience") = None
    technologies: _job_list("technologies") = None
    benefits: _job_text("benefits") = None
    keywords: _job_list("keywords") = None
    salaryMin: _job_number("salaryMin") = None
    salaryMax: _job_number("salaryMax") = None
    salaryCurrency: ruled_optional(admin_jobs.JOB_RULES, "salaryCurrency", str,
                                   min_length=3, max_length=3,
                                   about={"description": "Default KRW"}) = None
    contactPhone: _job_text("contactPhone") = None
    contactEmail: Annotated[str | None, ruled(admin_jobs.JOB_RULES, "contactEmail"),
                            Field(json_schema_extra={"format": "email"})] = None
    contactWebsite: Annotated[str | None, ruled(admin_jobs.JOB_RULES, "contactWebsite"),
                              Field(json_schema_extra={"format": "uri"})] = None

    visas: Annotated[
        list[str] | str | None, checked_by(admin_jobs.JOB_RULES["visas"]),
        Field(description="Visa statuses the post can employ (or comma-separated); none: not stated",
              json_schema_extra={"items": {"type": "string", "enum": VisaStatus.values()}}),
    ] = None
    visaSponsorship: bool | None = Field(default=None, description="The employer sponsors an E-7 visa")
    koreanLevel: Annotated[
        str | None, checked_by(admin_jobs.JOB_RULES["koreanLevel"]),
        Field(description="Korean required; null: not stated",
              json_schema_extra={"enum": [*KoreanLevel.values(), None]}),
    ] = None
    workingLanguages: Annotated[
        list[str] | str | None, checked_by(admin_jobs.JOB_RULES["workingLanguages"]),
        Field(description="Languages the work is done in (or comma-separated)",
              json_schema_extra={"items": {"type": "string", "enum": WorkingLanguage.values()}}),
    ] = None

    _salary_range = also_checked_by(admin_jobs.salary_range_problem)


item_list(router, "/jobs", "list_jobs", AdminJobOut, admin_jobs.list_jobs_admin,
          "Title or company", "Job posts of any status.",
          status=Annotated[
              str | None,
              Query(description="PENDING (the queue, oldest first), OPEN, CLOSED, FILLED or "
                                "EXPIRED (open but past expiry); omitted: every post",
                    json_schema_extra={"enum": list(admin_jobs.ADMIN_FILTERS)}),
          ])


@router.get("/jobs/{job_id}", response_model=Envelope[AdminJobOut], responses=WITH_404)
def get_job(job_id: int, user: Organizer, session: SessionDep) -> Envelope[AdminJobOut]:
    return ok(AdminJobOut.of(admin_jobs.get_job_admin(session, user.id, job_id)))


item_edits(router, AdminJobOut, JobIn, WITH_422,
           ("put", "/jobs/{job_id}", admin_jobs.update_job, SAVED,
            "Replace a post's fields (its status has its own calls)."))


item_actions(router, None, WITH_404,
             ("delete", "/jobs/{job_id}", admin_jobs.delete_job, DELETED, ""))



# The lifecycle: open_job, renew_job, close_job, fill_job.
item_actions(
    router, AdminJobOut, WITH_409,
    ("post", "/jobs/{job_id}/open", admin_jobs.open_job, OPENED,
     "Open a pending, closed, filled or expired post: public for 30 days."),
    ("post", "/jobs/{job_id}/renew", admin_jobs.renew_job, RENEWED,
     "Keep an open post public for 30 more days from now."),
    ("post", "/jobs/{job_id}/close", admin_jobs.close_job, CLOSED,
     "Close an open post, or decline a pending one."),
    ("post", "/jobs/{job_id}/fill", admin_jobs.fill_job, FILLED,
     "Mark an open or closed post as filled."),
)
