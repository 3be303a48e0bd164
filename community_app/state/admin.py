"""The organizer back office (/admin/...): the access gate and what every screen shares.

``AdminState`` checks, on the server and at every handler, that the signed-in user is an
organizer (``_run``: ``self._member()`` then the role; the services check it once more).
Visitors go to /login?from=/admin; members see 'This page is for organizers only.'.
Each area (one address or two: routes.ADMIN_*) has a state of its own inheriting this one
(state/admin_*.py), so they share the messages shown above the screen and one way to keep
a list's filters in the address: ``_go`` changes the address and the page load reads it
(``AdminList``), so back, forward, reload and a shared link land on the same view.

Every back-office page loads like the public pages, with a ``PageData``
(``ui/components/admin_frame.admin_page``): ``admin_reader`` decides the gate from the
member and reads the area's data for an organizer in a worker thread, without the lock
(the area gives ``read(request) -> (values of the address, fetch(session, organizer_id))``);
``AdminState._apply_load`` applies it under the lock (the login redirect, the refusal
screen, the values, then the area's ``show`` or the error). Actions, and the lists read
again after them, are events and read under the lock (``_run``, ``_read``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any
from urllib.parse import urlencode

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import cache
from community_app.services.admin.common import IMAGE_REMOVED, IMAGE_SAVED
from community_app.services.errors import DomainError
from community_app.services.paging import Listing
from community_app.services.telegram import announcements
from community_app.state.auth import AuthState
from community_app.state.focus import reveal_element
from community_app.state.messages import SERVER_ERROR, FormMessages, Message, field_messages, from_error, message
from community_app.state.page_load import PageRequest

log = logging.getLogger(__name__)

ERROR_ID = "admin-error"  # the back office's error message (ui/components/admin_common.py)

NEW = "new"  # /admin/<area>/new: the empty form of a new item
NOT_ORGANIZER = N_("This page is for organizers only.")
DONE = N_("Saved.")
NO_IMAGE = N_("Choose an image first.")
ANNOUNCE_SAVED = N_("Telegram announcement saved.")


def whole_list(search: str | None = None) -> Listing:
    """A list of the back office: its first 100 rows (the page shows no more)."""
    return Listing(search, size=100)


# The areas whose list has one filter in its address: (list address, filter name, default).
LISTS = {
    "meetups": (routes.ADMIN_MEETUPS, "type", "upcoming"),
    "news": (routes.ADMIN_NEWS, "show", "all"),
    "jobs": (routes.ADMIN_JOBS, "status", "PENDING"),
}
# The areas whose items have an address of their own (/admin/<area>/<id>, .../new).
ITEMS = {
    "meetups": routes.admin_meetup,
    "news": routes.admin_news_item,
}


def one(value: str | list[str]) -> str:
    """The value of a control that may send a list (segmented controls, tabs)."""
    if isinstance(value, list):
        return str(value[0]) if value else ""
    return str(value)


def address_value(value: str | list[str], default: str) -> str:
    """A filter chosen in a list as its address writes it: nothing for the default."""
    value = one(value)
    return "" if value == default else value


class row_action:  # noqa: N801 - used like a decorator-made event handler
    """An event handler on one row of a list, written as one line in the area's state:
    ``hide = row_action(service.hide_comment, HIDDEN)`` runs ``fn(session, organizer_id,
    row_id)`` through ``self._act`` (or the state's method named by ``via``), shows ``done``
    and reads the list again. The handler takes the attribute's name, as Reflex expects."""

    def __init__(self, fn: Callable[..., Any], done: str, via: str = "_act") -> None:
        self.fn, self.done, self.via = fn, done, via

    def __call__(self, *args: Any) -> Any:
        """Never called: the class holds the handler instead (callable, so the state's
        class does not take it for a var before ``__set_name__`` replaces it)."""
        raise TypeError("row_action is replaced by its handler when the class is made")

    def __set_name__(self, owner: type, name: str) -> None:
        fn, done, via = self.fn, self.done, self.via

        def handler(self, item_id: int):
            return getattr(self, via)(fn, item_id, done)

        handler.__name__ = name
        handler.__qualname__ = f"{owner.__qualname__}.{name}"
        handler.__module__ = owner.__module__
        setattr(owner, name, rx.event(handler))


def stamp(value) -> Message:
    """A Korea-time date and clock time in both languages ('Nov 21, 2026 · 7:00 PM')."""
    if value is None:
        return {"en": "", "uz": ""}
    dates, times = date_texts(value), time_texts(value)
    return {lang: f"{dates[lang]} · {times[lang]}" for lang in dates}


def address(query: dict[str, str], name: str, allowed: Iterable[str], default: str = "") -> str:
    """A filter of an address (``?name=value``) when it is an allowed value."""
    value = str(query.get(name, "") or "")
    return value if value in set(allowed) else default


def address_text(query: dict[str, str], name: str, limit: int = 200) -> str:
    return str(query.get(name, "") or "")[:limit]


def item_id(request: PageRequest) -> int | None:
    """The item an address names, /admin/<area>/<id> (0 when none), or None for
    /admin/<area>/new (the empty form)."""
    if request.path.rstrip("/").rsplit("/", 1)[-1] == NEW:
        return None
    return routes.path_id(request.path) or 0


# Who opened a back-office page (the gate, decided in the page's read).
VISITOR, MEMBER, ORGANIZER = "visitor", "member", "organizer"

# What an area reads for the organizer: from the page's request, the values its address
# sets (``{var: value}``) and ``fetch(session, organizer_id)``, or None when the page reads
# nothing (the empty form of a new item).
Fetch = Callable[[Any, int], Any]
AreaRead = Callable[[PageRequest], tuple[dict[str, Any], Fetch | None]]


@dataclasses.dataclass(frozen=True)
class AdminPageRead:
    """A back-office page load as read without the lock: the gate, the values of the
    address, and what the area read (``data``) or the error reading it."""

    gate: str
    show: Callable[[Any, Any], Any] | None = None
    values: dict[str, Any] = dataclasses.field(default_factory=dict)
    ok: bool = True
    data: Any = None
    error: DomainError | None = None


def admin_reader(area: str, read: AreaRead, show: Callable[[Any, Any], Any] | None):
    """The ``PageData.read`` of a back-office page of ``area``: the gate from the member
    (visitor, member, organizer), then, for an organizer, the area's ``read`` in one
    transaction. ``show`` (a method of the area's state) takes the data under the lock."""

    def read_page(request: PageRequest) -> AdminPageRead:
        member = request.member
        if member is None:
            return AdminPageRead(VISITOR)
        if not member.is_organizer:
            return AdminPageRead(MEMBER)
        values, fetch = read(request)
        values = {"section": area, **values}
        if fetch is None:
            return AdminPageRead(ORGANIZER, show, values)
        cache.needs_database()
        try:
            with session_scope() as session:
                data = fetch(session, member.id)
        except DomainError as exc:
            return AdminPageRead(ORGANIZER, show, values, ok=False, error=exc)
        except Exception:  # noqa: BLE001 - the page says so instead of breaking
            log.exception("Back-office page read failed")
            return AdminPageRead(ORGANIZER, show, values, ok=False)
        return AdminPageRead(ORGANIZER, show, values, data=data)

    return read_page


@dataclasses.dataclass(frozen=True)
class AdminList:
    """An area's list: its filters in the address, ``var=(name in the address, allowed
    values or None for a text, default)``, and ``fetch(**filters)``, the list's read.
    The page load reads the filters from the address (``read``); a list read again after
    an action uses the state's (``AdminState._read_list``)."""

    fetch: Callable[..., Fetch]
    filters: dict[str, tuple[str, Iterable[str] | None, str]]
    has_mode: bool = False  # the area's items open as a form on the same state

    def values(self, query: dict[str, str]) -> dict[str, Any]:
        return {var: address_text(query, name) if allowed is None
                else address(query, name, allowed, default)
                for var, (name, allowed, default) in self.filters.items()}

    def read(self, request: PageRequest) -> tuple[dict[str, Any], Fetch]:
        values = self.values(request.query)
        fetch = self.fetch(**values)
        return ({**values, "mode": "list"} if self.has_mode else values), fetch


class AdminState(FormMessages, AuthState):
    checked: bool = False  # the role was checked on the server
    allowed: bool = False  # ... and the user is an organizer
    section: str = "meetups"
    # Set by a handler that moves to another address with a message to show there.
    _carry_messages: bool = False

    # --- helpers for the section states ------------------------------------------------

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
        the page's error message (and field errors), brought into view: the organizer who
        pressed Save at the foot of a long form sees it (issue 42); success shows ``done``
        when given."""
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
            return False, None, reveal_element(ERROR_ID)
        except Exception:  # noqa: BLE001 - the page says so instead of breaking
            log.exception("Back-office action failed")
            self.error = message(SERVER_ERROR)
            return False, None, None
        if done:
            self.notice = message(done)
        return True, result, None

    def _switch_announce(self, kind: str, item_id: int, on: bool) -> Any:
        """The Telegram channel announcement of one item (meetup, job) switched on or off
        at once (services/telegram/announcements.py: switched on for a public item, it is
        posted now, once); the state's ``announce`` shows the stored value."""
        ok, value, event = self._run(
            lambda s, a: announcements.set_announce(s, a, kind, item_id, on), ANNOUNCE_SAVED)
        if ok:
            self.announce = value
        return event

    def _read(self, action: Callable[[Any, int], Any]) -> tuple[bool, Any, Any]:
        """Like ``_run`` for loading data: keeps the messages already shown."""
        notice, error, errors = self.notice, self.error, self.errors
        ok, result, event = self._run(action)
        if ok:
            self.notice, self.error, self.errors = notice, error, errors
        return ok, result, event

    # --- lists and actions on one row ---------------------------------------------------

    def _load_list(self) -> Any:
        """The area's list, read again (each area's state has its own)."""
        return None

    def _read_list(self, listing: AdminList, show: Callable[[Any, Any], Any]) -> Any:
        """The area's list read again with the filters shown, then ``show(self, data)``."""
        ok, data, event = self._read(
            listing.fetch(**{var: getattr(self, var) for var in listing.filters}))
        if ok:
            show(self, data)
        return event

    def _act(self, fn: Callable[[Any, int, int], Any], item_id: int, done: str) -> Any:
        """``fn(session, organizer_id, item_id)`` with ``done`` shown, then the list read
        again (its reading keeps the message)."""
        ok, _, event = self._run(lambda s, a: fn(s, a, item_id), done)
        if ok:
            self._reload_list()
        return event

    def _reload_list(self) -> None:
        """The list read again after an action, its notice kept (also when reading fails)."""
        notice = self.notice
        self._load_list()
        self.notice = notice

    def _delete(self, fn: Callable[[Any, int, int], Any], item_id: int, done: str) -> Any:
        """Delete one item of an area with item addresses (``ITEMS``): as ``_act`` from
        the list; from the item's own address, back to the list with ``done`` shown."""
        if self.mode == "list":
            return self._act(fn, item_id, done)
        ok, _, event = self._run(lambda s, a: fn(s, a, item_id), done)
        return self._go(LISTS[self.section][0], keep_messages=True) if ok else event

    # --- an item's image ----------------------------------------------------------------

    async def _upload_image(self, files: list, upload_id: str, save: Callable[..., Any],
                            show: Callable[[Any], None]) -> AsyncIterator[Any]:
        """The image dropped in ``upload_id``: ``save(session, organizer_id, data, file
        name)`` off the event loop (decoding is slow), ``show(view)`` when saved, then the
        drop zone emptied. No file: the error says so."""
        if not files:
            self._clear_messages()
            self.error = message(NO_IMAGE)
            return
        upload = files[0]
        data = await upload.read()
        name = getattr(upload, "name", None) or getattr(upload, "filename", None)
        ok, view, event = await asyncio.to_thread(
            self._run, lambda s, a: save(s, a, data, name), IMAGE_SAVED
        )
        if ok:
            show(view)
        if event:
            yield event
        yield rx.clear_selected_files(upload_id)

    def _remove_image(self, remove: Callable[[Any, int], Any],
                      show: Callable[[Any], None]) -> Any:
        """``remove(session, organizer_id)``, then ``show(None)``: no image."""
        ok, _, event = self._run(remove, IMAGE_REMOVED)
        if ok:
            show(None)
        return event

    # --- the address ------------------------------------------------------------------

    def _go(self, route: str, *, replace: bool = False, keep_messages: bool = False,
            **params: object):
        """Move to ``route`` with the given filters (empty ones left out).

        A replacing move (a search typed into a list) refines the view in place: the
        messages shown stay, also a notice of an action clicked while the move was on its
        way (its on_load would otherwise clear it)."""
        query = urlencode({k: v for k, v in params.items() if v not in (None, "", 0)})
        self._carry_messages = keep_messages or replace
        return rx.redirect(f"{route}?{query}" if query else route, replace=replace)

    # --- events -----------------------------------------------------------------------

    def _apply_load(self, page: AdminPageRead):
        """A back-office page load, as read (``admin_reader``): visitors go to
        /login?from=<the address>, members see the refusal; for an organizer the values of
        the address, then the area's data (``show``) or the error reading it. The messages
        of a move (``_go(keep_messages=True)``) stay."""
        self.is_loading = False
        if self._carry_messages:
            self._carry_messages = False
        else:
            self._clear_messages()
        if page.gate == VISITOR:
            self.checked = self.allowed = False
            return self._to_login()
        self.checked = True
        self.allowed = page.gate == ORGANIZER
        if not self.allowed:
            return None
        for var, value in page.values.items():
            setattr(self, var, value)
        if page.ok:
            return page.show(self, page.data) if page.show else None
        self._clear_messages()
        if page.error is not None:
            self.error = from_error(page.error)
            self.errors = field_messages(page.error)
        else:
            self.error = message(SERVER_ERROR)
        return None

    @rx.event
    def set_filter(self, value: str | list[str]):
        """A list's filter chosen (meetups, news, jobs): its address, the default left out."""
        route, name, default = LISTS[self.section]
        return self._go(route, **{name: address_value(value, default)})

    @rx.event
    def edit(self, item_id: int):
        """From a list to an item's address (meetups, news: /admin/news/3)."""
        return self._go(ITEMS[self.section](item_id))

    @rx.event
    def to_list(self):
        """From an item's address (/admin/news/3) back to its area's list."""
        return self._go(LISTS[self.section][0])

    @rx.event
    def dismiss(self):
        self._clear_messages()
