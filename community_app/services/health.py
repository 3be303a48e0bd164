"""What ``GET /api/v1/health`` asks: is each service the site depends on answering now?

The database always; Redis when ``REFLEX_REDIS_URL`` is set; the object store when
``COMMUNITY_STORAGE_URL`` is set. The checks run side by side and each gets at most
``TIMEOUT_S`` seconds: a database that is restarting (connections refused, or accepted and
never answered) is reported as down within that time instead of holding the caller.

A check that has not finished by the deadline keeps running on its own thread, and until it
ends the same service is reported down without starting another: while a service hangs,
the health checks of a load balancer polling every second never pile up threads.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import threading
from collections.abc import Callable

import sqlalchemy as sa

log = logging.getLogger(__name__)

TIMEOUT_S = 2.0
UP, DOWN = "up", "down"


class _Probe:
    """One service's check, at most one at a time."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=f"health-{name}")
        self._running: concurrent.futures.Future | None = None
        self._lock = threading.Lock()

    def start(self, check: Callable[[], object]) -> concurrent.futures.Future | None:
        """The check's future, or None while the previous check is still waiting."""
        with self._lock:
            if self._running is not None and not self._running.done():
                return None
            self._running = self._pool.submit(check)
            return self._running


_PROBES = {name: _Probe(name) for name in ("database", "redis", "storage")}


def _database(engine: sa.Engine) -> None:
    with engine.connect() as conn:
        conn.execute(sa.text("SELECT 1"))


def _redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_S / 2, socket_connect_timeout=TIMEOUT_S / 2)
    try:
        client.ping()
    finally:
        client.close()


def _storage() -> None:
    from community_app.services.storage import get_storage

    get_storage().check()


def check(engine: sa.Engine, timeout_s: float = TIMEOUT_S) -> dict[str, str]:
    """``{"database": "up"|"down", "redis": ..., "storage": ...}`` (Redis and the store only
    when configured), each within ``timeout_s`` seconds."""
    checks: dict[str, Callable[[], object]] = {"database": lambda: _database(engine)}
    if redis_url := os.environ.get("REFLEX_REDIS_URL", "").strip():
        checks["redis"] = lambda: _redis(redis_url)
    if os.environ.get("COMMUNITY_STORAGE_URL", "").strip():
        checks["storage"] = _storage
    futures = {name: _PROBES[name].start(fn) for name, fn in checks.items()}
    done, _ = concurrent.futures.wait([f for f in futures.values() if f is not None], timeout=timeout_s)
    answer = {}
    for name, future in futures.items():
        if future is None:
            answer[name] = DOWN  # the previous check has not come back yet
        elif future not in done:
            log.warning("health: %s did not answer within %.1f s", name, timeout_s)
            answer[name] = DOWN
        elif (error := future.exception()) is not None:
            log.warning("health: %s is down (%s: %s)", name, type(error).__name__, error)
            answer[name] = DOWN
        else:
            answer[name] = UP
    return answer
