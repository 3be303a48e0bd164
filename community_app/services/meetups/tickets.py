"""Tickets and check-in at the door.

**The ticket** of an ACCEPTED registration is its short code, ``<registration id>-<6
letters>``, the letters an HMAC (SHA-256, the site's secret) of the id: nothing is stored,
a code cannot be made up for another registration, and it is short enough to read out or
type. The QR code holds ``UZDEV:<code>`` and is drawn on the server (``segno``) as a PNG:
on My Page as an image, in the confirmation and acceptance emails as an attachment.

**Check-in** (``check_in_ticket``): an organizer scans (or types) a code at a meetup's door.
Refused: a code that is not ours, a ticket of another meetup, a cancelled or rejected (or
not yet accepted) registration, a second scan (with the time of the first), and any scan
outside the check-in window (``admin_registrations.check_in_refusal``: from
``COMMUNITY_CHECK_IN_OPENS_HOURS``, default 3, before the start until the end). Accepted
tickets go through ``admin_registrations.check_in`` (audit log, attendance count), so a
check-in by ticket and one from the registrations list are the same record.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Meetup, MeetupRegistration, RegistrationStatus, User
from community_app.services.audit import display_name, require_organizer
from community_app.services.errors import Conflict
from community_app.services.meetups import admin_registrations
from community_app.services.meetups.admin_views import meetup_or_404
from community_app.services.meetups.reading import rows_with_meetup
from community_app.services.meetups.ticket_codes import registration_of_code, ticket_code

CHECKED_IN = "checked_in"
ALREADY = "already"  # scanned before: ``checked_in_at`` says when
OTHER_MEETUP = "other_meetup"
CANCELLED = "cancelled"  # cancelled or rejected
NOT_ACCEPTED = "not_accepted"  # still waiting for approval
UNKNOWN = "unknown"  # not a ticket of ours
NOT_OPEN = "not_open"  # check-in opens a few hours before the start
CLOSED = "closed"  # the meetup has ended

OUTCOME_TEXTS = {
    CHECKED_IN: N_("Checked in. Welcome!"),
    ALREADY: N_("Already checked in."),
    OTHER_MEETUP: N_("This ticket is for another event."),
    CANCELLED: N_("This registration was cancelled."),
    NOT_ACCEPTED: N_("This registration is not accepted yet."),
    UNKNOWN: N_("This is not a valid ticket."),
    NOT_OPEN: admin_registrations.CHECK_IN_NOT_OPEN,
    CLOSED: admin_registrations.CHECK_IN_CLOSED,
}


@dataclasses.dataclass(frozen=True)
class TicketView:
    registration_id: int
    meetup_id: int
    title: str
    starts_at: dt.datetime
    location: str
    code: str


def my_tickets(session: Session, user_id: int, *, now: dt.datetime | None = None) -> list[TicketView]:
    """The member's tickets: ACCEPTED registrations of meetups not ended, soonest first."""
    now = now or utcnow()
    rows = rows_with_meetup(
        session, MeetupRegistration,
        col(MeetupRegistration.user_id) == user_id,
        col(MeetupRegistration.status) == RegistrationStatus.ACCEPTED.value,
        col(Meetup.ends_at) > now,
        order_by=(col(Meetup.starts_at),))
    return [TicketView(r.id, m.id, m.title, m.starts_at, m.location, ticket_code(r.id))
            for r, m in rows]


@dataclasses.dataclass(frozen=True)
class CheckInResult:
    outcome: str
    registration_id: int | None = None
    name: str = ""
    status: str = ""
    checked_in_at: dt.datetime | None = None
    meetup_title: str = ""  # of the ticket's meetup (for another event)
    params: dict = dataclasses.field(default_factory=dict)  # the outcome text's placeholders

    @property
    def accepted(self) -> bool:
        return self.outcome == CHECKED_IN


def check_in_ticket(
    session: Session, actor_id: int, meetup_id: int, code: str, *, now: dt.datetime | None = None
) -> CheckInResult:
    """Check in the ticket ``code`` at meetup ``meetup_id`` (organizers only)."""
    require_organizer(session, actor_id)
    meetup = meetup_or_404(session, meetup_id)
    now = now or utcnow()
    if refusal := admin_registrations.check_in_refusal(meetup, now):  # whatever the code
        outcome = NOT_OPEN if refusal.message_id == admin_registrations.CHECK_IN_NOT_OPEN else CLOSED
        return CheckInResult(outcome, params=refusal.params)
    registration_id = registration_of_code(code)
    registration = session.get(MeetupRegistration, registration_id) if registration_id else None
    if registration is None:
        return CheckInResult(UNKNOWN)
    user = session.get(User, registration.user_id)
    found = CheckInResult(
        UNKNOWN, registration.id, display_name(user) if user else "", registration.status,
        registration.checked_in_at,
    )
    if registration.meetup_id != meetup_id:
        other = session.get(Meetup, registration.meetup_id)
        return dataclasses.replace(found, outcome=OTHER_MEETUP, meetup_title=other.title)
    if registration.status in (RegistrationStatus.CANCELLED.value,
                               RegistrationStatus.REJECTED.value):
        return dataclasses.replace(found, outcome=CANCELLED)
    if registration.status != RegistrationStatus.ACCEPTED.value:
        return dataclasses.replace(found, outcome=NOT_ACCEPTED)
    if registration.checked_in_at is not None:
        return dataclasses.replace(found, outcome=ALREADY)
    try:
        view = admin_registrations.check_in(session, actor_id, meetup_id, registration.id, now=now)
    except Conflict:  # scanned at this very moment at another door
        session.rollback()
        again = session.get(MeetupRegistration, registration.id, populate_existing=True)
        return dataclasses.replace(found, outcome=ALREADY, checked_in_at=again.checked_in_at)
    return dataclasses.replace(found, outcome=CHECKED_IN, status=view.status,
                               checked_in_at=view.checked_in_at)
