"""The rows and forms the meetup screens of the back office show (state/admin_meetups.py
fills them from the services' views)."""

from __future__ import annotations

import dataclasses

from community_app.i18n import both
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import AttendanceReason, InterestedField, RegistrationStatus
from community_app.services.meetups import admin_views
from community_app.state.admin import stamp
from community_app.state.messages import Message

# The same labels as the site's registration form: they live with the enumerations.
REASONS = AttendanceReason.labels()
FIELDS = InterestedField.labels()
STATUS_LABELS = RegistrationStatus.labels()



@dataclasses.dataclass
class MeetupRow:
    id: int
    title: str
    date: Message
    time: Message
    location: str
    registered: int
    max_seats: int
    available: int
    pending: int
    attended: int
    is_past: bool
    requires_approval: bool
    image_url: str


@dataclasses.dataclass
class MeetupForm:
    title: str = ""
    description: str = ""
    date: str = ""
    start: str = "19:00"
    end: str = "21:00"
    location: str = ""
    seats: str = "50"
    provided: str = ""
    parking: bool = False
    approval: bool = False
    image_url: str = ""
    image_name: str = ""


@dataclasses.dataclass
class SpeakerRow:
    id: int
    full_name: str
    job_position: str
    company: str
    bio: str
    profile_url: str


@dataclasses.dataclass
class SessionRow:
    id: int
    subject: str
    start: str
    end: str
    speaker_id: int
    speaker_name: str


@dataclasses.dataclass
class NoteRow:
    id: int
    content: str
    active: bool
    created: Message


@dataclasses.dataclass
class RegistrationRow:
    id: int
    name: str
    username: str
    email: str
    phone: str
    status: str
    status_label: Message
    reason: Message
    field: Message
    expectation: str
    registered: Message
    checked_in: Message
    is_checked_in: bool
    is_pending: bool
    is_accepted: bool


def meetup_row(v: admin_views.AdminMeetupView) -> MeetupRow:
    m = v.meetup
    return MeetupRow(
        id=m.id, title=m.title, date=date_texts(m.starts_at),
        time={lang: f"{time_texts(m.starts_at)[lang]} – {time_texts(m.ends_at)[lang]}"
              for lang in ("en", "uz")},
        location=m.location, registered=m.registered_count, max_seats=m.max_seats,
        available=m.available_seats, pending=v.pending_count, attended=v.attended_count,
        is_past=m.is_past, requires_approval=m.requires_approval, image_url=m.image_url or "",
    )


def registration_row(r: admin_views.AdminRegistrationView) -> RegistrationRow:
    return RegistrationRow(
        id=r.id, name=r.name, username=r.username, email=r.email, phone=r.phone,
        status=r.status, status_label=both(STATUS_LABELS.get(r.status, r.status)),
        reason=both(REASONS.get(r.attendance_reason, r.attendance_reason)),
        field=both(FIELDS.get(r.interested_field, r.interested_field)), expectation=r.expectation,
        registered=stamp(r.registered_at), checked_in=stamp(r.checked_in_at),
        is_checked_in=r.checked_in_at is not None, is_pending=r.status == "PENDING",
        is_accepted=r.status == "ACCEPTED",
    )
