"""Every row and form the back office shows, one dataclass each, by area; the area's state
(state/admin_*.py) fills them from the services' views."""

from __future__ import annotations

import dataclasses

from community_app.i18n import both
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import AttendanceReason, InterestedField, RegistrationStatus, SeatKind
from community_app.services.meetups import admin_views
from community_app.state.admin import stamp
from community_app.state.messages import Message

# The same labels as the site's registration form: they live with the enumerations.
REASONS = AttendanceReason.labels()
FIELDS = InterestedField.labels()
STATUS_LABELS = RegistrationStatus.labels()


# ---------------------------------------------------------------- meetups (state/admin_meetups.py)


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
    # Issue 45: the kind of seat and the answers ("Question: answer", accessibility first).
    seat: Message = dataclasses.field(default_factory=dict)
    answers: list[Message] = dataclasses.field(default_factory=list)


# ---------------------------------------------------------------- jobs (state/admin_jobs.py)


@dataclasses.dataclass
class JobRow:
    id: int
    title: str
    company: str
    location: str
    job_type: str
    category: str
    status: str  # PENDING, OPEN, EXPIRED, CLOSED or FILLED (an expired OPEN post: EXPIRED)
    status_label: Message
    poster: str
    created: Message
    expires: Message
    can_open: bool
    can_renew: bool
    can_close: bool
    can_fill: bool


@dataclasses.dataclass
class JobForm:
    title: str = ""
    company_name: str = ""
    company_description: str = ""
    location: str = ""
    remote: bool = False
    job_type: str = "FULL_TIME"
    category: str = "OTHER"
    description: str = ""
    requirements: str = ""
    experience: str = ""
    technologies: str = ""
    benefits: str = ""
    salary_min: str = ""
    salary_max: str = ""
    contact_email: str = ""
    contact_phone: str = ""
    contact_website: str = ""
    visas: list[str] = dataclasses.field(default_factory=list)
    visa_sponsorship: bool = False
    korean_level: str = ""
    working_languages: list[str] = dataclasses.field(default_factory=list)


# ---------------------------------------------------------------- settings (state/admin_settings.py)


@dataclasses.dataclass
class SettingsForm:
    contact_email: str = ""
    target_speakers: str = ""
    target_events: str = ""
    target_members: str = ""
    maintenance: bool = False


@dataclasses.dataclass
class AuditRow:
    id: int
    when: Message
    who: str
    email: str
    action: str
    action_label: Message
    target: str
    detail: str


# ---------------------------------------------------------------- speakers (state/admin_speakers.py)


@dataclasses.dataclass
class ApplicationRow:
    id: int
    full_name: str
    email: str
    phone: str
    job_position: str
    experience: Message
    expertise: str
    expertise_label: Message
    topics: str
    linkedin: str
    github: str
    portfolio: str
    language: str
    status: str
    status_label: Message
    note: str
    created: Message
    next_statuses: list[str]


# ---------------------------------------------------------------- news (state/admin_news.py)


@dataclasses.dataclass
class NewsRow:
    id: int
    title: str
    type: str
    tags: list[str]
    published: bool
    comments: int
    date: Message
    image_url: str


# ---------------------------------------------------------------- comments (state/admin_comments.py)


@dataclasses.dataclass
class CommentRow:
    id: int
    news_id: int
    news_title: str
    news_href: str
    is_reply: bool
    author: str
    text: str
    hidden: bool
    created: Message


# ---------------------------------------------------------------- check in (state/admin_check_in.py)


@dataclasses.dataclass
class MatchRow:
    registration_id: int
    name: str
    email: str
    status: str
    checked_in: bool
    # Issue 45: the answers the door needs ("Accessibility needs: ..."), accessibility first.
    needs: list[Message] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class ScanResult:
    outcome: str = ""  # tickets.CHECKED_IN ... UNKNOWN; '' before the first scan
    accepted: bool = False
    text: Message = dataclasses.field(default_factory=dict)
    name: str = ""
    status: Message = dataclasses.field(default_factory=dict)  # its label, both languages
    first_scan: Message = dataclasses.field(default_factory=dict)  # when it was checked in
    other_title: str = ""
    needs: list[Message] = dataclasses.field(default_factory=list)  # as MatchRow.needs


@dataclasses.dataclass
class DoorNumbers:
    registered: int = 0
    attended: int = 0
    no_show_rate: str = "–"


# ---------------------------------------------------------------- overview (state/admin_overview.py)


@dataclasses.dataclass
class AttendanceRow:
    title: str
    date: Message
    registered: int
    attended: int
    no_show_rate: str  # "25%", or "–" where check-in was not used
    check_in: str  # the meetup's check-in page


@dataclasses.dataclass
class PlacedLastRow:
    id: int
    name: str
    email: str


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
        seat=both(SeatKind.labels().get(r.seat_kind, r.seat_kind)),
        answers=[{"en": f"{a.label_en}: {a.text_en}", "uz": f"{a.label_uz}: {a.text_uz}"}
                 for a in r.answers],
    )
