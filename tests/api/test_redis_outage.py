"""Redis down (issue 40): sign-in and password reset keep working, the rate limits count in
the process meanwhile (said once in the log) and in Redis again once it answers; a Redis
error in the shared cache reads the database instead. Never a 500.

One test runs against a Redis that refuses connections (a closed port); the other against a
real ``redis-server`` of its own on a free port, stopped in the middle and started again
(empty, as after a restart without persistence)."""

from __future__ import annotations

import logging
import shutil
import time

import pytest
import redis

from community_app.services import ratelimit
from tests.api.auth_helpers import latest_code, outbox_messages
from tests.api.conftest import PASSWORD
from tests.api.servers import free_port
from tests.cluster import RedisServer

LIMITS_LOGGER = "community_app.services.ratelimit"


def limit_keys(server: RedisServer) -> list[bytes]:
    """The rate limits' counters in ``server``."""
    return redis.Redis.from_url(server.url).keys("uzdev-limits*")


@pytest.fixture
def redis_server():
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer()
    server.start()
    yield server
    server.stop(crash=True)


def _sign_in(client, email: str) -> int:
    """The two steps of a sign-in (password, then the emailed code): the last status."""
    before = len(outbox_messages(email))
    started = client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})
    assert started.status_code == 200, started.text
    assert len(outbox_messages(email)) == before + 1
    done = client.post("/api/v1/auth/verify-login-otp", json={"email": email, "otp": latest_code(email)})
    assert done.status_code == 200, done.text
    assert done.json()["data"]["access_token"]
    return done.status_code


def _ask_reset(client, email: str) -> int:
    return client.post("/api/v1/auth/password-reset", json={"email": email}).status_code


def _wrong_password(client, email: str) -> int:
    return client.post("/api/v1/auth/login", json={"email": email, "password": "Wrong-pass-1!"}).status_code


def _outage_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == LIMITS_LOGGER and r.levelno == logging.WARNING and "does not answer" in r.getMessage()]


def test_a_redis_that_refuses_connections_never_fails_sign_in(client, make_user, monkeypatch, caplog):
    monkeypatch.setenv("REFLEX_REDIS_URL", f"redis://127.0.0.1:{free_port()}/0")
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "3/hour")
    ratelimit.reset()
    caplog.set_level(logging.WARNING, logger=LIMITS_LOGGER)
    user, _ = make_user()
    assert _sign_in(client, user.email) == 200
    assert _ask_reset(client, user.email) == 202
    # The limits still hold, counted in this process: three failures, then a refusal.
    assert [_wrong_password(client, user.email) for _ in range(4)] == [401, 401, 401, 429]
    assert len(_outage_warnings(caplog)) == 1  # once for the outage, not once per request
    ratelimit.reset()


def test_redis_killed_and_started_again_sign_in_works_throughout(client, make_user, monkeypatch,
                                                                 caplog, redis_server):
    monkeypatch.setenv("REFLEX_REDIS_URL", redis_server.url)
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "2/hour")
    monkeypatch.setattr(ratelimit, "REDIS_RETRY_SECONDS", 0.3)
    ratelimit.reset()
    caplog.set_level(logging.WARNING, logger=LIMITS_LOGGER)
    user, _ = make_user()
    other, _ = make_user()

    assert _sign_in(client, user.email) == 200
    assert limit_keys(redis_server)  # counted in Redis

    redis_server.stop(crash=True)  # as a crash: no goodbye to the clients
    assert _sign_in(client, user.email) == 200
    assert _ask_reset(client, user.email) == 202
    assert _sign_in(client, other.email) == 200
    assert len(_outage_warnings(caplog)) == 1

    redis_server.start()  # empty, as a restart without persistence
    assert limit_keys(redis_server) == []
    # Redis is asked again REDIS_RETRY_SECONDS after the last failure.
    time.sleep(0.4)  # longer than the retry interval set above, so the next call tries Redis
    assert _sign_in(client, user.email) == 200
    assert limit_keys(redis_server)  # counting in Redis again
    assert any("answers again" in r.getMessage() for r in caplog.records if r.name == LIMITS_LOGGER)
    # Two failures counted in Redis refuse the third try in any worker: one with fresh
    # (empty) local counters sees them.
    assert [_wrong_password(client, other.email) for _ in range(2)] == [401, 401]
    ratelimit._counters.cache_clear()
    assert _wrong_password(client, other.email) == 429
    ratelimit.reset()


def test_the_shared_cache_reads_the_database_while_redis_hangs_and_serves_nothing_stale_after(
        redis_server, monkeypatch, caplog):
    """Two workers share the cache in Redis; Redis hangs (stopped, not killed: it keeps its
    data) while one of them writes; reads meanwhile load from the database; once Redis
    answers, neither serves the value from before the write."""
    import secrets
    import signal

    from community_app.services import cache

    monkeypatch.setattr(cache.RedisBackend, "RETRY_SECONDS", 0.3)
    caplog.set_level(logging.WARNING, logger="community_app.services.cache")
    namespace = secrets.token_hex(4)
    writer, reader = (cache.RedisBackend(redis_server.url, namespace) for _ in range(2))

    def read(worker, value):
        cache.use_backend(worker)
        return cache.cached(cache.NEWS, "all", lambda: value)

    try:
        assert read(writer, ["before"]) == ["before"]
        assert read(reader, ["unused"]) == ["before"]  # shared through Redis

        redis_server.process.send_signal(signal.SIGSTOP)  # hangs: connections open, no answer
        cache.use_backend(writer)
        cache.expire_topics(cache.NEWS_TOPIC)  # a write: Redis cannot be told (a 2 s timeout)
        assert not writer._asking()  # it steps aside: Redis is not asked again for a while
        assert read(writer, ["after"]) == ["after"]  # from the database, without waiting
        assert read(reader, ["after"]) == ["after"]  # its own timeout, then the database
        assert sum("does not answer" in r.getMessage() for r in caplog.records) == 2  # once per worker

        redis_server.process.send_signal(signal.SIGCONT)
        time.sleep(0.4)  # past RETRY_SECONDS (set above): the next read asks Redis again
        assert read(reader, ["after"]) == ["after"]  # not Redis's "before" of the old generation
        assert read(writer, ["after"]) == ["after"]
        assert read(reader, ["unused"]) == ["after"]  # shared through Redis again
        assert any("answers again" in r.getMessage() for r in caplog.records)
    finally:
        if redis_server.process is not None:
            redis_server.process.send_signal(signal.SIGCONT)
        cache.use_backend(cache.MemoryBackend())
