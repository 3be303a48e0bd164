"""Where the cache keeps its generations and values (``services/cache.py`` reads and
expires through one of these): ``MemoryBackend`` in the process (the embedded set-up),
``RedisBackend`` shared by every worker when ``REFLEX_REDIS_URL`` is set, with its outage
handling (issue 40: a failure starts an outage said once in the log; Redis is not asked
again for ``RETRY_SECONDS``; every topic is expired once it answers again)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Protocol

from community_app.core.settings import redis_connections
from community_app.services.cache_topics import TOPICS

log = logging.getLogger("community_app.services.cache")

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

    def _to_ask(self, topic: str, generation: int, key: str) -> tuple[bytes | None, str]:
        """A read's first steps (``get`` and ``get_async``): the value kept here, or else
        the Redis key to ask for it ("" while Redis is not asked: a recent failure)."""
        if (hit := self._local_hit(topic, generation, key)) is not None:
            return hit, ""
        return None, self._value_key(topic, generation, key) if self._asking() else ""

    def get(self, topic: str, generation: int, key: str) -> bytes | None:
        hit, redis_key = self._to_ask(topic, generation, key)
        if not redis_key:
            return hit
        try:
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
        hit, redis_key = self._to_ask(topic, generation, key)
        if not redis_key:
            return hit
        try:
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
