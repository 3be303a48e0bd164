"""The organizer back office (/admin): the access gate and what every section shares.

``AdminState`` checks, on the server and at every handler, that the signed-in user is an
organizer (``_run``: ``self._member()`` then the role; the services check it once more).
Visitors go to /login?from=/admin; members see 'This page is for organizers only.'.
Each section of the page has a state of its own inheriting this one (state/admin_*.py),
so they share the messages shown above the sections.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import reflex as rx

from community_app.db import session_scope
from community_app.i18n import N_
from community_app.i18n.dates import date_texts, time_texts
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.messages import Message, field_messages, from_error, message

log = logging.getLogger(__name__)

SECTIONS = ("meetups", "news", "jobs", "speakers", "comments", "settings", "audit")
NOT_ORGANIZER = N_("This page is for organizers only.")
SERVER_ERROR = N_("Server error. Please try again later.")
DONE = N_("Saved.")


def one(value: str | list[str]) -> str:
    """The value of a control that may send a list (segmented controls, tabs)."""
    if isinstance(value, list):
        return str(value[0]) if value else ""
    return str(value)


def stamp(value) -> Message:
    """A Korea-time date and clock time in both languages ('Nov 21, 2026 · 7:00 PM')."""
    if value is None:
        return {"en": "", "uz": ""}
    dates, times = date_texts(value), time_texts(value)
    return {lang: f"{dates[lang]} · {times[lang]}" for lang in dates}


class AdminState(AuthState):
    checked: bool = False  # the role was checked on the server
    allowed: bool = False  # ... and the user is an organizer
    section: str = "meetups"
    notice: Message = {}
    error: Message = {}
    errors: dict[str, Message] = {}
    busy: bool = False

    # --- helpers for the section states ------------------------------------------------

    def _clear_messages(self) -> None:
        self.notice = {}
        self.error = {}
        self.errors = {}

    def _gate(self) -> tuple[int | None, Any]:
        """(organizer id, None) or (None, the event to answer with)."""
        user = self._member()
        if user is None:
            self.checked = False
            self.allowed = False
            return None, self._to_login()
        self.checked = True
        self.allowed = user.is_organizer
        if not user.is_organizer:
            return None, None
        return user.id, None

    def _run(
        self, action: Callable[[Any, int], Any], done: str | None = None
    ) -> tuple[bool, Any, Any]:
        """Run ``action(session, organizer_id)`` in one transaction.

        Returns (succeeded, result, event to return from the handler). Domain errors become
        the page's error message (and field errors); success shows ``done`` when given."""
        self._clear_messages()
        actor, event = self._gate()
        if actor is None:
            return False, None, event
        try:
            with session_scope() as session:
                result = action(session, actor)
        except DomainError as exc:
            self.error = from_error(exc)
            self.errors = field_messages(exc)
            return False, None, None
        except Exception:  # noqa: BLE001 - the page says so instead of breaking
            log.exception("Back-office action failed")
            self.error = message(SERVER_ERROR)
            return False, None, None
        if done:
            self.notice = message(done)
        return True, result, None

    def _read(self, action: Callable[[Any, int], Any]) -> tuple[bool, Any, Any]:
        """Like ``_run`` for loading data: keeps the messages already shown."""
        notice, error, errors = self.notice, self.error, self.errors
        ok, result, event = self._run(action)
        if ok:
            self.notice, self.error, self.errors = notice, error, errors
        return ok, result, event

    # --- events -----------------------------------------------------------------------

    @rx.event
    def open_page(self):
        """On load: visitors go to /login?from=/admin, members see the refusal."""
        self.is_loading = False
        self._clear_messages()
        _, event = self._gate()
        return event

    @rx.event
    def set_section(self, value: str | list[str]):
        value = one(value)
        if value in SECTIONS:
            self.section = str(value)
        self._clear_messages()

    @rx.event
    def dismiss(self):
        self._clear_messages()
