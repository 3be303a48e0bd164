"""Job posts that members submit from My Page: stored PENDING until an organizer opens them."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session, col, select

from community_app.i18n import N_
from community_app.models import (
    JobCategory, JobPost, JobStatus, JobType, KoreanLevel, VisaStatus, WorkingLanguage,
)
from community_app.services import ratelimit
from community_app.services.errors import InvalidMany
from community_app.services.validation import (
    email_problem, normalize_phone, phone_problem, web_url_host, whole_number,
)

REQUIRED = N_("This field is required")
TOO_LONG = N_("This text is too long")
CHOOSE_TYPE = N_("Please choose a job type")
CHOOSE_CATEGORY = N_("Please choose a category")
SALARY_INVALID = N_("Salary must be a whole number of won, the minimum not above the maximum")
WEBSITE_INVALID = N_("Please enter a valid website address (https://...)")
CHOOSE_VISA = N_("Please choose visa statuses from the list")
CHOOSE_KOREAN = N_("Please choose a Korean level from the list")
CHOOSE_LANGUAGE = N_("Please choose working languages from the list")

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
    number = whole_number(text)
    return number if number is not None and number >= 0 else "invalid"


def _flag(value: object) -> bool:
    return bool(value) and value not in ("false", "off", "")


def _choices(data: Mapping[str, object], key: str, prefix: str, enum_cls) -> list[str] | None:
    """Values of a multiple choice: a list or comma-separated ``key`` (REST), or one
    ``<prefix><value>`` checkbox per choice (the site's forms). None when one is unknown."""
    raw = data.get(key)
    items = list(raw) if isinstance(raw, (list, tuple)) else _list(raw) if isinstance(raw, str) else []
    items += [k[len(prefix):] for k, v in data.items() if k.startswith(prefix) and _flag(v)]
    members = [enum_cls.parse(str(item).strip()) for item in items]
    if any(m is None for m in members):
        return None
    return [m.value for m in enum_cls if m in members]  # declaration order, no repeats


def visa_fields(data: Mapping[str, object]) -> tuple[dict[str, object], dict[str, str]]:
    """The post's visa and language fields from a form or body, and the problems found.
    Every one is optional; the back office's job form uses the same rules."""
    problems: dict[str, str] = {}
    visas = _choices(data, "visas", "visa_", VisaStatus)
    if visas is None:
        problems["visas"] = CHOOSE_VISA
    languages = _choices(data, "workingLanguages", "lang_", WorkingLanguage)
    if languages is None:
        problems["workingLanguages"] = CHOOSE_LANGUAGE
    level_text = _str(data, "koreanLevel")
    level = KoreanLevel.parse(level_text) if level_text else None
    if level_text and level is None:
        problems["koreanLevel"] = CHOOSE_KOREAN
    fields = {
        "visas": visas or [],
        "visa_sponsorship": _flag(data.get("visaSponsorship")),
        "korean_level": level.value if level else None,
        "working_languages": languages or [],
    }
    return fields, problems


def submit_job_post(session: Session, user_id: int, data: Mapping[str, object], *,
                    client: str = "") -> JobPost:
    """Validate every field at once and store the post as PENDING. Submissions are
    limited per address (``client``; services.ratelimit)."""
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
    email, website = _str(data, "contactEmail"), _str(data, "contactWebsite")
    phone = normalize_phone(_str(data, "contactPhone"))
    if email and (message := email_problem(email)):
        problems["contactEmail"] = message
    if website and web_url_host(website) is None:
        problems["contactWebsite"] = WEBSITE_INVALID
    if phone and (message := phone_problem(phone)):
        problems["contactPhone"] = message
    visa, visa_problems = visa_fields(data)
    problems.update(visa_problems)
    if problems:
        raise InvalidMany(problems)
    ratelimit.spend("job-submissions-address", client)
    job = JobPost(
        **visa,
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
