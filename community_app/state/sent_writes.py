"""Writes a member starts over the websocket: never lost silently (issue 40).

A write's event can die with the node running it, or wait for an answer that does not come
(Redis away), and Reflex's client neither keeps nor re-sends an event once it went. So,
one mechanism for every form and button that writes (``docs/decisions.md``, "When a node
dies mid-write"):

- **The browser writes down what it sends** before it sends it: ``sent(State.handler(...),
  what=N_("Post comment"))`` in the page puts a script ahead of the event that adds a note
  (the handler, the page's address, the time, what it is called in both languages) to
  ``NOTES_KEY`` in localStorage.
- **The answer erases it**: ``@write`` on the handler (under ``@rx.event``) ends every run,
  whatever its outcome (saved, refused with a message, sent to log in), with the script
  that drops its note. A node that died sends nothing, so the note stays.
- **The page says so** (``assets/site.jsx`` ``ConnectionNotice``, in every page through
  ``ui/components/connection.py``): a note unanswered for ``ANSWER_WAIT_S`` shows the
  banner "The site is not answering right now..." (it clears when the answer comes); a note
  still unanswered a while after the page loaded its state again (the websocket reconnected
  to another node, or the server rebuilt the page's state) never will be: the page, just
  loaded from the database, shows what is saved, and the message names the write as not
  confirmed, to be done again. Doing it again is safe: each write is idempotent where a
  second run could double (a comment: the same text by the same member on the same item
  within ``services/comments.REPEAT_WINDOW`` is the one already saved).

Which handlers are writes is read from the code, not listed:
``tests/unit/test_sent_writes.py`` finds every state event handler that reaches a service
function that changes the database and fails unless it carries ``@write`` and every page
trigger of it goes through ``sent``. The registration form keeps its own note
(``state/event_register.py``: it also gives the answers back).
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

import reflex as rx

from community_app.i18n import LANGUAGES, gettext

NOTES_KEY = "uzdev_writesSent"
# A write unanswered this long shows the "not answering" banner.
ANSWER_WAIT_S = 6
# A write sent before the page's state was loaded again and unanswered this long after it
# never will be (a slow answer to the same tab still comes within it).
LOST_AFTER_S = 8
# A note older than this is the member's past (sent from a page left since): dropped unread.
NOTE_KEPT_S = 10 * 60
# Custom DOM event the scripts fire so the page's notice looks at once (assets/site.jsx).
CHANGED_EVENT = "uzdev-writes-changed"

WRITE_MARK = "_uzdev_write"


def handler_name(handler: Any) -> str:
    """A write's name in the browser's notes: ``State.handler`` where it is defined (the
    answer uses the same name, whichever state inherits it)."""
    fn = getattr(handler, "fn", handler)
    return str(getattr(fn, WRITE_MARK, "") or fn.__qualname__)


def _with_notes(body: str) -> str:
    return (
        "(() => { const key = " + json.dumps(NOTES_KEY) + "; let notes = {};"
        " try { notes = JSON.parse(localStorage.getItem(key) || '{}') || {}; } catch (e) {}"
        + body +
        " localStorage.setItem(key, JSON.stringify(notes));"
        " window.dispatchEvent(new Event(" + json.dumps(CHANGED_EVENT) + ")); })()"
    )


def note_script(name: str, what: str) -> str:
    """The script that writes down, before the event goes, that ``name`` was sent."""
    texts = {lang: gettext(what, lang) for lang in LANGUAGES}
    return _with_notes(
        f" notes[{json.dumps(name)}] = {{path: window.location.pathname, at: Date.now(),"
        f" what: {json.dumps(texts, ensure_ascii=False)}}};"
    )


def answer_script(name: str) -> str:
    """The script the answer of ``name`` ends with: its note goes."""
    return _with_notes(f" delete notes[{json.dumps(name)}];")


def sent(event: Any, *, what: str) -> list[Any]:
    """A page's trigger of a write: the note first, then the event. ``event`` is the
    handler or its call (``State.like(row.id)``); ``what`` a message id naming it."""
    handler = getattr(event, "handler", event)
    if not is_write(handler):
        raise TypeError(f"sent(): {handler!r} is not a @write handler")
    return [rx.call_script(note_script(handler_name(handler), what)), event]


def _events(value: Any) -> list[Any]:
    if value is None:
        return []
    return [v for v in value if v is not None] if isinstance(value, (list, tuple)) else [value]


def write(fn: Callable) -> Callable:
    """Mark ``fn`` as a write the page sends with ``sent``: every run ends with the
    answer that erases the browser's note. Put it under ``@rx.event``."""
    name = fn.__qualname__

    def answered() -> Any:
        return rx.call_script(answer_script(name))

    if inspect.isasyncgenfunction(fn):
        @functools.wraps(fn)
        async def wrapper(self, *args, **kwargs):
            async for update in fn(self, *args, **kwargs):
                yield update
            yield answered()
    elif inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def wrapper(self, *args, **kwargs):
            return [*_events(await fn(self, *args, **kwargs)), answered()]
    elif inspect.isgeneratorfunction(fn):
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            result = yield from fn(self, *args, **kwargs)
            for event in _events(result):
                yield event
            yield answered()
    else:
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            return [*_events(fn(self, *args, **kwargs)), answered()]

    setattr(wrapper, WRITE_MARK, name)
    return wrapper


def is_write(handler: Any) -> bool:
    return bool(getattr(getattr(handler, "fn", handler), WRITE_MARK, False))
