"""How each server worker keeps its memory: the garbage collector's work small, and the
memory of expired sessions handed back to the system.

- ``freeze_startup_objects``: once the app is set up, a worker holds about 840,000
  objects that live as long as it does (the pages' components, Reflex, SQLAlchemy, the
  catalogs). Python's garbage collector walks all of them at every full collection:
  0.5 s or more on this machine, with the event loop stopped, and a burst of page loads
  (many new objects) triggers one every few hundred loads. ``gc.freeze()`` moves them out
  of the collector's sight (after one collection, so no garbage is kept), so a full
  collection walks the sessions' objects only.
- ``release_freed_memory``: Python frees an expired session's objects, but the C
  allocator keeps the freed pages for the process, so its memory stays at the burst's
  peak. Every ``RELEASE_SECONDS`` it is asked to hand free pages back (glibc
  ``malloc_trim``, in a thread: it takes milliseconds and holds no Python lock).
- ``SERVER_ALLOCATOR_CONF``: the server (granian) keeps its connections' buffers (each
  websocket's frames, headers, the messages sent and received) in its own allocator, a
  jemalloc built into granian. jemalloc returns freed pages to the system only as time
  passes while it is busy ("decay"), never while a worker idles, so after a burst each
  worker kept 60-70 MB of freed buffers for good (1,000 sessions on 2 workers: +22 % of
  the server's memory after the sessions expired; `/proc/<pid>/smaps` showed mostly zeroed
  pages outside Python's and glibc's heaps). With no decay delay it hands them back as they
  are freed: +1 to +6 % after the same burst, for a few per cent of /ping's throughput.
  rxconfig.py passes it to the workers (``_RJEM_MALLOC_CONF``, unless set already).

The first two run as lifespan tasks of every worker (``community_app.py``).
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

RELEASE_SECONDS = 30

# jemalloc's options for granian's allocator (jemalloc reads the variable when a worker
# starts): freed pages go back to the system at once (dirty) and are not kept as lazily
# freed either (muzzy), which would still count in the worker's memory.
SERVER_ALLOCATOR_ENV = "_RJEM_MALLOC_CONF"
SERVER_ALLOCATOR_CONF = "dirty_decay_ms:0,muzzy_decay_ms:0"


async def freeze_startup_objects() -> None:
    gc.collect()
    gc.freeze()
    log.debug("%d objects frozen out of the garbage collector's walks", gc.get_freeze_count())


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to hand back this way
        return None


async def release_freed_memory(interval_s: float = RELEASE_SECONDS) -> None:
    trim = _malloc_trim()
    if trim is None:
        return
    while True:
        await asyncio.sleep(interval_s)
        await asyncio.to_thread(trim, 0)
