"""What the site offers to machines: Atom feeds (news, members' blog posts), ``sitemap.xml``
and ``robots.txt``. Every address in them is absolute, made with the site's address
(``seo.public_base``: ``COMMUNITY_PUBLIC_URL``, else ``http://localhost:$PORT``; never a
request's host).

The feeds and the sitemap are read through the shared cache (one cached document per topic,
address and language, expired by the commits that change what it lists)."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.i18n import gettext
from community_app.models import BlogPost, BlogStatus, JobPost, JobStatus, Meetup, News
from community_app.services import cache, members, news_display, talks
from community_app.services.jobs import status_condition
from community_app.services.blogs import list_published
from community_app.services.markdown import render_markdown
from community_app.services.seo import FEEDS, PAGES_BY_KEY, STATIC_PAGES
from community_app.services.seo_items import plain_text
from community_app.core.settings import get_settings

ATOM = "http://www.w3.org/2005/Atom"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
FEED_ENTRIES = 30
NEWS_FEED, BLOG_FEED = (href for _, href in FEEDS)
NEWS_PAGE, BLOG_PAGE = "news", "blog"  # keys of seo.STATIC_PAGES

# Paths no crawler needs: members' and organizers' screens, the API (but its pictures).
ROBOTS_DISALLOW = ("/admin", "/mypage", "/completeAccount", "/password-reset", "/signup/", "/api/")
ROBOTS_ALLOW = ("/api/v1/media/",)


def _utc(value: dt.datetime) -> dt.datetime:
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def _stamp(value: dt.datetime) -> str:
    return _utc(value).isoformat(timespec="seconds").replace("+00:00", "Z")


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _atom(base: str, href: str, title: str, subtitle: str, entries: list[dict],
          lang: str | None = None) -> bytes:
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")
    if lang:  # the language of the feed's own texts (RFC 4287 xml:lang)
        feed.set("{http://www.w3.org/XML/1998/namespace}lang", lang)

    def add(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            element.text = text
        return element

    site = get_settings().site_name
    add(feed, "id", f"{base}{href}")
    add(feed, "title", f"{site}: {title}")
    add(feed, "subtitle", subtitle)
    add(feed, "link", rel="self", type="application/atom+xml", href=f"{base}{href}")
    add(feed, "link", rel="alternate", type="text/html", href=f"{base}/")
    add(feed, "updated", max((e["updated"] for e in entries), default=_stamp(utcnow())))
    author = add(feed, "author")
    add(author, "name", site)
    add(author, "uri", f"{base}/")
    add(feed, "icon", f"{base}/favicon.svg")
    for data in entries:
        entry = add(feed, "entry")
        add(entry, "id", data["url"])
        add(entry, "title", data["title"])
        add(entry, "link", rel="alternate", type="text/html", href=data["url"])
        add(entry, "published", data["published"])
        add(entry, "updated", data["updated"])
        if data.get("author"):
            add(add(entry, "author"), "name", data["author"])
        for tag in data.get("tags", ()):
            add(entry, "category", term=tag)
        add(entry, "summary", data["summary"])
        add(entry, "content", data["html"], type="html")
    return _xml(feed)


def _news_entries(session: Session, base: str) -> list[dict]:
    items = news_display.load_news(session)[:FEED_ENTRIES]
    return [{
        "url": f"{base}{routes.news_detail(n.id)}", "title": n.title,
        "published": _stamp(n.created_at), "updated": _stamp(n.created_at),
        "summary": plain_text(n.content, 300), "html": render_markdown(n.content),
        "tags": n.tags,
    } for n in items]


def _blog_entries(session: Session, base: str) -> list[dict]:
    posts = list_published(session, limit=FEED_ENTRIES)
    return [{
        "url": f"{base}{routes.blog_post(p.id)}", "title": p.title,
        "published": _stamp(p.published_at or p.created_at), "updated": _stamp(p.updated_at),
        "author": p.author_names.get("en") or p.author_name,
        "summary": plain_text(p.content, 300), "html": render_markdown(p.content),
    } for p in posts]


def _texts(page_key: str, lang: str) -> tuple[str, str]:
    """A feed's title and subtitle: those of the page it follows."""
    page = PAGES_BY_KEY[page_key]
    return gettext(page.title, lang), gettext(page.description, lang)


def news_feed(session: Session, base: str, lang: str = "en") -> bytes:
    """The newest published news items as an Atom feed."""
    return cache.cached(cache.NEWS, ("atom", base, lang), lambda: _atom(
        base, NEWS_FEED, *_texts(NEWS_PAGE, lang), _news_entries(session, base)))


def blog_feed(session: Session, base: str, lang: str = "en") -> bytes:
    """The newest published member blog posts as an Atom feed."""
    return cache.cached(cache.BLOG_POSTS, ("atom", base, lang), lambda: _atom(
        base, BLOG_FEED, *_texts(BLOG_PAGE, lang), _blog_entries(session, base)))


# ---------------------------------------------------------------- sitemap and robots


def _item_pages(session: Session) -> list[tuple[str, dt.datetime | None]]:
    now = utcnow()
    pages: list[tuple[str, dt.datetime | None]] = []
    for news_id, updated in session.exec(
        select(News.id, News.updated_at).where(col(News.published).is_(True))
    ):
        pages.append((routes.news_detail(news_id), updated))
    for meetup_id, starts_at, updated in session.exec(
        select(Meetup.id, Meetup.starts_at, Meetup.updated_at)
    ):
        kind = "past" if _utc(starts_at) < now else "upcoming"
        pages.append((routes.event_detail(kind, meetup_id), updated))
    for job_id, updated in session.exec(
        select(JobPost.id, JobPost.updated_at).where(status_condition(JobStatus.OPEN.value, now))
    ):
        pages.append((routes.job_detail(job_id), updated))
    for post_id, updated in session.exec(
        select(BlogPost.id, BlogPost.updated_at).where(BlogPost.status == BlogStatus.PUBLISHED.value)
    ):
        pages.append((routes.blog_post(post_id), updated))
    for talk in talks.list_talks(session):
        pages.append((talk.path, talk.updated_at))
    for speaker in talks.public_speakers(session):
        pages.append((speaker.path, None))
    return pages + members.public_pages(session)


def _sitemap(session: Session, base: str) -> bytes:
    ET.register_namespace("", SITEMAP)
    root = ET.Element(f"{{{SITEMAP}}}urlset")
    items = _item_pages(session)
    pages = [(page.path, None) for page in STATIC_PAGES if page.in_sitemap] + items
    for path, updated in pages:
        url = ET.SubElement(root, f"{{{SITEMAP}}}url")
        ET.SubElement(url, f"{{{SITEMAP}}}loc").text = f"{base}{path}"
        if updated:
            ET.SubElement(url, f"{{{SITEMAP}}}lastmod").text = _utc(updated).date().isoformat()
    return _xml(root)


def sitemap_xml(session: Session, base: str) -> bytes:
    """Every public page: the static ones, then published news, meetups, open job posts,
    published blog posts and the members' pages that are on (read fresh, at most once per
    5 minutes per address)."""
    # Kept under the site copy's topic: it lives its 5 minutes (cache.TTL_SECONDS) whatever
    # the news, meetup or job writes; a sitemap a few minutes old serves crawlers well.
    return cache.cached(cache.SITE_CONTENT, ("sitemap", base), lambda: _sitemap(session, base))


def robots_txt(base: str) -> str:
    lines = ["User-agent: *"]
    lines += [f"Allow: {path}" for path in ROBOTS_ALLOW]
    lines += [f"Disallow: {path}" for path in ROBOTS_DISALLOW]
    lines += ["", f"Sitemap: {base}/sitemap.xml", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------- a job alert's private feed


def job_alert_feed(base: str, href: str, title: str, posts: list, lang: str = "en") -> bytes:
    """A saved job search's private feed (services/job_alerts.py): the newest open posts
    that fit it (not cached: one reader each), titled ``title`` and described in ``lang``
    (the member's)."""
    entries = [{
        "url": f"{base}{routes.job_detail(j.id)}", "title": f"{j.title} — {j.company_name}",
        "published": _stamp(j.created_at), "updated": _stamp(j.created_at),
        "summary": f"{j.location} · {plain_text(j.description, 280)}",
        "html": render_markdown(j.description), "tags": list(j.visas),
    } for j in posts]
    return _atom(base, href, title, gettext("New job posts that fit your saved search", lang),
                 entries, lang=lang)
