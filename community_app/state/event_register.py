"""/events/[event_type]/register/[event_id]: the registration form (SPEC sections 3-5).

Signed-out visitors are asked to log in ('Log in to continue registering for an event');
the login page brings them back here. The rules are the service's: ``validate_registration``
for every field at once, ``register_for_meetup`` for the seat (full, past and
already-registered meetups answer with their own message). A meetup that needs approval
answers PENDING: the success dialog says the registration waits for approval.
"""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.models import RegistrationStatus
from community_app.services import cache
from community_app.services import meetups as service
from community_app.services.errors import DomainError, InvalidMany
from community_app.state.auth import AuthState
from community_app.state.event_detail import member_registration_status
from community_app.state.event_views import EventCard, empty_card, event_card, parse_event_path
from community_app.state.event_waitlist import WaitPlace, read_place
from community_app.state.page_load import PageRequest
from community_app.state.messages import Message, field_messages, from_error, message
from community_app.core import routes

log = logging.getLogger(__name__)

LOAD_FAILED = N_("Failed to fetch event details")
REGISTRATION_FAILED = N_("Registration failed. Please try again.")
FIX_FIELDS = N_("Please correct the highlighted fields.")


def form_values(form: dict) -> dict[str, object]:
    """The submitted form as the service reads it (the checkbox sends 'on' when ticked)."""
    consent = form.get("consent")
    return {
        "attendanceReason": str(form.get("attendanceReason") or ""),
        "interestedField": str(form.get("interestedField") or ""),
        "expectation": str(form.get("expectation") or ""),
        "consent": consent is True or str(consent).lower() in ("on", "true", "1"),
    }


@dataclasses.dataclass
class RegisterPageData:
    card: EventCard | None = None
    not_found: bool = False
    load_error: Message = dataclasses.field(default_factory=dict)
    member_status: str = ""
    signed_out: bool = True
    redirect: str = ""
    place: WaitPlace = dataclasses.field(default_factory=WaitPlace)


def _cached_card(meetup_id: int) -> EventCard:
    def load() -> EventCard:
        with session_scope() as session:
            return event_card(service.get_meetup(session, meetup_id))

    # Expired by every commit that changes a meetup or its seats (services/cache.py).
    return cache.cached(cache.EVENT_DETAILS, ("register-card", meetup_id), load)


def read_register(request: PageRequest) -> RegisterPageData:
    """The meetup and the member's registration, read with no lock held."""
    data = RegisterPageData(signed_out=request.member is None)
    event_type, meetup_id = parse_event_path(request.path)
    if meetup_id is None:
        data.not_found = True
        return data
    try:
        data.card = _cached_card(meetup_id)
        if event_type != data.card.event_type:
            data.redirect = data.card.register_href
            return data
        if request.member is not None:
            cache.needs_database()
            data.member_status = member_registration_status(request.member.id, meetup_id)
            data.place = read_place(request.member.id, meetup_id)
    except cache.Miss:
        raise
    except DomainError as exc:  # NotFound: 'Event not found.'
        data.not_found = True
        data.load_error = from_error(exc)
    except Exception:  # noqa: BLE001 - the page says so instead of breaking
        log.exception("Loading the registration page failed")
        data.load_error = message(LOAD_FAILED)
    return data


class EventRegisterState(AuthState):
    loading: bool = True
    not_found: bool = False
    load_error: Message = {}
    card: EventCard = empty_card()
    signed_out: bool = False
    member_status: str = ""  # ACCEPTED, PENDING or '' (not registered)
    place: WaitPlace = WaitPlace()  # on the waitlist of a full meetup

    # The form: values kept on error, messages per field and for the whole form.
    reason: str = ""
    field: str = ""
    expectation: str = ""
    consent: bool = False
    errors: dict[str, Message] = {}
    form_error: Message = {}
    busy: bool = False
    form_key: int = 0  # a new key mounts the form afresh with the values above

    success_open: bool = False
    success_pending: bool = False

    @rx.var
    def login_href(self) -> str:
        return f"{routes.LOGIN}?from={self.router.url.path}"

    @rx.var
    def is_registered(self) -> bool:
        return self.member_status != ""

    @rx.var
    def can_register(self) -> bool:
        return not (self.card.is_past or self.card.full or self.member_status != "")

    @rx.var
    def can_join_waitlist(self) -> bool:
        return (self.card.full and not self.card.is_past and self.member_status == ""
                and self.place.status == "")

    def _reset_form(self) -> None:
        self.reason = self.field = self.expectation = ""
        self.consent = False
        self.errors = {}
        self.form_error = {}
        self.busy = False
        self.form_key += 1

    def _read_meetup(self, meetup_id: int) -> None:
        with session_scope() as session:  # fresh seats, not the 5-minute cache
            self.card = event_card(service.get_meetup(session, meetup_id))

    def _apply_load(self, data: RegisterPageData):
        """The page load's update (``state/page_load.py``): what ``read_register`` read."""
        self.success_open = False
        self._reset_form()
        self.not_found = data.not_found
        self.load_error = data.load_error
        self.member_status = data.member_status
        self.place = data.place
        self.signed_out = data.signed_out
        if data.card is not None:
            self.card = data.card
        self.loading = False
        if data.redirect:
            return rx.redirect(data.redirect, replace=True)
        return None

    @rx.event
    def submit(self, form: dict):
        yield from self._sign_up(form, register=True)

    @rx.event
    def join_waitlist(self, form: dict):
        yield from self._sign_up(form, register=False)

    def _sign_up(self, form: dict, *, register: bool):
        """Register, or join the waitlist of a full meetup, with the form's answers."""
        values = form_values(form)
        self.reason = str(values["attendanceReason"])
        self.field = str(values["interestedField"])
        self.expectation = str(values["expectation"])
        self.consent = bool(values["consent"])
        self.errors = {}
        self.form_error = {}
        user = self._member()
        if user is None:
            yield self._to_login()
            return
        problems = service.validate_registration(values)
        if problems:
            self.errors = field_messages(InvalidMany(problems))
            self.form_error = message(FIX_FIELDS)
            return
        self.busy = True
        yield  # the submitting state shows while the seat is taken
        meetup_id = self.card.id
        try:
            with session_scope() as session:
                if register:
                    registration = service.register_for_meetup(session, user.id, meetup_id, values)
                else:
                    service.join_waitlist(session, user.id, meetup_id, values)
                    registration = None
        except InvalidMany as exc:
            self.errors = field_messages(exc)
            self.form_error = message(FIX_FIELDS)
        except DomainError as exc:  # 409: past, full, already registered; 404
            self.form_error = from_error(exc)
        except Exception:  # noqa: BLE001
            log.exception("Registering for a meetup failed")
            self.form_error = message(REGISTRATION_FAILED)
        else:
            # Committed, which expired the cached seat counts (services/cache.py).
            self._registered(registration)
        finally:
            self.busy = False
        self._reload(user.id, meetup_id)

    def _registered(self, registration) -> None:
        if registration is not None:
            self.success_pending = registration.status == RegistrationStatus.PENDING.value
            self.success_open = True

    def _reload(self, user_id: int, meetup_id: int) -> None:
        try:
            self._read_meetup(meetup_id)
            self.member_status = member_registration_status(user_id, meetup_id)
            self.place = read_place(user_id, meetup_id)
        except Exception:  # noqa: BLE001
            log.exception("Reloading the meetup failed")

    @rx.event
    def leave_waitlist(self):
        yield from self._waitlist_step(service.leave_waitlist)

    @rx.event
    def claim_seat(self):
        yield from self._waitlist_step(service.claim_offer)

    def _waitlist_step(self, step):
        """Leave the line, or claim the seat held for the member."""
        self.form_error = {}
        user = self._member()
        if user is None:
            yield self._to_login()
            return
        self.busy = True
        yield
        try:
            with session_scope() as session:
                done = step(session, user.id, self.card.id)
        except DomainError as exc:  # not waiting, no offer, the window passed
            self.form_error = from_error(exc)
        else:
            self._registered(done if isinstance(done, service.RegistrationView) else None)
        finally:
            self.busy = False
        self._reload(user.id, self.card.id)

    @rx.event
    def set_success_open(self, value: bool):
        self.success_open = bool(value)
