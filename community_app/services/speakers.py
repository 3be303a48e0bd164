"""The call for speakers: validating and storing an application (SPEC sections 3 and 5).

``validate_speaker_application`` is the one set of rules for the REST API and the site's
form; both use the form's field names (email, fullName, jobPosition, phone,
yearsOfExperience, expertiseField, topics, linkedinUrl, githubUrl, portfolioUrl).
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session

from community_app.i18n import N_, normalize_language
from community_app.models import (
    ApplicationStatus,
    Experience,
    Expertise,
    SpeakerApplication,
)
from community_app.services import ratelimit
from community_app.services.errors import Invalid, InvalidMany
from community_app.services.uploads import delete_upload, prepare_image, save_image
from community_app.services.users import normalize_email
from community_app.services.validation import (
    email_problem,
    normalize_phone,
    phone_problem,
    web_url_host,
)

FULL_NAME_MIN = 2
FULL_NAME_MAX = 120
JOB_POSITION_MAX = 120
TOPICS_MIN = 10
TOPICS_MAX = 5000

PHOTO_FOLDER = "private/speakers"

FULL_NAME_TOO_SHORT = N_("Full name must be at least 2 characters")
FULL_NAME_TOO_LONG = N_("Full name must be at most 120 characters")
JOB_POSITION_REQUIRED = N_("Job position is required")
JOB_POSITION_TOO_LONG = N_("Job position must be at most 120 characters")
EXPERIENCE_MISSING = N_("Please select your years of experience")
EXPERTISE_MISSING = N_("Please select your field of expertise")
TOPICS_TOO_SHORT = N_("Please provide more details about your topics (minimum 10 characters)")
TOPICS_TOO_LONG = N_("Please keep your topics under 5000 characters")
LINKEDIN_INVALID = N_("Please enter a valid LinkedIn URL")
GITHUB_INVALID = N_("Please enter a valid GitHub URL")
PORTFOLIO_INVALID = N_("Please enter a valid portfolio URL")


def _text(data: Mapping[str, object], field: str) -> str:
    value = data.get(field)
    return value.strip() if isinstance(value, str) else ""


def _is_on(host: str | None, domain: str) -> bool:
    return host is not None and (host == domain or host.endswith("." + domain))


def _length_problem(
    value: str, minimum: int, maximum: int, too_short: str, too_long: str
) -> str | None:
    if len(value) < minimum:
        return too_short
    if len(value) > maximum:
        return too_long
    return None


def validate_speaker_application(data: Mapping[str, object]) -> dict[str, str]:
    """Field -> message id for every invalid field; an empty dict when the form is valid."""
    problems = {
        "email": email_problem(_text(data, "email")),
        "fullName": _length_problem(
            _text(data, "fullName"),
            FULL_NAME_MIN,
            FULL_NAME_MAX,
            FULL_NAME_TOO_SHORT,
            FULL_NAME_TOO_LONG,
        ),
        "jobPosition": _length_problem(
            _text(data, "jobPosition"),
            1,
            JOB_POSITION_MAX,
            JOB_POSITION_REQUIRED,
            JOB_POSITION_TOO_LONG,
        ),
        "phone": phone_problem(_text(data, "phone")),
        "yearsOfExperience": (
            None if _text(data, "yearsOfExperience") in Experience.values() else EXPERIENCE_MISSING
        ),
        "expertiseField": (
            None if _text(data, "expertiseField") in Expertise.values() else EXPERTISE_MISSING
        ),
        "topics": _length_problem(
            _text(data, "topics"), TOPICS_MIN, TOPICS_MAX, TOPICS_TOO_SHORT, TOPICS_TOO_LONG
        ),
        "linkedinUrl": (
            None
            if _is_on(web_url_host(_text(data, "linkedinUrl")), "linkedin.com")
            else LINKEDIN_INVALID
        ),
        "githubUrl": (
            None if _is_on(web_url_host(_text(data, "githubUrl")), "github.com") else GITHUB_INVALID
        ),
        "portfolioUrl": None if web_url_host(_text(data, "portfolioUrl")) else PORTFOLIO_INVALID,
    }
    return {field: message for field, message in problems.items() if message}


def submit_speaker_application(
    session: Session,
    data: Mapping[str, object],
    photo: bytes | None = None,
    language: str | None = None,
    client: str = "",
) -> SpeakerApplication:
    """Store a valid application (status NEW) and its photo; every problem at once otherwise.

    Applications are limited per address (``client``; services.ratelimit), counted and
    checked before anything else: every one sent counts, valid or not, so a refused one
    costs no image decoding and invalid ones (a 5 MB photo with a bad field, over and
    over) cannot be sent without end. The site's form checks the fields before it sends,
    so a visitor's typos cost nothing there."""
    ratelimit.spend("speaker-applications-address", client)
    errors = validate_speaker_application(data)
    prepared = None
    if photo:
        try:
            prepared = prepare_image(photo, field="photo")
        except Invalid as exc:
            errors[exc.field] = exc.message_id
    if errors:
        raise InvalidMany(errors)

    photo_path = save_image(prepared, PHOTO_FOLDER) if prepared else None
    application = SpeakerApplication(
        email=normalize_email(_text(data, "email")),
        full_name=_text(data, "fullName"),
        job_position=_text(data, "jobPosition"),
        phone=normalize_phone(_text(data, "phone")),
        years_of_experience=_text(data, "yearsOfExperience"),
        expertise_field=_text(data, "expertiseField"),
        topics=_text(data, "topics"),
        linkedin_url=_text(data, "linkedinUrl"),
        github_url=_text(data, "githubUrl"),
        portfolio_url=_text(data, "portfolioUrl"),
        photo_path=photo_path,
        language=normalize_language(language),
        status=ApplicationStatus.NEW.value,
    )
    try:
        session.add(application)
        session.flush()
    except Exception:
        if photo_path:
            delete_upload(photo_path)
        raise
    return application
