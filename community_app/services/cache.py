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
import time
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol, TypeVar

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
from community_app.core.settings import redis_connections

T = TypeVar("T")
_clock: Callable[[], float] = time.monotonic


class Backend(Protocol):
    def generation(self, topic: str) -> int | None: ...
    def generations(self, topics: Iterable[str]) -> dict[str, int | None]: ...
    def bump(self, topics: Iterable[str]) -> None: ...
    def get(self, topic: str, generation: int, key: str) -> bytes | None: ...
    def set(self, topic: str, generation: int, key: str, value: bytes, ttl: float) -> None: ...
    def clear(self) -> None: ...
    # The reads an async handler makes (never a blocking round trip on the event loop).
    async def generations_async(self, topics: Iterable[str]) -> dict[str, int | None]: ...
    async def get_async(self, topic: str, generation: int, key: str) -> bytes | None: ...


class MemoryBackend:
    """One process: the embedded set-up (one server worker) and the tests."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._generations: dict[str, int] = {}
        self._values: dict[tuple[str, int, str], tuple[float, bytes]] = {}

    def generation(self, topic: str) -> int | None:
        return self._generations.get(topic, 0)

    def generations(self, topics: Iterable[str]) -> dict[str, int | None]:
        return {topic: self._generations.get(topic, 0) for topic in topics}

    async def generations_async(self, topics: Iterable[str]) -> dict[str, int | None]:
        return self.generations(topics)

    async def get_async(self, topic: str, generation: int, key: str) -> bytes | None:
        return self.get(topic, generation, key)

    def bump(self, topics: Iterable[str]) -> None:
        with self._lock:
            for topic in topics:
                self._generations[topic] = self._generations.get(topic, 0) + 1
                for k in [k for k in self._values if k[0] == topic]:
                    del self._values[k]

    def get(self, topic: str, generation: int, key: str) -> bytes | None:
        hit = self._values.get((topic, generation, key))
        if hit is None or hit[0] <= _clock():
            return None
        return hit[1]

    MAX_ENTRIES = 4096

    def set(self, topic: str, generation: int, key: str, value: bytes, ttl: float) -> None:
        with self._lock:
            if self._generations.get(topic, 0) != generation:
                return
            _store_bounded(self._values, self.MAX_ENTRIES, (topic, generation, key), value, ttl)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            for topic in list(self._generations):
                self._generations[topic] += 1


def _store_bounded(values: dict[tuple[str, int, str], tuple[float, bytes]], most: int,
                   key: tuple[str, int, str], value: bytes, ttl: float) -> None:
    """Keep ``value`` under ``key`` for ``ttl`` seconds in an in-process map of at most
    ``most`` entries: when full, the expired ones go first, then all (the caller holds the
    map's lock)."""
    if len(values) >= most:
        now = _clock()
        for k in [k for k, (until, _) in values.items() if until <= now]:
            del values[k]
        if len(values) >= most:
            values.clear()
    values[key] = (_clock() + ttl, value)


class RedisBackend:
    """Every worker: generations and values in Redis, a local copy of values per
    generation so a hit costs one small round trip."""

    LOCAL_ENTRIES = 2048
    RETRY_SECONDS = 5.0  # during an outage, how long after a failure Redis is asked again

    def __init__(self, url: str, namespace: str) -> None:
        import redis

        self._url = url
        self._redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        # The asyncio client of the running event loop (a client's connections belong to
        # the loop that opened them): (loop, client).
        self._async: tuple[object, object] | None = None
        self._ns = f"uzdev:cache:{namespace}"
        self._lock = threading.Lock()
        self._local: dict[tuple[str, int, str], tuple[float, bytes]] = {}
        self._down_since: float | None = None  # _clock() of an outage's first failure
        self._retry_at = 0.0

    # ---- outages: fail once, step aside for a while, then expire everything

    def _asking(self) -> bool:
        """Whether to ask Redis now (always, unless a failure was seen in the last
        ``RETRY_SECONDS``)."""
        return self._down_since is None or _clock() >= self._retry_at

    def _failed(self, exc: Exception) -> None:
        with self._lock:
            self._retry_at = _clock() + self.RETRY_SECONDS
            if self._down_since is not None:
                return
            self._down_since = _clock()
        log.warning("cache: Redis does not answer (%s); reading from the database until it does", exc)

    def _back(self) -> list[str]:
        """After a failure, Redis answered: the topics to expire now (every one: what was
        written meanwhile could not expire itself)."""
        with self._lock:
            if self._down_since is None:
                return []
            seconds, self._down_since = _clock() - self._down_since, None
            self._local.clear()  # read before or during the outage
        log.warning("cache: Redis answers again after %.0f s; every cached value expired", seconds)
        return list(TOPICS)

    def _answered(self) -> None:
        if self._down_since is not None and (topics := self._back()):
            self.bump(topics)

    async def _answered_async(self) -> None:
        if self._down_since is not None and (topics := self._back()):
            try:
                async with self._async_client().pipeline(transaction=False) as pipe:
                    for topic in topics:
                        pipe.incr(self._gen_key(topic))
                    await pipe.execute()
            except Exception as exc:  # redis.RedisError, OSError: down again, expired next time
                self._failed(exc)

    @staticmethod
    def _fresh_generation() -> int:
        """The first generation of a topic Redis does not know (a new or an emptied Redis):
        a number no earlier generation of it had."""
        return time.time_ns() // 1_000_000

    def _gen_key(self, topic: str) -> str:
        return f"{self._ns}:gen:{topic}"

    def _value_key(self, topic: str, generation: int, key: str) -> str:
        return f"{self._ns}:val:{topic}:{generation}:{key}"

    def generation(self, topic: str) -> int | None:
        return self.generations((topic,))[topic]

    def generations(self, topics: Iterable[str]) -> dict[str, int | None]:
        topics = list(topics)
        if not self._asking():
            return dict.fromkeys(topics)
        keys = [self._gen_key(topic) for topic in topics]
        try:
            raws = self._redis.mget(keys)
            if None in raws:  # first use, or Redis came back empty
                with self._redis.pipeline(transaction=False) as pipe:
                    for key, raw in zip(keys, raws):
                        if raw is None:
                            pipe.set(key, self._fresh_generation(), nx=True)
                    pipe.mget(keys)
                    raws = pipe.execute()[-1]
        except Exception as exc:  # redis.RedisError, OSError
            self._failed(exc)
            return dict.fromkeys(topics)
        if self._down_since is not None:  # the first answer after an outage
            self._answered()  # every topic expired: read the generations that follow
            return self.generations(topics)
        return {topic: int(raw) if raw is not None else None for topic, raw in zip(topics, raws)}

    def bump(self, topics: Iterable[str]) -> None:
        topics = list(topics)
        if not topics:
            return
        if not self._asking():
            return  # expired with every other topic when Redis answers again
        try:
            with self._redis.pipeline(transaction=False) as pipe:
                for topic in topics:
                    pipe.incr(self._gen_key(topic))
                pipe.execute()
        except Exception as exc:  # redis.RedisError, OSError: expired when Redis answers again
            self._failed(exc)
            return
        self._answered()

    def _local_hit(self, topic: str, generation: int, key: str) -> bytes | None:
        hit = self._local.get((topic, generation, key))
        return hit[1] if hit is not None and hit[0] > _clock() else None

    def _stored(self, topic: str, generation: int, key: str, value, ttl_ms) -> bytes | None:
        if value is None or ttl_ms is None or ttl_ms <= 0:
            return None
        self._remember(topic, generation, key, value, ttl_ms / 1000)
        return value

    def get(self, topic: str, generation: int, key: str) -> bytes | None:
        if (hit := self._local_hit(topic, generation, key)) is not None:
            return hit
        if not self._asking():
            return None
        try:
            redis_key = self._value_key(topic, generation, key)
            with self._redis.pipeline(transaction=False) as pipe:
                pipe.get(redis_key)
                pipe.pttl(redis_key)
                value, ttl_ms = pipe.execute()
        except Exception as exc:  # redis.RedisError, OSError
            self._failed(exc)
            return None
        return self._stored(topic, generation, key, value, ttl_ms)

    def _async_client(self):
        import asyncio

        import redis.asyncio

        loop = asyncio.get_running_loop()
        if self._async is None or self._async[0] is not loop:
            # A bounded pool (settings.redis_connections): a burst waits for a free
            # connection instead of opening hundreds that stay open afterwards.
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                self._url, max_connections=redis_connections(), timeout=2, socket_timeout=2,
                socket_connect_timeout=2)
            client = redis.asyncio.Redis(connection_pool=pool)
            self._async = (loop, client)
        return self._async[1]

    async def generations_async(self, topics: Iterable[str]) -> dict[str, int | None]:
        topics = list(topics)
        if not self._asking():
            return dict.fromkeys(topics)
        keys = [self._gen_key(topic) for topic in topics]
        try:
            client = self._async_client()
            raws = await client.mget(keys)
            if None in raws:  # first use, or Redis came back empty
                async with client.pipeline(transaction=False) as pipe:
                    for key, raw in zip(keys, raws):
                        if raw is None:
                            pipe.set(key, self._fresh_generation(), nx=True)
                    pipe.mget(keys)
                    raws = (await pipe.execute())[-1]
        except Exception as exc:  # redis.RedisError, OSError
            self._failed(exc)
            return dict.fromkeys(topics)
        if self._down_since is not None:  # the first answer after an outage
            await self._answered_async()  # every topic expired: read the generations that follow
            return await self.generations_async(topics)
        return {topic: int(raw) if raw is not None else None for topic, raw in zip(topics, raws)}

    async def get_async(self, topic: str, generation: int, key: str) -> bytes | None:
        if (hit := self._local_hit(topic, generation, key)) is not None:
            return hit
        if not self._asking():
            return None
        try:
            redis_key = self._value_key(topic, generation, key)
            async with self._async_client().pipeline(transaction=False) as pipe:
                pipe.get(redis_key)
                pipe.pttl(redis_key)
                value, ttl_ms = await pipe.execute()
        except Exception as exc:  # redis.RedisError, OSError
            self._failed(exc)
            return None
        return self._stored(topic, generation, key, value, ttl_ms)

    def set(self, topic: str, generation: int, key: str, value: bytes, ttl: float) -> None:
        if not self._asking():
            return
        try:
            self._redis.set(self._value_key(topic, generation, key), value, px=int(ttl * 1000))
        except Exception:
            return
        self._remember(topic, generation, key, value, ttl)

    def _remember(self, topic: str, generation: int, key: str, value: bytes, ttl: float) -> None:
        with self._lock:
            _store_bounded(self._local, self.LOCAL_ENTRIES, (topic, generation, key), value, ttl)

    def clear(self) -> None:
        with self._lock:
            self._local.clear()
        self.bump(TOPICS)


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
