"""The organizers run a meetup's registrations: approval, check-in, the attendees'
CSV and the attendance summary of past meetups."""

from __future__ import annotations

# SPEC section 3: what a meetup shows when a value is missing.
import csv
import dataclasses
import datetime as dt
import io

from sqlmodel import Session, col, func, or_, select

from community_app.core.db import utcnow
from community_app.i18n import N_, Np_, gettext
from community_app.core.korea_time import (
    KOREA,
    korea_clock,
    korea_date,
    korea_date_of,
    to_korea,
)
from community_app.models import (
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
    SeatKind,
    User,
)
from community_app.services.admin.common import (
    MEETUP_CACHES,
    expire_caches,
)
from community_app.services.audit import display_name, record, require_organizer
from community_app.services.bulk import count_where, update_where
from community_app.services.errors import Conflict, NotFound
from community_app.services.lookup import get_or_404, view_of
from community_app.services.meetups.admin_views import (
    ALREADY_CHECKED_IN,
    CSV_COLUMNS,
    NOT_CHECKABLE,
    NOT_CHECKED_IN,
    REGISTRATION_NOT_FOUND,
    AdminRegistrationView,
    AnswerView,
    meetup_or_404,
)
from community_app.services.meetups import decisions, questions
from community_app.services.meetups.views import (
    SEAT_HOLDING,
)
from community_app.services.text_search import clean_filter, contains_ci
from community_app.services.validation import choice_or_none
from community_app.core.settings import check_in_opens_hours

# ---------------------------------------------------------------- the check-in window

# Check-in opens settings.check_in_opens_hours() (default 3) before a meetup starts
# (people arrive early, the door is set up) and closes when it ends: a ticket scanned weeks
# early is refused, so nobody is "attended" before the meetup has happened.
CHECK_IN_NOT_OPEN = Np_(  # COMMUNITY_CHECK_IN_OPENS_HOURS may be 1: "1 hour" (issue 42)
    "Check-in is not open yet: it opens {n} hour before the event starts, at {opens} "
    "(Korea time).",
    "Check-in is not open yet: it opens {n} hours before the event starts, at {opens} "
    "(Korea time).",
)
CHECK_IN_CLOSED = N_("Check-in is closed: the event has ended.")


def check_in_refusal(meetup: Meetup, now: dt.datetime) -> Conflict | None:
    """Why a check-in at ``meetup`` is refused at ``now`` (None: the window is open)."""
    hours = check_in_opens_hours()
    opens = to_korea(meetup.starts_at) - dt.timedelta(hours=hours)
    if to_korea(now) < opens:
        return Conflict(CHECK_IN_NOT_OPEN, n=hours,
                        opens=f"{korea_date(opens)} {korea_clock(opens)}")
    if to_korea(now) >= to_korea(meetup.ends_at):
        return Conflict(CHECK_IN_CLOSED)
    return None


# ---------------------------------------------------------------- registrations


def admin_registration_view(r: MeetupRegistration, u: User,
                            answers: tuple[AnswerView, ...] = ()) -> AdminRegistrationView:
    return view_of(AdminRegistrationView, r, user_id=u.id, name=display_name(u),
                   username=u.username, email=u.email, phone=u.phone or "", answers=answers)


def _answer_views(session: Session, meetup_id: int,
                  registration_ids: list[int]) -> dict[int, tuple[AnswerView, ...]]:
    """registration id -> its answers, accessibility and dietary needs first, then the
    meetup's questions in the form's order."""
    form = sorted(questions.questions_of(session, meetup_id),
                  key=lambda q: ({"accessibility": 0, "dietary": 1}.get(q.builtin, 2), q.position, q.id))
    given = questions.answers_of(session, registration_ids)
    result = {}
    for rid in registration_ids:
        items = []
        for q in form:
            if q.id in given[rid]:
                texts = questions.answer_texts(q, given[rid][q.id])
                items.append(AnswerView(q.id, q.builtin, q.label_en, q.label_uz,
                                        texts["en"], texts["uz"]))
        result[rid] = tuple(items)
    return result


def _answer_matches(view: AdminRegistrationView, question_id: int, term: str) -> bool:
    for a in view.answers:
        if a.question_id == question_id:
            return not term or term in a.text_en.lower() or term in a.text_uz.lower()
    return False


def parse_status_filter(value: str | None) -> str | None:
    """A registration status (any case), None when empty; Invalid otherwise."""
    return choice_or_none("status", value, RegistrationStatus.values(),
                          N_("Unknown registration status."))


def list_registrations(
    session: Session,
    actor_id: int,
    meetup_id: int,
    *,
    search: str | None = None,
    status: str | None = None,
    question_id: int | None = None,
    answer: str | None = None,
) -> list[AdminRegistrationView]:
    """The meetup's registrations with their answers, oldest first. ``search`` matches the
    member's name, username or email (any case); ``status`` keeps one status;
    ``question_id`` keeps those who answered that question, and with ``answer`` those
    whose answer's words (either language, any case) contain it (Yes, an option...)."""
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    query = (
        select(MeetupRegistration, User)
        .join(User, col(User.id) == col(MeetupRegistration.user_id))
        .where(MeetupRegistration.meetup_id == meetup_id)
    )
    if status := parse_status_filter(status):
        query = query.where(MeetupRegistration.status == status)
    if term := clean_filter(search):
        full_name = User.first_name + " " + User.last_name
        query = query.where(
            or_(
                contains_ci(User.first_name, term),
                contains_ci(User.last_name, term),
                contains_ci(full_name, term),
                contains_ci(User.username, term),
                contains_ci(User.email, term),
            )
        )
    query = query.order_by(col(MeetupRegistration.registered_at), col(MeetupRegistration.id))
    rows = session.exec(query).all()
    answers = _answer_views(session, meetup_id, [r.id for r, _ in rows])
    views = [admin_registration_view(r, u, answers[r.id]) for r, u in rows]
    if question_id:
        term = (clean_filter(answer) or "").lower()
        views = [v for v in views if _answer_matches(v, question_id, term)]
    return views


def _registration(session: Session, meetup_id: int, registration_id: int) -> MeetupRegistration:
    row = get_or_404(session, MeetupRegistration, registration_id, REGISTRATION_NOT_FOUND)
    if row.meetup_id != meetup_id:
        raise NotFound(REGISTRATION_NOT_FOUND)
    return row


def _one_registration(session: Session, registration_id: int) -> AdminRegistrationView:
    r = session.get(MeetupRegistration, registration_id, populate_existing=True)
    return admin_registration_view(r, session.get(User, r.user_id),
                                   _answer_views(session, r.meetup_id, [r.id])[r.id])


def _decide(
    session: Session, actor_id: int, meetup_id: int, registration_id: int, new_status: str
) -> AdminRegistrationView:
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    registration = _registration(session, meetup_id, registration_id)
    # One application through the rule of several (services/meetups/decisions.py): the
    # seat taken on acceptance when applications hold none, the message, the audit entry.
    decisions.decide_registrations(
        session, actor_id, meetup_id, [registration_id],
        accept=new_status == RegistrationStatus.ACCEPTED.value, commit=False)
    view = _one_registration(session, registration.id)
    expire_caches(session, *MEETUP_CACHES)
    return view


def accept_registration(
    session: Session, actor_id: int, meetup_id: int, registration_id: int
) -> AdminRegistrationView:
    """PENDING -> ACCEPTED (the seat was held, or is taken now)."""
    return _decide(session, actor_id, meetup_id, registration_id, RegistrationStatus.ACCEPTED.value)


def reject_registration(
    session: Session, actor_id: int, meetup_id: int, registration_id: int
) -> AdminRegistrationView:
    """PENDING -> REJECTED, and the seat is free again (offered to the waitlist first)."""
    return _decide(session, actor_id, meetup_id, registration_id, RegistrationStatus.REJECTED.value)


def update_attended(session: Session, meetup_id: int) -> None:
    """meetups.attended_count = the accepted registrations that are checked in."""
    checked = count_where(
        MeetupRegistration,
        col(MeetupRegistration.meetup_id) == meetup_id,
        col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
        col(MeetupRegistration.checked_in_at).is_not(None),
    )
    update_where(session, Meetup, col(Meetup.id) == meetup_id, attended_count=checked)


def _set_checked_in(
    session: Session, actor_id: int, meetup_id: int, registration_id: int,
    checked_in_at: dt.datetime | None, action: str, refused: str, *conditions: object,
) -> AdminRegistrationView:
    """Set the registration's ``checked_in_at`` in one guarded statement (Conflict(``refused``)
    unless it still meets the ``conditions``), count the meetup's attendance again and
    record ``action`` in the audit log; the registration as it is now."""
    changed = update_where(
        session, MeetupRegistration,
        col(MeetupRegistration.id) == registration_id, *conditions,
        checked_in_at=checked_in_at,
    )
    if changed != 1:
        raise Conflict(refused)
    update_attended(session, meetup_id)
    view = _one_registration(session, registration_id)
    record(session, actor_id, action, "meetup", meetup_id, f"{view.name} <{view.email}>",
           subject_user_id=view.user_id)
    return view


def check_in(
    session: Session,
    actor_id: int,
    meetup_id: int,
    registration_id: int,
    *,
    now: dt.datetime | None = None,
) -> AdminRegistrationView:
    """Mark an accepted registration as present (one click on the day), within the
    check-in window (``check_in_refusal``)."""
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    now = now or utcnow()
    registration = _registration(session, meetup_id, registration_id)
    if registration.status != RegistrationStatus.ACCEPTED.value:
        raise Conflict(NOT_CHECKABLE)
    if refusal := check_in_refusal(meetup, now):
        raise refusal
    return _set_checked_in(
        session, actor_id, meetup_id, registration_id, now, "registration.check_in",
        ALREADY_CHECKED_IN,
        col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
        col(MeetupRegistration.checked_in_at).is_(None))


def undo_check_in(
    session: Session, actor_id: int, meetup_id: int, registration_id: int
) -> AdminRegistrationView:
    """Take a check-in back (a wrong click)."""
    require_organizer(session, actor_id)
    meetup_or_404(session, meetup_id)
    _registration(session, meetup_id, registration_id)
    return _set_checked_in(
        session, actor_id, meetup_id, registration_id, None, "registration.undo_check_in",
        NOT_CHECKED_IN, col(MeetupRegistration.checked_in_at).is_not(None))


# ---------------------------------------------------------------- CSV export


def _csv_cell(value: str) -> str:
    """Spreadsheets run cells that start with = + - @ (or a tab / CR) as formulas: such
    cells get a leading apostrophe, so a member's name can never become one."""
    if value and value[0] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _korea_stamp(value: dt.datetime | None) -> str:
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(KOREA).strftime("%Y-%m-%d %H:%M")


def attendees_csv_filename(session: Session, meetup_id: int) -> str:
    meetup = meetup_or_404(session, meetup_id)
    return f"attendees-{meetup_id}-{korea_date_of(meetup.starts_at).isoformat()}.csv"


def export_attendees_csv(
    session: Session, actor_id: int, meetup_id: int, *, lang: str = "en"
) -> str:
    """The attendees (accepted and pending registrations) as CSV text for Excel: a UTF-8
    byte-order mark, a header row in ``lang``, then name, email, phone, status, registered
    at and checked in at (Korea time, YYYY-MM-DD HH:MM), the seat's kind, and a column per
    question of the meetup (accessibility needs first), its answers in ``lang``."""
    rows = [
        r
        for r in list_registrations(session, actor_id, meetup_id)
        if r.status in SEAT_HOLDING
    ]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    form = sorted(questions.questions_of(session, meetup_id),
                  key=lambda q: ({"accessibility": 0, "dietary": 1}.get(q.builtin, 2), q.position, q.id))
    writer.writerow([gettext(c, lang) for c in CSV_COLUMNS] + [_csv_cell(q.label(lang)) for q in form])
    kinds = SeatKind.labels()
    for r in rows:
        given = {a.question_id: (a.text_uz if lang == "uz" else a.text_en) for a in r.answers}
        writer.writerow(
            [
                _csv_cell(r.name),
                _csv_cell(r.email),
                _csv_cell(r.phone),
                r.status,
                _korea_stamp(r.registered_at),
                _korea_stamp(r.checked_in_at),
                gettext(kinds.get(r.seat_kind, r.seat_kind), lang),
                *(_csv_cell(given.get(q.id, "")) for q in form),
            ]
        )
    record(session, actor_id, "meetup.export_csv", "meetup", meetup_id, f"{len(rows)} rows")
    return "\ufeff" + out.getvalue()


# ---------------------------------------------------------------- attendance


@dataclasses.dataclass(frozen=True)
class AttendanceSummary:
    past_meetups: int
    total_attended: int
    average_attended: int


def attendance_summary(
    session: Session, actor_id: int, *, now: dt.datetime | None = None
) -> AttendanceSummary:
    """How many people came to past meetups (checked in), in total and on average."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    count, total = session.exec(
        select(func.count(), func.coalesce(func.sum(Meetup.attended_count), 0)).where(
            Meetup.starts_at < now
        )
    ).one()
    count, total = int(count or 0), int(total or 0)
    return AttendanceSummary(count, total, round(total / count) if count else 0)
