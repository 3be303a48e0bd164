"""The waitlist of a full meetup, as members use it: join, see their place, claim or
decline a seat offered to them, leave. The seats themselves move in ``offers`` (the order
of the line, the claim window, ``release_seat``); the expired offers are passed on by the
scheduler task ``waitlist-offers`` below.

A member joins with the registration form's answers, so claiming an offer is one tap:
``claim_offer`` registers them through ``register_for_meetup`` (ACCEPTED, or PENDING when
the meetup needs approval) on the seat the offer held.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Meetup, WaitlistEntry, WaitlistStatus
from community_app.services import scheduler
from community_app.services.bulk import update_where
from community_app.services.errors import Conflict, NotFound
from community_app.services.lookup import view_of
from community_app.services.meetups.offers import LIVE, release_seat, waitlist_order
from community_app.services.meetups.reading import public_meetup_or_404, rows_with_meetup
from community_app.services.meetups import questions
from community_app.services.meetups.registrations import (
    form_answers,
    open_for,
    register_for_meetup,
)
from community_app.services.meetups.seats import lock_meetup, seat_kind_of, seats_left
from community_app.services.meetups.views import (
    MeetupView,
    RegistrationView,
    meetup_view,
)

SEATS_FREE = N_("Seats are still free: register for the event instead.")
ALREADY_WAITING = N_("You are already on the waitlist for this event.")
NOT_WAITING = N_("You are not on the waitlist for this event.")
NO_OFFER = N_("There is no seat offered to you for this event.")
OFFER_EXPIRED = N_("The time to claim this seat has passed.")


@dataclasses.dataclass(frozen=True)
class WaitlistEntryView:
    id: int
    meetup_id: int
    user_id: int
    status: str
    joined_at: dt.datetime
    position: int | None  # 1-based among the WAITING entries; None once offered or closed
    offer_expires_at: dt.datetime | None  # the claim deadline of a live offer


@dataclasses.dataclass(frozen=True)
class MyWaitlistEntryView:
    entry: WaitlistEntryView
    meetup: MeetupView


def _position(session: Session, entry: WaitlistEntry, now: dt.datetime) -> int | None:
    if entry.status != WaitlistStatus.WAITING.value:
        return None
    order = [e.id for e in waitlist_order(session, entry.meetup_id, now, entry.seat_kind)]
    return order.index(entry.id) + 1 if entry.id in order else None


def _view(session: Session, entry: WaitlistEntry, now: dt.datetime) -> WaitlistEntryView:
    offered = entry.status == WaitlistStatus.OFFERED.value
    return view_of(WaitlistEntryView, entry, position=_position(session, entry, now),
                   offer_expires_at=entry.offer_expires_at if offered else None)


def live_entry(session: Session, user_id: int, meetup_id: int) -> WaitlistEntry | None:
    """The member's WAITING or OFFERED entry of the meetup (at most one, by the index)."""
    return session.exec(
        select(WaitlistEntry)
        .where(
            WaitlistEntry.user_id == user_id,
            WaitlistEntry.meetup_id == meetup_id,
            col(WaitlistEntry.status).in_(LIVE),
        )
        .execution_options(populate_existing=True)
    ).first()


def my_place(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> WaitlistEntryView | None:
    """The member's live place in the meetup's line (position, or the offer), if any."""
    entry = live_entry(session, user_id, meetup_id)
    return None if entry is None else _view(session, entry, now or utcnow())


def join_waitlist(
    session: Session,
    user_id: int,
    meetup_id: int,
    data: Mapping[str, object],
    *,
    now: dt.datetime | None = None,
) -> WaitlistEntryView:
    """Put the member in line for a full upcoming meetup, with the registration form's
    answers. Refused while seats are free (register instead), when the member is
    registered or already waiting, and for meetups that have started. Each kind of seats
    (``seatKind``) has its own line; the answers to the meetup's questions are kept."""
    now = now or utcnow()
    meetup = open_for(session, user_id, meetup_id, data, now)
    kind, _ = seat_kind_of(meetup, data.get("seatKind"))
    answers = questions.checked_answers(session, meetup_id, data.get("answers"))
    if live_entry(session, user_id, meetup_id) is not None:
        raise Conflict(ALREADY_WAITING)
    if seats_left(meetup, kind) > 0:
        raise Conflict(SEATS_FREE)  # answered without taking the write lock
    # The meetup's row locked before the entry is written (PostgreSQL): joins and freed
    # seats of one meetup take their turns, and two joins never deadlock (the entry's
    # foreign key would otherwise share-lock the row under each of them).
    lock_meetup(session, meetup_id)
    entry = WaitlistEntry(user_id=user_id, meetup_id=meetup_id, **form_answers(data), joined_at=now,
                          seat_kind=kind, answers=questions.encode(answers))
    try:
        with session.begin_nested():
            session.add(entry)
            session.flush()
    except sa.exc.IntegrityError:
        raise Conflict(ALREADY_WAITING) from None  # the same member, a concurrent request
    # Checked once the entry is written, under the meetup's lock (on SQLite, the write
    # lock the insert took): a seat freed at this moment either saw the entry (and
    # offered it) or is seen here (and refused).
    if seats_left(lock_meetup(session, meetup_id), kind) > 0:
        session.rollback()
        raise Conflict(SEATS_FREE)
    session.commit()
    return _view(session, entry, now)


def leave_waitlist(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> WaitlistEntryView:
    """Leave the line; a seat offered to the member goes to the next in line."""
    now = now or utcnow()
    public_meetup_or_404(session, meetup_id)
    entry = live_entry(session, user_id, meetup_id)
    if entry is None:
        raise NotFound(NOT_WAITING)
    was = entry.status
    return _closed(session, entry, was, WaitlistStatus.LEFT.value, NOT_WAITING, now,
                   pass_seat_on=was == WaitlistStatus.OFFERED.value)


def decline_offer(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> WaitlistEntryView:
    """Say no to the seat offered: it goes to the next in line at once."""
    now = now or utcnow()
    public_meetup_or_404(session, meetup_id)
    entry = _offer_of(session, user_id, meetup_id)
    return _closed(session, entry, WaitlistStatus.OFFERED.value, WaitlistStatus.DECLINED.value,
                   NO_OFFER, now, pass_seat_on=True)


def claim_offer(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> RegistrationView:
    """Take the seat offered, within its window: the member is registered (ACCEPTED, or
    PENDING when the meetup needs approval) with the answers given when joining."""
    now = now or utcnow()
    public_meetup_or_404(session, meetup_id)
    entry = _offer_of(session, user_id, meetup_id)
    # Conditional on the window: the expiry task (offer_expires_at <= now) and a claim
    # never both win.
    claimed = update_where(
        session, WaitlistEntry,
        col(WaitlistEntry.id) == entry.id,
        col(WaitlistEntry.status) == WaitlistStatus.OFFERED.value,
        col(WaitlistEntry.offer_expires_at) > now,
        status=WaitlistStatus.CLAIMED.value, closed_at=now,
    )
    if claimed != 1:
        session.rollback()
        current = _reloaded(session, entry.id)
        if current.status == WaitlistStatus.OFFERED.value:
            raise Conflict(OFFER_EXPIRED)
        raise NotFound(NO_OFFER)
    answers = {
        "attendanceReason": entry.attendance_reason,
        "interestedField": entry.interested_field,
        "expectation": entry.expectation,
        "consent": True,  # given when joining (the same form)
        "seatKind": entry.seat_kind,
        "answers": questions.decode(entry.answers),
    }
    return register_for_meetup(session, user_id, meetup_id, answers, now=now, seat_held=True)


def list_my_waitlist(
    session: Session, user_id: int, *, now: dt.datetime | None = None
) -> list[MyWaitlistEntryView]:
    """The member's live entries (waiting or offered), soonest meetup first."""
    now = now or utcnow()
    rows = rows_with_meetup(
        session, WaitlistEntry,
        WaitlistEntry.user_id == user_id, col(WaitlistEntry.status).in_(LIVE),
        order_by=(col(Meetup.starts_at), col(WaitlistEntry.id)))
    return [MyWaitlistEntryView(_view(session, e, now), meetup_view(m, now)) for e, m in rows]


def leave_every_waitlist(session: Session, user_id: int, now: dt.datetime) -> int:
    """Take the member out of every line (account erasure); held seats are passed on."""
    left = 0
    for entry in session.exec(
        select(WaitlistEntry).where(
            WaitlistEntry.user_id == user_id, col(WaitlistEntry.status).in_(LIVE)
        )
    ).all():
        if _close(session, entry.id, entry.status, WaitlistStatus.LEFT.value, now):
            left += 1
            if entry.status == WaitlistStatus.OFFERED.value:
                release_seat(session, entry.meetup_id, now=now, kind=entry.seat_kind)
    return left


def pass_expired_offers(session: Session, now: dt.datetime) -> int:
    """Every offer whose window has ended: EXPIRED, its seat offered to the next in line
    (one commit per offer). The number passed on."""
    due = session.exec(
        select(WaitlistEntry.id, WaitlistEntry.meetup_id, WaitlistEntry.seat_kind).where(
            WaitlistEntry.status == WaitlistStatus.OFFERED.value,
            col(WaitlistEntry.offer_expires_at) <= now,
        )
    ).all()
    passed = 0
    for entry_id, meetup_id, kind in due:
        expired = update_where(
            session, WaitlistEntry,
            col(WaitlistEntry.id) == entry_id,
            col(WaitlistEntry.status) == WaitlistStatus.OFFERED.value,
            col(WaitlistEntry.offer_expires_at) <= now,
            status=WaitlistStatus.EXPIRED.value, closed_at=now,
        )
        if expired == 1:
            release_seat(session, meetup_id, now=now, kind=kind)
            passed += 1
        session.commit()
    return passed


@scheduler.periodic("waitlist-offers", every=dt.timedelta(minutes=1))
def _expired_offers_task(session: Session, now: dt.datetime) -> str:
    return f"{pass_expired_offers(session, now)} offers passed on"


# ---------------------------------------------------------------- helpers


def _offer_of(session: Session, user_id: int, meetup_id: int) -> WaitlistEntry:
    entry = live_entry(session, user_id, meetup_id)
    if entry is None or entry.status != WaitlistStatus.OFFERED.value:
        raise NotFound(NO_OFFER)
    return entry


def _close(session: Session, entry_id: int, was: str, new: str, now: dt.datetime) -> bool:
    """was -> new, conditional (a concurrent change wins or loses cleanly)."""
    changed = update_where(
        session, WaitlistEntry,
        col(WaitlistEntry.id) == entry_id, col(WaitlistEntry.status) == was,
        status=new, closed_at=now,
    )
    return changed == 1


def _closed(session: Session, entry: WaitlistEntry, was: str, new: str, missing: str,
            now: dt.datetime, *, pass_seat_on: bool) -> WaitlistEntryView:
    """The member's entry closed (``_close``; NotFound(``missing``) when a concurrent
    change won), the seat it held passed on when ``pass_seat_on``, committed; the entry."""
    if not _close(session, entry.id, was, new, now):
        raise NotFound(missing)
    if pass_seat_on:
        release_seat(session, entry.meetup_id, now=now, kind=entry.seat_kind)
    session.commit()
    return _view(session, _reloaded(session, entry.id), now)


def _reloaded(session: Session, entry_id: int) -> WaitlistEntry:
    return session.get(WaitlistEntry, entry_id, populate_existing=True)
