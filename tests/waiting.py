"""Waiting for a condition instead of for a time: the suite must pass on a slow or busy
machine, so a test never sleeps a fixed time and hopes (issue 24).

Browser tests wait with Playwright's auto-waiting ``expect(...)``; what Playwright cannot
see (an email in the outbox, a row in the database, a server's answer) is polled here,
with a generous deadline."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# As long as Playwright's expect waits in the end-to-end suite (tests/e2e/conftest.py).
DEFAULT_TIMEOUT_S = 30.0


def wait_until(condition: Callable[[], T], *, timeout_s: float = DEFAULT_TIMEOUT_S,
               every_s: float = 0.1, what: str = "the condition") -> T:
    """``condition()``'s first truthy value, polled every ``every_s`` until ``timeout_s``
    has passed; an AssertionError naming ``what`` after that."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {timeout_s:g} s")
        time.sleep(every_s)  # the polling interval of a condition with a deadline, not a fixed wait
