"""The public jobs board: filtered, searched and sorted lists, and one job.

- PENDING posts wait for an organizer and are never public.
- An OPEN post whose ``expires_at`` has passed counts as CLOSED: it leaves the open list,
  shows in the closed one, and its status reads CLOSED.
- The list shows OPEN posts unless another public status is asked for.
- Visa and language filters: "my visa" keeps posts that list that status (F-2-R counts
  as F-2); "Korean level at most" keeps posts whose stated level is at or below it (posts
  that state no level are left out); the working language keeps posts that list it;
  remote keeps remote posts.
- Search is a case-insensitive substring of the title, the company name, a keyword or a
  technology; the location filter matches the city, ignoring case.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, and_, col, func, or_, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import (
    JobCategory, JobPost, JobStatus, JobType, KoreanLevel, User, VisaStatus, WorkingLanguage,
)
from community_app.services.authors import is_deleted_member
from community_app.services.errors import Invalid, NotFound
from community_app.services.lookup import get_or_404, view_of
from community_app.services.paging import PageResult, fetch_page
from community_app.services.text_search import (
    clean_filter, contains_ci, equals_ci, json_list_contains_ci, json_list_has_ci,
)
from community_app.services.validation import choice_or_none

JOB_NOT_FOUND = N_("Job Not Found: The job you are looking for does not exist or has been removed.")
CATEGORY_INVALID = N_("Unknown job category. Use one of: {values}.")
JOB_TYPE_INVALID = N_("Unknown job type. Use one of: {values}.")
JOB_STATUS_INVALID = N_("Unknown job status. Use one of: {values}.")
SORT_INVALID = N_("Unknown sort order. Use one of: {values}.")
VISA_INVALID = N_("Unknown visa status. Use one of: {values}.")
KOREAN_LEVEL_INVALID = N_("Unknown Korean level. Use one of: {values}.")
LANGUAGE_INVALID = N_("Unknown working language. Use one of: {values}.")

PUBLIC_STATUSES = (JobStatus.OPEN.value, JobStatus.CLOSED.value, JobStatus.FILLED.value)

NEWEST_FIRST = "createdAt,desc"
OLDEST_FIRST = "createdAt,asc"
COMPANY_A_Z = "companyName,asc"
SORTS = {
    NEWEST_FIRST: (col(JobPost.created_at).desc(), col(JobPost.id).desc()),
    OLDEST_FIRST: (col(JobPost.created_at).asc(), col(JobPost.id).asc()),
    COMPANY_A_Z: (
        func.lower(JobPost.company_name).asc(),
        col(JobPost.created_at).desc(),
        col(JobPost.id).desc(),
    ),
}


@dataclasses.dataclass(frozen=True)
class PosterView:
    """The member who posted a job, as the job page shows them (with their bio)."""

    id: int
    username: str
    first_name: str
    last_name: str
    bio: str
    image_url: str | None
    joined_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class JobView:
    id: int
    title: str
    company_name: str
    company_description: str
    location: str
    remote: bool
    job_type: str
    category: str
    description: str
    requirements: str
    experience: str
    technologies: list[str]
    benefits: str
    keywords: list[str]
    salary_min: int | None
    salary_max: int | None
    salary_currency: str
    contact_phone: str | None
    contact_email: str | None
    contact_website: str | None
    status: str  # OPEN, CLOSED (also an expired OPEN post) or FILLED
    visas: list[str]
    visa_sponsorship: bool
    korean_level: str | None
    working_languages: list[str]
    posted_by: PosterView | None
    created_at: dt.datetime
    expires_at: dt.datetime | None


@dataclasses.dataclass(frozen=True)
class JobFilters:
    """The list's filters as the page or the API received them (each optional)."""

    category: str | None = None
    job_type: str | None = None
    status: str | None = None
    search: str | None = None
    location: str | None = None
    sort: str | None = None
    visa: str | None = None
    korean_max: str | None = None
    language: str | None = None
    remote: bool | None = None


def parse_category(value: str | None) -> str | None:
    return choice_or_none("category", value, JobCategory.values(), CATEGORY_INVALID)


def parse_job_type(value: str | None) -> str | None:
    return choice_or_none("jobType", value, JobType.values(), JOB_TYPE_INVALID)


def parse_public_status(value: str | None) -> str | None:
    return choice_or_none("jobOfferStatus", value, PUBLIC_STATUSES, JOB_STATUS_INVALID)


def parse_sort(value: str | None) -> str | None:
    return choice_or_none("sort", (value or "").replace(" ", ""), tuple(SORTS), SORT_INVALID, "; ")


def parse_visa(value: str | None) -> str | None:
    """A visa status value (aliases such as F-2-R accepted, case ignored); None when empty."""
    return _labelled("visa", value, VisaStatus, VISA_INVALID)


def parse_korean_level(value: str | None) -> str | None:
    return _labelled("koreanLevelMax", value, KoreanLevel, KOREAN_LEVEL_INVALID)


def parse_language(value: str | None) -> str | None:
    return _labelled("workingLanguage", value, WorkingLanguage, LANGUAGE_INVALID)


def _labelled(field: str, value: str | None, enum_cls, message_id: str) -> str | None:
    value = (value or "").strip()
    if not value:
        return None
    member = enum_cls.parse(value) or enum_cls.parse(value.upper()) or enum_cls.parse(value.lower())
    if member is None:
        raise Invalid(field, message_id, values=", ".join(enum_cls.values()))
    return member.value




def _is_expired(job: JobPost, now: dt.datetime) -> bool:
    return (
        job.status == JobStatus.OPEN.value and job.expires_at is not None and job.expires_at < now
    )


def status_condition(status: str, now: dt.datetime):
    expired = and_(
        JobPost.status == JobStatus.OPEN.value,
        col(JobPost.expires_at).is_not(None),
        col(JobPost.expires_at) < now,
    )
    if status == JobStatus.OPEN.value:
        return and_(
            JobPost.status == JobStatus.OPEN.value,
            or_(col(JobPost.expires_at).is_(None), col(JobPost.expires_at) >= now),
        )
    if status == JobStatus.CLOSED.value:
        return or_(JobPost.status == JobStatus.CLOSED.value, expired)
    return JobPost.status == status


def job_view(job: JobPost, poster: User | None, now: dt.datetime) -> JobView:
    shown = poster is not None and not is_deleted_member(poster)  # erased: no poster shown
    return view_of(
        JobView, job,
        technologies=[str(t) for t in (job.technologies or [])],
        keywords=[str(k) for k in (job.keywords or [])],
        status=JobStatus.CLOSED.value if _is_expired(job, now) else job.status,
        visas=[str(v) for v in (job.visas or [])],
        working_languages=[str(v) for v in (job.working_languages or [])],
        posted_by=view_of(PosterView, poster) if shown else None,
    )


def filtered_query(filters: JobFilters, now: dt.datetime):
    """The public posts that pass ``filters`` (each checked; Invalid for a bad one), with
    their posters, sorted: the one rule both the list and the saved searches' alerts
    (services/job_alerts.py) use."""
    category = parse_category(filters.category)
    job_type = parse_job_type(filters.job_type)
    status = parse_public_status(filters.status)
    sort = parse_sort(filters.sort)
    visa = parse_visa(filters.visa)
    korean_max = parse_korean_level(filters.korean_max)
    language = parse_language(filters.language)

    query = select(JobPost, User).join(
        User, col(User.id) == col(JobPost.posted_by_id), isouter=True
    )
    query = query.where(status_condition(status or JobStatus.OPEN.value, now))
    if category:
        query = query.where(JobPost.category == category)
    if job_type:
        query = query.where(JobPost.job_type == job_type)
    if visa:
        query = query.where(json_list_has_ci(JobPost.visas, visa))
    if korean_max:
        query = query.where(
            col(JobPost.korean_level).in_(KoreanLevel.at_most(KoreanLevel(korean_max)))
        )
    if language:
        query = query.where(json_list_has_ci(JobPost.working_languages, language))
    if filters.remote:
        query = query.where(col(JobPost.remote).is_(True))
    if location := clean_filter(filters.location):
        query = query.where(equals_ci(JobPost.location, location))
    if term := clean_filter(filters.search):
        query = query.where(
            or_(
                contains_ci(JobPost.title, term),
                contains_ci(JobPost.company_name, term),
                json_list_contains_ci(JobPost.keywords, term),
                json_list_contains_ci(JobPost.technologies, term),
            )
        )
    return query.order_by(*SORTS[sort or NEWEST_FIRST])


def list_jobs(
    session: Session,
    filters: JobFilters = JobFilters(),
    *,
    page: int = 0,
    size: int = 10,
    now: dt.datetime | None = None,
) -> PageResult[JobView]:
    """Public job posts: OPEN (not expired) unless ``filters.status`` asks for another one."""
    now = now or utcnow()
    rows, total = fetch_page(session, filtered_query(filters, now), page, size)
    return PageResult([job_view(job, poster, now) for job, poster in rows], total, page, size)


def get_job(session: Session, job_id: int, *, now: dt.datetime | None = None) -> JobView:
    """One public job post; NotFound for unknown and PENDING ones."""
    job = get_or_404(session, JobPost, job_id, JOB_NOT_FOUND)
    if job.status not in PUBLIC_STATUSES:
        raise NotFound(JOB_NOT_FOUND)
    poster = session.get(User, job.posted_by_id) if job.posted_by_id else None
    return job_view(job, poster, now or utcnow())
