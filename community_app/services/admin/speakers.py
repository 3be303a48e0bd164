"""The organizers' side of the call for speakers: the applications, filtered by status
and expertise, and their review.

Statuses: NEW -> IN_REVIEW -> ACCEPTED or REJECTED (a new application may also be decided
at once, and a decided one reopened to IN_REVIEW). Each change may carry a note, kept in
``status_note`` and in the audit log; the note is for the organizers, not the applicant.
On ACCEPTED or REJECTED the applicant gets an email in the application's language. It is
sent as the last step of the change, so a failure to send undoes the change.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, func, select

from community_app.core.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.models import ApplicationStatus, Expertise, SpeakerApplication
from community_app.services import speaker_talks
from community_app.services.admin.common import saved
from community_app.services.audit import require_organizer
from community_app.services.errors import Conflict, Invalid
from community_app.services.lookup import get_or_404, view_of
from community_app.services.mail import send_mail_in_language
from community_app.services.paging import Listing, PageResult, searched_page
from community_app.services.users import get_user_by_email
from community_app.services.validation import Problem, Rule, choice_or_none, text_rule
from community_app.core.settings import get_settings

APPLICATION_NOT_FOUND = N_("Speaker application not found.")
STATUS_INVALID = N_("Unknown application status. Use one of: {values}.")
EXPERTISE_INVALID = N_("Unknown field of expertise.")
TRANSITION_INVALID = N_("An application cannot go from {current} to {new}.")
NOTE_TOO_LONG = N_("The note is too long (2000 characters at most).")
# What the organizer is told when it worked (the site and the API alike).
STATUS_CHANGED = N_("Status changed.")

ACCEPTED_SUBJECT = N_("Your {site} speaker application was accepted")
ACCEPTED_BODY = N_(
    "Hello {name},\n\n"
    "Thank you for applying to speak at {site}. We are happy to tell you that your "
    "application has been accepted. An organizer will contact you soon to agree on your "
    "topic and the date of your talk.\n\n"
    "See you at the meetup!\n"
    "The {site} team"
)
REJECTED_SUBJECT = N_("About your {site} speaker application")
REJECTED_BODY = N_(
    "Hello {name},\n\n"
    "Thank you for applying to speak at {site}. We have read your application carefully, "
    "but we cannot offer you a talk this time. You are welcome at our meetups, and we "
    "would be glad to receive a new application from you later.\n\n"
    "Best regards,\n"
    "The {site} team"
)

A = ApplicationStatus
TRANSITIONS: dict[str, tuple[str, ...]] = {
    A.NEW.value: (A.IN_REVIEW.value, A.ACCEPTED.value, A.REJECTED.value),
    A.IN_REVIEW.value: (A.ACCEPTED.value, A.REJECTED.value),
    A.ACCEPTED.value: (A.IN_REVIEW.value,),
    A.REJECTED.value: (A.IN_REVIEW.value,),
}
EMAILS = {
    A.ACCEPTED.value: (ACCEPTED_SUBJECT, ACCEPTED_BODY),
    A.REJECTED.value: (REJECTED_SUBJECT, REJECTED_BODY),
}


@dataclasses.dataclass(frozen=True)
class AdminApplicationView:
    id: int
    email: str
    full_name: str
    job_position: str
    phone: str
    years_of_experience: str
    expertise_field: str
    topics: str
    linkedin_url: str
    github_url: str
    portfolio_url: str
    has_photo: bool
    language: str
    status: str
    status_note: str
    created_at: dt.datetime
    updated_at: dt.datetime
    talk_id: int | None = None  # the draft talk an accepted application became
    confirmed_at: dt.datetime | None = None  # when the speaker confirmed it


def application_view(a: SpeakerApplication) -> AdminApplicationView:
    """The back office's view of one speaker application (the list, the detail, the review queue)."""
    return view_of(AdminApplicationView, a, has_photo=bool(a.photo_path))


def status_problem(value: object) -> str | None:
    """One of the application statuses (any case, spaces for underscores)."""
    if _clean_status(value) in A.values():
        return None
    return Problem(STATUS_INVALID, values=", ".join(A.values()))


def _clean_status(value: object) -> str:
    return (value if isinstance(value, str) else "").strip().upper().replace(" ", "_")


# The rule of each field of a decision, shared with the API's body model.
STATUS_RULES: dict[str, Rule] = {
    "status": status_problem,
    "note": text_rule(NOTE_TOO_LONG, 2000),
}


def _status(value: str | None, field: str = "status") -> str | None:
    return choice_or_none(field, _clean_status(value), A.values(), STATUS_INVALID)


def _expertise(value: str | None) -> str | None:
    return choice_or_none("expertise", value, Expertise.values(), EXPERTISE_INVALID)


def parse_status_filter(value: str | None) -> str | None:
    """A status of the list's filter (any case), None when empty; Invalid otherwise."""
    return _status(value)


def parse_expertise_filter(value: str | None) -> str | None:
    """An expertise of the list's filter (any case), None when empty; Invalid otherwise."""
    return _expertise(value)


def list_applications(
    session: Session, actor_id: int, listing: Listing = Listing(), *, status: str | None = None,
    expertise: str | None = None
) -> PageResult[AdminApplicationView]:
    """Applications, newest first, filtered by status, expertise and a search of the
    name, email or topics (each optional)."""
    require_organizer(session, actor_id)
    application = SpeakerApplication
    query = select(application).order_by(col(application.created_at).desc(),
                                          col(application.id).desc())
    if wanted := _status(status):
        query = query.where(application.status == wanted)
    if field := _expertise(expertise):
        query = query.where(application.expertise_field == field)
    return searched_page(session, query, application_view, listing,
                         (application.full_name, application.email, application.topics))


def count_by_status(session: Session, actor_id: int) -> dict[str, int]:
    require_organizer(session, actor_id)
    counts = dict(
        session.exec(
            select(SpeakerApplication.status, func.count()).group_by(
                col(SpeakerApplication.status)
            )
        ).all()
    )
    return {s: int(counts.get(s, 0)) for s in A.values()}


def get_application(session: Session, actor_id: int, application_id: int) -> AdminApplicationView:
    require_organizer(session, actor_id)
    return application_view(
        get_or_404(session, SpeakerApplication, application_id, APPLICATION_NOT_FOUND))


def application_email(application: SpeakerApplication, status: str) -> tuple[str, str, str]:
    """(language, subject, body) of the email for a decision, in the applicant's language."""
    lang = normalize_language(application.language)
    subject_id, body_id = EMAILS[status]
    site = get_settings().site_name
    return (
        lang,
        gettext(subject_id, lang, site=site),
        gettext(body_id, lang, site=site, name=application.full_name),
    )


def change_status(
    session: Session,
    actor_id: int,
    application_id: int,
    status: str,
    note: str | None = None,
    meetup_id: int | None = None,
) -> AdminApplicationView:
    """Move an application to ``status`` with an optional note; email the applicant on
    ACCEPTED or REJECTED. ACCEPTED also makes it a draft talk of ``meetup_id`` (else the
    next meetup) with its speaker profile, and the email links the speaker's page
    (services/speaker_talks.py)."""
    require_organizer(session, actor_id)
    application = get_or_404(session, SpeakerApplication, application_id, APPLICATION_NOT_FOUND)
    new = _status(status)
    if new is None:
        raise Invalid("status", STATUS_INVALID, values=", ".join(A.values()))
    if message := STATUS_RULES["note"](note):
        raise Invalid("note", message)
    note = (note or "").strip()
    current = application.status
    if new not in TRANSITIONS.get(current, ()):
        raise Conflict(TRANSITION_INVALID, current=current, new=new)
    application.status = new
    application.status_note = note
    application.updated_at = utcnow()
    detail = f"{application.full_name} <{application.email}>: {current} -> {new}"
    member = get_user_by_email(session, application.email)
    saved(session, actor_id, application, f"speaker_application.{new.lower()}",
          ("speaker_application", application.id), f"{detail}. {note}" if note else detail,
          subject_user_id=member.id if member else None)
    talk = None
    if new == A.ACCEPTED.value:
        talk = speaker_talks.draft_talk_for(session, application, meetup_id)
    if new in EMAILS:
        lang, subject, body = application_email(application, new)
        if talk is not None:
            body += "\n\n" + gettext(speaker_talks.LINK_PARAGRAPH, lang,
                                     link=speaker_talks.speaker_link(application.id))
        send_mail_in_language(application.email, subject, body, lang)
    return application_view(application)
