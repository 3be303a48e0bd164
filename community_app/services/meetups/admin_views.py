"""The organizers' side of meetups, shared pieces: limits and messages of the back-office
forms, the views it answers, and the helpers that read a meetup with its counts."""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa

# SPEC section 3: what a meetup shows when a value is missing.
from sqlmodel import Session, col, func, select

from community_app.i18n import N_, Np_
from community_app.models import Meetup, MeetupRegistration, RegistrationStatus
from community_app.services.lookup import get_or_404
from community_app.services.validation import TITLE_MAX, TITLE_REQUIRED  # noqa: F401 - title rule
from community_app.services.meetups.views import (
    MEETUP_NOT_FOUND,
    MeetupView,
    SessionView,
    SpeakerView,
    meetup_view,
)

# The back office sees a meetup's speakers and sessions as the public does (archived
# ones too): one definition, two names.
AdminSpeakerView = SpeakerView
AdminSessionView = SessionView

DESCRIPTION_TOO_LONG = N_("Description is too long (20000 characters at most).")
# Not "as YYYY-MM-DD": the site's date field shows the browser's own format (issue 42).
DATE_INVALID = N_("Please enter the full date: day, month and year.")
TIME_INVALID = N_("Please enter a time as HH:MM (24-hour).")
END_BEFORE_START = N_("The end time must be after the start time.")
LOCATION_TOO_LONG = N_("Location is too long (300 characters at most).")
PROVIDED_TOO_LONG = N_("'Provided' is too long (500 characters at most).")
SEATS_INVALID = N_("Seats must be a whole number from 1 to 100000.")
ONLINE_SEATS_INVALID = N_("Online seats must be a whole number from 0 to 100000.")
SEATS_BELOW_REGISTERED = Np_("Seats cannot be fewer than the {n} person already registered.",
                             "Seats cannot be fewer than the {n} people already registered.")
SPEAKER_NOT_FOUND = N_("Speaker not found.")
SPEAKER_NAME_INVALID = N_("Full name must be 2 to 120 characters.")
FIELD_TOO_LONG = N_("This value is too long (120 characters at most).")
SESSION_NOT_FOUND = N_("Session not found.")
SUBJECT_REQUIRED = N_("Subject is required (200 characters at most).")
SESSION_SPEAKER_INVALID = N_("Choose a speaker of this meetup, or none.")
NOTE_NOT_FOUND = N_("Note not found.")
NOTE_REQUIRED = N_("Note text is required (5000 characters at most).")
REGISTRATION_NOT_FOUND = N_("Registration not found.")
NOT_PENDING = N_("Only registrations waiting for approval can be accepted or rejected.")
NOT_CHECKABLE = N_("Only accepted registrations can be checked in.")
ALREADY_CHECKED_IN = N_("This person is already checked in.")
NOT_CHECKED_IN = N_("This person is not checked in.")
# What the organizer is told when it worked (the site and the API alike).
ACCEPTED = N_("Registration accepted.")
REJECTED = N_("Registration rejected.")
CHECK_IN_UNDONE = N_("Check-in undone.")

CSV_COLUMNS = (
    N_("Name"),
    N_("Email"),
    N_("Phone"),
    N_("Status"),
    N_("Registered at"),
    N_("Checked in at"),
    N_("Seat"),  # in person or online (issue 45); the questions' columns follow
)


# ---------------------------------------------------------------- views


@dataclasses.dataclass(frozen=True)
class AdminMeetupView:
    meetup: MeetupView
    attended_count: int
    accepted_count: int
    pending_count: int
    checked_in_count: int
    telegram_announce: bool = True  # posted to the Telegram channel (services/telegram/)
    stream_url: str = ""  # the online seats' link: organizers only (never in MeetupView)


@dataclasses.dataclass(frozen=True)
class AdminNoteView:
    id: int
    content: str
    is_active: bool
    created_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class AdminMeetupDetails:
    summary: AdminMeetupView
    speakers: list[AdminSpeakerView]
    sessions: list[AdminSessionView]
    notes: list[AdminNoteView]  # active and archived, newest first
    # Issue 45: the registration form's questions, and the other meetups with questions to
    # copy from (id, title), newest first.
    questions: list = dataclasses.field(default_factory=list)
    copy_sources: list[tuple[int, str]] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class AdminRegistrationView:
    """A registration with the member's answers and contact details (organizers only)."""

    id: int
    meetup_id: int
    user_id: int
    name: str
    username: str
    email: str
    phone: str
    attendance_reason: str
    interested_field: str
    expectation: str
    status: str
    registered_at: dt.datetime
    cancelled_at: dt.datetime | None
    checked_in_at: dt.datetime | None
    # Issue 45: the kind of seat, whether it holds one yet, the decision's note, and the
    # answers to the meetup's own questions (in the form's order; accessibility is first
    # at the door: services/meetups/door_answers.py).
    seat_kind: str = "IN_PERSON"
    holds_seat: bool = True
    decision_note: str = ""
    answers: tuple[AnswerView, ...] = ()


@dataclasses.dataclass(frozen=True)
class AnswerView:
    """One answer with its question, in both languages (organizers only)."""

    question_id: int
    builtin: str
    label_en: str
    label_uz: str
    text_en: str
    text_uz: str


# ---------------------------------------------------------------- helpers


def meetup_or_404(session: Session, meetup_id: int) -> Meetup:
    return get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)


def registration_counts(session: Session, meetup_ids: list[int]) -> dict[int, dict[str, int]]:
    """Per meetup: accepted, pending and checked-in registrations."""
    if not meetup_ids:
        return {}
    rows = session.exec(
        select(
            MeetupRegistration.meetup_id,
            func.sum(
                sa.case((col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value, 1), else_=0)
            ),
            func.sum(
                sa.case((col(MeetupRegistration.status) == RegistrationStatus.PENDING.value, 1), else_=0)
            ),
            func.sum(
                sa.case(
                    (
                        sa.and_(
                            col(MeetupRegistration.checked_in_at).is_not(None),
                            col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
                        ),
                        1,
                    ),
                    else_=0,
                )
            ),
        )
        .where(col(MeetupRegistration.meetup_id).in_(meetup_ids))
        .group_by(col(MeetupRegistration.meetup_id))
    ).all()
    return {
        mid: {"accepted": int(a or 0), "pending": int(p or 0), "checked_in": int(c or 0)}
        for mid, a, p, c in rows
    }


def admin_summary(session: Session, meetup: Meetup, now: dt.datetime | None = None) -> AdminMeetupView:
    counts = registration_counts(session, [meetup.id]).get(meetup.id, {})
    return AdminMeetupView(
        meetup=meetup_view(meetup, now),
        attended_count=meetup.attended_count,
        accepted_count=counts.get("accepted", 0),
        pending_count=counts.get("pending", 0),
        checked_in_count=counts.get("checked_in", 0),
        telegram_announce=meetup.telegram_announce,
        stream_url=meetup.stream_url or "",
    )
