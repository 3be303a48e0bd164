"""The cache shared by every worker through Redis (``REFLEX_REDIS_URL``), against a real
Redis: ``COMMUNITY_TEST_REDIS_URL`` (``.ci/run`` sets it); skipped when unset."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import httpx
import pytest

from community_app.services import cache
from tests.api.factories import VALID_REGISTRATION, bearer, make_meetup, make_member
from tests.api.servers import api_server

REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()
needs_redis = pytest.mark.skipif(not REDIS_URL, reason="COMMUNITY_TEST_REDIS_URL is not set")


@pytest.fixture
def two_workers_of_one_site():
    """Two backends as two worker processes have them: same Redis, same namespace."""
    namespace = f"test-{uuid.uuid4().hex[:8]}"
    first, second = cache.RedisBackend(REDIS_URL, namespace), cache.RedisBackend(REDIS_URL, namespace)
    yield first, second
    keys = first._redis.keys(f"uzdev:cache:{namespace}:*")
    if keys:
        first._redis.delete(*keys)


@needs_redis
def test_a_value_cached_by_one_worker_is_expired_for_the_other(two_workers_of_one_site):
    first, second = two_workers_of_one_site
    cache.use_backend(first)
    assert cache.cached(cache.EVENT_DETAILS, 7, lambda: {"seats": 10}) == {"seats": 10}
    cache.use_backend(second)
    assert cache.cached(cache.EVENT_DETAILS, 7, lambda: {"seats": -1}) == {"seats": 10}
    cache.expire_topics(cache.MEETUPS_TOPIC)  # a write committed in the second worker
    cache.use_backend(first)
    assert cache.cached(cache.EVENT_DETAILS, 7, lambda: {"seats": 9}) == {"seats": 9}
    # Other topics keep their values.
    assert cache.cached(cache.NEWS, "all", lambda: ["a"]) == ["a"]
    cache.expire_topics(cache.MEETUPS_TOPIC)
    assert cache.cached(cache.NEWS, "all", lambda: ["b"]) == ["a"]


@needs_redis
def test_encoded_answers_are_shared_and_a_stale_generation_is_never_served(
    two_workers_of_one_site,
):
    first, second = two_workers_of_one_site
    generation = first.generation(cache.NEWS_TOPIC)
    first.set(cache.NEWS_TOPIC, generation, "k", b"old", 60)
    assert second.get(cache.NEWS_TOPIC, second.generation(cache.NEWS_TOPIC), "k") == b"old"
    second.bump([cache.NEWS_TOPIC])
    assert first.generation(cache.NEWS_TOPIC) == generation + 1
    assert first.get(cache.NEWS_TOPIC, first.generation(cache.NEWS_TOPIC), "k") is None


@needs_redis
def test_async_reads_never_block_the_event_loop_and_see_what_sync_reads_see(
    two_workers_of_one_site, monkeypatch
):
    """A page load and the API's response cache read Redis with the asyncio client: the
    values and generations are the same, and a view read beforehand needs no synchronous
    round trip (one would stall every session of the worker while it waits)."""
    import asyncio

    first, second = two_workers_of_one_site
    cache.use_backend(first)
    generation = first.generation(cache.NEWS_TOPIC)
    second.set(cache.NEWS_TOPIC, generation, "answer", b"body", 60)

    async def reads():
        return await cache.view_generations(), await cache.get_bytes(cache.NEWS_TOPIC, "answer")

    generations, (at, raw) = asyncio.run(reads())
    assert generations == first.generations(cache.TOPICS) and (at, raw) == (generation, b"body")
    assert cache.cached(cache.NEWS, "all", lambda: ["a"]) == ["a"]

    def blocking(*_args, **_kwargs):
        raise AssertionError("a synchronous Redis round trip")

    monkeypatch.setattr(first._redis, "mget", blocking)
    monkeypatch.setattr(first._redis, "get", blocking)
    with cache.one_view(generations), cache.only_cached():
        assert cache.cached(cache.NEWS, "all", lambda: ["b"]) == ["a"]
    second.bump([cache.NEWS_TOPIC])  # a write in another worker: the next view sees it
    generations, (at, raw) = asyncio.run(reads())
    assert at == generation + 1 and raw is None
    with cache.one_view(generations), pytest.raises(cache.Miss), cache.only_cached():
        cache.cached(cache.NEWS, "all", lambda: ["b"])


def test_without_redis_the_cache_steps_aside_instead_of_failing():
    cache.use_backend(cache.RedisBackend("redis://127.0.0.1:1/0", "nowhere"))
    loads = []
    assert cache.cached(cache.NEWS, 1, lambda: loads.append(1) or "fresh") == "fresh"
    assert cache.cached(cache.NEWS, 1, lambda: loads.append(1) or "fresh") == "fresh"
    assert loads == [1, 1]


@needs_redis
def test_two_workers_a_change_through_one_is_seen_through_the_other_at_once(
    engine, tmp_path: Path
):
    meetup = make_meetup(engine, max_seats=10)
    members = [make_member(engine) for _ in range(3)]
    url_of = lambda base: f"{base}/public/meetups/{meetup.id}"  # noqa: E731
    with api_server(
        engine, tmp_path / "server.log", workers=2, env={"REFLEX_REDIS_URL": REDIS_URL}
    ) as base:
        for seats_left, member in zip((9, 8, 7), members, strict=True):
            # Many new connections: the kernel spreads them over both workers, so each
            # worker has the seat count in its cache before the change.
            for _ in range(20):
                with httpx.Client(timeout=30) as http:
                    assert http.get(url_of(base)).json()["data"]["availableSeats"] == seats_left + 1
            with httpx.Client(timeout=30) as http:
                r = http.post(
                    f"{base}/users/meetups/{meetup.id}/registration",
                    json=VALID_REGISTRATION,
                    headers=bearer(member),
                )
                assert r.status_code == 201
            seen = set()
            for _ in range(20):
                with httpx.Client(timeout=30) as http:
                    seen.add(http.get(url_of(base)).json()["data"]["availableSeats"])
            assert seen == {seats_left}
