"""A node that is stopped finishes what it started (issue 40).

What a stop (SIGTERM, as systemd or any supervisor sends it to the service's processes)
does, measured on granian 2.8 with this app (a node of the copied build, a request
waiting on a database lock, a browser on the registration form; tests/e2e/test_fault_drill.py):

- **No new work.** granian closes its listening socket at once: a new connection is
  refused, so nginx passes the request to the next node (a refused connection is retried
  whatever the method: nothing reached the node). Nothing to add here.
- **Requests in flight finish.** granian waits for the HTTP requests it has accepted (a
  registration waiting 3 s on a database lock was answered 201, then the worker exited).
  A supervisor's stop timeout bounds a request that never ends (docs/operations.md).
- **Websockets close at once.** The browser reconnects through nginx to another node, and
  the page's state is in Redis.
- **Events in flight** (a websocket event's handler, running when its socket closed) are
  where Reflex, left alone, cut things short: once granian has no request left, the
  worker's lifespan ends and Reflex stops its event processor with no grace period
  (``EventProcessor.graceful_shutdown_timeout`` is ``None``): every handler still
  awaiting something (a database write in a thread, the next step of a sign-in) is
  cancelled, its state change and its answer lost. ``finish_events_in_flight`` gives them
  ``DRAIN_SECONDS``: the handler ends, its state is written to Redis, and its update
  reaches the browser through the node its websocket reconnected to (Reflex's "lost and
  found" over Redis) or with the state the reconnect loads.

Public API: ``App.event_processor`` and the processor's documented
``graceful_shutdown_timeout`` field, set from a lifespan task (community_app.py). Reflex
registers its event processor's lifespan task when the app is made, before this one, so
this one is entered after the processor exists and left before the processor stops.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

log = logging.getLogger(__name__)

# How long a stopping worker lets its events in flight finish before it cancels them. An
# event's handler is short (GUIDE: slow work goes to a thread or a background event); a
# supervisor's stop timeout must be longer (docs/operations.md: TimeoutStopSec=30).
DRAIN_SECONDS = 10.0


@contextlib.asynccontextmanager
async def finish_events_in_flight(app) -> AsyncIterator[None]:
    """Lifespan task: the worker's event processor waits up to ``DRAIN_SECONDS`` for the
    events in flight when the worker stops."""
    app.event_processor.graceful_shutdown_timeout = DRAIN_SECONDS
    yield
    # The processor stops right after this task ends (Reflex's lifespan, in reverse order).
    log.info("stopping: events in flight get up to %g s to finish", DRAIN_SECONDS)
