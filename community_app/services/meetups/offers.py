"""Seats freed on a full meetup go to its waitlist first: the order of the line, the claim
window, and the one function every freed seat passes through (``release_seat``).

**Held seats.** An offer holds its seat: offering takes the seat with the same conditional
UPDATE a registration uses (``available_seats - 1 WHERE available_seats > 0``), so the
public seat count never shows it free, and claiming turns the held seat into a
registration without taking another one (``register_for_meetup(..., seat_held=True)``).
An offer that ends unclaimed (declined, left, expired) gives its seat back through
``release_seat``, which offers it to the next in line in the same transaction.

**Exactly once.** Every freed seat (a member's cancellation, an organizer's rejection, an
offer that ends) first adds one to ``available_seats``; that UPDATE locks the meetup's row
until the transaction ends (PostgreSQL; SQLite has one writer), and only then is the line
read. So two seats freed at the same moment are offered one after the other, and each
WAITING -> OFFERED move is conditional (an entry left at that moment is skipped, its seat
given back). Raising a meetup's seats (``set_seats``) runs ``offer_free_seats`` after it.

**The order of the line** (``waitlist_order``): by the time the member joined, except that
members with two no-shows among their last five past meetups come after all others (in
joined order among themselves). A no-show is an ACCEPTED registration never checked in,
counted only at meetups where the organizers used check-in (someone was checked in), and
only after ``users.no_shows_cleared_at`` when an organizer has cleared the member's record.

**The claim window** (``claim_window``): ``COMMUNITY_WAITLIST_CLAIM_HOURS`` (default 24 h);
when the meetup starts in under 48 h, a quarter of the time left, at least 1 h, never more
than the setting; never past the meetup's start.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_, normalize_language
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import (
    MailKind,
    Meetup,
    MeetupRegistration,
    RegistrationStatus,
    User,
    WaitlistEntry,
    WaitlistStatus,
)
from community_app.services.bulk import update_where
from community_app.services.meetups import emails
from community_app.services.meetups.seats import IN_PERSON, free_seat, seat_columns
from community_app.services.meetups.views import SEAT_HOLDING
from community_app.core.settings import waitlist_claim_hours

NO_SHOW_LIMIT = 2  # this many no-shows ...
RECENT_MEETUPS = 5  # ... among the member's last this many past meetups
SHORT_NOTICE = dt.timedelta(hours=48)
MIN_WINDOW = dt.timedelta(hours=1)

OFFER_SUBJECT = N_("A seat is free for you: {title}")
OFFER_BODY = N_(
    "Hello {name},\n\n"
    "A seat has become free at {title} ({date}, {time}, {location}) and it is held for "
    "you until {deadline} (Korea time).\n\n"
    "Claim it on My Page: {link}\n\n"
    "If you do not claim it by then, the seat is offered to the next person on the "
    "waitlist.\n\n"
    "{site}"
)

LIVE = (WaitlistStatus.WAITING.value, WaitlistStatus.OFFERED.value)


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def claim_window(now: dt.datetime, starts_at: dt.datetime) -> dt.timedelta:
    """How long an offer made at ``now`` stays open (see the module's docstring)."""
    full = dt.timedelta(hours=waitlist_claim_hours())
    left = _aware(starts_at) - _aware(now)
    window = full if left >= SHORT_NOTICE else min(full, max(MIN_WINDOW, left / 4))
    return max(dt.timedelta(0), min(window, left))


def members_with_repeated_no_shows(
    session: Session, user_ids: Iterable[int], now: dt.datetime
) -> set[int]:
    """The members (of ``user_ids``) with NO_SHOW_LIMIT or more no-shows among their last
    RECENT_MEETUPS past meetups (ACCEPTED registrations; meetups that used check-in;
    after the member's ``no_shows_cleared_at``)."""
    ids = set(user_ids)
    if not ids:
        return set()
    rows = session.exec(
        select(
            MeetupRegistration.user_id,
            MeetupRegistration.checked_in_at,
            Meetup.starts_at,
            User.no_shows_cleared_at,
        )
        .join(Meetup, col(Meetup.id) == col(MeetupRegistration.meetup_id))
        .join(User, col(User.id) == col(MeetupRegistration.user_id))
        .where(
            col(MeetupRegistration.user_id).in_(ids),
            col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
            col(Meetup.starts_at) < now,
            col(Meetup.attended_count) > 0,
        )
        .order_by(col(MeetupRegistration.user_id), col(Meetup.starts_at).desc())
    ).all()
    recent: dict[int, list[bool]] = {}
    for user_id, checked_in_at, starts_at, cleared_at in rows:
        if cleared_at is not None and _aware(starts_at) <= _aware(cleared_at):
            continue
        seen = recent.setdefault(user_id, [])
        if len(seen) < RECENT_MEETUPS:
            seen.append(checked_in_at is None)
    return {uid for uid, missed in recent.items() if sum(missed) >= NO_SHOW_LIMIT}


def waitlist_order(
    session: Session, meetup_id: int, now: dt.datetime | None = None, kind: str = IN_PERSON
) -> list[WaitlistEntry]:
    """The meetup's WAITING entries for seats of ``kind`` (each kind has its own line) in
    the order seats are offered (first = next), leaving out members who hold a live
    registration of the meetup anyway."""
    now = now or utcnow()
    registered = (
        select(MeetupRegistration.id)
        .where(
            col(MeetupRegistration.meetup_id) == meetup_id,
            col(MeetupRegistration.user_id) == col(WaitlistEntry.user_id),
            col(MeetupRegistration.status).in_(SEAT_HOLDING),
        )
        .exists()
    )
    entries = list(
        session.exec(
            select(WaitlistEntry)
            .where(
                col(WaitlistEntry.meetup_id) == meetup_id,
                col(WaitlistEntry.status) == WaitlistStatus.WAITING.value,
                col(WaitlistEntry.seat_kind) == kind,
                ~registered,
            )
            .order_by(col(WaitlistEntry.joined_at), col(WaitlistEntry.id))
            .execution_options(populate_existing=True)
        ).all()
    )
    later = members_with_repeated_no_shows(session, (e.user_id for e in entries), now)
    return sorted(entries, key=lambda e: e.user_id in later)  # stable: joined order kept


def offer_free_seats(
    session: Session, meetup_id: int, *, now: dt.datetime | None = None, kind: str = IN_PERSON
) -> list[int]:
    """Offer every free seat of ``kind`` of an upcoming meetup to the next in its line; the
    offered entries' ids. The offer emails are queued in the caller's transaction (sent
    once it commits)."""
    now = now or utcnow()
    meetup = session.get(Meetup, meetup_id, populate_existing=True)
    if meetup is None or _aware(meetup.starts_at) <= _aware(now):
        return []
    offered: list[int] = []
    available, _ = seat_columns(kind)
    for entry in waitlist_order(session, meetup_id, now, kind):
        taken = update_where(
            session, Meetup,
            col(Meetup.id) == meetup_id, available > 0,
            **{available.key: available - 1},
        )
        if taken != 1:
            break  # no free seat (left)
        expires = now + claim_window(now, meetup.starts_at)
        moved = update_where(
            session, WaitlistEntry,
            col(WaitlistEntry.id) == entry.id,
            col(WaitlistEntry.status) == WaitlistStatus.WAITING.value,
            status=WaitlistStatus.OFFERED.value, offered_at=now, offer_expires_at=expires,
        )
        if moved != 1:  # the member left at this moment: the seat goes on
            free_seat(session, meetup_id, kind)
            continue
        offered.append(entry.id)
        _mail_offer(session, entry.id, entry.user_id, meetup, expires)
    session.expire(meetup)
    return offered


def release_seat(session: Session, meetup_id: int, *, now: dt.datetime | None = None,
                 kind: str = IN_PERSON) -> None:
    """A held seat of ``kind`` is free again (a registration cancelled or rejected, an offer
    that ended, a member switching kind): give it back and offer it to the next in that
    kind's line. Every freed seat comes here."""
    free_seat(session, meetup_id, kind)
    offer_free_seats(session, meetup_id, now=now, kind=kind)


def _mail_offer(session: Session, entry_id: int, user_id: int, meetup: Meetup,
                deadline: dt.datetime) -> None:
    lang = normalize_language(getattr(session.get(User, user_id), "language", None))
    emails.queue(
        session, MailKind.OFFER, session.get(User, user_id), meetup, OFFER_SUBJECT, OFFER_BODY,
        ref_id=entry_id,
        telegram_buttons=((emails.CLAIM_SEAT_BUTTON, f"claim:{meetup.id}"),),
        deadline=f"{date_texts(deadline, 'long')[lang]} {time_texts(deadline)[lang]}",
        link=emails.base_url() + emails.MY_PAGE_EVENTS,
    )
