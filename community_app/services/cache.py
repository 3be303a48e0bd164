"""Short-lived caches of what the public pages read most (SPEC section 4: 5 minutes).

Kinds: upcoming events, past events, event details, news and news details. One kind or
all can be expired at once (organizers' changes do this); otherwise an entry lives
5 minutes, so a change shows at the latest 5 minutes later in every server process.
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable, Hashable
from typing import TypeVar

TTL_SECONDS = 300

UPCOMING_EVENTS = "upcoming_events"
PAST_EVENTS = "past_events"
EVENT_DETAILS = "event_details"
NEWS = "news"
NEWS_DETAILS = "news_details"
KINDS = (UPCOMING_EVENTS, PAST_EVENTS, EVENT_DETAILS, NEWS, NEWS_DETAILS)

T = TypeVar("T")

_lock = threading.Lock()
_entries: dict[tuple[str, Hashable], tuple[float, object]] = {}
_clock: Callable[[], float] = time.monotonic


def cached(kind: str, key: Hashable, load: Callable[[], T]) -> T:
    """The cached value of (kind, key), loading it when missing or older than 5 minutes.
    Callers get a copy, so changing it cannot change the cache."""
    if kind not in KINDS:
        raise ValueError(f"unknown cache kind {kind!r}")
    now = _clock()
    with _lock:
        hit = _entries.get((kind, key))
    if hit is not None and hit[0] > now:
        return copy.deepcopy(hit[1])  # type: ignore[return-value]
    value = load()
    with _lock:
        _entries[(kind, key)] = (now + TTL_SECONDS, value)
    return copy.deepcopy(value)


def expire(kind: str | None = None) -> None:
    """Force expiry of one kind, or of every kind when none is given."""
    with _lock:
        for entry in [k for k in _entries if kind is None or k[0] == kind]:
            del _entries[entry]


def clear() -> None:
    expire(None)


EVENT_KINDS = (UPCOMING_EVENTS, PAST_EVENTS, EVENT_DETAILS)


def expire_events() -> None:
    """After a registration or cancellation is committed: seat counts change on the event
    lists and details, so members see the right count at once (not 5 minutes later)."""
    for kind in EVENT_KINDS:
        expire(kind)
