"""The public jobs board (SPEC section 7)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from community_app.api.deps import SessionDep
from community_app.api.envelope import Envelope, Page, ok, page_of
from community_app.api.formatting import utc
from community_app.api.params import PageNumber, PageSize
from community_app.models import JobCategory, JobType
from community_app.services import jobs as service

router = APIRouter(tags=["jobs"])


class PosterOut(BaseModel):
    id: int
    username: str
    firstName: str
    lastName: str
    bio: str
    imageURL: str | None


class JobOut(BaseModel):
    id: int
    title: str
    companyName: str
    companyDescription: str
    location: str
    remote: bool
    jobType: str = Field(json_schema_extra={"enum": JobType.values()})
    category: str = Field(json_schema_extra={"enum": JobCategory.values()})
    description: str
    requirements: str
    experience: str
    technologies: list[str]
    benefits: str
    keywords: list[str]
    salaryMin: int | None
    salaryMax: int | None
    salaryCurrency: str
    contactPhone: str | None
    contactEmail: str | None
    contactWebsite: str | None
    status: str = Field(
        description="OPEN, CLOSED (also an OPEN post past its expiry) or FILLED",
        json_schema_extra={"enum": list(service.PUBLIC_STATUSES)},
    )
    postedBy: PosterOut | None
    createdAt: dt.datetime
    expiresAt: dt.datetime | None

    @classmethod
    def of(cls, j: service.JobView) -> JobOut:
        p = j.posted_by
        return cls(
            id=j.id,
            title=j.title,
            companyName=j.company_name,
            companyDescription=j.company_description,
            location=j.location,
            remote=j.remote,
            jobType=j.job_type,
            category=j.category,
            description=j.description,
            requirements=j.requirements,
            experience=j.experience,
            technologies=j.technologies,
            benefits=j.benefits,
            keywords=j.keywords,
            salaryMin=j.salary_min,
            salaryMax=j.salary_max,
            salaryCurrency=j.salary_currency,
            contactPhone=j.contact_phone,
            contactEmail=j.contact_email,
            contactWebsite=j.contact_website,
            status=j.status,
            postedBy=(
                PosterOut(
                    id=p.id,
                    username=p.username,
                    firstName=p.first_name,
                    lastName=p.last_name,
                    bio=p.bio,
                    imageURL=p.image_url,
                )
                if p
                else None
            ),
            createdAt=utc(j.created_at),
            expiresAt=utc(j.expires_at) if j.expires_at else None,
        )


@router.get("/public/job-posts", response_model=Envelope[Page[JobOut]])
def list_jobs(
    session: SessionDep,
    category: Annotated[str | None, Query(json_schema_extra={"enum": JobCategory.values()})] = None,
    job_type: Annotated[
        str | None, Query(alias="jobType", json_schema_extra={"enum": JobType.values()})
    ] = None,
    status: Annotated[
        str | None,
        Query(
            alias="jobOfferStatus",
            description="OPEN (the default), CLOSED or FILLED",
            json_schema_extra={"enum": list(service.PUBLIC_STATUSES)},
        ),
    ] = None,
    search: Annotated[
        str | None,
        Query(description="Case-insensitive text in the title, company, keywords or technologies"),
    ] = None,
    location: Annotated[str | None, Query(description="City, any case")] = None,
    page: PageNumber = 0,
    size: PageSize = 10,
    sort: Annotated[
        str | None,
        Query(
            description="createdAt,desc (newest first, the default), createdAt,asc "
            "or companyName,asc",
            json_schema_extra={"enum": list(service.SORTS)},
        ),
    ] = None,
) -> dict:
    """Public job posts, one page at a time."""
    filters = service.JobFilters(
        category=category,
        job_type=job_type,
        status=status,
        search=search,
        location=location,
        sort=sort,
    )
    result = service.list_jobs(session, filters, page=page, size=size)
    return ok(page_of([JobOut.of(j) for j in result.items], result.total, page, size))


@router.get("/public/job-posts/{job_id}", response_model=Envelope[JobOut])
def get_job(job_id: int, session: SessionDep) -> dict:
    """One job post; 404 'Job Not Found: ...' for unknown or unpublished ones."""
    return ok(JobOut.of(service.get_job(session, job_id)))
