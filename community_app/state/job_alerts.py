"""Job alerts in the site: "Save as an alert" on /jobs (the board's current filters), the
member's list on My Page (frequency, on/off, private feed, delete), and the digest's
one-click unsubscribe page /job-alerts/unsubscribe/<token> (no sign-in). The rules are
services/job_alerts.py; database work runs in a worker thread."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.core.settings import site_address
from community_app.i18n import N_
from community_app.models import AlertFrequency
from community_app.services import cache, job_alerts as service
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.messages import Message, from_error, message
from community_app.state.page_load import PageRequest

FREQUENCIES = AlertFrequency.labels()
ALERT_SAVED = N_("Alert saved: new jobs that fit come by email. Manage it on My Page.")


@dataclasses.dataclass
class AlertRow:
    id: int
    name: str
    frequency: str
    active: bool
    feed_url: str


def _row(a: service.AlertView) -> AlertRow:
    return AlertRow(a.id, a.name, a.frequency, a.active, f"{site_address()}{a.feed_path}")


def _list(user_id: int) -> list[AlertRow]:
    with session_scope() as session:
        return [_row(a) for a in service.list_alerts(session, user_id)]


class JobAlertsState(AuthState):
    alerts: list[AlertRow] = []
    alerts_loaded: bool = False
    new_frequency: str = AlertFrequency.DAILY.value  # the /jobs form's choice
    alert_notice: Message = {}
    alert_error: Message = {}

    @rx.event
    def set_new_frequency(self, value: str):
        self.new_frequency = value if value in FREQUENCIES else AlertFrequency.DAILY.value

    @rx.event
    async def save_from_jobs(self):
        """Keep the jobs board's current filters as an alert (members only)."""
        from community_app.state.jobs import JobsState, query_of

        user = self._member()
        if user is None:
            return self._to_login()
        filters = query_of(await self.get_state(JobsState)).filters()
        self.alert_notice, self.alert_error = {}, {}

        def save() -> None:
            with session_scope() as session:
                service.save_alert(session, user.id, filters, frequency=self.new_frequency,
                                   lang=user.language or "en")

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
    async def change_frequency(self, alert_id: int, value: str):
        return await self._change(lambda s, uid: service.update_alert(s, uid, int(alert_id), frequency=value))

    @rx.event
    async def switch(self, alert_id: int, on: bool):
        return await self._change(lambda s, uid: service.update_alert(s, uid, int(alert_id), active=bool(on)))

    @rx.event
    async def delete(self, alert_id: int):
        return await self._change(lambda s, uid: service.delete_alert(s, uid, int(alert_id)))


# ---------------------------------------------------------------- the digest's link


@dataclasses.dataclass(frozen=True)
class UnsubscribeData:
    done: bool
    name: str


def read_unsubscribe(request: PageRequest) -> UnsubscribeData:
    """Stop the alert the address names (a write: never from the cache-only pass)."""
    cache.needs_database()
    token = request.path.rstrip("/").rsplit("/", 1)[-1]
    with session_scope() as session:
        alert = service.unsubscribe(session, token)
    return UnsubscribeData(alert is not None, alert.name if alert else "")


class UnsubscribeState(rx.State):
    loading: bool = True
    done: bool = False
    name: str = ""

    def _apply_load(self, data: UnsubscribeData):
        self.done, self.name, self.loading = data.done, data.name, False
