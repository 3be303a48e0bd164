"""The public API's fast path: encoded answers of the public lists and details, cached.

A pure ASGI middleware in front of ``GET /api/v1/public/...`` (news, meetups, job posts,
statistics). It does not know the route handlers: it keeps the bytes they answered, keyed by
path, query and language (``Accept-Language``), under the cache topic the path reads
(``services.cache``), and answers the next identical request from them. Every answer carries
an ``ETag``; a client that sends it back in ``If-None-Match`` gets ``304 Not Modified``.

Freshness: a commit that writes a table a topic reads moves the topic's generation on
(services/cache.py), so the next request reads the database again, in every worker when
Redis is configured; values otherwise live ``TTL_SECONDS`` for what changes with time alone.

No stampede: when an entry is missing (first request, a write, the TTL running out) and
many requests for it arrive at once, one of them reads the database and the others of the
same worker wait for its answer (``_flights``: one in-flight computation per key and
generation, so a request that comes after a write never joins a computation started
before it). Without this, 32 connections hitting a meetup's details as its entry expired
made 32 reads at once, and a p99 of ~100 ms.

Never shared between people: a request with an ``Authorization`` header (the API's only
way to say who asks) is passed through untouched, because a route may answer a member
differently; only ``200``
answers without ``Set-Cookie`` or ``Cache-Control: private/no-store`` are kept.
"""

from __future__ import annotations

import asyncio
import hashlib

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from community_app.core.asgi_capture import capture_response
from community_app.i18n import normalize_language
from community_app.services import cache

TTL_SECONDS = 60

# Path (under the public prefix) -> the topic its answers are read from. Paths not listed
# are never cached.
PATH_TOPICS = (
    ("/news", cache.NEWS_TOPIC),
    ("/meetups", cache.MEETUPS_TOPIC),
    ("/job-posts", cache.JOBS_TOPIC),
    ("/statistics", cache.STATISTICS_TOPIC),
)

_SKIPPED_HEADERS = {b"content-length", b"date", b"server", b"etag", b"cache-control", b"vary"}
_VARY = b"Accept-Language, Authorization"
_REVALIDATE = b"no-cache"


def topic_of(path: str, prefix: str) -> str | None:
    rest = path[len(prefix) :]
    for start, topic in PATH_TOPICS:
        if rest == start or rest.startswith(start + "/"):
            return topic
    return None


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == etag:
            return True
    return False


def _encode(etag: str, headers: list[tuple[bytes, bytes]], body: bytes) -> bytes:
    head = b"\r\n".join(name + b": " + value for name, value in headers)
    return etag.encode() + b"\n" + head + b"\n\n" + body


def _decode(raw: bytes) -> tuple[str, list[tuple[bytes, bytes]], bytes]:
    etag, rest = raw.split(b"\n", 1)
    head, body = rest.split(b"\n\n", 1)
    headers = []
    for line in head.split(b"\r\n") if head else []:
        name, value = line.split(b": ", 1)
        headers.append((name, value))
    return etag.decode(), headers, body


# What a computation hands to the requests that waited for it: (etag, headers, body) of a
# cacheable answer, or None when the answer was not cacheable (each waiter then asks on).
_Shared = tuple[str, list[tuple[bytes, bytes]], bytes] | None


class PublicResponseCache:
    def __init__(self, app: ASGIApp, *, prefix: str, ttl: float = TTL_SECONDS) -> None:
        self.app = app
        self.prefix = prefix.rstrip("/")
        self.ttl = ttl
        # (key, generation) -> the answer being computed now, in this worker.
        self._flights: dict[tuple[str, int], asyncio.Future[_Shared]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "GET"
            or not scope["path"].startswith(self.prefix + "/")
        ):
            await self.app(scope, receive, send)
            return
        topic = topic_of(scope["path"], self.prefix)
        headers = Headers(scope=scope)
        if topic is None or "authorization" in headers:
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        language = normalize_language(headers.get("accept-language", ""))
        key = hashlib.sha256(f"{scope['path']}?{query}|{language}".encode()).hexdigest()
        generation, raw = await cache.get_bytes(topic, key)
        if generation is None:  # the cache is unavailable: answer without it
            await self.app(scope, receive, send)
            return
        if raw is not None:
            etag, stored_headers, body = _decode(raw)
            await self._answer(send, headers, etag, 200, stored_headers, body)
            return

        flight = (key, generation)
        if (waiting := self._flights.get(flight)) is not None:
            if (shared := await asyncio.shield(waiting)) is not None:
                etag, stored_headers, body = shared
                await self._answer(send, headers, etag, 200, stored_headers, body)
                return
            await self.app(scope, receive, send)
            return
        future: asyncio.Future[_Shared] = asyncio.get_running_loop().create_future()
        self._flights[flight] = future
        shared: _Shared = None
        try:
            start, body = await capture_response(self.app, scope, receive, send)
            assert start is not None
            kept = [(n.lower(), v) for n, v in start.get("headers", [])]
            etag = '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'
            control = dict(kept).get(b"cache-control", b"").lower()
            if (
                start["status"] == 200
                and b"set-cookie" not in dict(kept)
                and b"private" not in control
                and b"no-store" not in control
            ):
                stored = [(n, v) for n, v in kept if n not in _SKIPPED_HEADERS]
                cache.set_bytes(topic, generation, key, _encode(etag, stored, body), self.ttl)
                shared = (etag, stored, body)
        finally:
            del self._flights[flight]
            future.set_result(shared)
        if shared is not None:
            await self._answer(send, headers, etag, 200, stored, body)
            return
        await send(start)
        await send({"type": "http.response.body", "body": body})

    @staticmethod
    async def _answer(
        send: Send,
        request_headers: Headers,
        etag: str,
        status: int,
        headers: list[tuple[bytes, bytes]],
        body: bytes,
    ) -> None:
        common = [
            (b"etag", etag.encode()),
            (b"cache-control", _REVALIDATE),
            (b"vary", _VARY),
        ]
        if etag_matches(request_headers.get("if-none-match"), etag):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        out = [*headers, *common, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": out})
        await send({"type": "http.response.body", "body": body})
