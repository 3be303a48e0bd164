"""The head of every public page, put into the HTML the server sends (an ASGI wrapper added
in ``community_app.py`` right outside ``serving/web.serve_pages``, with the extensions on
and off: it is a feature, uses no private name, and only reads Reflex's output).

Crawlers and link previewers do not run JavaScript: the title, meta description, canonical
address, Open Graph / Twitter cards and JSON-LD of ``services/seo.py`` must be in the HTML.
For a page ``seo.page_head`` knows (the public pages and the item pages), this wrapper asks
the site for the page's plain HTML (the prerendered file or shell ``serve_pages`` picks,
without ``Accept-Encoding`` and without the conditional headers, so never the precompressed
copy nor a 304), puts the head in (and an item's title into its prerendered placeholder's
empty title heading, ``fill_title_slot``: the page's largest text painted with the HTML,
not after the websocket's data), and answers itself:

- ``ETag``: a hash of the HTML it sends (page file + head), so ``If-None-Match`` still gets
  a 304 when nothing changed, and a changed item (new title) gets a new ETag at once;
- brotli (quality 5), else gzip (level 5), as the client accepts: about 1-2 ms for a 27 KB
  page, on a thread (the brotli copies made at build time cannot hold a per-item head);
- ``Vary: Accept-Encoding, Accept-Language, Cookie`` (the head follows the language);
- the ``Cache-Control`` ``serve_pages`` set (``no-cache``: revalidate) is kept;
- the head's status: 404 (the page, showing its not-found screen once it loads, and never a
  304) for a member page that is not on.

The head is computed on a thread (it reads the shared cache, the database on a miss).
Everything else (assets, the API, unknown pages, other methods) passes through untouched.

Replaces: Reflex's ``<title>``, description and ``og:image`` tags in its prerendered HTML
(``inject_head``: regular expressions written for the HTML of Reflex 0.10.1 / React Router
8.4) and ``<html lang>``; no private name. Reflex's public way, ``add_page(title=...,
description=..., meta=...)``, is one head per route, fixed at build time: not enough for
per-item share cards, so this stays on with ``COMMUNITY_REFLEX_EXTENSIONS=off`` too.

Gain: a feature (per-item titles, descriptions, share cards, JSON-LD for crawlers that run
no JavaScript; Lighthouse SEO 1.00; a job post's title painted with the HTML: its LCP 3.1 ->
1.2 s), not a speed-up; its cost is 1-2 ms per page on a thread (brotli/gzip of the page),
once per worker for one page file and head (remembered: ``_finished``). The plain page
file is read from the site once per worker, page and build (``_plain_page``): 1,000 first
visits of ``/`` behind nginx took 21 CPU-seconds of the app before, 18 after.

On a Reflex upgrade: check that a built page still has one ``<title>`` and the
``<meta content=... name="description"/>`` form ``_REPLACED`` matches (tests/unit/test_seo.py,
and tests/e2e/test_sharing.py on the real build).
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import hashlib
import html
import logging
import re

import brotli
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from community_app.core.asgi_capture import capture_response
from community_app.core.db import session_scope
from community_app.i18n import LANGUAGES
from community_app.serving import web
from community_app.services import seo

log = logging.getLogger(__name__)

# What Reflex writes into every prerendered page and the head above replaces.
_REPLACED = re.compile(
    r'<title>[^<]*</title>|<meta content="[^"]*" property="og:image"/>'
    r'|<meta content="[^"]*" name="description"/>'
)
_CHARSET = re.compile(r'<meta charset="utf-8"\s*/?>', re.I)
_HEAD = re.compile(r"<head[^>]*>", re.I)


_HTML_LANG = re.compile(r'(<html\b[^>]*?\blang=")[a-z]+(")', re.I)


def with_html_lang(document: str, lang: str) -> str:
    """``document`` with ``<html lang>`` in the head's language (the build says "en")."""
    return _HTML_LANG.sub(rf"\g<1>{lang}\g<2>", document, count=1) if lang in LANGUAGES else document


def inject_head(document: str, tags: tuple[str, str]) -> str:
    """``document`` with Reflex's title, description and og:image replaced by ``tags``:
    the first part early in the head (after the charset), the scripts at its end. React
    hydrates the head's own inline script onto the first <script> it meets, so a JSON-LD
    script before it would be taken for it (a hydration error): after it, it is skipped."""
    head_end = document.find("</head>")
    if head_end < 0:
        return document
    head = _REPLACED.sub("", document[:head_end])
    # After the charset (it must stay in the first 1024 bytes), else right after <head>.
    anchor = _CHARSET.search(head) or _HEAD.search(head)
    at = anchor.end() if anchor else len(head)
    early, late = tags
    return head[:at] + early + head[at:] + late + document[head_end:]

# The attribute of the empty heading in an item page's prerendered placeholder that this
# module fills with the item's title (ui/components/page_skeletons.title_slot draws it).
TITLE_SLOT_ATTRIBUTE = "data-title-slot"
_TITLE_SLOT = re.compile(r'(<h[1-6]\b[^>]*\s%s=""[^>]*>)(</h[1-6]>)' % TITLE_SLOT_ATTRIBUTE)


def fill_title_slot(document: str, title: str) -> str:
    """``document`` with ``title`` (escaped) in its placeholder's empty title heading, if it
    has one: an item page's title is painted with the HTML, before any JavaScript (and read
    by crawlers that run none)."""
    if not title:
        return document
    return _TITLE_SLOT.sub(lambda m: m[1] + html.escape(title, quote=False) + m[2], document,
                           count=1)


_NOT_PAGES = ("/api/", "/_", "/ping", "/uploaded_files", "/assets/", "/feeds/")
_DROPPED_REQUEST_HEADERS = {b"accept-encoding", b"if-none-match", b"if-modified-since",
                            b"range", b"if-range"}
_KEPT_RESPONSE_HEADERS = {"cache-control"}
# About 1-2 ms each for a 27 KB page; brotli's 5 is within 1 % of its 9, at a thirtieth of the time.
GZIP_LEVEL = 5
BROTLI_QUALITY = 5


def _is_page(scope: Scope) -> bool:
    if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
        return False
    path: str = scope["path"]
    return not path.startswith(_NOT_PAGES) and "." not in path.rsplit("/", 1)[-1]


def with_page_heads(app: ASGIApp) -> ASGIApp:
    """Wrap the site (an ``api_transformer`` step, outside ``serve_pages``)."""
    remembered: Remembered = {}  # the site's plain pages (_plain_page)

    async def wrapper(scope: Scope, receive: Receive, send: Send) -> None:
        if not _is_page(scope) or not seo.has_head(scope["path"]):
            await app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        lang = seo.head_language(headers.get("cookie", ""), headers.get("accept-language", ""))
        try:
            head = await asyncio.to_thread(_page_head, scope["path"], lang,
                                           seo.public_base())
        except Exception:  # a page without its head is better than no page
            log.exception("page head of %s", scope["path"])
            head = None
        if head is None:
            await app(scope, receive, send)
            return
        start, body = await _plain_page(app, scope, receive, remembered)
        if start is None:
            return
        if not body:  # nothing to put a head into: let the site answer as it would
            await app(scope, receive, send)
            return
        answer = Headers(raw=start["headers"])
        if start["status"] != 200 or not answer.get("content-type", "").startswith("text/html"):
            await _replay(send, start, body, scope["method"] == "HEAD")
            return
        page = await asyncio.to_thread(_finish, body, head,
                                       _encoding(headers.get("accept-encoding", "")))
        await _send_page(send, scope, headers, answer, head.status, *page)

    return wrapper


# The plain page files a wrapped site (``with_page_heads``) has answered, by (the build, the
# file's address): the same file for every visitor, so a burst of first visits goes through
# the site's middleware stack once per page and worker instead of once per visit (issue
# 25's first visit: about a tenth of the app's CPU per visitor). A new build (a deploy, a
# rebuild) is a new key; only plain 200 HTML answers of a built site are kept (about 60
# pages of 30-130 KB), none without a build (a development server's pages come from
# elsewhere).
_PLAIN_MAX = 256
Remembered = dict[tuple, tuple[Message, bytes]]


async def _plain_page(app: ASGIApp, scope: Scope, receive: Receive,
                      remembered: Remembered) -> tuple[Message | None, bytes]:
    """The site's own answer to a plain GET of the page (its start message and body)."""
    build = web.build_marks()
    key = (build, web.served_path(scope["path"]))
    known = remembered.get(key)
    if known is not None:
        return known
    # The plain file, in the body (not as "send this path": granian offers pathsend).
    extensions = {k: v for k, v in (scope.get("extensions") or {}).items()
                  if k != "http.response.pathsend"}
    plain = {**scope, "method": "GET", "extensions": extensions, "headers": [
        (k, v) for k, v in scope["headers"] if k.lower() not in _DROPPED_REQUEST_HEADERS]}
    start, body = await capture_response(app, plain, receive)
    if (build[-1] is not None and start is not None and start["status"] == 200 and body
            and Headers(raw=start["headers"]).get("content-type", "").startswith("text/html")):
        if len(remembered) >= _PLAIN_MAX:
            remembered.clear()
        remembered[key] = (start, body)
    return start, body


async def _replay(send: Send, start: Message, body: bytes, head_only: bool) -> None:
    await send(start)
    await send({"type": "http.response.body", "body": b"" if head_only else body})


def _page_head(path: str, lang: str, base: str) -> seo.Head | None:
    """``seo.page_head`` in a session of its own (no connection is taken on a cache hit)."""
    with session_scope() as session:
        return seo.page_head(session, path, lang, base)


def _encoding(accept_encoding: str) -> str:
    """brotli, else gzip, when the client accepts it (a zero q-value refuses); else ""."""
    accepted = set()
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        if params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            accepted.add(name.strip())
    return next((name for name in ("br", "gzip") if name in accepted), "")


def _finish(page_file: bytes, head: seo.Head, encoding: str) -> tuple[bytes, str, str]:
    """The page with its head (and an item's title in its placeholder), compressed as
    asked, and its ETag: CPU work, on a thread."""
    return _finished(page_file, seo.head_html(head), head.lang, head.share_title, encoding)


# The same page file with the same head comes out the same: remembered, a burst of first
# visits of one page costs one compression (the bench's first visit: 3.9 ms of a worker's
# CPU per page before). Keyed by the bytes themselves (a rebuilt file or a changed item's
# head is another key), in each worker's memory; about 64 x 130 KB at most.
@functools.lru_cache(maxsize=64)
def _finished(page_file: bytes, head_html: str, lang: str, title: str,
              encoding: str) -> tuple[bytes, str, str]:
    page = fill_title_slot(inject_head(page_file.decode("utf-8"), head_html), title)
    body = with_html_lang(page, lang).encode("utf-8")
    # One ETag per encoding (a strong validator names exact bytes).
    etag = f'"{hashlib.sha256(body).hexdigest()[:32]}{"-" + encoding if encoding else ""}"'
    if encoding == "br":
        body = brotli.compress(body, quality=BROTLI_QUALITY)
    elif encoding == "gzip":
        body = gzip.compress(body, GZIP_LEVEL, mtime=0)
    return body, etag, encoding


async def _send_page(send: Send, scope: Scope, request: Headers, answer: Headers, status: int,
                     body: bytes, etag: str, encoding: str) -> None:
    out = [(k.encode(), v.encode()) for k, v in answer.items() if k in _KEPT_RESPONSE_HEADERS]
    out += [(b"etag", etag.encode()), (b"vary", b"Accept-Encoding, Accept-Language, Cookie")]
    unchanged = etag in [tag.strip() for tag in request.get("if-none-match", "").split(",")]
    if unchanged and status == 200:
        await send({"type": "http.response.start", "status": 304, "headers": out})
        await send({"type": "http.response.body", "body": b""})
        return
    if encoding:
        out.append((b"content-encoding", encoding.encode()))
    out += [(b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": out})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
