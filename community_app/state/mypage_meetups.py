"""My Page, the events section's cards beside the registrations list: waitlist places and
offers (claim, decline, leave), tickets (QR code and short code, "Add to calendar"), the
private calendar feed (address, renew) and the meetups attended.

Loaded when the section mounts; every read and write runs in a thread (the services of
waitlist.py, tickets.py, calendar.py, attendance.py)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import calendar
from community_app.services import meetups as service
from community_app.services.errors import DomainError
from community_app.services.meetups import attendance, ticket_codes, tickets
from community_app.state.auth import AuthState
from community_app.state.event_waitlist import deadline_texts
from community_app.state.messages import Message, from_error, message
from community_app.state.focus import focus_element
from community_app.state.mypage import EVENTS_HEADING_ID, MyPageState, read_lists
from community_app.state.sent_writes import write

log = logging.getLogger(__name__)

CLAIMED = N_("The seat is yours. See you there!")
DECLINED = N_("You declined the seat; it goes to the next person in line.")
LEFT = N_("You have left the waitlist.")
FEED_RENEWED = N_("Your calendar address has been renewed; the old one no longer works.")


@dataclasses.dataclass
class WaitRow:
    meetup_id: int
    title: str
    date: dict[str, str]
    href: str
    status: str  # WAITING or OFFERED
    position: int
    deadline: dict[str, str]


@dataclasses.dataclass
class TicketRow:
    registration_id: int
    title: str
    date: dict[str, str]
    time: dict[str, str]
    location: str
    code: str
    qr: str  # a PNG as a data: address, drawn on the server
    ics: str


@dataclasses.dataclass
class AttendedRow:
    meetup_id: int
    title: str
    date: dict[str, str]


@dataclasses.dataclass
class MyMeetupsData:
    waitlist: list[WaitRow]
    tickets: list[TicketRow]
    attended: list[AttendedRow]
    feed_url: str


def read_my_meetups(user_id: int) -> MyMeetupsData:
    with session_scope() as session:
        places = service.list_my_waitlist(session, user_id)
        mine = tickets.my_tickets(session, user_id)
        came = attendance.meetups_attended(session, user_id)
        feed = calendar.calendar_feed(session, user_id)
    return MyMeetupsData(
        waitlist=[
            WaitRow(p.meetup.id, p.meetup.title, date_texts(p.meetup.starts_at),
                    routes.event_detail("upcoming", p.meetup.id), p.entry.status,
                    p.entry.position or 0, deadline_texts(p.entry.offer_expires_at))
            for p in places
        ],
        tickets=[
            TicketRow(t.registration_id, t.title, date_texts(t.starts_at), time_texts(t.starts_at),
                      t.location, t.code, ticket_codes.qr_data_url(t.code),
                      routes.meetup_calendar(t.meetup_id))
            for t in mine
        ],
        attended=[AttendedRow(a.meetup_id, a.title, date_texts(a.starts_at)) for a in came],
        feed_url=feed.url,
    )


class MyMeetupsState(AuthState):
    waitlist: list[WaitRow] = []
    tickets: list[TicketRow] = []
    attended: list[AttendedRow] = []
    feed_url: str = ""
    notice: Message = {}
    error: Message = {}
    working: bool = False

    def _apply(self, data: MyMeetupsData) -> None:
        self.waitlist, self.tickets = data.waitlist, data.tickets
        self.attended, self.feed_url = data.attended, data.feed_url

    @rx.event
    async def load(self):
        user = self._member()
        if user is None:
            return
        try:
            self._apply(await asyncio.to_thread(read_my_meetups, user.id))
        except Exception:  # noqa: BLE001 - the rest of My Page still works
            log.exception("Reading the member's waitlist, tickets and feed failed")

    async def _act(self, step: Callable[[int], object], done: str):
        """Run ``step(user_id)`` in a thread, say ``done`` (or the error), read again."""
        self.notice, self.error = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        self.working = True
        try:
            await asyncio.to_thread(step, user.id)
        except DomainError as exc:
            self.error = from_error(exc)
        else:
            self.notice = message(done)
        finally:
            self.working = False
        self._apply(await asyncio.to_thread(read_my_meetups, user.id))
        return MyPageState.reload_lists

    @rx.event
    @write
    async def confirm_cancel(self):
        """My Page's "Yes, cancel" (the dialog of MyPageState.ask_cancel): cancel, then read
        the registrations list and these cards again."""
        page = await self.get_state(MyPageState)
        user = self._member()
        if user is None:
            return self._to_login()
        meetup_id, page.cancel_id, page.events_error = page.cancel_id, 0, {}
        try:
            await asyncio.to_thread(_in_session(service.cancel_registration, meetup_id), user.id)
        except DomainError as exc:
            page.events_error = from_error(exc)
            return None
        page._apply_lists(await asyncio.to_thread(read_lists, user.id))
        # The cancelled row loses its button (and the focus with it): to the list's heading.
        # Its ticket goes at once too (this card reads again).
        self._apply(await asyncio.to_thread(read_my_meetups, user.id))
        return focus_element(EVENTS_HEADING_ID)

    @rx.event
    @write
    async def claim(self, meetup_id: int):
        return await self._act(_in_session(service.claim_offer, int(meetup_id)), CLAIMED)

    @rx.event
    @write
    async def decline(self, meetup_id: int):
        return await self._act(_in_session(service.decline_offer, int(meetup_id)), DECLINED)

    @rx.event
    @write
    async def leave(self, meetup_id: int):
        return await self._act(_in_session(service.leave_waitlist, int(meetup_id)), LEFT)

    @rx.event
    @write
    async def renew_feed(self):
        return await self._act(_in_session(calendar.rotate_calendar_feed), FEED_RENEWED)


def _in_session(step: Callable[..., object], *args: object) -> Callable[[int], None]:
    """``step(session, user_id, *args)`` in a unit of work of its own."""

    def run(user_id: int) -> None:
        with session_scope() as session:
            step(session, user_id, *args)

    return run
