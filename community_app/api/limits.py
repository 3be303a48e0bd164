"""Refuse request bodies over the size limit before anything reads them.

API requests may carry at most 64 KB (JSON and other bodies) or 6 MB (multipart forms
with a 5 MB photo). A declared Content-Length over the limit is answered 413 at once; a
body without one (chunked) is read only up to the limit. Only paths under the API prefix
are concerned: the Reflex app mounted beside the API keeps its own rules.
"""

from __future__ import annotations

import json

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from community_app.i18n import N_, gettext, normalize_language

JSON_BODY_LIMIT = 64 * 1024
MULTIPART_BODY_LIMIT = 6 * 1024 * 1024

TOO_LARGE = N_("Request is too large.")


class BodySizeLimit:
    """Pure ASGI middleware (no buffering of bodies within the limit)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        prefix: str,
        json_limit: int = JSON_BODY_LIMIT,
        multipart_limit: int = MULTIPART_BODY_LIMIT,
    ) -> None:
        self.app = app
        self.prefix = prefix
        self.json_limit = json_limit
        self.multipart_limit = multipart_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        multipart = headers.get("content-type", "").lower().startswith("multipart/form-data")
        limit = self.multipart_limit if multipart else self.json_limit
        declared = headers.get("content-length")
        if declared is not None:
            value = declared.strip()  # ASCII digits only: int() refuses "²", a digit to isdigit()
            if not (value.isascii() and value.isdigit()) or int(value) > limit:
                await self._too_large(headers, send)
                return
            await self.app(scope, receive, send)
            return
        if "transfer-encoding" not in headers:
            await self.app(scope, receive, send)  # no body
            return
        # A streamed body of unknown length: read it up to the limit, then replay it.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._too_large(headers, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    async def _too_large(headers: Headers, send: Send) -> None:
        status = 413
        message = gettext(TOO_LARGE, normalize_language(headers.get("accept-language", "")))
        payload = json.dumps({"data": None, "message": message, "status": status}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})
