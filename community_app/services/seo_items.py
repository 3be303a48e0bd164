"""The public items a shared link or a search engine shows (news items, meetups, job posts,
members' blog posts): which item an address names, and its facts, read through the shared
cache (``services/cache.py``: one cached read per item, expired by the commits that change
it, so a crawler hitting a page costs no query while the item is cached)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import re

from sqlmodel import Session

from community_app.core import routes
from community_app.i18n import N_
from community_app.services import blogs, cache, jobs, meetups, news, talks
from community_app.services.errors import NotFound
from community_app.services.markdown import render_markdown

DESCRIPTION_LENGTH = 160


@dataclasses.dataclass(frozen=True)
class Item:
    """The facts of one public item that its head shows (plain values: cached, pickled)."""

    kind: str  # news, meetup, job, blog
    id: int
    title: str
    text: str  # plain text of its content
    path: str  # its canonical page
    image: str  # its picture (uploaded, else its generated cover), a site path or ""
    published: dt.datetime | None = None
    modified: dt.datetime | None = None
    starts_at: dt.datetime | None = None
    ends_at: dt.datetime | None = None
    place: str = ""
    author: str = ""
    extra: tuple[tuple[str, object], ...] = ()  # kind-specific facts for the JSON-LD


@dataclasses.dataclass(frozen=True)
class ItemPage:
    """An address of an item's page: which loader, the generic title, the item's id."""

    kind: str
    title: str  # message id, used when the item is unknown
    item_id: int | None


# Item pages: (address pattern, kind, title of the page when the item is unknown).
_ITEM_PAGES = (
    (re.compile(r"^/news/(?P<id>[^/]+)/?$"), "news", N_("News details")),
    (re.compile(r"^/events/[^/]+/details/(?P<id>[^/]+)/?$"), "meetup", N_("Event details")),
    (re.compile(r"^/events/[^/]+/register/(?P<id>[^/]+)/?$"), "meetup", N_("Event registration")),
    (re.compile(r"^/jobs/(?P<id>[^/]+)/?$"), "job", N_("Job details")),
    (re.compile(r"^/blog/(?P<id>[^/]+)/?$"), "blog", N_("Member blogs")),
    # /talks/<id>-<slug> and /speakers/<id>-<slug>: the id finds the item (issue 41); like
    # the others, the page's template (/talks/[talk_ref]) matches too, for has_head
    (re.compile(r"^/talks/(?P<id>[^/]+?)(?:-[^/]*)?/?$"), "talk", N_("Talk")),
    (re.compile(r"^/speakers/(?P<id>[^/]+?)(?:-[^/]*)?/?$"), "speaker", N_("Speaker")),
)


def item_page(path: str) -> ItemPage | None:
    for pattern, kind, title in _ITEM_PAGES:
        if match := pattern.match(path):
            return ItemPage(kind, title, routes.route_id(match["id"]))
    return None


def plain_text(markdown: str, limit: int = DESCRIPTION_LENGTH) -> str:
    """The Markdown's text without markup, cut at a word before ``limit`` characters."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", render_markdown(markdown or "")))
    return shorten(re.sub(r"\s+", " ", text).strip(), limit)


def shorten(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    """``text`` cut at a word before ``limit`` characters, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,.;:") + "…"


def _load_item(session: Session, kind: str, item_id: int) -> Item | None:
    try:
        if kind == "news":
            n = news.get_news(session, item_id)
            return Item("news", n.id, n.title, plain_text(n.content, 2000),
                        routes.news_detail(n.id), n.picture_url,
                        published=n.created_at, modified=n.created_at,
                        extra=(("tags", tuple(n.tags)),))
        if kind == "meetup":
            m = meetups.get_meetup(session, item_id)
            event_type = meetups.PAST if m.is_past else meetups.UPCOMING
            return Item("meetup", m.id, m.title, plain_text(m.description, 2000),
                        routes.event_detail(event_type, m.id), m.picture_url,
                        starts_at=m.starts_at, ends_at=m.ends_at, place=m.location,
                        extra=(("seats_left", m.available_seats), ("is_past", m.is_past),
                               ("register", routes.event_register(event_type, m.id))))
        if kind == "job":
            j = jobs.get_job(session, item_id)
            return Item("job", j.id, j.title, plain_text(j.description, 2000),
                        routes.job_detail(j.id), "", published=j.created_at,
                        place=j.location, author=j.company_name,
                        extra=(("job_type", j.job_type), ("remote", j.remote),
                               ("expires_at", j.expires_at), ("status", j.status),
                               ("salary", (j.salary_min, j.salary_max, j.salary_currency))))
        if kind == "blog":
            b = blogs.get_published(session, item_id)
            return Item("blog", b.id, b.title, plain_text(b.content, 2000),
                        routes.blog_post(b.id), b.cover_url or "",
                        published=b.published_at or b.created_at, modified=b.updated_at,
                        author=b.author_names.get("en") or b.author_name)
        if kind == "talk":
            t = talks.get_talk(session, item_id)
            return Item("talk", t.id, t.title, plain_text(t.abstract, 2000), t.path, "",
                        modified=t.updated_at, starts_at=t.starts_at, ends_at=t.ends_at,
                        place=t.meetup_title, author=t.speaker_names,
                        extra=(("meetup", routes.event_detail("past", t.meetup_id)),
                               ("speakers", tuple((s.name, s.path) for s in t.speakers)),
                               ("recording", t.recording_url or ""),
                               ("language", t.language)))
        if kind == "speaker":
            page = talks.get_speaker(session, item_id)
            sp = page.speaker
            about = ", ".join(p for p in (sp.job_position, sp.company) if p)
            return Item("speaker", sp.id, sp.name, plain_text(sp.bio, 2000) or about,
                        sp.path, sp.photo_url or "", author=about,
                        extra=(("talks", tuple((t.title, t.path) for t in page.talks)),
                               ("links", sp.links)))
    except NotFound:
        return None
    return None


ITEM_CACHES = {"news": cache.NEWS_DETAILS, "meetup": cache.EVENT_DETAILS,
                "job": cache.JOB_DETAILS, "blog": cache.BLOG_POSTS,
                # a meetup's programme: expired with the meetups (services/cache_topics.py)
                "talk": cache.EVENT_DETAILS, "speaker": cache.EVENT_DETAILS}


def read_item(session: Session, kind: str, item_id: int) -> Item | None:
    """The item's facts through the shared cache (an unknown item is cached as None too)."""
    key = ("seo", item_id) if kind == "meetup" else ("seo", kind, item_id)  # kinds share a cache
    return cache.cached(ITEM_CACHES[kind], key,
                        lambda: _load_item(session, kind, item_id))




ITEM_KINDS = tuple(ITEM_CACHES)
