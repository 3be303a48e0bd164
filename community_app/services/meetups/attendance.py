"""Attendance: check-ins are the record of who came.

Per meetup: registered (ACCEPTED registrations), attended (checked in), and the no-show
rate, the share of the registered who never checked in, counted only where the organizers
used check-in (someone was checked in; otherwise nobody knows, and the rate is None) and
once the meetup has started (before, nobody is a no-show yet: check-in opens a few hours
early, ``admin_registrations.check_in_refusal``).
Per member: the meetups they were checked in at that have started. Members with two no-shows among their
last five meetups come after others on waitlists (``offers.members_with_repeated_no_shows``);
an organizer can clear that record (``clear_no_shows``: only no-shows after it count).
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.core.korea_time import to_korea
from community_app.models import Meetup, MeetupRegistration, RegistrationStatus, User
from community_app.services.audit import display_name, record, require_organizer
from community_app.services.bulk import update_where
from community_app.services.errors import NotFound
from community_app.services.meetups.offers import members_with_repeated_no_shows

MEMBER_NOT_FOUND = N_("Member not found.")
RECENT = 10  # past meetups the back office and the statistics look at


@dataclasses.dataclass(frozen=True)
class MeetupAttendance:
    meetup_id: int
    title: str
    starts_at: dt.datetime
    registered: int
    attended: int
    started: bool = True  # by the time the numbers were read

    @property
    def check_in_used(self) -> bool:
        return self.attended > 0

    @property
    def no_shows(self) -> int:
        return max(0, self.registered - self.attended) if self.check_in_used and self.started else 0

    @property
    def no_show_rate(self) -> int | None:
        """Percent of the registered who did not come; None where check-in was not used
        or the meetup has not started."""
        if not self.check_in_used or not self.registered or not self.started:
            return None
        return round(self.no_shows * 100 / self.registered)


def _counts():
    accepted = col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value
    return (
        func.coalesce(func.sum(sa.case((accepted, 1), else_=0)), 0),
        func.coalesce(func.sum(sa.case(
            (accepted & col(MeetupRegistration.checked_in_at).is_not(None), 1), else_=0)), 0),
    )


def _rows(session: Session, where) -> list[MeetupAttendance]:
    registered, attended = _counts()
    rows = session.exec(
        select(Meetup.id, Meetup.title, Meetup.starts_at, registered, attended)
        .select_from(Meetup)
        .outerjoin(MeetupRegistration, col(MeetupRegistration.meetup_id) == col(Meetup.id))
        .where(where)
        .group_by(col(Meetup.id), col(Meetup.title), col(Meetup.starts_at))
        .order_by(col(Meetup.starts_at).desc())
        .limit(RECENT)
    ).all()
    now = utcnow()
    return [MeetupAttendance(i, t, s, int(r), int(a), to_korea(s) <= now)
            for i, t, s, r, a in rows]


def meetup_attendance(
    session: Session, meetup_id: int, *, actor_id: int | None = None
) -> MeetupAttendance:
    """One meetup's numbers (``actor_id``: the back office asks, organizers only)."""
    if actor_id is not None:
        require_organizer(session, actor_id)
    found = _rows(session, col(Meetup.id) == meetup_id)
    if not found:
        raise NotFound(N_("Event not found."))
    return found[0]


def recent_attendance(
    session: Session, *, now: dt.datetime | None = None, actor_id: int | None = None
) -> list[MeetupAttendance]:
    """The last RECENT meetups that have started, newest first."""
    if actor_id is not None:
        require_organizer(session, actor_id)
    return _rows(session, col(Meetup.starts_at) < (now or utcnow()))


@dataclasses.dataclass(frozen=True)
class AttendanceTotals:
    """Over the recent past meetups that used check-in (public statistics)."""

    meetups: int
    registered: int
    attended: int

    @property
    def no_show_rate(self) -> int | None:
        if not self.registered:
            return None
        return round((self.registered - self.attended) * 100 / self.registered)


def attendance_totals(session: Session, *, now: dt.datetime | None = None) -> AttendanceTotals:
    used = [m for m in recent_attendance(session, now=now) if m.check_in_used]
    return AttendanceTotals(len(used), sum(m.registered for m in used),
                            sum(m.attended for m in used))


@dataclasses.dataclass(frozen=True)
class AttendedView:
    meetup_id: int
    title: str
    starts_at: dt.datetime


def meetups_attended(session: Session, user_id: int, *,
                     now: dt.datetime | None = None) -> list[AttendedView]:
    """The meetups the member was checked in at that have started, newest first."""
    rows = session.exec(
        select(Meetup.id, Meetup.title, Meetup.starts_at)
        .join(MeetupRegistration, col(MeetupRegistration.meetup_id) == col(Meetup.id))
        .where(
            col(MeetupRegistration.user_id) == user_id,
            col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
            col(MeetupRegistration.checked_in_at).is_not(None),
            col(Meetup.starts_at) <= (now or utcnow()),
        )
        .order_by(col(Meetup.starts_at).desc())
    ).all()
    return [AttendedView(i, t, s) for i, t, s in rows]


@dataclasses.dataclass(frozen=True)
class FlaggedMemberView:
    user_id: int
    name: str
    email: str


def members_placed_last(
    session: Session, actor_id: int, *, now: dt.datetime | None = None
) -> list[FlaggedMemberView]:
    """Members who now come after others on waitlists (repeated no-shows), for organizers."""
    require_organizer(session, actor_id)
    now = now or utcnow()
    candidates = session.exec(
        select(MeetupRegistration.user_id).distinct().join(
            Meetup, col(Meetup.id) == col(MeetupRegistration.meetup_id))
        .where(col(Meetup.starts_at) < now, col(Meetup.attended_count) > 0,
               col(MeetupRegistration.checked_in_at).is_(None))
    ).all()
    flagged = members_with_repeated_no_shows(session, candidates, now)
    users = session.exec(select(User).where(col(User.id).in_(flagged)).order_by(col(User.id))).all()
    return [FlaggedMemberView(u.id, display_name(u), u.email or "") for u in users]


def clear_no_shows(
    session: Session, actor_id: int, user_id: int, *, now: dt.datetime | None = None
) -> FlaggedMemberView:
    """Forget the member's no-shows so far (organizers): they wait in joining order again."""
    require_organizer(session, actor_id)
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(MEMBER_NOT_FOUND)
    update_where(session, User, col(User.id) == user_id, no_shows_cleared_at=now or utcnow())
    record(session, actor_id, "member.clear_no_shows", "user", user_id, display_name(user),
           subject_user_id=user_id)
    return FlaggedMemberView(user.id, display_name(user), user.email or "")
