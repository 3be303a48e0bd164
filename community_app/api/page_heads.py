"""The address a request came to, as the site names itself in links it writes (page heads,
share cards)."""

from __future__ import annotations

import re

from starlette.datastructures import Headers
from starlette.types import Scope

from community_app.services import seo
from community_app.settings import trusted_proxy_hops

_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")


def request_base(scope: Scope, headers: Headers) -> str:
    """``scheme://host`` the request came to (a proxy's ``X-Forwarded-Proto`` counts when
    ``COMMUNITY_TRUSTED_PROXY_HOPS`` says there is one); ``COMMUNITY_PUBLIC_URL`` wins."""
    scheme = scope.get("scheme", "http")
    if trusted_proxy_hops() and headers.get("x-forwarded-proto") in ("http", "https"):
        scheme = headers["x-forwarded-proto"]
    host = headers.get("host", "")
    if not _HOST.match(host):
        server = scope.get("server") or ("localhost", 80)
        host = f"{server[0]}:{server[1]}"
    return seo.public_base(f"{scheme}://{host}")
