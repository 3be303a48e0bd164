"""Admission of events: each worker runs at most ``COMMUNITY_EVENT_CONCURRENCY`` events at
once (default 8); the others wait *before* they take their session's state lock.

Why: when hundreds of sessions load a page at the same moment, Reflex starts one task per
event, and each takes its session's lock at once. Hundreds of tasks then share one event
loop, so every lock is held until nearly all of them are done (seconds: Redis warns "Lock
for token … held too long" and locks expire), and `/ping` waits behind them. Admitted a few
at a time, each event runs from lock to answer in a few milliseconds and the rest queue
without holding anything.

Replaces: wraps ``BaseStateEventProcessor._execute_event`` (private), as the outermost
wrapper (after ``lean_fetch``: ``reflex_ext.RUNTIME_ORDER``). Reflex has no setting for a
limit of concurrent events.

Gain measured (docs/reflex-extensions.md "The table"): in a 300-session burst, locks held for
milliseconds instead of seconds (no "Lock held too long" warnings) and ``/ping`` answered
in between. A/B of 2026-11-27 04:36 UTC (``make bench``, docs/performance.md "The
extension A/B table"): inside the noise at 200 sessions on a quiet machine (+2 %, -10 %
left out), +604 % CPU per load and 24 errors left out in the loaded run before it: its
verdict is overload, which a quiet 200-session run does not reach. Not run again since.

On a Reflex upgrade: check that ``_execute_event`` still runs one event from taking the
session's lock to its last update (keyword arguments ``entry``, ``registered_handler``);
tests/unit/test_event_admission.py and tests/unit/test_reflex_ext.py (the wrapping order).
"""

from __future__ import annotations

import asyncio
import functools
import logging

from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from community_app.core.settings import event_concurrency

log = logging.getLogger(__name__)

_MARK = "_uzdev_admission"


def install() -> None:
    original = BaseStateEventProcessor._execute_event
    if getattr(original, _MARK, False):
        return
    limit = event_concurrency()
    slots: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}

    @functools.wraps(original)
    async def admitted(self, *, entry, registered_handler):
        loop = asyncio.get_running_loop()
        slot = slots.get(loop)
        if slot is None:
            slot = slots[loop] = asyncio.Semaphore(limit)
        async with slot:
            await original(self, entry=entry, registered_handler=registered_handler)

    setattr(admitted, _MARK, True)
    BaseStateEventProcessor._execute_event = admitted  # type: ignore[method-assign]
