"""The door on organizers' phones, online and offline (issue 47).

**The held list** (``door_list``): what a phone keeps to check tickets without the network,
for one meetup and one organizer: each valid ticket (an ACCEPTED registration) as a hash of
its code, ``ticket_hash`` (SHA-256 of the meetup and the code: the site's secret, which
signs codes, never leaves the server, and a code made up for any registration hashes to
nothing in the list), the name the member chose for attendee lists
(``attendees.attendee_name``: never a last name), the seat kind, the answers the door needs
(``door_answers``: accessibility, dietary, the organizer's door questions) and when it was
checked in. It expires when the meetup ends (``expires_at``); the page drops it then, and when the
organizer signs out (assets/check_in_door.js).

**Check-ins from a phone** (``sync_check_ins``): a batch of (code, time by the phone's
clock) sent when the network is back, or one scan online (``check_in_at_door``). Each
admitted ticket is a ``DoorCheckIn`` row, one per phone and registration: a batch sent
twice changes nothing. The registration's ``checked_in_at`` is the earliest admission of
any door, and it stays the one record attendance and the no-show priority count, once per
registration. When two phones admitted one ticket, both rows are kept and every one but
the earliest is flagged ``duplicate`` (``door_duplicates`` shows them to organizers with
each phone's time).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import re
from collections.abc import Iterable

from sqlmodel import Session, col, or_, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import DoorCheckIn, Meetup, MeetupRegistration, RegistrationStatus, User
from community_app.services.audit import display_name, record, require_organizer
from community_app.services.bulk import update_where
from community_app.services.errors import Invalid
from community_app.services.meetups import admin_registrations, tickets
from community_app.services.meetups.admin_views import meetup_or_404
from community_app.services.meetups.attendees import attendee_name
from community_app.services.meetups.door_answers import door_answers
from community_app.services.meetups.ticket_codes import QR_PREFIX, registration_of_code

DUPLICATE = "duplicate"  # admitted by this phone, but another phone admitted it earlier
MAX_BATCH = 500
DEVICE_RE = re.compile(r"^[A-Za-z0-9_-]{4,64}$")
BAD_DEVICE = N_("The phone's name must be 4 to 64 letters, digits, - or _.")
BATCH_TOO_LONG = N_("Send at most 500 check-ins at once.")


def clean_code(text: str) -> str:
    """A scanned or typed ticket as the door compares it: ``12-ABCDEF`` (assets/
    check_in_door.js does the same in the page)."""
    return (text or "").strip().upper().removeprefix(QR_PREFIX).replace(" ", "")


def ticket_hash(meetup_id: int, code: str) -> str:
    """What the held list keeps of a ticket: hex SHA-256 of ``uzdev-door:<meetup>:<code>``."""
    return hashlib.sha256(f"uzdev-door:{meetup_id}:{clean_code(code)}".encode()).hexdigest()


@dataclasses.dataclass(frozen=True)
class DoorTicket:
    hash: str
    registration_id: int
    name: str  # as the member chose for attendee lists
    seat_kind: str
    checked_in_at: dt.datetime | None
    answers: tuple[tuple[dict[str, str], dict[str, str]], ...] = ()  # (question, answer), en/uz


@dataclasses.dataclass(frozen=True)
class DoorEntry:
    """One phone's admission of a ticket."""

    registration_id: int
    device_id: str
    scanned_at: dt.datetime
    offline: bool
    duplicate: bool


@dataclasses.dataclass(frozen=True)
class DoorList:
    meetup_id: int
    title: str
    organizer_id: int
    opens_at: dt.datetime
    ends_at: dt.datetime
    expires_at: dt.datetime
    tickets: tuple[DoorTicket, ...]


def _opens_at(meetup: Meetup) -> dt.datetime:
    from community_app.core.settings import check_in_opens_hours
    return meetup.starts_at - dt.timedelta(hours=check_in_opens_hours())


def door_list(session: Session, actor_id: int, meetup_id: int) -> DoorList:
    """The meetup's valid tickets for an organizer's phone (organizers only)."""
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    rows = session.exec(
        select(MeetupRegistration, User)
        .join(User, col(User.id) == col(MeetupRegistration.user_id))
        .where(col(MeetupRegistration.meetup_id) == meetup_id,
               col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value)
        .order_by(col(MeetupRegistration.id))
    ).all()
    answers = door_answers(session, meetup_id)
    found = tuple(
        DoorTicket(ticket_hash(meetup_id, tickets.ticket_code(r.id)), r.id,
                   attendee_name(u.first_name, u.attendee_name),
                   r.seat_kind, r.checked_in_at,
                   tuple((a.label, a.text) for a in answers.get(r.id, ())))
        for r, u in rows)
    return DoorList(meetup.id, meetup.title, actor_id, _opens_at(meetup), meetup.ends_at,
                    meetup.ends_at, found)


def door_entries(session: Session, actor_id: int, meetup_id: int) -> list[DoorEntry]:
    """Every phone's admissions at the meetup, in order of time (organizers only)."""
    require_organizer(session, actor_id)
    rows = session.exec(select(DoorCheckIn).where(col(DoorCheckIn.meetup_id) == meetup_id)
                        .order_by(col(DoorCheckIn.scanned_at), col(DoorCheckIn.id))).all()
    return [DoorEntry(r.registration_id, r.device_id, r.scanned_at, r.offline, r.duplicate)
            for r in rows]


@dataclasses.dataclass(frozen=True)
class DuplicateView:
    """A ticket two or more phones admitted: each phone with its time, earliest first."""

    registration_id: int
    name: str
    entries: tuple[DoorEntry, ...]


def door_duplicates(session: Session, actor_id: int, meetup_id: int) -> list[DuplicateView]:
    entries = door_entries(session, actor_id, meetup_id)
    flagged = {e.registration_id for e in entries if e.duplicate}
    out = []
    for registration_id in sorted(flagged):
        registration = session.get(MeetupRegistration, registration_id)
        user = session.get(User, registration.user_id) if registration else None
        out.append(DuplicateView(registration_id, display_name(user),
                                 tuple(e for e in entries if e.registration_id == registration_id)))
    return out


@dataclasses.dataclass(frozen=True)
class SyncedCheckIn:
    code: str
    outcome: str  # tickets.CHECKED_IN, DUPLICATE, or a refusal of tickets.OUTCOME_TEXTS
    registration_id: int | None = None
    scanned_at: dt.datetime | None = None  # as the server keeps it
    checked_in_at: dt.datetime | None = None  # the registration's, after this batch

    @property
    def kept(self) -> bool:
        return self.outcome in (tickets.CHECKED_IN, DUPLICATE)


def _check_device(device_id: str) -> str:
    if not DEVICE_RE.match(device_id or ""):
        raise Invalid("deviceId", BAD_DEVICE)
    return device_id


def _refusal(meetup: Meetup, registration: MeetupRegistration | None, at: dt.datetime) -> str | None:
    if registration is None:
        return tickets.UNKNOWN
    if registration.meetup_id != meetup.id:
        return tickets.OTHER_MEETUP
    if registration.status in (RegistrationStatus.CANCELLED.value,
                               RegistrationStatus.REJECTED.value):
        return tickets.CANCELLED
    if registration.status != RegistrationStatus.ACCEPTED.value:
        return tickets.NOT_ACCEPTED
    if refusal := admin_registrations.check_in_refusal(meetup, at):
        return (tickets.NOT_OPEN if refusal.message_id == admin_registrations.CHECK_IN_NOT_OPEN
                else tickets.CLOSED)
    return None


def _flag_duplicates(session: Session, registration_id: int) -> None:
    """Every admission of the ticket but the earliest is a duplicate."""
    rows = session.exec(select(DoorCheckIn).where(col(DoorCheckIn.registration_id) == registration_id)
                        .order_by(col(DoorCheckIn.scanned_at), col(DoorCheckIn.id))).all()
    for index, row in enumerate(rows):
        if row.duplicate != (index > 0):
            row.duplicate = index > 0
            session.add(row)
    session.flush()


def _admit(session: Session, actor_id: int, meetup: Meetup, registration: MeetupRegistration,
           device_id: str, at: dt.datetime, *, offline: bool) -> DoorCheckIn:
    """Keep the phone's admission (once per phone), the registration's check-in at the
    earliest admission, the attendance count, the audit entry of the first check-in."""
    existing = session.exec(select(DoorCheckIn).where(
        col(DoorCheckIn.device_id) == device_id,
        col(DoorCheckIn.registration_id) == registration.id)).first()
    if existing is not None:
        return existing
    first = registration.checked_in_at is None
    row = DoorCheckIn(meetup_id=meetup.id, registration_id=registration.id, organizer_id=actor_id,
                      device_id=device_id, scanned_at=at, offline=offline)
    session.add(row)
    session.flush()
    update_where(session, MeetupRegistration, col(MeetupRegistration.id) == registration.id,
                 or_(col(MeetupRegistration.checked_in_at).is_(None),
                     col(MeetupRegistration.checked_in_at) > at),
                 checked_in_at=at)
    if first:
        admin_registrations.update_attended(session, meetup.id)
        user = session.get(User, registration.user_id)
        record(session, actor_id, "registration.check_in", "meetup", meetup.id,
               f"{display_name(user)} <{user.email if user else ''}>"
               + (" (offline)" if offline else ""),
               subject_user_id=registration.user_id)
    _flag_duplicates(session, registration.id)
    session.refresh(row)
    return row


def sync_check_ins(
    session: Session, actor_id: int, meetup_id: int, device_id: str,
    items: Iterable[tuple[str, dt.datetime]], *, now: dt.datetime | None = None,
) -> list[SyncedCheckIn]:
    """A phone's check-ins made offline, each (code, when by the phone's clock): kept once
    per phone and ticket, in one transaction. A time ahead of the server's is taken as
    now; a ticket refused (not ours, another meetup's, cancelled, outside the check-in
    window at that time) is answered with the outcome and keeps nothing."""
    require_organizer(session, actor_id)
    device_id = _check_device(device_id)
    items = list(items)
    if len(items) > MAX_BATCH:
        raise Invalid("checkIns", BATCH_TOO_LONG)
    meetup = meetup_or_404(session, meetup_id)
    now = now or utcnow()
    out = []
    for code, scanned_at in items:
        at = min(_aware(scanned_at), now)
        registration_id = registration_of_code(code)
        registration = None
        if registration_id:  # locked: two phones' batches for one ticket flag in turn
            registration = session.exec(select(MeetupRegistration).where(
                col(MeetupRegistration.id) == registration_id).with_for_update()).first()
        if refusal := _refusal(meetup, registration, at):
            out.append(SyncedCheckIn(code, refusal, registration.id if registration else None))
            continue
        row = _admit(session, actor_id, meetup, registration, device_id, at, offline=True)
        session.refresh(registration)
        out.append(SyncedCheckIn(code, DUPLICATE if row.duplicate else tickets.CHECKED_IN,
                                 registration.id, row.scanned_at, registration.checked_in_at))
    return out


def check_in_at_door(
    session: Session, actor_id: int, meetup_id: int, code: str, device_id: str = "", *,
    now: dt.datetime | None = None,
) -> tickets.CheckInResult:
    """A ticket scanned online (``tickets.check_in_ticket``), the phone's admission kept
    when the page names its phone, so a ticket another phone admits offline is flagged."""
    now = now or utcnow()
    result = tickets.check_in_ticket(session, actor_id, meetup_id, code, now=now)
    if result.accepted and device_id and DEVICE_RE.match(device_id):
        meetup = session.get(Meetup, meetup_id)
        registration = session.get(MeetupRegistration, result.registration_id)
        _admit(session, actor_id, meetup, registration, device_id, now, offline=False)
    return result


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
