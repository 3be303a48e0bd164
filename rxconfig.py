"""Reflex configuration. Every setting of the site itself is in community_app/settings.py."""

import os

import reflex as rx
from reflex.plugins.sitemap import SitemapPlugin

_port = int(os.environ.get("PORT", "3000"))

config = rx.Config(
    app_name="community_app",
    telemetry_enabled=False,
    # Production serves the built frontend, the websocket and /api/v1 on one port.
    frontend_port=_port,
    backend_port=_port,
    show_built_with_reflex=False,
    # Light theme only: the design has no dark variant.
    default_color_mode="light",
    plugins=[
        rx.plugins.RadixThemesPlugin(
            theme=rx.theme(accent_color="indigo", gray_color="slate", radius="large", appearance="light")
        ),
    ],
    disable_plugins=[SitemapPlugin],
)
