"""The public jobs board (SPEC section 7).

Beside our fields, each post carries the names the KO'DJ client reads: ``content``,
``requiredExperience``, ``jobBenefits``, ``placeOfWork``, ``salaryRange``,
``jobOfferStatus``, ``user`` and the profile links; ``technologies`` is the comma-separated
string it splits (the list is ``technologyList``).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Query
from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import SessionDep
from community_app.api.envelope import Envelope, Page, ok, paged
from community_app.services.validation import web_url_host
from community_app.api.formatting import from_view, utc
from community_app.api.params import page_query
from community_app.services.paging import PageRequest
from community_app.api.schemas.rules import parsed_by
from community_app.models import (
    JobCategory, JobStatus, JobType, KoreanLevel, VisaStatus, WorkingLanguage,
)
from community_app.services import jobs as service

router = Router(tags=["jobs"])

PublicStatus = Literal[service.PUBLIC_STATUSES]  # type: ignore[valid-type]
JobSort = Literal[tuple(service.SORTS)]  # type: ignore[valid-type]


class PosterOut(BaseModel):
    """The member who posted: public profile fields only (no email, no phone)."""

    id: int
    username: str
    firstName: str
    lastName: str
    bio: str
    imageURL: str | None
    imageUrl: str | None = Field(description="= imageURL (the KO'DJ client's spelling)")
    region: str | None = Field(description="Not kept: always null")
    createdAt: dt.datetime = Field(description="When the member joined (their joinedAt)")

    @classmethod
    def of(cls, p: service.PosterView) -> PosterOut:
        return from_view(cls, p, imageUrl=p.image_url, region=None, createdAt=utc(p.joined_at))


def salary_range(low: int | None, high: int | None, currency: str) -> str | None:
    """'₩40,000,000 – ₩60,000,000', '$5,000', '3,000 – 4,000 EUR'; None without numbers."""
    symbol = {"KRW": "₩", "USD": "$"}.get(currency.upper())

    def money(n: int) -> str:
        return f"{symbol}{n:,}" if symbol else f"{n:,}"

    amounts = [money(n) for n in (low, high) if n is not None]
    if not amounts:
        return None
    text = " – ".join(dict.fromkeys(amounts))
    return text if symbol else f"{text} {currency.upper()}"


def _profile(url: str | None, *hosts: str) -> str | None:
    host = web_url_host(url or "") or ""
    return url if any(host == h or host.endswith("." + h) for h in hosts) else None


class JobOut(BaseModel):
    id: int
    title: str
    companyName: str
    companyDescription: str
    location: str
    remote: bool
    jobType: JobType
    category: JobCategory
    description: str
    requirements: str
    experience: str
    technologies: str = Field(description="Comma-separated, as the KO'DJ client splits it")
    benefits: str
    keywords: list[str]
    salaryMin: int | None
    salaryMax: int | None
    salaryCurrency: str
    contactPhone: str | None
    contactEmail: str | None
    contactWebsite: str | None
    status: JobStatus = Field(
        description="OPEN, CLOSED (also an OPEN post past its expiry) or FILLED; PENDING "
        "only in the poster's and organizers' lists"
    )
    visas: list[VisaStatus] = Field(
        description="Visa statuses the post can employ (F-2 includes F-2-R); empty when not stated"
    )
    visaSponsorship: bool = Field(description="The employer sponsors an E-7 visa")
    koreanLevel: KoreanLevel | None = Field(description="Korean required; null when not stated")
    workingLanguages: list[WorkingLanguage] = Field(description="Languages the work is done in")
    postedBy: PosterOut | None
    createdAt: dt.datetime
    expiresAt: dt.datetime | None
    # The KO'DJ client's names
    technologyList: list[str] = Field(description="The technologies as a list")
    content: str = Field(description="= description")
    requiredExperience: str = Field(description="experience, then requirements, one per line")
    jobBenefits: str = Field(description="= benefits")
    placeOfWork: str = Field(description="= location")
    salaryRange: str | None = Field(description="salaryMin – salaryMax with the currency")
    jobOfferStatus: JobStatus = Field(description="= status")
    user: PosterOut | None = Field(description="= postedBy")
    linkedinProfile: str | None = Field(description="contactWebsite when it is on LinkedIn")
    twitterProfile: str | None = Field(description="contactWebsite when it is on X/Twitter")
    facebookProfile: str | None = Field(description="contactWebsite when it is on Facebook")
    instagramProfile: str | None = Field(description="contactWebsite when it is on Instagram")
    imageURL: str | None = Field(description="Company logo: none kept, always null")

    @classmethod
    def of(cls, j: service.JobView) -> JobOut:
        """The view's own fields (times in UTC), then the KO'DJ client's names."""
        poster = PosterOut.of(j.posted_by) if j.posted_by else None
        return from_view(
            cls, j,
            technologies=", ".join(j.technologies),
            postedBy=poster,
            technologyList=j.technologies,
            content=j.description,
            requiredExperience="\n".join(x for x in (j.experience, j.requirements) if x),
            jobBenefits=j.benefits,
            placeOfWork=j.location,
            salaryRange=salary_range(j.salary_min, j.salary_max, j.salary_currency),
            jobOfferStatus=j.status,
            user=poster,
            linkedinProfile=_profile(j.contact_website, "linkedin.com"),
            twitterProfile=_profile(j.contact_website, "twitter.com", "x.com"),
            facebookProfile=_profile(j.contact_website, "facebook.com"),
            instagramProfile=_profile(j.contact_website, "instagram.com"),
            imageURL=None,
        )


@router.get("/public/job-posts")
def list_jobs(
    session: SessionDep,
    category: Annotated[
        JobCategory | None,
        Query(description="Any case"),
        parsed_by(service.parse_category),
    ] = None,
    job_type: Annotated[
        JobType | None, Query(alias="jobType", description="Any case"),
        parsed_by(service.parse_job_type),
    ] = None,
    status: Annotated[
        PublicStatus | None,
        Query(alias="jobOfferStatus", description="OPEN (the default), CLOSED or FILLED; any case"),
        parsed_by(service.parse_public_status),
    ] = None,
    search: Annotated[
        str | None,
        Query(description="Case-insensitive text in the title, company, keywords or technologies"),
    ] = None,
    location: Annotated[str | None, Query(description="City, any case")] = None,
    visa: Annotated[
        VisaStatus | None,
        Query(description="Only posts that can employ this visa status (F-2-R counts as F-2)"),
        parsed_by(service.parse_visa),
    ] = None,
    korean_level_max: Annotated[
        KoreanLevel | None,
        Query(
            alias="koreanLevelMax",
            description="Only posts that require at most this Korean level "
            "(posts that state no level are left out)",
        ),
        parsed_by(service.parse_korean_level),
    ] = None,
    working_language: Annotated[
        WorkingLanguage | None,
        Query(alias="workingLanguage", description="Only posts worked in this language"),
        parsed_by(service.parse_language),
    ] = None,
    remote: Annotated[bool | None, Query(description="true: remote posts only")] = None,
    paging: PageRequest = page_query(10),
    sort: Annotated[
        JobSort | None,
        Query(
            description="createdAt,desc (newest first, the default), createdAt,asc "
            "or companyName,asc",
        ),
        parsed_by(service.parse_sort),
    ] = None,
) -> Envelope[Page[JobOut]]:
    """Public job posts, one page at a time. (The KO'DJ client always sends a jobType,
    FULL_TIME unless its visitor picks another: it then shows full-time posts only.)"""
    filters = service.JobFilters(
        category=category,
        job_type=job_type,
        status=status,
        search=search,
        location=location,
        sort=sort,
        visa=visa,
        korean_max=korean_level_max,
        language=working_language,
        remote=remote,
    )
    return paged(service.list_jobs(session, filters, page=paging.page, size=paging.size),
                 JobOut.of)


@router.get("/public/job-posts/{job_id}")
def get_job(job_id: int, session: SessionDep) -> Envelope[JobOut]:
    """One job post; 404 'Job Not Found: ...' for unknown or unpublished ones."""
    return ok(JobOut.of(service.get_job(session, job_id)))
