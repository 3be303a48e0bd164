"""Seats of meetups, taken and given back safely.

Seat safety: a registration takes its seat with one conditional UPDATE
(``available_seats = available_seats - 1 WHERE available_seats > 0``, rowcount 1 or full),
so two members never take the last seat twice; then it inserts the registration inside a
SAVEPOINT. The partial unique index ``uq_registrations_live_user_meetup`` (one
not-cancelled registration per member and meetup) is the last word when the same member
races himself: the failed insert gives the seat back and answers "already registered".
Cancelling frees the seat with ``available_seats + 1 WHERE available_seats < max_seats``,
through ``offers.release_seat``, which offers it to the meetup's waitlist first.
Every write happens in the caller's transaction (one per API request).

A PENDING registration (meetups that need approval) holds a seat like an ACCEPTED one,
unless the meetup's applications do not hold seats (``applications_hold_seats`` off, a
workshop choosing among more applicants than seats): then ``holds_seat`` is False until an
organizer accepts it, and the acceptance takes the seat with the same conditional UPDATE.

**Seat kinds** (issue 45): ``max_seats``/``available_seats`` are the in-person seats,
``online_max_seats``/``online_available_seats`` the online ones; each kind is taken, given
back and offered to its own waitlist separately (``kind`` below), never oversold.
Times are UTC datetimes here; the callers show them in Korea time.
"""

from __future__ import annotations

# SPEC section 3: what a meetup shows when a value is missing.
from sqlmodel import Session, col, select

from community_app.i18n import N_
from community_app.models import (
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
    SeatKind,
    WaitlistEntry,
    WaitlistStatus,
)
from community_app.services.bulk import count_where, update_where
from community_app.services.errors import Conflict, Invalid, NotFound
from community_app.services.meetups.admin_views import (
    SEATS_BELOW_REGISTERED,
)
from community_app.services.meetups.views import (
    MEETUP_FULL,
    MEETUP_NOT_FOUND,
    SEAT_HOLDING,
)

IN_PERSON = SeatKind.IN_PERSON.value
ONLINE = SeatKind.ONLINE.value
SEAT_KIND_INVALID = N_("Choose in-person or online seats.")
NO_ONLINE_SEATS = N_("This event has no online seats.")
ONLINE_FULL = N_("The online seats of this event are full.")
IN_PERSON_FULL = N_("The in-person seats of this event are full.")
ONLINE_SEATS_BELOW_REGISTERED = N_(
    "Online seats cannot be fewer than the {n} online attendees already registered.")
SEAT_KIND_FULL = {IN_PERSON: IN_PERSON_FULL, ONLINE: ONLINE_FULL}


def seat_columns(kind: str):
    """(available, max) columns of a kind of seats."""
    if kind == ONLINE:
        return col(Meetup.online_available_seats), col(Meetup.online_max_seats)
    return col(Meetup.available_seats), col(Meetup.max_seats)


def seats_left(meetup: Meetup, kind: str) -> int:
    return (meetup.online_available_seats if kind == ONLINE else meetup.available_seats) or 0


def seat_kind_of(meetup: Meetup, value: object) -> tuple[str, str | None]:
    """(the kind asked for, the message id of its problem): left out means in person, or
    online when the meetup has online seats only."""
    if value in (None, ""):
        only_online = (meetup.online_max_seats or 0) > 0 and (meetup.max_seats or 0) <= 0
        return (ONLINE if only_online else IN_PERSON), None
    kind = SeatKind.parse(value)
    if kind is None:
        return IN_PERSON, SEAT_KIND_INVALID
    if kind.value == ONLINE and not meetup.online_max_seats:
        return ONLINE, NO_ONLINE_SEATS
    return kind.value, None


def take_seat(session: Session, meetup: Meetup, kind: str = IN_PERSON) -> None:
    """Take one seat of ``kind``: one conditional UPDATE, so two members never get the
    last seat twice; Conflict when there is none."""
    full = MEETUP_FULL if not meetup.online_max_seats else SEAT_KIND_FULL[kind]
    if seats_left(meetup, kind) <= 0:
        # Full when just read: answer without queueing for the database's write lock
        # (on SQLite every UPDATE takes it, even one that changes nothing).
        raise Conflict(full)
    available, _ = seat_columns(kind)
    taken = update_where(session, Meetup, col(Meetup.id) == meetup.id, available > 0,
                         **{available.key: available - 1})
    if taken != 1:
        raise Conflict(full)


def live_registration(session: Session, user_id: int, meetup_id: int) -> MeetupRegistration | None:
    """The member's registration that is not cancelled (what the unique index allows once)."""
    return session.exec(
        select(MeetupRegistration).where(
            MeetupRegistration.user_id == user_id,
            MeetupRegistration.meetup_id == meetup_id,
            MeetupRegistration.status != RegistrationStatus.CANCELLED.value,
        )
    ).first()


def free_seat(session: Session, meetup_id: int, kind: str = IN_PERSON) -> None:
    """Give one seat of ``kind`` back, never above the meetup's capacity of that kind."""
    available, most = seat_columns(kind)
    update_where(
        session, Meetup,
        col(Meetup.id) == meetup_id, available < most,
        **{available.key: available + 1},
    )


def live_count(meetup_id: int, kind: str = IN_PERSON):
    """The seats of ``kind`` held: live registrations holding one plus waitlist offers not
    yet claimed (an offer holds its seat, see ``offers``)."""
    registrations = count_where(MeetupRegistration, col(MeetupRegistration.meetup_id) == meetup_id,
                                col(MeetupRegistration.status).in_(SEAT_HOLDING),
                                col(MeetupRegistration.holds_seat).is_(True),
                                col(MeetupRegistration.seat_kind) == kind)
    offers = count_where(WaitlistEntry, col(WaitlistEntry.meetup_id) == meetup_id,
                         col(WaitlistEntry.status) == WaitlistStatus.OFFERED.value,
                         col(WaitlistEntry.seat_kind) == kind)
    return registrations + offers


def lock_meetup(session: Session, meetup_id: int) -> Meetup:
    """The meetup row, locked until the transaction ends (PostgreSQL; SQLite has one writer)."""
    meetup = session.exec(
        select(Meetup)
        .where(col(Meetup.id) == meetup_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).first()
    if meetup is None:
        raise NotFound(MEETUP_NOT_FOUND)
    return meetup


# The rule of each field, shared with the API's body models (api/routes/admin/).


def set_seats(session: Session, meetup_id: int, new_max: int) -> None:
    """max_seats = new_max and available_seats = new_max - live registrations, in one
    conditional UPDATE; refused when the live registrations exceed new_max."""
    live = live_count(meetup_id)
    changed = update_where(
        session, Meetup,
        col(Meetup.id) == meetup_id, live <= new_max,
        max_seats=new_max, available_seats=new_max - live,
    )
    if changed != 1:
        count = session.exec(select(live_count(meetup_id))).one()
        raise Invalid("maxSeats", SEATS_BELOW_REGISTERED, n=count)


def set_online_seats(session: Session, meetup_id: int, new_max: int) -> None:
    """online_max_seats = new_max and online_available_seats = new_max - online seats held;
    refused when more online seats are held than new_max."""
    live = live_count(meetup_id, ONLINE)
    changed = update_where(
        session, Meetup,
        col(Meetup.id) == meetup_id, live <= new_max,
        online_max_seats=new_max, online_available_seats=new_max - live,
    )
    if changed != 1:
        count = session.exec(select(live_count(meetup_id, ONLINE))).one()
        raise Invalid("onlineMaxSeats", ONLINE_SEATS_BELOW_REGISTERED, n=count)
