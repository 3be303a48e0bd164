"""/events/[event_type]/details/[event_id]: one meetup with its speakers, sessions,
registrations, notes and reviews (cached 5 minutes, SPEC section 4), and the signed-in
member's own registration (read fresh, never cached), which a member can cancel here.

A wrong type segment (``/events/past/details/1`` for an upcoming meetup, or any other
word) sends the browser to the right address, replacing the history entry.
"""

from __future__ import annotations

import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.services import cache
from community_app.services import meetups as service
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.event_views import (
    AttendeeRow, EventCard, NoteRow, ReviewRow, SessionRow, SpeakerRow, empty_card, event_details,
    live_status, parse_event_path,
)
from community_app.state.messages import Message, from_error, message

log = logging.getLogger(__name__)

DETAILS_FAILED = N_("Failed to fetch event details")
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


class EventDetailState(AuthState):
    loading: bool = True
    not_found: bool = False
    error: Message = {}
    card: EventCard = empty_card()
    date_long: Message = {}
    description: list[str] = []
    description_is_default: bool = False
    parking: bool = False
    provided: str = ""
    speakers: list[SpeakerRow] = []
    sessions: list[SessionRow] = []
    attendees: list[AttendeeRow] = []
    attendee_count: int = 0
    notes: list[NoteRow] = []
    reviews: list[ReviewRow] = []
    show_all_attendees: bool = False
    # The signed-in member's registration for this meetup: ACCEPTED, PENDING or ''.
    member_status: str = ""
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
        return self.attendees if self.show_all_attendees else self.attendees[:ATTENDEES_SHOWN]

    @rx.var
    def hidden_attendees(self) -> int:
        return 0 if self.show_all_attendees else max(0, len(self.attendees) - ATTENDEES_SHOWN)

    def _read(self, meetup_id: int) -> None:
        d = event_details(cached_details(meetup_id))
        self.card = d.card
        self.date_long = d.date_long
        self.description = d.description
        self.description_is_default = d.description_is_default
        self.parking = d.parking
        self.provided = d.provided
        self.speakers = d.speakers
        self.sessions = d.sessions
        self.attendees = d.attendees
        self.attendee_count = d.attendee_count
        self.notes = d.notes
        self.reviews = d.reviews

    def _read_member_status(self) -> None:
        self.member_status = ""
        if not (self.access_token or self.refresh_token):
            return
        user = self._member()
        if user is not None:
            self.member_status = member_registration_status(user.id, self.card.id)

    @rx.event
    def load(self):
        event_type, meetup_id = parse_event_path(self.router.url.path)
        self.loading = True
        self.not_found = False
        self.error = {}
        self.notice = {}
        self.action_error = {}
        self.show_all_attendees = False
        self.member_status = ""
        yield
        try:
            if meetup_id is None:
                self.not_found = True
                return
            self._read(meetup_id)
            if event_type != self.card.event_type:
                yield rx.redirect(self.card.href, replace=True)
                return
            self._read_member_status()
        except DomainError as exc:  # NotFound: 'Event not found.'
            self.not_found = True
            self.error = from_error(exc)
        except Exception:  # noqa: BLE001 - the page says so and offers to try again
            log.exception("Loading event details failed")
            self.error = message(DETAILS_FAILED)
        finally:
            self.loading = False

    @rx.event
    def toggle_attendees(self):
        self.show_all_attendees = not self.show_all_attendees

    @rx.event
    def cancel_registration(self):
        """After the confirmation: give the seat back (members only, not for past events)."""
        self.notice = {}
        self.action_error = {}
        user = self._member()
        if user is None:
            return self._to_login()
        meetup_id = self.card.id
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
            self._read(meetup_id)
            self.member_status = member_registration_status(user.id, meetup_id)
        except Exception:  # noqa: BLE001
            log.exception("Reloading event details failed")
