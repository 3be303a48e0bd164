"""The REST API under /api/v1, documented at /api/v1/docs.

One router per area lives in ``community_app/api/routes/``; they call the same services
as the Reflex states. ``create_api()`` builds the FastAPI app that ``community_app.py``
mounts through ``rx.App(api_transformer=...)``.
"""

from __future__ import annotations

from fastapi import FastAPI

from community_app.api.errors import install_error_handlers
from community_app.api.limits import BodySizeLimit
from community_app.api.not_found import UnknownApiAddress
from community_app.api.observability import router as metrics_router
from community_app.api.openapi import document_error_answers
from community_app.api.response_cache import PublicResponseCache
from community_app.api.routes import ROUTERS
from community_app.api.routes.sharing import router as sharing_router
from community_app.core.settings import get_settings
from community_app.services import session_hooks

API_PREFIX = "/api/v1"
REFLEX_UPLOAD_PATH = "/_upload"


def create_api() -> FastAPI:
    # The server's start (the app module calls this; so does an API-only server): what
    # every database session does around its writes (the cache's expiry, the search index,
    # the attendee-list consent) is installed here, once, never by importing a module.
    session_hooks.install()
    docs = get_settings().api_docs  # off in production unless COMMUNITY_API_DOCS=1
    api = FastAPI(
        title="UzDev Korea API",
        version="1.0.0",
        description=(
            "The community site's REST contract. Every answer is an envelope "
            '`{"data", "message", "status"}`; lists are Spring-style pages (first page 0).'
        ),
        docs_url=f"{API_PREFIX}/docs" if docs else None,
        redoc_url=None,
        openapi_url=f"{API_PREFIX}/openapi.json" if docs else None,
    )
    install_error_handlers(api)
    # Innermost of the middlewares: cached answers get every header added outside it.
    api.add_middleware(PublicResponseCache, prefix=f"{API_PREFIX}/public")
    api.add_middleware(BodySizeLimit, prefix=API_PREFIX)
    # Reflex's own upload endpoint (the speaker photo): the same 6 MB cap on its bodies.
    api.add_middleware(BodySizeLimit, prefix=REFLEX_UPLOAD_PATH)
    for router in ROUTERS:
        api.include_router(router, prefix=API_PREFIX)
    # Last of the API's routes: any other address under the prefix is a JSON 404 (or 405)
    # of the API, never the site's HTML page mounted behind it (api/not_found.py).
    api.router.routes.append(UnknownApiAddress(API_PREFIX, api.router))
    api.include_router(metrics_router)  # /metrics, for Prometheus
    api.include_router(sharing_router)  # /robots.txt, /sitemap.xml, /feeds/*.atom
    document_error_answers(api)
    return api
