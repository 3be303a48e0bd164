"""What the site offers crawlers and feed readers, at the site's root (not under /api/v1):
``/robots.txt``, ``/sitemap.xml``, ``/feeds/news.atom`` and ``/feeds/blog.atom``
(services/feeds.py). Absolute addresses are the site's own (``settings.site_address``),
never the request's ``Host`` header."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import PlainTextResponse, Response

from community_app.api.deps import SessionDep
from community_app.api.routing import Router
from community_app.services import feeds, seo

router = Router(tags=["sharing"])

CACHE_CONTROL = "public, max-age=300"
ATOM_TYPE = "application/atom+xml; charset=utf-8"


def _base(request: Request) -> str:
    return seo.public_base()


@router.get("/robots.txt", response_class=PlainTextResponse)
def robots(request: Request) -> PlainTextResponse:
    """Crawling rules and the sitemap's address."""
    return PlainTextResponse(feeds.robots_txt(_base(request)),
                             headers={"Cache-Control": CACHE_CONTROL})


@router.get("/sitemap.xml", response_class=Response,
            responses={200: {"content": {"application/xml": {}}}})
def sitemap(request: Request, session: SessionDep) -> Response:
    """Every public page and item (sitemaps.org protocol)."""
    return Response(feeds.sitemap_xml(session, _base(request)), media_type="application/xml",
                    headers={"Cache-Control": CACHE_CONTROL})


def _lang(request: Request) -> str:
    return seo.head_language(request.headers.get("cookie", ""),
                             request.headers.get("accept-language", ""))


@router.get(feeds.NEWS_FEED, response_class=Response,
            responses={200: {"content": {"application/atom+xml": {}}}})
def news_feed(request: Request, session: SessionDep) -> Response:
    """The newest news items (Atom 1.0)."""
    return Response(feeds.news_feed(session, _base(request), _lang(request)), media_type=ATOM_TYPE,
                    headers={"Cache-Control": CACHE_CONTROL, "Vary": "Accept-Language, Cookie"})


@router.get(feeds.BLOG_FEED, response_class=Response,
            responses={200: {"content": {"application/atom+xml": {}}}})
def blog_feed(request: Request, session: SessionDep) -> Response:
    """The newest published member blog posts (Atom 1.0)."""
    return Response(feeds.blog_feed(session, _base(request), _lang(request)), media_type=ATOM_TYPE,
                    headers={"Cache-Control": CACHE_CONTROL, "Vary": "Accept-Language, Cookie"})
