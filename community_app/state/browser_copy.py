"""A tab's server state lost (Redis emptied or restarted, or the session expired) is
rebuilt from the browser's copy, so an open tab keeps its signed-in member (issue 40).

The member's identity lives in the browser (the tokens in localStorage, ``state/auth.py``);
the server's state holds it after the page's first event (``hydrate_and_load``) brings it.
When Redis comes back empty, an open tab's websocket is still up and its next event meets
a new, empty state: Reflex rebuilds the page's state without the browser's storage, and
the page loads as a visitor's (the member looked signed out until they reloaded).

``BrowserCopy``, a Reflex middleware (public API: ``rx.Middleware``), sees every event
first. A state that never received the browser's storage (``BrowserCopyState.received``
unset: it is set by the page's first event, ``hydrate_and_load``) and is not hydrated
cannot be this tab's: it was lost. The event is not run on it (as a visitor's it would
send a member to /login, or write nothing); instead the browser is asked for its storage
(``rx.call_script`` reading each browser-stored var, the answer to ``restore``), which is
applied as Reflex applies it on a reconnect (``update_vars_internal``), and the page loads
again (``on_load_internal``): the member, their page, from the database. A write the
dropped event carried is named as not confirmed by the page (``state/sent_writes.py``:
its note was never answered), to be done again.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import reflex as rx
from reflex.event import Event
from reflex.state import OnLoadInternalState, StateUpdate, UpdateVarsInternalState

log = logging.getLogger(__name__)

_BROWSER_STORAGE = (rx.LocalStorage, rx.SessionStorage)


class BrowserCopyState(rx.State):
    """Whether this state received the browser's storage (a backend var: never sent)."""

    _received: bool = False

    @rx.event
    def restore(self, stored: dict):
        """The browser's storage, asked for by ``BrowserCopy``: applied, then the page's load."""
        self._received = True
        names = browser_stored_vars()
        values = {key: value for key, value in (stored if isinstance(stored, dict) else {}).items()
                  if key in names and isinstance(value, str)}
        log.info("A lost session state rebuilt from the browser (%d stored values)", len(values))
        return [UpdateVarsInternalState.update_vars_internal(values),
                OnLoadInternalState.on_load_internal]


def browser_stored_vars() -> dict[str, tuple[str, str]]:
    """Every var kept in the browser: ``state.var`` as Reflex names it -> (storage, key)."""
    found: dict[str, tuple[str, str]] = {}
    stack: list[type[rx.State]] = [rx.State]
    while stack:
        cls = stack.pop()
        stack.extend(cls.get_substates())
        for name, field in cls.get_fields().items():
            default = field.default
            if isinstance(default, _BROWSER_STORAGE):
                area = "sessionStorage" if isinstance(default, rx.SessionStorage) else "localStorage"
                found[f"{cls.get_full_name()}.{name}"] = (area, default.name or name)
    return found


def read_browser_script() -> str:
    """The script whose value is the browser's copy (the stored vars it has)."""
    pairs = json.dumps([[key, area, name] for key, (area, name) in sorted(browser_stored_vars().items())])
    return (
        "(() => { const values = {}; for (const [key, area, name] of " + pairs + ") {"
        " const value = window[area].getItem(name); if (value !== null) values[key] = value; }"
        " return values; })()"
    )


def _event_name(handler: Any) -> str:
    from reflex.utils.format import format_event_handler

    return format_event_handler(handler)


_PASSING: frozenset[str] | None = None


def _passing() -> frozenset[str]:
    """Events that run on a state before or while it receives the browser's storage."""
    global _PASSING
    if _PASSING is None:
        from reflex.state import FrontendEventExceptionState

        _PASSING = frozenset(_event_name(h) for h in (
            rx.State.event_handlers["hydrate"],
            rx.State.event_handlers["set_is_hydrated"],
            OnLoadInternalState.event_handlers["set_is_hydrated"],
            UpdateVarsInternalState.event_handlers["update_vars_internal"],
            FrontendEventExceptionState.event_handlers["handle_frontend_exception"],
            BrowserCopyState.event_handlers["restore"],
        ))
    return _PASSING


class BrowserCopy(rx.Middleware):
    """Rebuild a lost state from the browser before running an event on it (module docstring)."""

    async def preprocess(self, app, state, event):
        name = event.name
        if name == _event_name(rx.State.event_handlers["hydrate_and_load"]):
            copy = await state.get_state(BrowserCopyState)
            if not copy._received:
                copy._received = True
            return None
        if state.is_hydrated or name in _passing():
            return None
        copy = await state.get_state(BrowserCopyState)
        if copy._received:
            return None  # the page is loading: its storage came with its first event
        log.warning("Event %s met a session state without the browser's storage (Redis "
                    "emptied or restarted, or the session expired): asking the browser", name)
        ask = rx.call_script(read_browser_script(), callback=BrowserCopyState.restore)
        return StateUpdate(events=Event.from_event_type(ask))
