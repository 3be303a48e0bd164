"""Request counting and access logs (ASGI middleware), and the ``/metrics`` endpoint."""

from __future__ import annotations

from community_app.api.routing import Router

import ipaddress
import logging
import os
import time

from fastapi import Request, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from community_app.core import metrics
from community_app.core.signing import same_secret

access_log = logging.getLogger("community_app.access")


class RequestMetrics:
    """Counts every HTTP answer (method, status class) and websocket connection, and logs
    one access line per HTTP request (method, path, status, milliseconds)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            metrics.inc("uzdev_websocket_connections")
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def counting_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, counting_send)
        finally:
            metrics.inc("uzdev_http_requests", method=scope["method"], status=f"{status // 100}xx")
            if access_log.isEnabledFor(logging.INFO):
                access_log.info(
                    "%s %s %s", scope["method"], scope["path"], status,
                    extra={"method": scope["method"], "path": scope["path"], "status": status,
                           "ms": round((time.perf_counter() - started) * 1000, 1)},
                )


router = Router(include_in_schema=False)


def _may_read_metrics(request: Request) -> bool:
    token = os.environ.get("COMMUNITY_METRICS_TOKEN", "").strip()
    given = request.headers.get("authorization", "")
    if token and same_secret(given, f"Bearer {token}"):
        return True
    try:
        return ipaddress.ip_address(request.client.host if request.client else "").is_loopback
    except ValueError:
        return False


@router.get("/metrics")
def read_metrics(request: Request) -> Response:
    """Prometheus text format; the machine itself or a bearer of COMMUNITY_METRICS_TOKEN."""
    if not _may_read_metrics(request):
        return Response(status_code=404)
    return Response(metrics.render(), media_type="text/plain; version=0.0.4; charset=utf-8")
