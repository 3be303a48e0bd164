"""Job alerts in the site: "Save as an alert" on /jobs (the board's current filters), the
member's list on My Page (frequency, on/off, private feed, delete), and the digest's
one-click unsubscribe page /job-alerts/unsubscribe/<token> (no sign-in). The rules are
services/job_alerts.py; database work runs in a worker thread."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.core.settings import site_address
from community_app.i18n import LANGUAGES, N_, both, gettext
from community_app.i18n.dates import date_texts
from community_app.models import AlertFrequency
from community_app.services import job_alerts as service
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.focus import focus_element, opener_id
from community_app.state.lang import LangState
from community_app.state.messages import Message, from_error, message
from community_app.state.page_load import PageRequest, use_link_token
from community_app.state.sent_writes import write

FREQUENCIES = AlertFrequency.labels()
ALERT_SAVED = N_("Alert saved: new jobs that fit come by email at 09:00 Korea time (daily, or "
                 "on Mondays for a weekly alert). Manage it on My Page.")
NEXT_DIGEST = N_("Next digest: {date}, 09:00 Korea time")
PAUSED = N_("Paused: no digest is sent until you switch it on again.")
ALERT_DELETED = N_("The alert “{name}” is deleted.")
ALERTS_HEADING_ID = "job-alerts-heading"  # My Page's "Job alerts" (ui/components/job_alerts.py)
DELETE_OPENER = "delete-alert"  # with opener_id: the alert's "Delete alert" button


@dataclasses.dataclass
class PreviewJob:
    """A post the next digest would carry."""

    title: str
    company: str
    href: str


@dataclasses.dataclass
class AlertRow:
    id: int
    name: dict[str, str]  # in each language (services/job_alerts.py ``display_name``)
    frequency: str
    active: bool
    feed_url: str
    next_digest: dict[str, str]  # when it comes, or that it is paused
    preview: list[PreviewJob]  # the first posts the next digest would carry
    preview_total: int
    preview_more: dict[str, str]  # "…and 3 more on the jobs board." ({} when none)


def _row(p: service.DigestPreview) -> AlertRow:
    a = p.alert
    if p.next_at is not None:
        dates = date_texts(p.next_at, "full")
        when = {lang: gettext(NEXT_DIGEST, lang, date=dates[lang]) for lang in LANGUAGES}
    else:
        when = both(PAUSED)
    more = p.total - len(p.jobs)
    return AlertRow(
        a.id, {lang: a.display_name(lang) for lang in LANGUAGES}, a.frequency, a.active,
        f"{site_address()}{a.feed_path}", when,
        [PreviewJob(j.title, j.company_name, routes.job_detail(j.id)) for j in p.jobs],
        p.total, both("…and {count} more on the jobs board.", count=more) if more > 0 else {},
    )


def _list(user_id: int) -> list[AlertRow]:
    with session_scope() as session:
        return [_row(p) for p in service.previews(session, user_id)]


class JobAlertsState(AuthState):
    alerts: list[AlertRow] = []
    alerts_loaded: bool = False
    new_frequency: str = AlertFrequency.DAILY.value  # the /jobs form's choice
    alert_notice: Message = {}
    alert_error: Message = {}
    # The alert whose "Delete alert" asks "are you sure?" (0: none) and its name.
    delete_id: int = 0
    delete_name: dict[str, str] = {}

    @rx.event
    def set_new_frequency(self, value: str):
        self.new_frequency = value if value in FREQUENCIES else AlertFrequency.DAILY.value

    @rx.event
    @write
    async def save_from_jobs(self):
        """Keep the jobs board's current filters as an alert (members only)."""
        from community_app.state.jobs import JobsState, query_of

        user = self._member()
        if user is None:
            return self._to_login()
        filters = query_of(await self.get_state(JobsState)).filters()
        lang = (await self.get_state(LangState)).current  # the page's: names an alert it repeats
        frequency = self.new_frequency
        self.alert_notice, self.alert_error = {}, {}

        def save() -> None:
            with session_scope() as session:
                service.save_alert(session, user.id, filters, frequency=frequency, lang=lang)

        try:
            await asyncio.to_thread(save)
        except DomainError as exc:
            self.alert_error = from_error(exc)
            return None
        self.alert_notice = message(ALERT_SAVED)
        return None

    @rx.event
    async def load_alerts(self):
        user = self._member()
        if user is None:
            return
        self.alert_notice, self.alert_error = {}, {}  # the /jobs box's, said there already
        self.alerts = await asyncio.to_thread(_list, user.id)
        self.alerts_loaded = True

    async def _change(self, action):
        user = self._member()
        if user is None:
            return self._to_login()

        def run() -> list[AlertRow]:
            with session_scope() as session:
                action(session, user.id)
            return _list(user.id)

        try:
            self.alerts = await asyncio.to_thread(run)
        except DomainError as exc:
            self.alert_error = from_error(exc)
        return None

    @rx.event
    @write
    async def change_frequency(self, alert_id: int, value: str):
        return await self._change(lambda s, uid: service.update_alert(s, uid, int(alert_id), frequency=value))

    @rx.event
    @write
    async def switch(self, alert_id: int, on: bool):
        return await self._change(lambda s, uid: service.update_alert(s, uid, int(alert_id), active=bool(on)))

    @rx.event
    def ask_delete(self, alert_id: int):
        """"Delete alert" asks first: pausing keeps an alert, deleting does not."""
        row = next((a for a in self.alerts if a.id == int(alert_id)), None)
        if row is not None:
            self.delete_id, self.delete_name = row.id, row.name

    @rx.event
    def keep_alert(self):
        opener = opener_id(DELETE_OPENER, self.delete_id)
        self.delete_id, self.delete_name = 0, {}
        return focus_element(opener)  # back to its "Delete alert" button

    @rx.event
    @write
    async def confirm_delete(self):
        alert_id, name = self.delete_id, self.delete_name
        self.delete_id, self.delete_name = 0, {}
        self.alert_notice, self.alert_error = {}, {}
        if not alert_id:
            return None
        await self._change(lambda s, uid: service.delete_alert(s, uid, alert_id))
        if not self.alert_error:
            self.alert_notice = {lang: gettext(ALERT_DELETED, lang, name=name.get(lang, ""))
                                 for lang in LANGUAGES}
        return focus_element(ALERTS_HEADING_ID)  # its row and buttons are gone


# ---------------------------------------------------------------- the digest's link


@dataclasses.dataclass(frozen=True)
class UnsubscribeData:
    done: bool
    name: str


def read_unsubscribe(request: PageRequest) -> UnsubscribeData:
    """Stop the alert the address names (a write: never from the cache-only pass)."""
    alert = use_link_token(request, service.unsubscribe)
    return UnsubscribeData(alert is not None, alert.name if alert else "")


class UnsubscribeState(rx.State):
    loading: bool = True
    done: bool = False
    name: str = ""

    def _apply_load(self, data: UnsubscribeData):
        self.done, self.name, self.loading = data.done, data.name, False
