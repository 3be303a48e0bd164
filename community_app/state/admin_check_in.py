"""/admin/meetups/<id>/check-in: the door. A ticket's QR code (the phone's camera, through
assets/check_in_scanner.js) or its short code typed in, or a member found by name; the
answer shown large (services/meetups/tickets.py), with the meetup's attendance so far and
the tickets two phones admitted (services/meetups/door.py). Offline, the page answers by
itself (assets/check_in_door.js) and sends its check-ins when the network is back."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.models import RegistrationStatus
from community_app.core.routes import path_id
from community_app.services.meetups import admin_registrations, attendance, door, tickets
from community_app.services.meetups.admin_views import meetup_or_404
from community_app.services.meetups.door_answers import door_answers
from community_app.services.meetups.ticket_codes import ticket_code
from community_app.state.admin import AdminState, stamp
from community_app.state.page_load import PageRequest
from community_app.state.admin_rows import DoorNumbers, MatchRow, ScanResult
from community_app.state.messages import Message, message


def _needs(answers: dict, registration_id: int | None) -> list[Message]:
    """The door's answers of one attendee ("Accessibility needs: ..."; issue 45)."""
    return [{lang: f"{a.label[lang]}: {a.text[lang]}" for lang in ("en", "uz")}
            for a in answers.get(registration_id, [])]


def _numbers(a: attendance.MeetupAttendance) -> DoorNumbers:
    rate = a.no_show_rate
    return DoorNumbers(a.registered, a.attended, "–" if rate is None else f"{rate}%")


@dataclasses.dataclass
class DuplicateRow:
    """A ticket two phones admitted (offline): each phone and its time, earliest first."""

    registration_id: int = 0
    name: str = ""
    times: list[Message] = dataclasses.field(default_factory=list)


def _duplicate(d: door.DuplicateView) -> DuplicateRow:
    return DuplicateRow(d.registration_id, d.name, [
        {lang: f"{e.device_id}: {when}" for lang, when in stamp(e.scanned_at).items()}
        for e in d.entries])


def _door(meetup_id: int):
    """The meetup's title, its attendance so far and the tickets two phones admitted."""
    return lambda s, a: (meetup_or_404(s, meetup_id).title,
                         attendance.meetup_attendance(s, meetup_id, actor_id=a),
                         door.door_duplicates(s, a, meetup_id))


def read_check_in(request: PageRequest):
    """/admin/meetups/<id>/check-in: the door of the meetup, nothing scanned yet."""
    meetup_id = path_id(request.path, -2) or 0
    return ({"meetup_id": meetup_id, "result": ScanResult(), "query": "", "matches": [],
             "loaded": False}, _door(meetup_id))


class AdminCheckInState(AdminState):
    meetup_id: int = 0
    title: str = ""
    loaded: bool = False
    result: ScanResult = ScanResult()
    numbers: DoorNumbers = DoorNumbers()
    query: str = ""
    matches: list[MatchRow] = []
    form_key: int = 0
    duplicates: list[DuplicateRow] = []

    def _refresh(self) -> None:
        ok, data, _ = self._read(_door(self.meetup_id))
        if ok:
            self._show(data)

    def _show(self, data) -> None:
        self.title, self.numbers = data[0], _numbers(data[1])
        self.duplicates = [_duplicate(d) for d in data[2]]
        self.loaded = True

    @rx.event
    def refresh(self):
        """The numbers and duplicates again (the page asks every few seconds while online,
        so phones at several doors see each other's check-ins)."""
        self._refresh()

    def _check(self, code: str, device: str = ""):
        meetup_id = self.meetup_id
        ok, r, event = self._run(
            lambda s, a: door.check_in_at_door(s, a, meetup_id, code, device))
        if ok:
            _, needs, _ = self._read(lambda s, a: door_answers(s, meetup_id))
            self.result = ScanResult(
                r.outcome, r.accepted, message(tickets.OUTCOME_TEXTS[r.outcome], **r.params), r.name,
                RegistrationStatus.label_texts().get(r.status, {}), stamp(r.checked_in_at) if r.outcome == tickets.ALREADY else {},
                r.meetup_title, _needs(needs or {}, r.registration_id) if r.accepted else [],
            )
            self.form_key += 1
            self._refresh()
            if self.query:
                self._search()
        return event

    @rx.event
    def scan(self, form: dict):
        """A code scanned by the camera (the script submits the form) or typed."""
        return self._check(str(form.get("code") or "")[:100], str(form.get("device") or "")[:64])

    @rx.event
    def check_in_match(self, registration_id: int):
        """A member found by name, checked in without their phone."""
        return self._check(ticket_code(int(registration_id)))

    def _search(self) -> None:
        meetup_id, term = self.meetup_id, self.query.strip()
        if len(term) < 2:
            self.matches = []
            return
        ok, found, _ = self._read(lambda s, a: (admin_registrations.list_registrations(
            s, a, meetup_id, search=term), door_answers(s, meetup_id)))
        if ok:
            rows, needs = found
            self.matches = [MatchRow(r.id, r.name or r.username, r.email, r.status,
                                     r.checked_in_at is not None, _needs(needs, r.id))
                            for r in rows[:20]]

    @rx.event
    def set_query(self, value: str):
        self.query = str(value)[:100]
        self._search()
