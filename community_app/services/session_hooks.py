"""What every SQLAlchemy session does around its writes, installed once at start so that
importing a module has no side effect:

- the shared cache expires the topics of the tables a commit wrote (``services/cache.py``);
- the search index re-indexes the items a commit changed (``services/search_index.py``);
- a meetup registration records its attendee-list consent (``models/privacy.py``).

``install()`` is called by every entry point that writes: the server's start
(``api.create_api``, which the app module and an API-only server run), the operator
commands (``ops/cli.py``) and the tests (``tests/conftest.py``). One listener per session event runs each area's step in a
fixed order (the search index's ``before_commit`` may flush more writes, which the cache's
``after_flush`` then notes before its ``after_commit`` expires them).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.orm import Session as OrmSession

from community_app.models import MeetupRegistration
from community_app.models.privacy import record_attendee_list_consent
from community_app.services import cache, search_index

# The areas whose steps run on every session event, in this order.
AREAS: tuple[dict[str, Callable], ...] = (cache.SESSION_LISTENERS, search_index.SESSION_LISTENERS)

_lock = threading.Lock()
_installed = False


def _chained(event: str) -> Callable:
    steps = tuple(area[event] for area in AREAS if event in area)

    def run(*args) -> None:
        for step in steps:
            step(*args)

    run.__name__ = f"session_{event}"
    return run


def listeners() -> list[tuple[object, str, Callable]]:
    """(target, event, function) of every listener ``install`` adds."""
    events = dict.fromkeys(event for area in AREAS for event in area)
    return [*((OrmSession, event, _chained(event)) for event in events),
            (MeetupRegistration, "after_insert", record_attendee_list_consent)]


def install() -> None:
    """Add the listeners, once per process (a second call does nothing)."""
    global _installed
    with _lock:
        if _installed:
            return
        for target, event, fn in listeners():
            sa.event.listen(target, event, fn)
        _installed = True


def installed() -> bool:
    return _installed
