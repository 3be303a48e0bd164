"""Reading an inner ASGI app's whole answer (its start message and body), for the wrappers
that answer with something made from it (``response_cache.py``, ``serving/page_heads.py``).

The wrapper sends the answer itself afterwards (its start, then one body), so the inner app
must give its body as bytes: the scope it gets offers none of the response extensions that
send a body some other way (``http.response.pathsend``: "send this file";
``http.response.zerocopysend``: "send from this descriptor"; ``http.response.trailers``),
and an app that sends a file anyway has it read into the body. (The site's 404 page is a
file: sent as pathsend to a wrapper that forwarded it before its own start, the server
answered 500 "Response not started", issue 39.)
"""

from __future__ import annotations

import os
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Response extensions a server may offer that send a body other than as bytes.
BODY_ELSEWHERE = ("http.response.pathsend", "http.response.zerocopysend",
                  "http.response.trailers")


def body_only(scope: Scope) -> Scope:
    """``scope`` without the response extensions that send a body other than as bytes."""
    extensions = scope.get("extensions") or {}
    if not any(name in extensions for name in BODY_ELSEWHERE):
        return scope
    kept = {k: v for k, v in extensions.items() if k not in BODY_ELSEWHERE}
    return {**scope, "extensions": kept}


def _read_path(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def _read_descriptor(file: Any, offset: int | None, count: int | None) -> bytes:
    fd = file if isinstance(file, int) else file.fileno()
    if offset is None:
        offset = os.lseek(fd, 0, os.SEEK_CUR)
    if count is None:
        count = os.fstat(fd).st_size - offset
    chunks, read = [], 0
    while read < count:
        chunk = os.pread(fd, count - read, offset + read)
        if not chunk:
            break
        chunks.append(chunk)
        read += len(chunk)
    return b"".join(chunks)


async def capture_response(app: ASGIApp, scope: Scope, receive: Receive,
                           others: Send | None = None) -> tuple[Message | None, bytes]:
    """(the ``http.response.start`` message or None, the joined body) of ``app``'s answer
    to ``scope``; a file sent as pathsend or zerocopysend is read into the body; trailers
    are dropped (not offered); any other message (an early hint, a test client's debug
    message) goes to ``others`` (dropped without one)."""
    start: Message | None = None
    chunks: list[bytes] = []

    async def capture(message: Message) -> None:
        nonlocal start
        kind = message["type"]
        if kind == "http.response.start":
            start = {**message, "trailers": False}
        elif kind == "http.response.body":
            chunks.append(message.get("body", b""))
        elif kind == "http.response.pathsend":
            chunks.append(await anyio.to_thread.run_sync(_read_path, message["path"]))
        elif kind == "http.response.zerocopysend":
            chunks.append(await anyio.to_thread.run_sync(
                _read_descriptor, message["file"], message.get("offset"), message.get("count")))
        elif kind == "http.response.trailers":
            return
        elif others is not None:
            await others(message)

    await app(body_only(scope), receive, capture)
    return start, b"".join(chunks)
