"""The public answers' cache under a burst: when an entry is missing, the requests that
arrive together share one computation (no stampede on expiry), and a request that comes
after a write never gets the answer of a computation started before it."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from community_app.api.response_cache import PublicResponseCache
from community_app.services import cache


class SlowApp:
    """An inner app that answers the current 'seat count' after a pause, counting calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.seats = 10
        self.started = asyncio.Event()

    async def __call__(self, scope, receive, send):
        self.calls += 1
        seats = self.seats  # what the database holds when the read starts
        self.started.set()
        await asyncio.sleep(0.2)  # a slow read: other requests arrive while it runs
        body = json.dumps({"seats": seats}).encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})


@pytest.fixture
def fresh_cache():
    cache.use_backend(cache.MemoryBackend())
    yield
    cache.use_backend(None)


def _client(app: SlowApp) -> httpx.AsyncClient:
    wrapped = PublicResponseCache(app, prefix="/api/v1/public")
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=wrapped), base_url="http://t")


def test_a_burst_on_a_missing_entry_reads_once(fresh_cache):
    app = SlowApp()

    async def burst():
        async with _client(app) as client:
            return await asyncio.gather(
                *(client.get("/api/v1/public/meetups/1/details") for _ in range(32)))

    answers = asyncio.run(burst())
    assert app.calls == 1
    assert {a.status_code for a in answers} == {200}
    assert {a.json()["seats"] for a in answers} == {10}
    assert len({a.headers["etag"] for a in answers}) == 1


def test_a_request_after_a_write_does_not_join_an_older_read(fresh_cache):
    app = SlowApp()

    async def scenario():
        async with _client(app) as client:
            before = asyncio.create_task(client.get("/api/v1/public/meetups/1/details"))
            await app.started.wait()  # the first read has begun with 10 seats
            app.seats = 9
            cache.expire_topics(cache.MEETUPS_TOPIC)  # what a committed registration does
            after = await client.get("/api/v1/public/meetups/1/details")
            return await before, after

    before, after = asyncio.run(scenario())
    assert before.json()["seats"] == 10
    assert after.json()["seats"] == 9
    assert app.calls == 2
