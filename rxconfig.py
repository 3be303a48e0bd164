"""Reflex configuration. Every setting of the site itself is in community_app/core/settings.py."""

import ipaddress
import logging
import os

import reflex as rx
from reflex.plugins.sitemap import SitemapPlugin

from community_app import reflex_ext
from community_app.serving.process_memory import SERVER_ALLOCATOR_CONF, SERVER_ALLOCATOR_ENV
from community_app.core.settings import (
    backend_workers, cors_origins, redis_connections, session_expiry_seconds, trusted_proxy_hops,
)

_port = int(os.environ.get("PORT", "3000"))


def bind_address() -> str:
    """The address the server listens on (``COMMUNITY_BIND_ADDRESS``). In production the
    loopback by default: a node takes requests only through the proxy, which is the one hop
    whose ``X-Forwarded-For`` the site trusts (``COMMUNITY_TRUSTED_PROXY_HOPS``); a client
    that reached a node's port directly could write that header itself and pass any limit
    counted per address. A proxy on another machine: the node's private address, its port
    closed to everything but the proxy (docs/operations.md). In development every interface
    (Reflex's default), to try the site from a phone on the same network."""
    given = os.environ.get("COMMUNITY_BIND_ADDRESS", "").strip()
    production = os.environ.get("COMMUNITY_ENV", "").strip().lower() == "production"
    if not given:
        return "127.0.0.1" if production else "0.0.0.0"
    try:
        address = ipaddress.ip_address(given)
    except ValueError:
        return given  # a host name: the operator's choice
    if production and not (address.is_loopback or address.is_private) or address.is_unspecified:
        logging.getLogger("rxconfig").warning(
            "COMMUNITY_BIND_ADDRESS=%s: the node's port is open beyond a private network; "
            "close it to everything but the proxy (it trusts the proxy's X-Forwarded-For)", given)
    return given

# Worker processes of the production server (granian reads GRANIAN_WORKERS): COMMUNITY_WORKERS,
# by default the cores with Redis and 1 without.
os.environ.setdefault("GRANIAN_WORKERS", str(backend_workers()))
# Reflex's Redis client: a blocking pool of COMMUNITY_REDIS_CONNECTIONS per worker, not one
# connection more per concurrent call, kept for good (settings.redis_connections).
os.environ.setdefault("REFLEX_REDIS_MAX_CONNECTIONS", str(redis_connections()))
# The server's own allocator hands freed connection buffers back to the system instead of
# keeping a burst's worth for good (process_memory.py).
os.environ.setdefault(SERVER_ALLOCATOR_ENV, SERVER_ALLOCATOR_CONF)

config = rx.Config(
    app_name="community_app",
    telemetry_enabled=False,
    # Production serves the built frontend, the websocket and /api/v1 on one port. A node
    # started from a copied build (COMMUNITY_PREBUILT=1 with --backend-only) serves it from
    # its backend: Reflex refuses a frontend port there (reflex_ext/identical_build.py).
    **({} if os.environ.get("COMMUNITY_PREBUILT", "").strip() == "1" else {"frontend_port": _port}),
    backend_port=_port,
    # Loopback in production unless COMMUNITY_BIND_ADDRESS says otherwise (bind_address above).
    backend_host=bind_address(),
    show_built_with_reflex=False,
    # The API and the websocket answer these origins only (COMMUNITY_CORS_ORIGINS adds
    # more, e.g. the KO'DJ client's); never '*' with credentials.
    cors_allowed_origins=list(cors_origins()),
    # Behind a TLS proxy: the site's handlers see the client's address, not the proxy's.
    trusted_proxy_hops=trusted_proxy_hops(),
    # Session state of a closed tab is dropped this long after its last event (every state
    # manager reads it, not only Redis's).
    redis_token_expiration=session_expiry_seconds(),
    # Without Redis, sessions live in the one process's memory (not also written to
    # .states/ on every event): they expire anyway, and members' tokens are in the browser.
    **({} if os.environ.get("REFLEX_REDIS_URL", "").strip() else {"state_manager_mode": "memory"}),
    # Light theme only: the design has no dark variant.
    default_color_mode="light",
    # Radix Themes; with the Reflex extensions on (COMMUNITY_REFLEX_EXTENSIONS, default on)
    # only the colour palettes the site uses, and after the build: the Radix CSS no
    # component uses dropped, pages hydrating after their HTML is painted (reflex_ext/).
    plugins=reflex_ext.build_plugins(
        rx.theme(accent_color="indigo", gray_color="slate", radius="large", appearance="light")
    ),
    disable_plugins=[SitemapPlugin],
    # Brotli and gzip copies of every built file, made once at build time and picked by
    # Accept-Encoding (brotli first): no compression work per request.
    frontend_compression_formats=["brotli", "gzip"],
    # The site has no dynamic (browser-evaluated) components: do not import every Radix
    # Themes component into the root of every page for them.
    frontend_lazy_bundled_libraries=True,
)
