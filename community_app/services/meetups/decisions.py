"""Organizers decide on applications (issue 45): accept or decline several at once, with an
optional note; one message per decision (email, and Telegram where the member chose it),
in the member's language; the ticket comes with the acceptance.

Whether an application holds a seat is the meetup's choice (``applications_hold_seats``).
When it does not (a workshop with 20 laptops and 60 applicants), accepting takes the seat
of the application's kind with the same conditional UPDATE a registration uses, so an
acceptance never oversells: when fewer seats are left than applications accepted, the
whole decision is refused with the number left (nothing changes), or, when the organizer
asks for it (``overflow_to_waitlist``), those that do not fit go on that kind's waitlist
with their answers (the registration is closed, the member told), in the order given.
Declining frees the seat a holding application had (offered to the waitlist first).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import MeetupRegistration, RegistrationStatus, User, WaitlistEntry
from community_app.services.audit import display_name, record, require_organizer
from community_app.services.bulk import update_where
from community_app.services.errors import Conflict, Invalid, NotFound
from community_app.services.meetups import emails, questions
from community_app.services.meetups.admin_views import NOT_PENDING, REGISTRATION_NOT_FOUND
from community_app.services.meetups.offers import release_seat
from community_app.services.meetups.seats import lock_meetup, seats_left, take_seat

NOTE_MAX = 1000
NOTE_TOO_LONG = N_("A note is at most 1000 characters.")
NOTHING_CHOSEN = N_("Choose at least one application.")
NOT_ENOUGH_SEATS = N_(
    "Only {n} seats of this kind are left: accept fewer, or put the others on the waitlist.")


@dataclasses.dataclass(frozen=True)
class DecisionResult:
    accepted: list[int]  # registration ids
    declined: list[int]
    waitlisted: list[int]


def _pending(session: Session, meetup_id: int, ids: list[int]) -> list[MeetupRegistration]:
    rows = {r.id: r for r in session.exec(
        select(MeetupRegistration)
        .where(col(MeetupRegistration.id).in_(ids))
        .execution_options(populate_existing=True)
    ).all()}
    ordered = []
    for rid in ids:
        row = rows.get(rid)
        if row is None or row.meetup_id != meetup_id:
            raise NotFound(REGISTRATION_NOT_FOUND)
        if row.status != RegistrationStatus.PENDING.value:
            raise Conflict(NOT_PENDING)
        ordered.append(row)
    return ordered


def _record(session: Session, actor_id: int, action: str, meetup_id: int,
            registration: MeetupRegistration, note: str) -> None:
    user = session.get(User, registration.user_id)
    detail = f"{display_name(user)} <{user.email if user else ''}>"
    if note:
        detail += f" note: {note}"
    record(session, actor_id, action, "meetup", meetup_id, detail,
           subject_user_id=registration.user_id)


def decide_registrations(
    session: Session,
    actor_id: int,
    meetup_id: int,
    registration_ids: Iterable[int],
    *,
    accept: bool,
    note: str = "",
    overflow_to_waitlist: bool = False,
    now: dt.datetime | None = None,
    commit: bool = True,
) -> DecisionResult:
    """Accept (or decline) the PENDING applications ``registration_ids`` of the meetup at
    once (see the module's docstring); each member gets one message, the audit log one
    entry per decision. Conflict when one of them is no longer pending (nothing changes)."""
    now = now or utcnow()
    require_organizer(session, actor_id)
    ids = list(dict.fromkeys(int(i) for i in registration_ids))
    if not ids:
        raise Invalid("registrationIds", NOTHING_CHOSEN)
    note = (note or "").strip()
    if len(note) > NOTE_MAX:
        raise Invalid("note", NOTE_TOO_LONG)
    # Decisions and freed seats of one meetup take their turns (PostgreSQL; SQLite has one
    # writer); registrations still take seats by their conditional UPDATE.
    meetup = lock_meetup(session, meetup_id)
    rows = _pending(session, meetup_id, ids)
    accepted: list[int] = []
    declined: list[int] = []
    waitlisted: list[int] = []
    if accept:
        fits: list[MeetupRegistration] = []
        overflow: list[MeetupRegistration] = []
        room = {kind: seats_left(meetup, kind) for kind in {r.seat_kind for r in rows}}
        for r in rows:
            if r.holds_seat or room[r.seat_kind] > 0:
                fits.append(r)
                if not r.holds_seat:
                    room[r.seat_kind] -= 1
            else:
                overflow.append(r)
        if overflow and not overflow_to_waitlist:
            kind = overflow[0].seat_kind
            raise Conflict(NOT_ENOUGH_SEATS, n=seats_left(meetup, kind))
        for r in fits:
            if not r.holds_seat:
                take_seat(session, meetup, r.seat_kind)
            _move(session, r.id, RegistrationStatus.ACCEPTED.value, note, holds_seat=True)
            emails.decision(session, r.id, True, note)
            _record(session, actor_id, "registration.accept", meetup_id, r, note)
            accepted.append(r.id)
        for r in overflow:
            _move(session, r.id, RegistrationStatus.CANCELLED.value, note, cancelled_at=now)
            entry = WaitlistEntry(
                user_id=r.user_id, meetup_id=meetup_id, seat_kind=r.seat_kind, joined_at=now,
                attendance_reason=r.attendance_reason, interested_field=r.interested_field,
                expectation=r.expectation,
                answers=questions.encode(questions.answers_of(session, [r.id])[r.id]))
            session.add(entry)
            session.flush()
            emails.waitlisted(session, r.id, r.user_id, meetup_id, note)
            _record(session, actor_id, "registration.waitlist", meetup_id, r, note)
            waitlisted.append(r.id)
    else:
        for r in rows:
            _move(session, r.id, RegistrationStatus.REJECTED.value, note)
            if r.holds_seat:
                release_seat(session, meetup_id, now=now, kind=r.seat_kind)
            emails.decision(session, r.id, False, note)
            _record(session, actor_id, "registration.reject", meetup_id, r, note)
            declined.append(r.id)
    session.expire(meetup)
    if commit:
        session.commit()
    return DecisionResult(accepted, declined, waitlisted)


def _move(session: Session, registration_id: int, status: str, note: str, **more: object) -> None:
    """PENDING -> ``status``, conditional: a member cancelling at the same moment wins or
    loses cleanly (Conflict, and the caller's transaction is rolled back)."""
    changed = update_where(
        session, MeetupRegistration,
        col(MeetupRegistration.id) == registration_id,
        col(MeetupRegistration.status) == RegistrationStatus.PENDING.value,
        status=status, decision_note=note, **more,
    )
    if changed != 1:
        session.rollback()
        raise Conflict(NOT_PENDING)
