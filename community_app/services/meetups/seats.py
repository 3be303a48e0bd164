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

A PENDING registration (meetups that need approval) holds a seat like an ACCEPTED one.
Times are UTC datetimes here; the callers show them in Korea time.
"""

from __future__ import annotations

# SPEC section 3: what a meetup shows when a value is missing.
from sqlmodel import Session, col, select

from community_app.models import (
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
    WaitlistEntry,
    WaitlistStatus,
)
from community_app.services.bulk import count_where, update_where
from community_app.services.errors import Invalid, NotFound
from community_app.services.meetups.admin_views import (
    SEATS_BELOW_REGISTERED,
)
from community_app.services.meetups.views import (
    MEETUP_NOT_FOUND,
    SEAT_HOLDING,
)


def live_registration(session: Session, user_id: int, meetup_id: int) -> MeetupRegistration | None:
    """The member's registration that is not cancelled (what the unique index allows once)."""
    return session.exec(
        select(MeetupRegistration).where(
            MeetupRegistration.user_id == user_id,
            MeetupRegistration.meetup_id == meetup_id,
            MeetupRegistration.status != RegistrationStatus.CANCELLED.value,
        )
    ).first()


def free_seat(session: Session, meetup_id: int) -> None:
    """Give one seat back, never above the meetup's capacity."""
    update_where(
        session, Meetup,
        col(Meetup.id) == meetup_id, col(Meetup.available_seats) < col(Meetup.max_seats),
        available_seats=col(Meetup.available_seats) + 1,
    )


def live_count(meetup_id: int):
    """The seats held: live registrations plus waitlist offers not yet claimed (an offer
    holds its seat, see ``offers``)."""
    registrations = count_where(MeetupRegistration, col(MeetupRegistration.meetup_id) == meetup_id,
                                col(MeetupRegistration.status).in_(SEAT_HOLDING))
    offers = count_where(WaitlistEntry, col(WaitlistEntry.meetup_id) == meetup_id,
                         col(WaitlistEntry.status) == WaitlistStatus.OFFERED.value)
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
