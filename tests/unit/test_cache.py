"""The 5-minute caches of SPEC section 4."""

from __future__ import annotations

import pytest

from community_app.services import cache, cache_backends


@pytest.fixture(autouse=True)
def fake_clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(cache_backends, "_clock", lambda: now[0])
    cache.clear()
    yield now
    cache.clear()


def test_a_value_is_reused_for_five_minutes(fake_clock):
    loads = []
    load = lambda: loads.append(1) or {"n": len(loads)}  # noqa: E731
    assert cache.cached(cache.NEWS, "all", load) == {"n": 1}
    fake_clock[0] += 299
    assert cache.cached(cache.NEWS, "all", load) == {"n": 1}
    fake_clock[0] += 2
    assert cache.cached(cache.NEWS, "all", load) == {"n": 2}


def test_expire_one_kind_or_all(fake_clock):
    cache.cached(cache.NEWS, 1, lambda: "news")
    cache.cached(cache.UPCOMING_EVENTS, 1, lambda: "events")
    cache.expire(cache.NEWS)
    assert cache.cached(cache.NEWS, 1, lambda: "fresh news") == "fresh news"
    assert cache.cached(cache.UPCOMING_EVENTS, 1, lambda: "fresh events") == "events"
    cache.expire()
    assert cache.cached(cache.UPCOMING_EVENTS, 1, lambda: "fresh events") == "fresh events"


def test_callers_cannot_change_the_cached_value():
    first = cache.cached(cache.NEWS_DETAILS, 7, lambda: {"tags": ["ai"]})
    first["tags"].append("hacked")
    assert cache.cached(cache.NEWS_DETAILS, 7, lambda: None) == {"tags": ["ai"]}


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        cache.cached("jobs", 1, lambda: None)


def test_every_table_says_which_cached_answers_it_changes():
    """A table missing from the map expires every cached answer on each write."""
    from sqlmodel import SQLModel

    import community_app.models  # noqa: F401 - registers every table

    assert set(SQLModel.metadata.tables) <= set(cache.TABLE_TOPICS)


def test_the_scheduler_does_not_expire_cached_pages(engine):
    """It claims its every-few-seconds run in the database: the pages read from the cache
    stay cached (they were all read again from the database every 15 s)."""
    from community_app.services import scheduled_tasks

    loads = []
    load = lambda: loads.append(1) or "page"  # noqa: E731
    cache.cached(cache.NEWS, "all", load)
    assert scheduled_tasks.run_due(engine, names=["build-data-exports"])
    cache.cached(cache.NEWS, "all", load)
    assert loads == [1]


def test_a_page_load_asks_for_the_generations_once():
    """With Redis each generation is a round trip: a page load reading several cached
    values makes one."""
    store = cache.MemoryBackend()
    asked = []
    real = store.generations
    store.generations = lambda topics: asked.append(1) or real(topics)
    store.generation = lambda topic: pytest.fail("one round trip per cached value")
    cache.use_backend(store)
    try:
        with cache.one_view():
            assert cache.cached(cache.NEWS, 1, lambda: "news") == "news"
            assert cache.cached(cache.STATISTICS, 1, lambda: "stats") == "stats"
            assert cache.cached(cache.NEWS, 1, lambda: "again") == "news"
        assert asked == [1]
    finally:
        cache.use_backend(None)
