"""Caches of what the public pages and the public API read most, shared by every worker.

Two layers use one interface:
- the site's states cache plain values: ``cached(kind, key, load)`` (kinds below);
- the API's response cache (``community_app.api.response_cache``) keeps encoded answers:
  ``get_bytes``/``set_bytes``.

**Expiry where the data is written.** Every cached value belongs to a *topic* (meetups,
news, jobs, statistics). A topic has a generation number; a value is stored under the
generation it was read at and is only served while that generation is current. Any
commit that wrote a table a topic reads bumps that topic's generation
(``_collect_writes``/``_bump_after_commit`` below, installed on every SQLAlchemy session at
start by ``services/session_hooks.py``):
the service that changes seats, news, jobs, comments or settings expires what it changed
by committing, through whatever door the call came (REST, site, back office), and no
route or state has to remember. Values also expire after a while (``TTL_SECONDS``) for
what changes with time alone (an upcoming meetup becomes past, a job post closes).

**Backends.** In-process for the embedded set-up; Redis when ``REFLEX_REDIS_URL`` is set,
so that the generations (and values) are shared by every worker: a change committed in one
worker is seen by the next read in any other. Each read asks Redis for the topic's
generation (one round trip) and uses a local copy of the value when it was stored under that
same generation. If Redis is unreachable the cache steps aside (reads load from the
database) rather than failing a page.

**Redis down** (issue 40). The first failure (an error, or no answer within 2 s) starts an
outage, said once in the log: for ``RETRY_SECONDS`` after each failure the cache does not ask
Redis at all (every read loads from the database without waiting for a timeout), then tries
again. A worker that saw the outage expires every topic (and drops its local copies) as
soon as Redis answers again: a write committed meanwhile could not expire what it changed,
so no value read before or during the outage is served after it. A Redis that comes back empty starts each generation at a number never used
before (the time in milliseconds), so a local copy stored under an old number is never taken
for a new one.
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import hashlib
import logging
import os
import pickle
import threading
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

import sqlalchemy as sa
from sqlalchemy.orm import Session as OrmSession

log = logging.getLogger(__name__)

TTL_SECONDS = 300

from community_app.services.cache_topics import (  # noqa: F401  (cache.X is their address)
    MEETUPS_TOPIC, NEWS_TOPIC, JOBS_TOPIC, STATISTICS_TOPIC, SITE_TOPIC, CONTENT_TOPIC,
    USERS_TOPIC, BLOG_TOPIC, TOPICS, MEMBER_TOPICS, UPCOMING_EVENTS, PAST_EVENTS, EVENT_DETAILS,
    NEWS, NEWS_DETAILS, SITE_SETTINGS, STATISTICS, SITE_CONTENT, MEMBERS, JOB_DETAILS, BLOG_POSTS,
    KIND_TOPIC, KINDS, EVENT_KINDS, TABLE_TOPICS,
)
from community_app.services.cache_backends import Backend, MemoryBackend, RedisBackend

T = TypeVar("T")


_backend: Backend | None = None
_backend_lock = threading.Lock()


def backend() -> Backend:
    """The cache backend of this process: Redis when ``REFLEX_REDIS_URL`` is set."""
    global _backend
    if _backend is None:
        with _backend_lock:
            if _backend is None:
                url = os.environ.get("REFLEX_REDIS_URL", "").strip()
                _backend = RedisBackend(url, _namespace()) if url else MemoryBackend()
    return _backend


def shared() -> bool:
    """Whether the generations are shared by every process (Redis): then a commit in any
    process with the session hooks (the site, the API, the operator commands) expires a
    topic for all of them."""
    return isinstance(backend(), RedisBackend)


def use_backend(new: Backend | None) -> None:
    """Replace the backend (tests); None picks it again from the environment."""
    global _backend
    _backend = new


def _namespace() -> str:
    """Keys are kept apart per database, so two sites (or test servers) sharing one Redis
    never read each other's values."""
    from community_app.core.settings import get_settings

    return hashlib.sha256(get_settings().database_url.encode()).hexdigest()[:12]


def _key_text(key: Hashable) -> str:
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


# ----------------------------------------------------------------- reading


class Miss(Exception):
    """Raised by ``cached`` inside ``only_cached()`` when the value would need a load."""


_only_cached: contextvars.ContextVar[bool] = contextvars.ContextVar("only_cached", default=False)


@contextlib.contextmanager
def only_cached():
    """Reads that must not touch the database (a page load holding a state lock): within
    this block ``cached`` raises ``Miss`` instead of loading a missing value."""
    token = _only_cached.set(True)
    try:
        yield
    finally:
        _only_cached.reset(token)


def needs_database() -> None:
    """Say a read goes to the database: inside ``only_cached()`` that is a ``Miss``."""
    if _only_cached.get():
        raise Miss("database")


# Inside ``one_view()``: the generations read at its first cached read.
_view: contextvars.ContextVar[dict[str, int | None] | None] = contextvars.ContextVar(
    "cache_view", default=None
)


@contextlib.contextmanager
def one_view(generations: dict[str, int | None] | None = None):
    """Reads inside see every topic's generation as it was at the first read: with Redis,
    one round trip for all of them instead of one per cached value (a page load reads
    several: site settings, the member, the page's sections). An async handler passes
    ``generations`` read with ``await view_generations()``, so that round trip does not
    block its event loop."""
    token = _view.set(dict(generations) if generations else {})
    try:
        yield
    finally:
        _view.reset(token)


def _generation(store: Backend, topic: str) -> int | None:
    view = _view.get()
    if view is None:
        return store.generation(topic)
    if not view:
        view.update(store.generations(TOPICS))
    return view[topic] if topic in view else store.generation(topic)


def cached(kind: str, key: Hashable, load: Callable[[], T]) -> T:
    """The cached value of (kind, key), loading it when missing, expired by a write or older
    than ``TTL_SECONDS``. Callers get their own copy, so changing it cannot change the cache."""
    topic = KIND_TOPIC.get(kind)
    if topic is None:
        raise ValueError(f"unknown cache kind {kind!r}")
    store = backend()
    generation = _generation(store, topic)
    if generation is None:
        if _only_cached.get():
            raise Miss(kind)
        return load()
    text_key = f"{kind}:{_key_text(key)}"
    raw = store.get(topic, generation, text_key)
    if raw is not None:
        return pickle.loads(raw)
    if _only_cached.get():
        raise Miss(kind)
    value = load()
    store.set(topic, generation, text_key, pickle.dumps(value), TTL_SECONDS)
    return copy.deepcopy(value)


async def view_generations() -> dict[str, int | None]:
    """Every topic's generation now, for ``one_view``, read without blocking the loop."""
    return await backend().generations_async(TOPICS)


async def get_bytes(topic: str, key: str) -> tuple[int | None, bytes | None]:
    """(generation, stored bytes or None) of an encoded value; generation None means the
    cache is unavailable and must be bypassed. Read without blocking the event loop."""
    store = backend()
    generation = (await store.generations_async((topic,)))[topic]
    if generation is None:
        return None, None
    return generation, await store.get_async(topic, generation, key)


def set_bytes(topic: str, generation: int, key: str, value: bytes, ttl: float) -> None:
    """Store an encoded value read at ``generation``: it is never served once a write has
    moved the topic on, even if the write committed while the value was being read."""
    backend().set(topic, generation, key, value, ttl)


# ----------------------------------------------------------------- expiring


def expire_topics(*topics: str) -> None:
    backend().bump(topics)


def expire(kind: str | None = None) -> None:
    """Expire the topic of one kind, or every topic when none is given."""
    if kind is None:
        expire_topics(*TOPICS)
    elif kind in KIND_TOPIC:
        expire_topics(KIND_TOPIC[kind])
    elif kind in TOPICS:
        expire_topics(kind)
    else:
        raise ValueError(f"unknown cache kind {kind!r}")


def clear() -> None:
    """Forget every cached value (tests, and a database replaced under a running site)."""
    backend().clear()


def expire_events() -> None:
    expire_topics(MEETUPS_TOPIC)


def topics_of_tables(tables: Iterable[str]) -> set[str]:
    topics: set[str] = set()
    for table in tables:
        topics.update(TABLE_TOPICS.get(table, TOPICS))
    return topics


_PENDING = "uzdev_cache_written_tables"


def _note(session: OrmSession, tables: Iterable[str]) -> None:
    session.info.setdefault(_PENDING, set()).update(tables)


def _collect_writes(session: OrmSession, _flush_context) -> None:
    tables = set()
    changed = [o for o in session.dirty if session.is_modified(o, include_collections=False)]
    for obj in (*session.new, *changed, *session.deleted):
        table = getattr(obj, "__tablename__", None)
        if table:
            tables.add(str(table))
    if tables:
        _note(session, tables)


def _collect_statement(state) -> None:
    """UPDATE/DELETE/INSERT statements run through the session (seat counts are kept this
    way); any other textual statement that is not a plain read expires every topic."""
    statement = state.statement
    if state.is_update or state.is_delete or state.is_insert:
        table = getattr(statement, "table", None)
        name = getattr(table, "name", None)
        _note(state.session, [str(name)] if name else ["?"])
    elif isinstance(statement, sa.TextClause):
        text = statement.text.lstrip().upper()
        if not text.startswith(("SELECT", "WITH", "PRAGMA", "EXPLAIN")):
            _note(state.session, ["?"])


def _bump_after_commit(session: OrmSession) -> None:
    tables = session.info.pop(_PENDING, None)
    if tables:
        expire_topics(*sorted(topics_of_tables(tables)))


def _forget_after_rollback(session: OrmSession) -> None:
    session.info.pop(_PENDING, None)


# What every session does for the cache, by SQLAlchemy session event: installed once at
# start with the search index's by services/session_hooks.install(), not on import.
SESSION_LISTENERS = {
    "after_flush": _collect_writes,
    "do_orm_execute": _collect_statement,
    "after_commit": _bump_after_commit,
    "after_rollback": _forget_after_rollback,
}
