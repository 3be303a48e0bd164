"""What a job card and the job page show, every text in both languages
(``{"en": ..., "uz": ...}``): salary, location, type, status, Korean level and working
languages, posting dates and safe contact links; and the filters' choices (cities,
types, public statuses, visas, Korean levels, languages), whose labels live with the
enumerations (models/enums.py).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from urllib.parse import urlsplit

from babel.numbers import format_currency

from community_app.i18n import LANGUAGES, N_, both, gettext
from community_app.i18n.dates import date_texts, relative_texts
from community_app.models import JobStatus, JobType, KoreanLevel, VisaStatus, WorkingLanguage
from community_app.services import jobs as service

Texts = dict[str, str]

CARD_TECHNOLOGIES = 4  # chips on a card; the rest are counted as "+N"

# The filter's cities. A job's location that is one of them is shown translated.
CITIES = (
    N_("Seoul"),
    N_("Busan"),
    N_("Incheon"),
    N_("Daegu"),
    N_("Daejeon"),
    N_("Gwangju"),
    N_("Ulsan"),
    N_("Suwon"),
)

JOB_TYPE_LABELS = JobType.labels()

# The public statuses a visitor may list; OPEN is the default.
PUBLIC_STATUSES = (JobStatus.OPEN, JobStatus.CLOSED, JobStatus.FILLED)
STATUS_LABELS = {status.value: status.label for status in PUBLIC_STATUSES}
DEFAULT_STATUS = JobStatus.OPEN.value

# Visa and language filters: (value, label message id) in the enumerations' order.
VISA_LABELS = VisaStatus.labels()
KOREAN_LABELS = KoreanLevel.labels()
LANGUAGE_LABELS = WorkingLanguage.labels()

_EMAIL = re.compile(r"^[^@\s<>\"']+@[^@\s<>\"']+\.[^@\s<>\"']+$")
_DOMAIN = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+(/\S*)?$", re.IGNORECASE)


def _texts(value: str) -> Texts:
    """A value that reads the same in every language (a company name, say)."""
    return {lang: value for lang in LANGUAGES}


def _amount(value: int, currency: str, lang: str) -> str:
    try:
        return format_currency(value, currency or "KRW", locale=lang)
    except (ValueError, LookupError):  # an unknown currency code
        return f"{value:,} {currency}"


def salary_texts(low: int | None, high: int | None, currency: str = "KRW") -> Texts:
    """'₩55,000,000 – ₩80,000,000 a year', 'From ₩… a year', 'Up to ₩… a year' or 'Salary
    not disclosed'. Salaries are yearly: the job post forms ask for them so (My Page's
    "Minimum salary (KRW per year)"), whatever the job type, so a part-time job's salary
    also says its unit."""
    texts = {}
    for lang in LANGUAGES:
        if low is not None and high is not None:
            if low == high:
                amount = _amount(low, currency, lang)
            else:
                amount = f"{_amount(low, currency, lang)} – {_amount(high, currency, lang)}"
        elif low is not None:
            amount = gettext("From {amount}", lang, amount=_amount(low, currency, lang))
        elif high is not None:
            amount = gettext("Up to {amount}", lang, amount=_amount(high, currency, lang))
        else:
            texts[lang] = gettext("Salary not disclosed", lang)
            continue
        texts[lang] = gettext("{amount} a year", lang, amount=amount)
    return texts


def city_choice(value: str | None) -> str | None:
    """The filter city matching ``value`` (case ignored), or None."""
    value = (value or "").strip().lower()
    return next((city for city in CITIES if city.lower() == value), None)


def location_texts(location: str) -> Texts:
    city = city_choice(location)
    return both(city) if city else _texts(location)


def job_type_texts(job_type: str) -> Texts:
    label = JOB_TYPE_LABELS.get(job_type)
    return both(label) if label else _texts(job_type)


def status_texts(status: str) -> Texts:
    label = STATUS_LABELS.get(status)
    return both(label) if label else _texts(status)


def korean_texts(level: str | None) -> Texts:
    """'Korean: TOPIK 3' in both languages, 'No Korean needed' alone (not "Korean: No
    Korean needed", issue 42); empty when the post states no level."""
    label = KOREAN_LABELS.get(level or "")
    if not label:
        return {}
    if level == KoreanLevel.NONE.value:
        return both(label)
    return {lang: gettext("Korean: {level}", lang, level=gettext(label, lang)) for lang in LANGUAGES}


def languages_texts(values: list[str]) -> Texts:
    """'English, Korean' in both languages; empty when none is stated."""
    labels = [LANGUAGE_LABELS[v] for v in values if v in LANGUAGE_LABELS]
    if not labels:
        return {}
    return {lang: ", ".join(gettext(label, lang) for label in labels) for lang in LANGUAGES}


def posted_texts(created_at: dt.datetime, now: dt.datetime) -> Texts:
    """'Posted 2 days ago' in both languages."""
    ago = relative_texts(created_at, now)
    return {lang: gettext("Posted {when}", lang, when=ago[lang]) for lang in LANGUAGES}


def iso_utc(value: dt.datetime) -> str:
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def safe_website(value: str | None) -> str:
    """An http(s) address to link to, or '' (nothing else, never ``javascript:``)."""
    value = (value or "").strip()
    if not value or any(c.isspace() for c in value):
        return ""
    parts = urlsplit(value)
    if parts.scheme.lower() in ("http", "https") and parts.netloc:
        return value
    if not parts.scheme and _DOMAIN.match(value):
        return f"https://{value}"
    return ""


def safe_email(value: str | None) -> str:
    value = (value or "").strip()
    return value if _EMAIL.match(value) else ""


def phone_href(value: str | None) -> str:
    digits = re.sub(r"[^\d+]", "", value or "")
    return f"tel:{digits}" if digits else ""


def initials(first_name: str, last_name: str, username: str) -> str:
    letters = "".join(part[:1] for part in (first_name, last_name) if part)
    return (letters or username[:1] or "?").upper()


@dataclasses.dataclass
class JobLabels:
    """What a job's card and its page both show, every label in both languages: the
    fields ``job_labels`` fills, and ``posted_on`` (a short date on the card, a long one
    on the page)."""

    id: int = 0
    title: str = ""
    company: str = ""
    location: Texts = dataclasses.field(default_factory=dict)
    remote: bool = False
    job_type: Texts = dataclasses.field(default_factory=dict)
    status: str = ""
    status_label: Texts = dataclasses.field(default_factory=dict)
    salary: Texts = dataclasses.field(default_factory=dict)
    posted_on: Texts = dataclasses.field(default_factory=dict)
    posted_iso: str = ""
    visas: list[str] = dataclasses.field(default_factory=list)
    sponsorship: bool = False
    korean: Texts = dataclasses.field(default_factory=dict)
    languages: Texts = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class JobCard(JobLabels):
    """One job of the list as its card shows it."""

    href: str = ""
    posted: Texts = dataclasses.field(default_factory=dict)
    technologies: list[str] = dataclasses.field(default_factory=list)
    more_technologies: int = 0


def job_labels(job: service.JobView) -> dict:
    """What the card and the job page both show of a job, every label in both languages."""
    return dict(
        id=job.id,
        title=job.title,
        company=job.company_name,
        location=location_texts(job.location),
        remote=job.remote,
        job_type=job_type_texts(job.job_type),
        status=job.status,
        status_label=status_texts(job.status),
        salary=salary_texts(job.salary_min, job.salary_max, job.salary_currency),
        posted_iso=iso_utc(job.created_at),
        visas=list(job.visas),
        sponsorship=job.visa_sponsorship,
        korean=korean_texts(job.korean_level),
        languages=languages_texts(job.working_languages),
    )


def job_card(job: service.JobView, now: dt.datetime) -> JobCard:
    return JobCard(
        **job_labels(job),
        href=f"/jobs/{job.id}",
        posted=posted_texts(job.created_at, now),
        posted_on=date_texts(job.created_at),
        technologies=job.technologies[:CARD_TECHNOLOGIES],
        more_technologies=max(0, len(job.technologies) - CARD_TECHNOLOGIES),
    )


def labelled_choice(enum_cls, value: str | None) -> str | None:
    value = (value or "").strip()
    member = enum_cls.parse(value) or enum_cls.parse(value.upper()) or enum_cls.parse(value.lower())
    return member.value if member else None


def visa_choice(value: str | None) -> str | None:
    """The visa status matching ``value`` (F-2-R counts as F-2), or None."""
    return labelled_choice(VisaStatus, value)
