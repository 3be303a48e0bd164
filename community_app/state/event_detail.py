"""/events/[event_type]/details/[event_id]: one meetup with its speakers, sessions,
registrations, notes and reviews (cached 5 minutes, SPEC section 4), and the signed-in
member's own registration (read fresh, never cached), which a member can cancel here.

A wrong type segment (``/events/past/details/1`` for an upcoming meetup, or any other
word) sends the browser to the right address, replacing the history entry.
"""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services import cache
from community_app.services import meetups as service
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.event_views import (
    AttendeeRow, EventDetails, empty_details, event_details, live_status, parse_event_path,
)
from community_app.state.messages import Message, from_error, message
from community_app.state.page_load import PageRequest
from community_app.state.sent_writes import write

log = logging.getLogger(__name__)

DETAILS_FAILED = N_("Failed to fetch event details")
SEAT_SWITCHED = N_("Your seat is changed.")
CANCEL_FAILED = N_("Could not cancel your registration. Please try again.")
CANCELLED = N_("Your registration has been cancelled.")
# How many attendees show before 'Show all'.
ATTENDEES_SHOWN = 24


def cached_details(meetup_id: int) -> service.MeetupDetails:
    """The meetup's details through the 5-minute cache; NotFound is not cached."""

    def load() -> service.MeetupDetails:
        with session_scope() as session:
            return service.get_meetup_details(session, meetup_id)

    return cache.cached(cache.EVENT_DETAILS, meetup_id, load)


def member_registration_status(user_id: int, meetup_id: int) -> str:
    with session_scope() as session:
        return live_status(service.list_my_registrations(session, user_id), meetup_id)


def member_seat_kind(user_id: int, meetup_id: int) -> str:
    """The kind of seat of the member's live registration (issue 45), '' without one."""
    with session_scope() as session:
        for mine in service.list_my_registrations(session, user_id):
            r = mine.registration
            if r.meetup_id == meetup_id and r.status in service.SEAT_HOLDING:
                return r.seat_kind
    return ""


@dataclasses.dataclass
class DetailPageData:
    """What ``read_event_detail`` read for the page load."""

    details: EventDetails | None = None
    not_found: bool = False
    error: Message = dataclasses.field(default_factory=dict)
    member_status: str = ""  # ACCEPTED, PENDING or ''
    redirect: str = ""  # the right address when the type segment is wrong
    seat_kind: str = ""  # IN_PERSON or ONLINE while registered


def read_event_detail(request: PageRequest) -> DetailPageData:
    """The meetup (cached) and the member's registration (fresh), read with no lock held."""
    data = DetailPageData()
    event_type, meetup_id = parse_event_path(request.path)
    if meetup_id is None:
        data.not_found = True
        return data
    try:
        data.details = event_details(cached_details(meetup_id))
        if event_type != data.details.card.event_type:
            data.redirect = data.details.card.href
            return data
        if request.member is not None:
            cache.needs_database()
            data.member_status = member_registration_status(request.member.id, meetup_id)
            data.seat_kind = member_seat_kind(request.member.id, meetup_id)
    except cache.Miss:
        raise
    except DomainError as exc:  # NotFound: 'Event not found.'
        data.details = None
        data.not_found = True
        data.error = from_error(exc)
    except Exception:  # noqa: BLE001 - the page says so and offers to try again
        log.exception("Loading event details failed")
        data.details = None
        data.error = message(DETAILS_FAILED)
    return data


class EventDetailState(AuthState):
    loading: bool = True
    not_found: bool = False
    error: Message = {}
    # The meetup as the page shows it, whole (``state/event_views.py``).
    details: EventDetails = empty_details()
    show_all_attendees: bool = False
    # The signed-in member's registration for this meetup: ACCEPTED, PENDING or ''.
    member_status: str = ""
    seat_kind: str = ""  # the member's kind of seat (a meetup with online seats)
    cancel_busy: bool = False
    notice: Message = {}
    action_error: Message = {}

    @rx.var
    def is_registered(self) -> bool:
        return self.member_status != ""

    @rx.var
    def is_pending(self) -> bool:
        return self.member_status == "PENDING"

    @rx.var
    def shown_attendees(self) -> list[AttendeeRow]:
        attendees = self.details.attendees
        return attendees if self.show_all_attendees else attendees[:ATTENDEES_SHOWN]

    @rx.var
    def hidden_attendees(self) -> int:
        return 0 if self.show_all_attendees else max(0, len(self.details.attendees) - ATTENDEES_SHOWN)

    def _apply_load(self, data: DetailPageData):
        """The page load's update (``state/page_load.py``): what ``read_event_detail`` read."""
        self.not_found = data.not_found
        self.error = data.error
        self.notice = {}
        self.action_error = {}
        self.show_all_attendees = False
        self.member_status = data.member_status
        self.seat_kind = data.seat_kind
        if data.details is not None:
            self.details = data.details
        self.loading = False
        if data.redirect:
            return rx.redirect(data.redirect, replace=True)
        return None

    @rx.event
    def retry(self):
        """'Try Again' after a failed read: the page load's read, again."""
        self.loading = True
        yield
        request = PageRequest(path=self.router.url.path, query={}, member=self._member())
        yield self._apply_load(read_event_detail(request))

    @rx.event
    def toggle_attendees(self):
        self.show_all_attendees = not self.show_all_attendees

    def _acting_member(self):
        """The signed-in member (None for a visitor), the last action's messages cleared."""
        self.notice = {}
        self.action_error = {}
        return self._member()

    @rx.event
    @write
    def cancel_registration(self):
        """After the confirmation: give the seat back (members only, not for past events)."""
        user = self._acting_member()
        if user is None:
            return self._to_login()
        meetup_id = self.details.card.id
        self.cancel_busy = True
        try:
            with session_scope() as session:
                service.cancel_registration(session, user.id, meetup_id)
        except DomainError as exc:
            self.action_error = from_error(exc)
        except Exception:  # noqa: BLE001
            log.exception("Cancelling a registration failed")
            self.action_error = message(CANCEL_FAILED)
        else:
            self.notice = message(CANCELLED)
        finally:
            self.cancel_busy = False
        # Committed (or refused): the commit expired the cached seat counts.
        try:
            self.details = event_details(cached_details(meetup_id))
            self.member_status = member_registration_status(user.id, meetup_id)
            self.seat_kind = member_seat_kind(user.id, meetup_id)
        except Exception:  # noqa: BLE001
            log.exception("Reloading event details failed")

    @rx.event
    @write
    def switch_seat_kind(self):
        """In person <-> online in one action (issue 45): refused, with its reason, when no
        seat of the other kind is left."""
        user = self._acting_member()
        if user is None:
            return self._to_login()
        meetup_id = self.details.card.id
        other = "IN_PERSON" if self.seat_kind == "ONLINE" else "ONLINE"
        try:
            with session_scope() as session:
                service.switch_seat_kind(session, user.id, meetup_id, other)
        except DomainError as exc:
            self.action_error = from_error(exc)
        else:
            self.notice = message(SEAT_SWITCHED)
        try:
            self.details = event_details(cached_details(meetup_id))
            self.seat_kind = member_seat_kind(user.id, meetup_id)
        except Exception:  # noqa: BLE001
            log.exception("Reloading event details failed")
        return None
