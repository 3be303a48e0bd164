"""The Reflex app: every page of ``ui/pages`` in the shared frame, and the REST API.

Run with ``make run`` (production build on one port) — see the README.
"""

from __future__ import annotations

import logging

import reflex as rx
from reflex.utils.prerequisites import get_states_dir

from community_app.api import create_api
from community_app.api.observability import RequestMetrics
from community_app.serving.page_heads import with_page_heads
from community_app.serving.security_headers import SecurityHeaders
from community_app import reflex_ext
from community_app.serving import drain, process_memory
from community_app.state.browser_copy import BrowserCopy
from community_app.core.db import migrate
from community_app.i18n import compile_catalogs
from community_app.core.logs import configure_logging
from community_app.serving.prebuilt import serve_prebuilt_client
from community_app.core.settings import get_settings, harden_var_dir
from community_app.ui.components.browser import loading_screen
from community_app.ui.first_paint import first_paint_script
from community_app.ui.i18n import t
from community_app.ui.pages import PAGES
from community_app.ui.styles import GLOBAL_STYLE
from community_app.serving.web import serve_pages

log = logging.getLogger(__name__)

# Fail fast: in production a missing secret stops the app here.
get_settings()
configure_logging()
# The database, outbox, uploads and Reflex's saved sessions (.states) readable by this user only.
harden_var_dir()
harden_var_dir(get_states_dir())
compile_catalogs()
# The site's extensions of Reflex (reflex_ext/, unless COMMUNITY_REFLEX_EXTENSIONS=off):
# a page's first event sends a lean snapshot and loads the page (one event per page
# opened); a burst of page loads is admitted a few events at a time. Stops the start on a
# framework version they were not written for.
EXTENSIONS = reflex_ext.install()
# A node started from a copied build serves it (COMMUNITY_PREBUILT=1, docs/operations.md).
serve_prebuilt_client()


def upgrade_database() -> None:
    """Lifespan task: bring the database to the newest migration before serving."""
    migrate()


app = rx.App(
    style=GLOBAL_STYLE,
    stylesheets=["/site.css"],
    head_components=[
        # Before anything is painted: the visitor's language and sign-in (ui/first_paint.py).
        first_paint_script(),
        rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml"),
        rx.el.meta(name="theme-color", content="#1d4ed8"),
    ],
    html_lang="en",
    # The REST API around Reflex's backend; caching headers and slash-free page addresses
    # (serving/web.py); each public page's head (title, description, Open Graph, JSON-LD:
    # serving/page_heads.py: a feature, so with the extensions on and off); security
    # headers and request counts on every answer.
    api_transformer=[
        create_api(), serve_pages, with_page_heads, SecurityHeaders,
        RequestMetrics,
    ],
    hydrate_fallback=lambda: loading_screen(label=t("Loading a page")),
)
# Reflex's connection overlay (an English toast and icon) gives way to the site's notice in
# every page's frame: translated, at the bottom of the window, also when the server is
# connected but does not answer (ui/components/connection.py, issue 40).
app.app_wraps[(5, "Overlay")] = lambda stateful: None
# An event meeting a session state that lost the browser's storage (Redis emptied) first
# gets it back from the browser, so an open tab keeps its member (state/browser_copy.py).
app.add_middleware(BrowserCopy())
app.register_lifespan_task(upgrade_database)
# Each worker: the garbage collector leaves the app's own objects alone, and the memory of
# expired sessions goes back to the system (process_memory.py).
app.register_lifespan_task(process_memory.freeze_startup_objects)
app.register_lifespan_task(process_memory.release_freed_memory)
# A stopped worker lets the events in flight finish before it exits (serving/drain.py).
app.register_lifespan_task(drain.finish_events_in_flight)


async def run_scheduler() -> None:
    """Lifespan task: retention, account deletions and data exports (services/scheduler.py;
    each run is claimed in the database, so several workers do it once). The tasks are the
    ones services/scheduled_tasks.py lists."""
    from community_app.services import scheduled_tasks
    from community_app.core.settings import scheduler_interval_seconds

    if interval := scheduler_interval_seconds():
        await scheduled_tasks.run_forever(interval)


app.register_lifespan_task(run_scheduler)

for route in PAGES:
    app.add_page(
        route.component,
        route=route.path,
        title=route.title,
        on_load=route.on_load,
    )
