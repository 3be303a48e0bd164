"""/events/[event_type]/register/[event_id]: the registration form (SPEC sections 3-5).

Signed-out visitors are asked to log in ('Log in to continue registering for an event');
the login page brings them back here. The rules are the service's: ``validate_registration``
for every field at once, ``register_for_meetup`` for the seat (full, past and
already-registered meetups answer with their own message). A meetup that needs approval
answers PENDING: the success dialog says the registration waits for approval.

**Nothing lost when a node dies** (issue 40). The browser writes down what it sends before
it sends it (``REMEMBER_SENT``, a script run ahead of the submit event: browser storage,
the page's address, the time, the answers); the answer of the submit erases it. A page that
loads with such a note for its own address (a reload, or the websocket reconnected to
another node after the one running the registration died or stopped) never got its
answer, so it asks the database: registered (or on the waitlist), it shows the
confirmation, and the email goes (it was queued with the registration); not registered, it
says the registration did not go through and shows the answers again, ready to send.
A node that is stopped finishes the registration first (serving/drain.py); the page's load
waits for the session's lock, which the registration holds until it is done.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time

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
from community_app.state.sent_writes import write

log = logging.getLogger(__name__)

LOAD_FAILED = N_("Failed to fetch event details")
REGISTRATION_FAILED = N_("Registration failed. Please try again.")
FIX_FIELDS = N_("Please correct the highlighted fields.")
NOT_SENT = N_("Your registration did not go through: the connection to the site was lost. "
              "Your answers are still here; please send them again.")

# The browser's note of a registration it sent and has not had the answer to (module
# docstring): written by REMEMBER_SENT before the submit event goes, erased by its answer.
SENT_KEY = "uzdev_registrationSent"
FORM_ID = "event-registration-form"
REMEMBER_SENT = (
    "(() => { const form = document.getElementById('" + FORM_ID + "'); if (!form) return;"
    " const answers = {}; new FormData(form).forEach((value, name) => { answers[name] = String(value); });"
    " localStorage.setItem('" + SENT_KEY + "', JSON.stringify("
    "{path: window.location.pathname, at: Date.now(), form: answers})); })()"
)
# A note older than this is dropped unread: the member has moved on.
SENT_NOTE_MAX_AGE_S = 30 * 60
# An outcome shown (a confirmation still open, a registration that did not go through) is
# shown again by a page load this soon after it.
OUTCOME_KEPT_S = 120


def unanswered_sent_form(note: str, path: str, *, now_ms: float | None = None) -> dict | None:
    """The answers of a registration the browser sent from ``path`` and never had the
    answer to (``SENT_KEY``'s note), or None: no note, another page's, too old, unreadable."""
    try:
        sent = json.loads(note) if note else None
        if not isinstance(sent, dict) or str(sent.get("path", "")).rstrip("/") != path.rstrip("/"):
            return None
        age_s = ((now_ms if now_ms is not None else time.time() * 1000) - float(sent["at"])) / 1000
        form = sent.get("form")
        return form if isinstance(form, dict) and -60 < age_s < SENT_NOTE_MAX_AGE_S else None
    except (ValueError, TypeError, KeyError):
        return None


def _ticked(value: object) -> bool:
    return value is True or str(value).lower() in ("on", "true", "1")


def form_values(form: dict, asked: list | None = None) -> dict[str, object]:
    """The submitted form as the service reads it (the checkbox sends 'on' when ticked).
    ``asked``: the meetup's questions (``QuestionRow``), whose inputs are ``q_<id>`` (a
    choice of several: ``q_<id>__<key>`` per option; yes/no: "yes" or "no")."""
    answers: dict[str, object] = {}
    for q in asked or []:
        name = f"q_{q.id}"
        if q.kind == "CHOICES":
            chosen = [o.key for o in q.options if _ticked(form.get(f"{name}__{o.key}"))]
            if chosen:
                answers[str(q.id)] = chosen
        elif q.kind == "YES_NO":
            value = str(form.get(name) or "")
            if value in ("yes", "no"):
                answers[str(q.id)] = value == "yes"
        elif str(form.get(name) or "").strip():
            answers[str(q.id)] = str(form.get(name))
    return {
        "attendanceReason": str(form.get("attendanceReason") or ""),
        "interestedField": str(form.get("interestedField") or ""),
        "expectation": str(form.get("expectation") or ""),
        "consent": _ticked(form.get("consent")),
        "seatKind": str(form.get("seatKind") or "") or None,
        "answers": answers,
    }


@dataclasses.dataclass
class OptionRow:
    key: str
    label: Message
    input_name: str  # the checkbox of a choice of several: q_<id>__<key>


@dataclasses.dataclass
class QuestionRow:
    """One of the meetup's own questions as the form draws it (issue 45)."""

    id: int
    field: str  # answers.<id>: its error's key
    input_name: str  # q_<id>
    kind: str
    required: bool
    label: Message
    note: Message  # the built-in ones: who sees the answer and when it goes ({} for others)
    options: list[OptionRow]


def question_rows(views) -> list[QuestionRow]:
    return [
        QuestionRow(
            id=q.id, field=q.field, input_name=f"q_{q.id}", kind=q.kind, required=q.required,
            label={"en": q.label_en, "uz": q.label_uz},
            note={"en": q.note_en, "uz": q.note_uz} if q.note_en else {},
            options=[OptionRow(o.key, {"en": o.en, "uz": o.uz}, f"q_{q.id}__{o.key}")
                     for o in q.options])
        for q in views
    ]


def _cached_questions(meetup_id: int) -> list[QuestionRow]:
    def load() -> list[QuestionRow]:
        with session_scope() as session:
            return question_rows(service.public_questions(session, meetup_id))

    return cache.cached(cache.EVENT_DETAILS, ("register-questions", meetup_id), load)


@dataclasses.dataclass
class RegisterPageData:
    card: EventCard | None = None
    not_found: bool = False
    load_error: Message = dataclasses.field(default_factory=dict)
    member_status: str = ""
    signed_out: bool = True
    redirect: str = ""
    place: WaitPlace = dataclasses.field(default_factory=WaitPlace)
    path: str = ""  # the page's address
    questions: list[QuestionRow] = dataclasses.field(default_factory=list)


def _cached_card(meetup_id: int) -> EventCard:
    def load() -> EventCard:
        with session_scope() as session:
            return event_card(service.get_meetup(session, meetup_id))

    # Expired by every commit that changes a meetup or its seats (services/cache.py).
    return cache.cached(cache.EVENT_DETAILS, ("register-card", meetup_id), load)


def read_register(request: PageRequest) -> RegisterPageData:
    """The meetup and the member's registration, read with no lock held."""
    data = RegisterPageData(signed_out=request.member is None, path=request.path)
    event_type, meetup_id = parse_event_path(request.path)
    if meetup_id is None:
        data.not_found = True
        return data
    try:
        data.card = _cached_card(meetup_id)
        data.questions = _cached_questions(meetup_id)
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
    questions: list[QuestionRow] = []  # the meetup's own questions (issue 45)
    seat_kind: str = "IN_PERSON"  # the kind of seat chosen (meetups with online seats)
    kept: dict[str, str] = {}  # the questions' answers kept on error (input name -> value)

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
    # The browser's note of a registration sent and not answered (SENT_KEY).
    sent_note: str = rx.LocalStorage("", name=SENT_KEY)
    # The last outcome shown for a sent note or a registration (``_apply_load``): its
    # meetup, its time, and the answers that did not go through ({} when they did).
    _outcome_meetup: int = 0
    _outcome_at: float = 0.0
    _unsent_answers: dict[str, str] = {}

    @rx.var
    def login_href(self) -> str:
        return f"{routes.LOGIN}?from={self.router.url.path}"

    @rx.var
    def is_registered(self) -> bool:
        return self.member_status != ""

    @rx.var
    def can_register(self) -> bool:
        full = self.card.full and not self.card.open_when_full
        return not (self.card.is_past or full or self.member_status != "")

    @rx.var
    def can_join_waitlist(self) -> bool:
        return (self.card.full and not self.card.is_past and self.member_status == ""
                and self.place.status == "")

    def _reset_form(self) -> None:
        self.reason = self.field = self.expectation = ""
        self.consent = False
        self.kept = {}
        self.errors = {}
        self.form_error = {}
        self.busy = False
        self.form_key += 1

    def _read_meetup(self, meetup_id: int) -> None:
        with session_scope() as session:  # fresh seats, not the 5-minute cache
            self.card = event_card(service.get_meetup(session, meetup_id))

    def _apply_load(self, data: RegisterPageData):
        """The page load's update (``state/page_load.py``): what ``read_register`` read.
        The outcome of a registration whose answer the page never had is shown (the sent
        note, module docstring), and kept over the loads that follow it closely (a
        reconnect loads the page more than once)."""
        recent = (data.card is not None and data.card.id == self._outcome_meetup
                  and time.time() - self._outcome_at < OUTCOME_KEPT_S)
        self.success_open = self.success_open and recent and bool(data.member_status)
        self._reset_form()
        self.not_found = data.not_found
        self.load_error = data.load_error
        self.member_status = data.member_status
        self.place = data.place
        self.signed_out = data.signed_out
        self.questions = data.questions
        if data.card is not None:
            self.card = data.card
            self.seat_kind = ("ONLINE" if data.card.online_max_seats and data.card.max_seats <= 0
                              else "IN_PERSON")
        self.loading = False
        if data.redirect:
            return rx.redirect(data.redirect, replace=True)
        if recent and self._unsent_answers and not (data.member_status or data.place.status):
            self._not_sent(self._unsent_answers)
        self._settle_sent_note(data.path)
        return None

    def _settle_sent_note(self, path: str) -> None:
        """The outcome of a registration the page sent and never had the answer to: the
        database says whether it was made (module docstring)."""
        if not self.sent_note:
            return
        answers = unanswered_sent_form(self.sent_note, path)
        if answers is not None and not self.signed_out:
            self._outcome_meetup, self._outcome_at = self.card.id, time.time()
            if self.member_status:
                self.success_pending = self.member_status == RegistrationStatus.PENDING.value
                self.success_open = True
            elif not self.place.status:  # on the waitlist: the page shows the place
                self._not_sent({k: str(v) for k, v in answers.items()})
        self._answered()

    def _not_sent(self, answers: dict[str, str]) -> None:
        """Say the registration did not go through; the form shows what was sent."""
        self._keep(answers)
        self.form_error = message(NOT_SENT)
        self._unsent_answers = answers

    def _answered(self) -> None:
        """The page has shown the outcome of what it sent: the browser's note goes. (An
        assignment always reaches the browser, which writes it to its storage; Reflex's
        ``remove_local_storage`` would load the page again.)"""
        self.sent_note = ""

    @rx.event
    def submit(self, form: dict):
        yield from self._sign_up(form, register=True)
        self._answered()

    @rx.event
    def join_waitlist(self, form: dict):
        yield from self._sign_up(form, register=False)
        self._answered()

    def _sign_up(self, form: dict, *, register: bool):
        """Register, or join the waitlist of a full meetup, with the form's answers."""
        self._unsent_answers = {}
        values = self._keep(form)
        self.errors = {}
        self.form_error = {}
        user = self._member()
        if user is None:
            yield self._to_login()
            return
        problems = service.validate_registration(values)
        if problems and not self.questions:  # with questions, the service says all at once
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

    def _keep(self, form: dict) -> dict[str, object]:
        """The form's values as the service reads them; what was typed is kept to show
        again (a refusal, a registration that did not go through)."""
        values = form_values(form, self.questions)
        self.reason = str(values["attendanceReason"])
        self.field = str(values["interestedField"])
        self.expectation = str(values["expectation"])
        self.consent = bool(values["consent"])
        self.seat_kind = str(values["seatKind"] or self.seat_kind)
        self.kept = {str(k): str(v) for k, v in form.items() if str(k).startswith("q_")}
        return values

    @rx.event
    def choose_seat_kind(self, kind: str):
        self.seat_kind = "ONLINE" if kind == "ONLINE" else "IN_PERSON"

    def _registered(self, registration) -> None:
        if registration is not None:
            self.success_pending = registration.status == RegistrationStatus.PENDING.value
            self.success_open = True
            self._outcome_meetup, self._outcome_at = registration.meetup_id, time.time()

    def _reload(self, user_id: int, meetup_id: int) -> None:
        try:
            self._read_meetup(meetup_id)
            self.member_status = member_registration_status(user_id, meetup_id)
            self.place = read_place(user_id, meetup_id)
        except Exception:  # noqa: BLE001
            log.exception("Reloading the meetup failed")

    @rx.event
    @write
    def leave_waitlist(self):
        yield from self._waitlist_step(service.leave_waitlist)

    @rx.event
    @write
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
