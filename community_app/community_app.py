"""The Reflex app: every page of ``ui/pages`` in the shared frame, and the REST API.

Run with ``make run`` (production build on one port) — see the README.
"""

from __future__ import annotations

import logging

import reflex as rx

from community_app.api import create_api
from community_app.db import migrate
from community_app.i18n import compile_catalogs
from community_app.settings import get_settings
from community_app.ui.components.browser import loading_screen
from community_app.ui.i18n import t
from community_app.ui.pages import PAGES
from community_app.ui.styles import GLOBAL_STYLE

log = logging.getLogger(__name__)

# Fail fast: in production a missing secret stops the app here.
get_settings()
compile_catalogs()


def upgrade_database() -> None:
    """Lifespan task: bring the database to the newest migration before serving."""
    migrate()


app = rx.App(
    style=GLOBAL_STYLE,
    stylesheets=["/site.css"],
    head_components=[
        rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml"),
        rx.el.meta(name="theme-color", content="#1d4ed8"),
    ],
    html_lang="en",
    api_transformer=create_api(),
    hydrate_fallback=lambda: loading_screen(label=t("Loading a page")),
)
app.register_lifespan_task(upgrade_database)

for route in PAGES:
    app.add_page(
        route.component,
        route=route.path,
        title=route.title,
        on_load=route.on_load,
    )
