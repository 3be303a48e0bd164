"""The public side of meetups: the upcoming and past lists and a meetup's details."""

from __future__ import annotations

import datetime as dt
from typing import Any, TypeVar

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.models import (
    Meetup, MeetupNote, MeetupRegistration, MeetupReview, RegistrationStatus, User,
)
from community_app.services import talks
from community_app.services.lookup import get_or_404
from community_app.services.meetups.attendees import attendee_view

# SPEC section 3: what a meetup shows when a value is missing.
from community_app.services.meetups.views import (
    MEETUP_NOT_FOUND, MEETUP_TYPE_INVALID, MEETUP_TYPES, PAST, UPCOMING,
    MeetupDetails, MeetupView, NoteView, ReviewView, SessionView, SpeakerView, meetup_view,
    session_view, speaker_view,
)
from community_app.services.paging import PageResult, fetch_page
from community_app.services.validation import choice_or_none

T = TypeVar("T")

# ---------------------------------------------------------------- public reading


def public_meetup_or_404(session: Session, meetup_id: int) -> Meetup:
    return get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)


def normalize_meetup_type(value: str | None) -> str | None:
    """'upcoming', 'past', or None for every meetup; Invalid for anything else."""
    return choice_or_none("type", value, MEETUP_TYPES, MEETUP_TYPE_INVALID)


def list_meetups(
    session: Session,
    meetup_type: str | None = None,
    *,
    page: int = 0,
    size: int = 10,
    now: dt.datetime | None = None,
) -> PageResult[MeetupView]:
    """Upcoming: soonest first. Past (started): newest first. None: every meetup, newest first."""
    now = now or utcnow()
    meetup_type = normalize_meetup_type(meetup_type)
    query = select(Meetup)
    if meetup_type == UPCOMING:
        query = query.where(Meetup.starts_at >= now).order_by(
            col(Meetup.starts_at).asc(), col(Meetup.id).asc()
        )
    else:
        if meetup_type == PAST:
            query = query.where(Meetup.starts_at < now)
        query = query.order_by(col(Meetup.starts_at).desc(), col(Meetup.id).desc())
    rows, total = fetch_page(session, query, page, size)
    return PageResult([meetup_view(m, now) for m in rows], total, page, size)


def get_meetup(session: Session, meetup_id: int, *, now: dt.datetime | None = None) -> MeetupView:
    return meetup_view(public_meetup_or_404(session, meetup_id), now)


def read_program(
    session: Session, meetup_id: int, *, drafts: bool = False
) -> tuple[list[SpeakerView], list[SessionView]]:
    """A meetup's speakers (in programme order) and its slotted talks in time order (what
    the event page, the KO'DJ contract and the back office show), read from the talks:
    scheduled ones (and drafts with a slot, for the back office)."""
    shown = [t for t in talks.meetup_talks(session, meetup_id, drafts=drafts)
             if t.starts_at is not None and not t.cancelled]
    speakers = [speaker_view(s) for s in talks.speakers_of_meetup(session, meetup_id,
                                                                  drafts=drafts)]
    return speakers, [session_view(t) for t in shown]


def rows_with_meetup(session: Session, model: type[T], *conditions: Any,
                     order_by: tuple[Any, ...]) -> list[tuple[T, Meetup]]:
    """The rows of ``model`` (registrations, waitlist entries) that meet the
    ``conditions``, each with its meetup, in the ``order_by`` order."""
    return list(session.exec(
        select(model, Meetup)
        .join(Meetup, col(Meetup.id) == col(model.meetup_id))
        .where(*conditions)
        .order_by(*order_by)
    ).all())


def read_notes(session: Session, meetup_id: int, *, active_only: bool) -> list[MeetupNote]:
    """A meetup's notes, newest first: the active ones (the event page) or every one (the
    back office)."""
    active = (col(MeetupNote.is_active).is_(True),) if active_only else ()
    return list(session.exec(
        select(MeetupNote)
        .where(MeetupNote.meetup_id == meetup_id, *active)
        .order_by(col(MeetupNote.created_at).desc(), col(MeetupNote.id).desc())
    ).all())


def get_meetup_details(
    session: Session, meetup_id: int, *, now: dt.datetime | None = None
) -> MeetupDetails:
    meetup = public_meetup_or_404(session, meetup_id)
    speakers, sessions = read_program(session, meetup_id)
    held = session.exec(
        # What the public attendee list may show (``attendees.attendee_view``): no last name.
        select(User.id, User.first_name, User.attendee_name, User.image_url, User.username,
               MeetupRegistration.status, User.public_profile, User.is_active, User.deleted_at)
        .join(MeetupRegistration, col(MeetupRegistration.user_id) == col(User.id))
        .where(
            MeetupRegistration.meetup_id == meetup_id,
            col(MeetupRegistration.status).in_(
                (RegistrationStatus.ACCEPTED.value, RegistrationStatus.PENDING.value)
            ),
        )
        .order_by(col(MeetupRegistration.registered_at), col(MeetupRegistration.id))
    ).all()
    attendees = [a for a in held if a.status == RegistrationStatus.ACCEPTED.value]
    pending = [a for a in held if a.status == RegistrationStatus.PENDING.value]
    notes = read_notes(session, meetup_id, active_only=True)
    reviews = session.exec(
        select(MeetupReview)
        .where(MeetupReview.meetup_id == meetup_id)
        .order_by(col(MeetupReview.created_at).desc(), col(MeetupReview.id).desc())
    ).all()
    return MeetupDetails(
        meetup=meetup_view(meetup, now),
        speakers=speakers,
        sessions=sessions,
        attendees=[attendee_view(a) for a in attendees],
        pending=[attendee_view(a) for a in pending],
        notes=[NoteView(n.id, n.content, n.created_at) for n in notes],
        reviews=[
            ReviewView(r.id, r.author_name, r.rating, r.content, r.created_at) for r in reviews
        ],
    )
