"""Reading an inner ASGI app's whole answer (its start message and body), for the wrappers
that answer with something made from it (``response_cache.py``, ``reflex_ext/page_heads.py``)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


async def capture_response(app: ASGIApp, scope: Scope, receive: Receive,
                           others: Send | None = None) -> tuple[Message | None, bytes]:
    """(the ``http.response.start`` message or None, the joined body) of ``app``'s answer
    to ``scope``; any other message goes to ``others`` (dropped without one)."""
    start: Message | None = None
    chunks: list[bytes] = []

    async def capture(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            start = message
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
        elif others is not None:
            await others(message)

    await app(scope, receive, capture)
    return start, b"".join(chunks)
