"""GET /api/v1/health while something the site needs is down (issue 40): 503 with what is
down, within the checks' short timeout, never an unhandled 500."""

from __future__ import annotations

import os
import socket
import time

import pytest

from community_app.api.deps import get_engine_for_api
from community_app.core.db import make_engine
from tests.api.servers import free_port
from tests.waiting import wait_until
from tests.object_store import object_store, s3_server  # noqa: F401  (fixtures)

REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()


def _health(client) -> tuple[int, dict, float]:
    started = time.monotonic()
    answer = client.get("/api/v1/health")
    return answer.status_code, answer.json(), time.monotonic() - started


@pytest.fixture
def silent_port():
    """A port that accepts connections (the kernel's backlog) and never answers a byte, as a
    server that hangs while it restarts."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield listener.getsockname()[1]


def test_everything_up_answers_200(client, monkeypatch):
    monkeypatch.delenv("REFLEX_REDIS_URL", raising=False)
    monkeypatch.delenv("COMMUNITY_STORAGE_URL", raising=False)
    status, body, _ = _health(client)
    assert (status, body) == (200, {"data": {"database": "up"}, "message": "OK", "status": 200})


def test_a_database_that_refuses_connections_answers_503(api, client, monkeypatch):
    monkeypatch.delenv("REFLEX_REDIS_URL", raising=False)
    monkeypatch.delenv("COMMUNITY_STORAGE_URL", raising=False)
    down = make_engine(f"postgresql+psycopg2://uzdev@127.0.0.1:{free_port()}/uzdev")
    api.dependency_overrides[get_engine_for_api] = lambda: down
    status, body, seconds = _health(client)
    assert status == 503, body
    assert body["data"] == {"database": "down"} and body["status"] == 503
    assert "database" in body["message"]
    assert seconds < 30  # bounded by the check's 2 s, not a client's wait without end (loose: a busy host)
    down.dispose()


def test_a_redis_that_refuses_connections_answers_503_naming_it(client, monkeypatch):
    monkeypatch.setenv("REFLEX_REDIS_URL", f"redis://127.0.0.1:{free_port()}/0")
    monkeypatch.delenv("COMMUNITY_STORAGE_URL", raising=False)
    status, body, _ = _health(client)
    assert status == 503, body
    assert body["data"] == {"database": "up", "redis": "down"}
    assert body["message"].endswith(": redis.")


def test_a_redis_that_never_answers_is_down_within_the_timeout(client, monkeypatch, silent_port):
    monkeypatch.setenv("REFLEX_REDIS_URL", f"redis://127.0.0.1:{silent_port}/0")
    monkeypatch.delenv("COMMUNITY_STORAGE_URL", raising=False)
    status, body, seconds = _health(client)
    assert status == 503 and body["data"]["redis"] == "down", body
    assert seconds < 30  # bounded by the check's 2 s, not a client's wait without end (loose: a busy host)


@pytest.mark.skipif(not REDIS_URL, reason="COMMUNITY_TEST_REDIS_URL is not set")
def test_a_redis_that_answers_is_up(client, monkeypatch):
    monkeypatch.setenv("REFLEX_REDIS_URL", REDIS_URL)
    monkeypatch.delenv("COMMUNITY_STORAGE_URL", raising=False)
    status, body, _ = _health(client)
    assert (status, body["data"]) == (200, {"database": "up", "redis": "up"})


def test_the_object_store_up_then_unreachable(client, monkeypatch, object_store):  # noqa: F811
    monkeypatch.delenv("REFLEX_REDIS_URL", raising=False)
    # The first check makes the store's client (a second of CPU on a loaded machine, past
    # the check's 2 s there): a load balancer asks again, and so does this test.
    status, body, _ = wait_until(lambda: (up := _health(client))[0] == 200 and up,
                                 what="the health check to see the store up")
    assert (status, body["data"]) == (200, {"database": "up", "storage": "up"})
    monkeypatch.setenv("COMMUNITY_STORAGE_URL", object_store.url.replace(
        object_store.endpoint, f"http://127.0.0.1:{free_port()}"))
    status, body, seconds = _health(client)
    assert status == 503 and body["data"] == {"database": "up", "storage": "down"}, body
    assert seconds < 30  # bounded by the check's 2 s, not a client's wait without end (loose: a busy host)
