"""How the production server answers for the built pages and assets (one ASGI wrapper,
added in ``community_app.py`` with ``rx.App(api_transformer=[api, serve_pages])``).

Reflex serves ``.web/build/client`` with Starlette's static files (precompressed brotli and
gzip side files, picked by ``Accept-Encoding``: see ``frontend_compression_formats`` in
rxconfig.py). This wrapper adds what that server does not do:

- **Caching.** Vite's content-hashed files (``/assets/<name>-<hash>.<ext>``) never change
  under their name: ``Cache-Control: public, max-age=31536000, immutable``; the stylesheets
  among them are rewritten by the build's CSS purge after they were named, so they are
  revalidated. Everything else of the site (HTML, unhashed files like ``/site.css``) is
  ``no-cache``: the browser
  revalidates (ETag / Last-Modified) and gets a 304 when nothing changed. Responses that
  already carry a ``Cache-Control`` (the REST API, uploads) are left alone.
- **No redirect for a page address.** Starlette answers ``/news`` with 307 → ``/news/``
  because the page is prerendered as ``news/index.html``; every link of the site is
  written without the slash. A request for ``/<page>`` whose ``<page>/index.html`` exists
  is served that file directly (same page, same address, one round trip less).
- **HTML for pages with an id in their address.** ``/news/12`` is served the prerendered
  shell of its route (``/news/_/index.html``, see ``reflex_ext/first_paint_build.py``): the frame and the
  page's loading placeholder, painted before the JavaScript; the browser hydrates the
  route for the real address and the data comes over the websocket as before.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from community_app.serving.security_headers import build_fingerprint
from community_app.core.shells import shell_for

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# Vite names every emitted file <name>-<8-character hash>.<ext> under /assets/.
_HASHED_ASSET = re.compile(r"^/assets/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$")
# The stylesheets, which the build's purge rewrites after Vite named them by their content
# (reflex_ext/first_paint_build.py keeps only the Radix rules the build's code uses: a build
# whose code needs one more keeps the name while the file grows). Revalidated like the
# HTML, so a returning browser never keeps an older sheet under the same name; a 304 when
# nothing changed. Not renamed instead: the name is also in the JavaScript that renders
# the page's head, and a page whose HTML and script disagree fails to hydrate.
_REWRITTEN = re.compile(r"^/assets/[^/]+\.css$")
# Paths that are not the built site: Reflex's backend, the REST API, uploaded files.
_NOT_SITE = ("/api/", "/_event", "/_upload", "/_health", "/ping", "/_reflex", "/uploaded_files")


@lru_cache(maxsize=1)
def _static_dir() -> Path:
    """The built site's folder (the same one Reflex's frontend mount serves)."""
    from reflex.utils import prerequisites
    from reflex_base import constants
    from reflex_base.config import get_config

    frontend_path = get_config().frontend_path.strip("/")
    return (prerequisites.get_web_dir() / constants.Dirs.STATIC / frontend_path).resolve()


_INDEX: dict[str, bool] = {}
_INDEX_OF: list[tuple] = [()]  # the build the answers in _INDEX are for


def _has_index(path: str) -> bool:
    """Whether ``/<path>/index.html`` is a built page (remembered until the build being
    served changes: a rebuild or a new deploy, ``security_headers.build_fingerprint``)."""
    relative = path.strip("/")
    if not relative or ".." in relative.split("/"):
        return False
    fingerprint = build_fingerprint(_static_dir())
    if fingerprint != _INDEX_OF[0] or len(_INDEX) > 4096:
        _INDEX.clear()
        _INDEX_OF[0] = fingerprint
    found = _INDEX.get(relative)
    if found is None:
        found = _INDEX[relative] = (_static_dir() / relative / "index.html").is_file()
    return found


def cache_control_for(path: str) -> str:
    return IMMUTABLE if _HASHED_ASSET.match(path) and not _REWRITTEN.match(path) else REVALIDATE


def served_path(path: str) -> str:
    """The path of the built file that answers a GET of ``path``: ``/<page>/`` for a
    prerendered page, its route's shell for a page with an id, else ``path`` itself."""
    if not path.endswith("/") and "." not in path.rsplit("/", 1)[-1] and _has_index(path):
        return path + "/"
    if (shell := shell_for(path)) and not _has_index(path) and _has_index(shell):
        return shell + "/"
    return path


def build_marks() -> tuple:
    """What changes when the build being served is replaced (``build_fingerprint``)."""
    return build_fingerprint(_static_dir())


def serve_pages(app: ASGIApp) -> ASGIApp:
    """Wrap the whole server (an ``api_transformer`` step)."""

    async def wrapper(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith(_NOT_SITE):
            await app(scope, receive, send)
            return
        served = served_path(path)
        if served != path:
            scope = {**scope, "path": served, "raw_path": served.encode()}
        cache_control = cache_control_for(path)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                headers = MutableHeaders(scope=message)
                if "cache-control" not in headers:
                    headers["Cache-Control"] = cache_control
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapper
