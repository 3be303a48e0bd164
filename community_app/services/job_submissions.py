"""Job posts that members submit from My Page: stored PENDING until an organizer opens them."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session, col, select

from community_app.i18n import N_
from community_app.models import JobCategory, JobPost, JobStatus, JobType
from community_app.services.errors import InvalidMany
from community_app.services.validation import email_problem, phone_problem, web_url_host

REQUIRED = N_("This field is required")
TOO_LONG = N_("This text is too long")
CHOOSE_TYPE = N_("Please choose a job type")
CHOOSE_CATEGORY = N_("Please choose a category")
SALARY_INVALID = N_("Salary must be a whole number of won, the minimum not above the maximum")
WEBSITE_INVALID = N_("Please enter a valid website address (https://...)")

TEXT_LIMITS = {
    "title": 200, "companyName": 200, "location": 100, "experience": 200,
    "description": 10_000, "requirements": 10_000, "benefits": 5_000,
    "companyDescription": 5_000,
}
REQUIRED_FIELDS = ("title", "companyName", "location", "description")


def _str(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else ""


def _list(text: str) -> list[str]:
    return [part.strip() for part in text.replace("\n", ",").split(",") if part.strip()][:30]


def _salary(text: str) -> int | None | str:
    if not text:
        return None
    digits = text.replace(",", "").replace(" ", "")
    return int(digits) if digits.isdigit() and len(digits) <= 12 else "invalid"


def submit_job_post(session: Session, user_id: int, data: Mapping[str, object]) -> JobPost:
    """Validate every field at once and store the post as PENDING."""
    problems: dict[str, str] = {}
    for key in REQUIRED_FIELDS:
        if not _str(data, key):
            problems[key] = REQUIRED
    for key, limit in TEXT_LIMITS.items():
        if len(_str(data, key)) > limit:
            problems[key] = TOO_LONG
    job_type, category = _str(data, "jobType"), _str(data, "category")
    if job_type not in JobType.values():
        problems["jobType"] = CHOOSE_TYPE
    if category not in JobCategory.values():
        problems["category"] = CHOOSE_CATEGORY
    low, high = _salary(_str(data, "salaryMin")), _salary(_str(data, "salaryMax"))
    if "invalid" in (low, high) or (isinstance(low, int) and isinstance(high, int) and low > high):
        problems["salaryMin"] = SALARY_INVALID
    email, website, phone = _str(data, "contactEmail"), _str(data, "contactWebsite"), _str(data, "contactPhone")
    if email and (message := email_problem(email)):
        problems["contactEmail"] = message
    if website and web_url_host(website) is None:
        problems["contactWebsite"] = WEBSITE_INVALID
    if phone and (message := phone_problem(phone)):
        problems["contactPhone"] = message
    if problems:
        raise InvalidMany(problems)
    job = JobPost(
        title=_str(data, "title"),
        company_name=_str(data, "companyName"),
        company_description=_str(data, "companyDescription"),
        location=_str(data, "location"),
        remote=bool(data.get("remote")) and data.get("remote") not in ("false", "off", ""),
        job_type=job_type,
        category=category,
        description=_str(data, "description"),
        requirements=_str(data, "requirements"),
        experience=_str(data, "experience"),
        technologies=_list(_str(data, "technologies")),
        benefits=_str(data, "benefits"),
        keywords=_list(_str(data, "keywords")),
        salary_min=low if isinstance(low, int) else None,
        salary_max=high if isinstance(high, int) else None,
        contact_phone=phone or None,
        contact_email=email or None,
        contact_website=website or None,
        status=JobStatus.PENDING.value,
        posted_by_id=user_id,
    )
    session.add(job)
    session.flush()
    return job


def list_my_job_posts(session: Session, user_id: int) -> list[JobPost]:
    return list(
        session.exec(
            select(JobPost).where(JobPost.posted_by_id == user_id).order_by(col(JobPost.created_at).desc())
        )
    )
