"""The organizers' side of the jobs board: the queue of member-submitted (PENDING) posts,
and opening, renewing, closing, marking filled, editing and deleting any post.

Lifecycle: opening a post sets status OPEN, ``opened_at`` = now and ``expires_at`` = now +
30 days (``JOB_LIFETIME_DAYS``); renewing an open post moves ``expires_at`` to now + 30
days. An OPEN post past its ``expires_at`` is no longer public (services/jobs.py reads it
as CLOSED); here it is listed under the EXPIRED filter until renewed, reopened or closed.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping

from sqlmodel import Session, and_, col, func, or_, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import JobCategory, JobPost, JobStatus, JobType, User
from community_app.models.job import JOB_LIFETIME_DAYS
from community_app.services.admin.common import distinct_items, flag, removed, saved, text
from community_app.services.admin.common import whole_number
from community_app.services.audit import require_organizer
from community_app.services.telegram import announcements
from community_app.services.errors import Conflict, InvalidMany
from community_app.services.job_submissions import visa_fields
from community_app.services.jobs import JOB_NOT_FOUND, JobView, job_view
from community_app.services.lookup import get_or_404
from community_app.services.paging import Listing, PageResult, searched_page
from community_app.services.validation import (
    Rule,
    as_text,
    choice_or_none,
    choice_rule,
    collect,
    number_rule,
    optional_email_rule,
    optional_url_problem,
    text_rule,
)

EXPIRED = "EXPIRED"  # a filter of the admin list: OPEN posts past their expiry
ADMIN_FILTERS = (*JobStatus.values(), EXPIRED)

FILTER_INVALID = N_("Unknown job status. Use one of: {values}.")
ALREADY_OPEN = N_("This job post is already open.")
NOT_OPEN = N_("Only open job posts can be renewed.")
CANNOT_CLOSE = N_("Only open or pending job posts can be closed.")
CANNOT_FILL = N_("Only open or closed job posts can be marked as filled.")
REQUIRED_200 = N_("This field is required (200 characters at most).")
REQUIRED_100 = N_("This field is required (100 characters at most).")
DESCRIPTION_REQUIRED = N_("Description is required (20000 characters at most).")
TOO_LONG = N_("This value is too long.")
CHOICE_INVALID = N_("Please choose one of the listed values.")
SALARY_INVALID = N_("Salary must be a whole number of 0 or more.")
SALARY_RANGE = N_("The minimum salary cannot be above the maximum.")
CURRENCY_INVALID = N_("Currency must be a 3-letter code such as KRW.")
PHONE_TOO_LONG = N_("Phone is too long (30 characters at most).")
LIST_INVALID = N_("At most 20 items of at most 50 characters each.")
# What the organizer is told when it worked (the site and the API alike).
OPENED = N_("Job post opened for 30 days.")
RENEWED = N_("Job post renewed for 30 days.")
CLOSED = N_("Job post closed.")
FILLED = N_("Job post marked as filled.")


@dataclasses.dataclass(frozen=True)
class AdminJobView:
    job: JobView  # what the public sees (status CLOSED once an OPEN post expired)
    raw_status: str  # the stored status: PENDING, OPEN, CLOSED or FILLED
    is_expired: bool
    opened_at: dt.datetime | None
    updated_at: dt.datetime
    telegram_announce: bool  # posted to the Telegram channel when opened


def _view(job: JobPost, poster: User | None, now: dt.datetime) -> AdminJobView:
    expired = (
        job.status == JobStatus.OPEN.value and job.expires_at is not None and job.expires_at < now
    )
    return AdminJobView(
        job=job_view(job, poster, now),
        raw_status=job.status,
        is_expired=expired,
        opened_at=job.opened_at,
        updated_at=job.updated_at,
        telegram_announce=job.telegram_announce,
    )


def _job(session: Session, job_id: int) -> JobPost:
    return get_or_404(session, JobPost, job_id, JOB_NOT_FOUND)


def _poster(session: Session, job: JobPost) -> User | None:
    return session.get(User, job.posted_by_id) if job.posted_by_id else None


def normalize_filter(value: str | None) -> str | None:
    return choice_or_none("status", value, ADMIN_FILTERS, FILTER_INVALID)


def list_jobs_admin(
    session: Session, actor_id: int, status: str | None = None, listing: Listing = Listing(), *,
    now: dt.datetime | None = None
) -> PageResult[AdminJobView]:
    """Every job post, or those of one stored status (PENDING: the queue, oldest first),
    or EXPIRED ones. Search: title or company (any case)."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    status = normalize_filter(status)
    query = select(JobPost, User).join(
        User, col(User.id) == col(JobPost.posted_by_id), isouter=True
    )
    if status == EXPIRED:
        query = query.where(
            JobPost.status == JobStatus.OPEN.value,
            col(JobPost.expires_at).is_not(None),
            col(JobPost.expires_at) < now,
        )
    elif status == JobStatus.OPEN.value:
        query = query.where(
            and_(
                JobPost.status == JobStatus.OPEN.value,
                or_(col(JobPost.expires_at).is_(None), col(JobPost.expires_at) >= now),
            )
        )
    elif status:
        query = query.where(JobPost.status == status)
    if status == JobStatus.PENDING.value:
        query = query.order_by(col(JobPost.created_at).asc(), col(JobPost.id).asc())
    else:
        query = query.order_by(col(JobPost.created_at).desc(), col(JobPost.id).desc())
    return searched_page(session, query, lambda row: _view(*row, now), listing,
                         (JobPost.title, JobPost.company_name))


def count_pending_jobs(session: Session, actor_id: int) -> int:
    require_organizer(session, actor_id)
    return session.exec(
        select(func.count()).select_from(JobPost).where(JobPost.status == JobStatus.PENDING.value)
    ).one()


def get_job_admin(
    session: Session, actor_id: int, job_id: int, *, now: dt.datetime | None = None
) -> AdminJobView:
    require_organizer(session, actor_id)
    job = _job(session, job_id)
    return _view(job, _poster(session, job), now or utcnow())


def _save(
    session: Session, job: JobPost, actor_id: int, action: str, now: dt.datetime
) -> AdminJobView:
    job.updated_at = now
    saved(session, actor_id, job, action, ("job", job.id), f"{job.title} · {job.company_name}")
    return _view(job, _poster(session, job), now)


def _lifecycle_step(
    action: str, doc: str, refused: str, allowed: Callable[[JobPost, dt.datetime], bool],
    change: Callable[[JobPost, dt.datetime], None],
) -> Callable[..., AdminJobView]:
    """The step ``<action>_job(session, actor_id, job_id, *, now=None)`` of a post's
    lifecycle: the organizer checked, Conflict(``refused``) unless the post is ``allowed``
    the step, then ``change`` made and the post saved as ``job.<action>``."""

    def step(session: Session, actor_id: int, job_id: int, *,
             now: dt.datetime | None = None) -> AdminJobView:
        require_organizer(session, actor_id)
        now = now or utcnow()
        job = _job(session, job_id)
        if not allowed(job, now):
            raise Conflict(refused)
        change(job, now)
        view = _save(session, job, actor_id, f"job.{action}", now)
        if action == "open":  # approved (posted once: a post opened again is not news)
            announcements.job_approved(session, job)
        return view

    step.__name__ = step.__qualname__ = f"{action}_job"
    step.__doc__ = doc
    return step


def _renewed(job: JobPost, now: dt.datetime) -> None:
    job.expires_at = now + dt.timedelta(days=JOB_LIFETIME_DAYS)


def _opened(job: JobPost, now: dt.datetime) -> None:
    job.status = JobStatus.OPEN.value
    job.opened_at = now
    _renewed(job, now)


def _not_open_or_expired(job: JobPost, now: dt.datetime) -> bool:
    return not (job.status == JobStatus.OPEN.value and not (job.expires_at and job.expires_at < now))


def _status_in(*statuses: JobStatus) -> Callable[[JobPost, dt.datetime], bool]:
    return lambda job, _now: job.status in {status.value for status in statuses}


def _status_becomes(status: JobStatus) -> Callable[[JobPost, dt.datetime], None]:
    return lambda job, _now: setattr(job, "status", status.value)


open_job = _lifecycle_step(
    "open", "Open a pending, closed, filled or expired post for 30 days.", ALREADY_OPEN,
    _not_open_or_expired, _opened)
renew_job = _lifecycle_step(
    "renew", "Keep an open (or just expired) post public for 30 more days from now.", NOT_OPEN,
    _status_in(JobStatus.OPEN), _renewed)
close_job = _lifecycle_step(
    "close", "Close an open post, or decline a pending one.", CANNOT_CLOSE,
    _status_in(JobStatus.OPEN, JobStatus.PENDING), _status_becomes(JobStatus.CLOSED))
fill_job = _lifecycle_step(
    "fill", "The position is filled: the post shows as FILLED.", CANNOT_FILL,
    _status_in(JobStatus.OPEN, JobStatus.CLOSED), _status_becomes(JobStatus.FILLED))


def delete_job(session: Session, actor_id: int, job_id: int) -> None:
    require_organizer(session, actor_id)
    job = _job(session, job_id)
    removed(session, actor_id, job, "job.delete", ("job", job_id),
            f"{job.title} · {job.company_name}")


# ---------------------------------------------------------------- editing


def _string_list(value: object) -> list[str] | None:
    """At most 20 distinct items of at most 50 characters (a list, or a comma-separated
    text); None when the value is not such a list."""
    return distinct_items(value, str.strip, longest=50, most=20)


def _list_problem(value: object) -> str | None:
    return LIST_INVALID if _string_list(value) is None else None


# The rule of each field, shared with the API's body model (api/routes/admin/jobs.py).
JOB_RULES: dict[str, Rule] = {
    "title": text_rule(REQUIRED_200, 200, required=True),
    "companyName": text_rule(REQUIRED_200, 200, required=True),
    "location": text_rule(REQUIRED_100, 100, required=True),
    "description": text_rule(DESCRIPTION_REQUIRED, 20_000, required=True),
    "companyDescription": text_rule(TOO_LONG, 5000),
    "requirements": text_rule(TOO_LONG, 20_000),
    "experience": text_rule(TOO_LONG, 200),
    "benefits": text_rule(TOO_LONG, 5000),
    "jobType": choice_rule(CHOICE_INVALID, JobType.values(), case=str.upper),
    "category": choice_rule(CHOICE_INVALID, JobCategory.values(), case=str.upper),
    "technologies": _list_problem,
    "keywords": _list_problem,
    "salaryMin": number_rule(SALARY_INVALID, 0, 10**12),
    "salaryMax": number_rule(SALARY_INVALID, 0, 10**12),
    "salaryCurrency": lambda v: (
        None if not as_text(v) or (len(as_text(v)) == 3 and as_text(v).isalpha())
        else CURRENCY_INVALID
    ),
    "contactPhone": text_rule(PHONE_TOO_LONG, 30),
    "contactEmail": optional_email_rule,
    "contactWebsite": optional_url_problem,
    # The member's job form rules (services/job_submissions.py), one field at a time.
    **{key: (lambda v, key=key: visa_fields({key: v})[1].get(key))
       for key in ("visas", "koreanLevel", "workingLanguages")},
}
TEXT_COLUMNS = {
    "title": "title", "companyName": "company_name", "location": "location",
    "description": "description", "companyDescription": "company_description",
    "requirements": "requirements", "experience": "experience", "benefits": "benefits",
}


def _salary(value: object) -> int | None:
    return None if value in (None, "") else whole_number(value)


def salary_range_problem(data: Mapping[str, object]) -> dict[str, str]:
    """The rule over two fields: the minimum salary is not above the maximum."""
    low, high = _salary(data.get("salaryMin")), _salary(data.get("salaryMax"))
    return {"salaryMax": SALARY_RANGE} if low is not None and high is not None and low > high else {}


def validate_job(data: Mapping[str, object]) -> dict[str, object]:
    """Clean values of the job form (the public API's field names); every problem at once."""
    errors = collect(data, JOB_RULES)
    values: dict[str, object] = {column: text(data, f) for f, column in TEXT_COLUMNS.items()}
    values["remote"] = flag(data, "remote")
    values["job_type"] = text(data, "jobType").upper() or JobType.FULL_TIME.value
    values["category"] = text(data, "category").upper() or JobCategory.OTHER.value
    values["technologies"] = _string_list(data.get("technologies")) or []
    values["keywords"] = _string_list(data.get("keywords")) or []
    values["salary_min"] = _salary(data.get("salaryMin"))
    values["salary_max"] = _salary(data.get("salaryMax"))
    errors = {**salary_range_problem(data), **errors}
    values["salary_currency"] = (text(data, "salaryCurrency") or "KRW").upper()
    values["contact_phone"] = text(data, "contactPhone") or None
    values["contact_email"] = text(data, "contactEmail") or None
    values["contact_website"] = text(data, "contactWebsite") or None
    # Visa statuses, E-7 sponsorship, Korean level, working languages: the member form's rules.
    visa, visa_problems = visa_fields(data)
    values.update(visa)
    errors = {**errors, **visa_problems}
    if errors:
        raise InvalidMany(errors)
    return values


def update_job(
    session: Session,
    actor_id: int,
    job_id: int,
    data: Mapping[str, object],
    *,
    now: dt.datetime | None = None,
) -> AdminJobView:
    """Change a post's fields (not its status: that has its own actions)."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    job = _job(session, job_id)
    for name, value in validate_job(data).items():
        setattr(job, name, value)
    return _save(session, job, actor_id, "job.update", now)
