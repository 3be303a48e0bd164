"""Members' registrations: the form's rules, registering (a seat taken safely, see
``seats``), cancelling, and a member's own list."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import (
    AttendanceReason,
    InterestedField,
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
)
from community_app.services.bulk import update_where
from community_app.services.errors import Conflict, InvalidMany, NotFound

from community_app.services.meetups import emails, questions
from community_app.services.meetups.offers import release_seat
from community_app.services.meetups.reading import (
    public_meetup_or_404,
    rows_with_meetup,
)
from community_app.services.meetups.seats import (
    SEAT_KIND_INVALID,
    free_seat,
    live_registration,
    seat_kind_of,
    take_seat,
)
from community_app.services.meetups.views import (
    ALREADY_REGISTERED,
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
    waitlist) with these answers: the form's answers valid (the fixed fields, the kind of
    seat, ``answers`` to the meetup's own questions: every wrong field reported at once),
    not started, not registered."""
    meetup = public_meetup_or_404(session, meetup_id)
    errors = validate_registration(data)
    _, kind_problem = seat_kind_of(meetup, data.get("seatKind"))
    if kind_problem:
        errors["seatKind"] = kind_problem
    _, answer_problems = questions.check_answers(
        questions.questions_of(session, meetup_id), data.get("answers"))
    errors.update(answer_problems)
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

    Any status in ``data`` is ignored. The seat of the kind asked for (``seatKind``: in
    person, or online) is taken by a conditional UPDATE, then the registration and its
    answers are inserted in a SAVEPOINT; if the insert fails, the seat is given back. A
    PENDING application of a meetup whose applications do not hold seats takes none (the
    acceptance does, ``decisions``). ``seat_held``: the seat is already taken for this
    member (a waitlist offer being claimed, ``waitlist.claim_offer``), so none is taken here.
    """
    now = now or utcnow()
    meetup = open_for(session, user_id, meetup_id, data, now)
    kind, _ = seat_kind_of(meetup, data.get("seatKind"))
    answers = questions.checked_answers(session, meetup_id, data.get("answers"))
    pending = meetup.requires_approval
    holds = seat_held or not pending or meetup.applications_hold_seats

    registration = MeetupRegistration(
        user_id=user_id,
        meetup_id=meetup_id,
        **form_answers(data),
        status=(
            RegistrationStatus.PENDING.value
            if pending
            else RegistrationStatus.ACCEPTED.value
        ),
        registered_at=now,
        seat_kind=kind,
        holds_seat=holds,
    )
    if holds and not seat_held:
        take_seat(session, meetup, kind)
    try:
        with session.begin_nested():
            session.add(registration)
            session.flush()
            questions.save_answers(session, registration.id, answers)
            session.flush()
    except sa.exc.IntegrityError:
        # The same member registered in a concurrent request (the partial unique index).
        # Give the seat back here too, so the count is right even if a caller commits.
        if seat_held:
            release_seat(session, meetup_id, now=now, kind=kind)
        elif holds:
            free_seat(session, meetup_id, kind)
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


def cancel_registration(
    session: Session, user_id: int, meetup_id: int, *, now: dt.datetime | None = None
) -> RegistrationView:
    """Cancel the member's registration and give its seat back (not for past meetups): to
    the first on the waitlist, if anyone waits."""
    now = now or utcnow()
    meetup = public_meetup_or_404(session, meetup_id)
    registration = _holding_registration(session, user_id, meetup_id)
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
    if registration.holds_seat:
        release_seat(session, meetup_id, now=now, kind=registration.seat_kind)
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


SAME_SEAT_KIND = N_("You already have a seat of this kind.")


def switch_seat_kind(
    session: Session, user_id: int, meetup_id: int, kind: object,
    *, now: dt.datetime | None = None,
) -> RegistrationView:
    """Move the member's live registration to the other kind of seats in one action: a
    seat of the new kind is taken (Conflict when none is left, nothing changed), then the
    old one is given back (offered to its own waitlist)."""
    now = now or utcnow()
    meetup = public_meetup_or_404(session, meetup_id)
    new_kind, problem = seat_kind_of(meetup, kind)
    if problem or kind in (None, ""):
        raise InvalidMany({"seatKind": problem or SEAT_KIND_INVALID})
    if meetup.starts_at < now:
        raise Conflict(REGISTRATION_CLOSED)
    registration = _holding_registration(session, user_id, meetup_id)
    old_kind = registration.seat_kind
    if old_kind == new_kind:
        raise Conflict(SAME_SEAT_KIND)
    if registration.holds_seat:
        take_seat(session, meetup, new_kind)
    moved = update_where(
        session, MeetupRegistration,
        col(MeetupRegistration.id) == registration.id,
        col(MeetupRegistration.seat_kind) == old_kind,
        col(MeetupRegistration.status).in_(SEAT_HOLDING),
        seat_kind=new_kind,
    )
    if moved != 1:
        session.rollback()
        raise NotFound(NOT_REGISTERED)
    if registration.holds_seat:
        release_seat(session, meetup_id, now=now, kind=old_kind)
    session.expire(registration)
    session.expire(meetup)
    session.commit()
    return registration_view(session.get(MeetupRegistration, registration.id))


def public_questions(session: Session, meetup_id: int) -> list[questions.QuestionView]:
    """The registration questions of a public meetup, in the form's order."""
    public_meetup_or_404(session, meetup_id)
    return questions.questions_of(session, meetup_id)


def _holding_registration(session: Session, user_id: int, meetup_id: int) -> MeetupRegistration:
    """The member's registration for the meetup that holds a seat (NotFound without one)."""
    registration = session.exec(
        select(MeetupRegistration).where(
            MeetupRegistration.user_id == user_id,
            MeetupRegistration.meetup_id == meetup_id,
            col(MeetupRegistration.status).in_(SEAT_HOLDING),
        )
    ).first()
    if registration is None:
        raise NotFound(NOT_REGISTERED)
    return registration
