"""Members' registrations: the form's rules, registering (a seat taken safely, see
``seats``), cancelling, and a member's own list."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.models import (
    AttendanceReason,
    InterestedField,
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
)
from community_app.services.bulk import update_where
from community_app.services.errors import Conflict, InvalidMany, NotFound

from community_app.services.meetups import emails
from community_app.services.meetups.offers import release_seat
from community_app.services.meetups.reading import (
    public_meetup_or_404,
    rows_with_meetup,
)
from community_app.services.meetups.seats import (
    free_seat,
    live_registration,
)
from community_app.services.meetups.views import (
    ALREADY_REGISTERED,
    MEETUP_FULL,
    NOT_REGISTERED,
    PAST_NOT_CANCELLABLE,
    REGISTRATION_CLOSED,
    SEAT_HOLDING,
    MyRegistrationView,
    RegistrationView,
    meetup_view,
    registration_view,
)
from community_app.services.validation import (
    consent_problem,
    expectation_problem,
    interest_problem,
    reason_problem,
)

# ---------------------------------------------------------------- registration


def validate_registration(data: Mapping[str, object]) -> dict[str, str]:
    """Field -> message id for every invalid field of the event registration form.

    ``data`` uses the form's field names: attendanceReason, interestedField, expectation,
    consent. Reasons and fields may use the KO'DJ client's spellings (stored as ours).
    An empty dict means the form is valid.
    """
    checks = {
        "attendanceReason": reason_problem,
        "interestedField": interest_problem,
        "expectation": expectation_problem,
        "consent": consent_problem,
    }
    errors: dict[str, str] = {}
    for name, problem in checks.items():
        message = problem(data.get(name))
        if message:
            errors[name] = message
    return errors


def open_for(
    session: Session, user_id: int, meetup_id: int, data: Mapping[str, object], now: dt.datetime
) -> Meetup:
    """The public meetup the member may still sign up for (register, or join its
    waitlist) with these answers: the form's answers valid, not started, not registered."""
    meetup = public_meetup_or_404(session, meetup_id)
    errors = validate_registration(data)
    if errors:
        raise InvalidMany(errors)
    if meetup.starts_at < now:
        raise Conflict(REGISTRATION_CLOSED)
    if live_registration(session, user_id, meetup_id) is not None:
        raise Conflict(ALREADY_REGISTERED)
    return meetup


def form_answers(data: Mapping[str, object]) -> dict[str, str]:
    """The registration form's checked answers (``open_for``) as a registration and a
    waitlist entry store them."""
    return {
        "attendance_reason": AttendanceReason.parse(data["attendanceReason"]).value,
        "interested_field": InterestedField.parse(data["interestedField"]).value,
        "expectation": str(data["expectation"]).strip(),
    }


def register_for_meetup(
    session: Session,
    user_id: int,
    meetup_id: int,
    data: Mapping[str, object],
    *,
    now: dt.datetime | None = None,
    seat_held: bool = False,
) -> RegistrationView:
    """Register a member: ACCEPTED, or PENDING when the meetup needs approval.

    Any status in ``data`` is ignored. The seat is taken by a conditional UPDATE, then the
    registration is inserted in a SAVEPOINT; if the insert fails, the seat is given back.
    ``seat_held``: the seat is already taken for this member (a waitlist offer being
    claimed, ``waitlist.claim_offer``), so none is taken here.
    """
    now = now or utcnow()
    meetup = open_for(session, user_id, meetup_id, data, now)

    registration = MeetupRegistration(
        user_id=user_id,
        meetup_id=meetup_id,
        **form_answers(data),
        status=(
            RegistrationStatus.PENDING.value
            if meetup.requires_approval
            else RegistrationStatus.ACCEPTED.value
        ),
        registered_at=now,
    )
    if not seat_held:
        _take_seat(session, meetup)
    try:
        with session.begin_nested():
            session.add(registration)
            session.flush()
    except sa.exc.IntegrityError:
        # The same member registered in a concurrent request (the partial unique index).
        # Give the seat back here too, so the count is right even if a caller commits.
        if seat_held:
            release_seat(session, meetup_id, now=now)
        else:
            free_seat(session, meetup_id)
        if live_registration(session, user_id, meetup_id) is not None:
            raise Conflict(ALREADY_REGISTERED) from None
        raise
    finally:
        session.expire(meetup)
    emails.confirmation(session, registration)  # queued: sent once this commits
    # Commit here, in the thread that took the seat: the seat's row (on SQLite, the whole
    # database) stays locked for as short a time as possible while many members race.
    session.commit()
    return registration_view(registration)


def _take_seat(session: Session, meetup: Meetup) -> None:
    if meetup.available_seats is not None and meetup.available_seats <= 0:
        # Full when just read: answer without queueing for the database's write lock
        # (on SQLite every UPDATE takes it, even one that changes nothing).
        raise Conflict(MEETUP_FULL)
    # Take the seat: one conditional UPDATE, so two members never get the last seat twice.
    taken = update_where(
        session, Meetup,
        col(Meetup.id) == meetup.id, col(Meetup.available_seats) > 0,
        available_seats=col(Meetup.available_seats) - 1,
    )
    if taken != 1:
        raise Conflict(MEETUP_FULL)


def cancel_registration(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> RegistrationView:
    """Cancel the member's registration and give its seat back (not for past meetups): to
    the first on the waitlist, if anyone waits."""
    now = now or utcnow()
    meetup = public_meetup_or_404(session, meetup_id)
    registration = session.exec(
        select(MeetupRegistration).where(
            MeetupRegistration.user_id == user_id,
            MeetupRegistration.meetup_id == meetup_id,
            col(MeetupRegistration.status).in_(SEAT_HOLDING),
        )
    ).first()
    if registration is None:
        raise NotFound(NOT_REGISTERED)
    if meetup.starts_at < now:
        raise Conflict(PAST_NOT_CANCELLABLE)
    # Conditional, so two concurrent cancels free one seat, not two.
    cancelled = update_where(
        session, MeetupRegistration,
        col(MeetupRegistration.id) == registration.id,
        col(MeetupRegistration.status).in_(SEAT_HOLDING),
        status=RegistrationStatus.CANCELLED.value, cancelled_at=now,
    )
    if cancelled != 1:
        raise NotFound(NOT_REGISTERED)
    release_seat(session, meetup_id, now=now)
    view = registration_view(registration)
    session.expire(registration)
    session.expire(meetup)
    session.commit()  # like register_for_meetup: the seat's row is locked only briefly
    return dataclasses.replace(view, status=RegistrationStatus.CANCELLED.value, cancelled_at=now)


def list_my_registrations(
    session: Session, user_id: int, *, now: dt.datetime | None = None
) -> list[MyRegistrationView]:
    """Every registration of the member, whatever its status, newest meetup first."""
    now = now or utcnow()
    rows = rows_with_meetup(
        session, MeetupRegistration, MeetupRegistration.user_id == user_id,
        order_by=(col(Meetup.starts_at).desc(), col(MeetupRegistration.id).desc()))
    return [MyRegistrationView(registration_view(r), meetup_view(m, now)) for r, m in rows]


def latest_per_meetup(views: list[MyRegistrationView]) -> list[MyRegistrationView]:
    """One registration per meetup, the member's latest (``list_my_registrations`` order):
    a member who cancelled and registered again has one meetup on My Page, not a pile of
    "Cancelled" rows."""
    seen: set[int] = set()
    latest = []
    for view in views:
        if view.meetup.id not in seen:
            seen.add(view.meetup.id)
            latest.append(view)
    return latest
