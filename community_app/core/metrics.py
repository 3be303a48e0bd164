"""Counters for operators, exposed in Prometheus' text format at ``/metrics``.

Counted: HTTP requests (method, status class), websocket connections, failed logins
(reason), emails (sent or failed). The counts live in Redis when ``REFLEX_REDIS_URL`` is
set, so every worker adds to the same numbers and a scrape of any worker sees them all;
the embedded set-up (one process) counts in memory. Counting never waits on Redis: each
process adds in memory and a background thread hands the differences to Redis every
second (HINCRBY), so a scrape sees every worker's counts at most a second late.
Rendering uses ``prometheus_client``.

``/metrics`` answers requests from the machine itself (a local Prometheus or an agent),
or with ``Authorization: Bearer <COMMUNITY_METRICS_TOKEN>``; anyone else gets 404.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections import Counter
from functools import lru_cache

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily

log = logging.getLogger(__name__)

# name -> (help text, label names)
COUNTERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "uzdev_http_requests": ("HTTP requests answered", ("method", "status")),
    "uzdev_websocket_connections": ("Websocket connections opened (site sessions)", ()),
    "uzdev_login_failures": ("Failed sign-in attempts", ("reason",)),
    "uzdev_emails": ("Emails handed to the outbox or the SMTP server", ("result",)),
}
_REDIS_KEY = "uzdev:metrics"

FLUSH_SECONDS = 1.0

_lock = threading.Lock()
_local: Counter[str] = Counter()  # embedded: the counts; with Redis: not yet flushed
_flusher: threading.Thread | None = None


@lru_cache(maxsize=1)
def _redis():
    url = os.environ.get("REFLEX_REDIS_URL", "").strip()
    if not url:
        return None
    import redis

    return redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)


def _field(name: str, labels: dict[str, str]) -> str:
    return json.dumps([name, [labels.get(k, "") for k in COUNTERS[name][1]]])


def inc(name: str, **labels: str) -> None:
    """Add one to a counter: memory only, never blocks, never raises."""
    field = _field(name, labels)
    with _lock:
        _local[field] += 1
    if _redis() is not None:
        _start_flusher()


def flush() -> None:
    """Hand this process's counts to Redis (no-op without Redis)."""
    client = _redis()
    if client is None:
        return
    with _lock:
        pending = dict(_local)
        _local.clear()
    if not pending:
        return
    try:
        pipe = client.pipeline(transaction=False)
        for field, n in pending.items():
            pipe.hincrby(_REDIS_KEY, field, n)
        pipe.execute()
    except Exception:  # noqa: BLE001 - Redis away: keep the counts for the next try
        with _lock:
            _local.update(pending)
        log.warning("metrics: Redis unreachable, counts kept for later")


def _flush_forever() -> None:
    import time

    while True:
        time.sleep(FLUSH_SECONDS)
        flush()


def _start_flusher() -> None:
    global _flusher
    if _flusher is None or not _flusher.is_alive():
        with _lock:
            if _flusher is None or not _flusher.is_alive():
                _flusher = threading.Thread(target=_flush_forever, name="metrics-flush", daemon=True)
                _flusher.start()


def _values() -> dict[str, int]:
    client = _redis()
    if client is None:
        with _lock:
            return dict(_local)
    flush()
    return {k.decode(): int(v) for k, v in client.hgetall(_REDIS_KEY).items()}


class _Collector:
    def collect(self):
        values = _values()
        for name, (help_text, label_names) in COUNTERS.items():
            family = CounterMetricFamily(name, help_text, labels=list(label_names))
            for field, value in values.items():
                counter, label_values = json.loads(field)
                if counter == name:
                    family.add_metric(label_values, value)
            if not label_names and not any(json.loads(f)[0] == name for f in values):
                family.add_metric([], 0)
            yield family


def render() -> bytes:
    registry = CollectorRegistry()
    registry.register(_Collector())
    return generate_latest(registry)


def reset() -> None:
    """Forget every count (tests)."""
    with _lock:
        _local.clear()
    client = _redis()
    if client is not None:
        client.delete(_REDIS_KEY)
    _redis.cache_clear()
