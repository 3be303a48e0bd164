"""What a search engine or a link previewer reads in a page's head: title, meta description,
canonical address, Open Graph and Twitter cards, JSON-LD structured data, feed links.

Crawlers and link previewers do not run JavaScript, so the server puts this head into the
HTML it sends (``serving/page_heads.py``, with the Reflex extensions on and off). ``page_head(path, lang, base)`` answers for a page
address: a public page of ``STATIC_PAGES``, an item page (a news item, a meetup, a job
post, a member's blog post) or a member's public page, whose facts come through the
shared cache (``services/cache``: one cached read per item, expired by the commits that
change it) rather than a query per crawler hit. A member page that is not on answers 404.
``head_html`` writes the tags; ``serving.page_heads.inject_head`` puts them in a document.

Language: the head is in English unless the visitor's language is known from the
``uzdev_lang`` cookie or ``Accept-Language`` (``head_language``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import json
import re

from sqlmodel import Session

from community_app.core import routes
from community_app.i18n import LANGUAGES, N_, gettext
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import images, members, structured_data
from community_app.services.artwork import SHARE_SIZE, ShareCard
from community_app.services.seo_items import (
    ITEM_KINDS,
    Item,
    item_page,
    read_item,
    shorten,
)
from community_app.core.settings import get_settings, site_address

LANG_COOKIE = "uzdev_lang"
OG_LOCALES = {"en": "en_US", "uz": "uz_UZ"}
FEEDS = (
    (N_("News"), "/feeds/news.atom"),
    (N_("Member blogs"), "/feeds/blog.atom"),
)


HOME_KEY = "home"


@dataclasses.dataclass(frozen=True)
class StaticPage:
    key: str
    path: str
    title: str  # message id (the page's own title, as in its @page)
    description: str  # message id
    in_sitemap: bool = True


STATIC_PAGES = (
    StaticPage(HOME_KEY, routes.HOME, N_("Home"), N_(
        "UzDev Korea is the community of Uzbek software developers who live, work and study in "
        "South Korea: meetups, news, jobs and a stage for speakers.")),
    StaticPage("about", routes.ABOUT, N_("About us"), N_(
        "Who we are: the people, projects and benefits of UzDev Korea, the community of Uzbek "
        "developers in South Korea.")),
    StaticPage("news", routes.NEWS, N_("News"), N_(
        "Technology news, meetup reports and community life of Uzbek developers in South Korea.")),
    StaticPage("events", routes.EVENTS, N_("Events"), N_(
        "Upcoming and past UzDev Korea meetups in South Korea: talks, workshops and networking. "
        "Register for a seat.")),
    StaticPage("jobs", routes.JOBS, N_("Jobs"), N_(
        "Developer jobs in South Korea with visa, Korean level and working language filters, "
        "shared by the UzDev Korea community.")),
    StaticPage("visa-guide", routes.VISA_GUIDE, N_("Visa guide for jobs in Korea"), N_(
        "Which Korean visa statuses allow which developer jobs, and where to check the official "
        "rules.")),
    StaticPage("speakers", routes.SPEAKERS_REGISTER, N_("Become a speaker"), N_(
        "Apply to speak at a UzDev Korea meetup and share what you build with Uzbek developers "
        "in South Korea.")),
    StaticPage("blog", routes.BLOG, N_("Member blogs"), N_(
        "Blog posts written by members of UzDev Korea, the community of Uzbek developers in "
        "South Korea.")),
    StaticPage("terms", routes.TERMS, N_("Terms of Service"), N_(
        "The terms of service of the UzDev Korea community website.")),
    StaticPage("privacy", routes.PRIVACY, N_("Privacy Policy"), N_(
        "How UzDev Korea collects, uses and protects your personal information.")),
    StaticPage("login", routes.LOGIN, N_("Login"), N_(
        "Log in to UzDev Korea or create an account to register for meetups and share job "
        "posts."), in_sitemap=False),
)
PAGES_BY_PATH = {page.path: page for page in STATIC_PAGES}
PAGES_BY_KEY = {page.key: page for page in STATIC_PAGES}
KICKERS = {"news": N_("News"), "meetup": N_("Meetup"), "job": N_("Job"), "blog": N_("Blog post"),
           "talk": N_("Talk"), "speaker": N_("Speaker")}
MEMBER_PAGE = re.compile(r"^/members/(?P<username>[^/]+)/?$")
MEMBER_TITLE = N_("Member")  # the page's own title (its @page), shown when there is no page
MEMBER_DESCRIPTION = N_("{name} (@{username}) on {site}: their blog posts and the meetups "
                        "they attended.")


# ---------------------------------------------------------------- language and address


def head_language(cookie_header: str, accept_language: str) -> str:
    """The language of the head: the site's language cookie, else the first of en/uz that
    ``Accept-Language`` prefers, else English."""
    for part in cookie_header.split(";"):
        name, _, value = part.strip().partition("=")
        if name == LANG_COOKIE and value.strip('"') in LANGUAGES:
            return value.strip('"')
    best, best_q = "en", 0.0
    for position, part in enumerate(accept_language.split(",")):
        tag, *params = part.strip().split(";")
        lang = tag.strip().lower().split("-")[0]
        q = 1.0
        for param in params:
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if lang in LANGUAGES and q - position * 1e-6 > best_q:
            best, best_q = lang, q - position * 1e-6
    return best


def public_base() -> str:
    """The site's address for absolute links (``settings.site_address``: never the
    request's ``Host`` header)."""
    return site_address()


# ---------------------------------------------------------------- preview pictures


def _when(value: dt.datetime | None, lang: str, with_time: bool = False) -> str:
    if value is None:
        return ""
    day = date_texts(value, "full" if with_time else "long")[lang]
    return f"{day} · {time_texts(value)[lang]}" if with_time else day


def item_card(item: Item, lang: str) -> ShareCard:
    site = get_settings().site_name
    if item.kind == "meetup":
        details = (("date", _when(item.starts_at, lang, with_time=True)), ("place", item.place))
    elif item.kind == "job":
        details = (("company", item.author), ("place", item.place))
    elif item.kind == "blog":
        details = (("date", _when(item.published, lang)), ("person", item.author))
    elif item.kind == "talk":
        details = (("person", item.author), ("date", _when(item.starts_at, lang)))
    elif item.kind == "speaker":
        details = (("person", item.author),)
    else:
        details = (("date", _when(item.published, lang)),)
    return ShareCard(item.kind, images.cover_seed(item.kind, item.id),
                     gettext(KICKERS[item.kind], lang), item.title, details, site)


def page_card(page: StaticPage, lang: str) -> ShareCard:
    """A public page's preview: its name above its description."""
    site = get_settings().site_name
    return ShareCard("page", f"page:{page.key}", gettext(page.title, lang),
                     gettext(page.description, lang), (), site)


def share_card(session: Session, kind: str, ident: str, lang: str) -> ShareCard | None:
    """The preview of ``kind``/``ident`` (a static page's key or an item's id), as the page
    head names it; None when there is no such page or item."""
    if lang not in LANGUAGES:
        return None
    if kind == "page":
        page = PAGES_BY_KEY.get(ident)
        return page_card(page, lang) if page else None
    item_id = routes.route_id(ident)
    if kind not in ITEM_KINDS or item_id is None:
        return None
    item = read_item(session, kind, item_id)
    return item_card(item, lang) if item else None


# ---------------------------------------------------------------- the head


@dataclasses.dataclass(frozen=True)
class Head:
    lang: str
    title: str
    description: str
    url: str  # canonical, absolute
    image: str  # absolute
    image_alt: str
    share_title: str = ""  # og:title and twitter:title (the item's title, without the site's)
    og_type: str = "website"
    published: str | None = None
    json_ld: tuple[dict, ...] = ()
    noindex: bool = False
    feeds: tuple[tuple[str, str], ...] = ()
    status: int = 200  # the HTTP status of the page: 404 for a member page that is not on


def has_head(path: str) -> bool:
    """Whether ``page_head`` answers for ``path`` (no database, no cache: a quick test)."""
    path = path.rstrip("/") or "/"
    return path in PAGES_BY_PATH or item_page(path) is not None or bool(MEMBER_PAGE.match(path))


def page_head(session: Session, path: str, lang: str, base: str) -> Head | None:
    """The head of the page at ``path`` (None: not a public page this module knows).
    Reads the shared cache, and the database on a miss: call it from a thread."""
    site = get_settings().site_name
    path = path.rstrip("/") or "/"
    feeds = tuple((f"{site}: {gettext(title, lang)}", f"{base}{href}") for title, href in FEEDS)
    if page := PAGES_BY_PATH.get(path):
        description = gettext(page.description, lang)
        card = page_card(page, lang)
        json_ld = tuple(structured_data.home(base, site, description)) if page.key == HOME_KEY else ()
        return Head(lang, f"{gettext(page.title, lang)} | {site}", description, f"{base}{page.path}",
                    base + images.share_url(lang, page.key, card), card.title, json_ld=json_ld,
                    feeds=feeds)
    if member := MEMBER_PAGE.match(path):
        return _member_head(session, member["username"], lang, base, feeds)
    found = item_page(path)
    if found is None:
        return None
    item = read_item(session, found.kind, found.item_id) if found.item_id else None
    if item is None:  # unknown or unpublished: the page says "not found" once it loads
        return _home_card_head(lang, f"{gettext(found.title, lang)} | {site}", f"{base}{path}",
                               base, feeds, noindex=True)
    description = item_description(item, lang)
    card = item_card(item, lang)
    image = base + images.share_url(lang, str(item.id), card)
    return Head(
        lang, f"{item.title} | {site}", description, f"{base}{item.path}", image, item.title,
        share_title=item.title, og_type="article" if item.kind in ("news", "blog") else "website",
        published=structured_data.iso(item.published) if item.kind in ("news", "blog") else None,
        json_ld=(structured_data.for_item(item, base, site, description, image),), feeds=feeds,
    )


def _home_card_head(lang: str, title: str, url: str, base: str,
                    feeds: tuple[tuple[str, str], ...], description: str = "", **fields) -> Head:
    """A head without a picture of its own: the home page's preview (and description, unless
    one is given)."""
    home = PAGES_BY_KEY[HOME_KEY]
    card = page_card(home, lang)
    return Head(lang, title, description or gettext(home.description, lang), url,
                base + images.share_url(lang, HOME_KEY, card), get_settings().site_name,
                feeds=feeds, **fields)


def _member_head(session: Session, username: str, lang: str, base: str,
                 feeds: tuple[tuple[str, str], ...]) -> Head:
    """A member's public page: their name and what it lists; a page that is not on (unknown,
    switched off, erased or deactivated) answers 404, the not-found screen, not indexed."""
    site = get_settings().site_name
    shown = members.page_title(session, username)
    if shown is None:
        return _home_card_head(lang, f"{gettext(MEMBER_TITLE, lang)} | {site}",
                               f"{base}{routes.member_page(username)}", base, feeds,
                               noindex=True, status=404)
    handle, name = shown
    description = gettext(MEMBER_DESCRIPTION, lang).format(name=name, username=handle, site=site)
    return _home_card_head(lang, f"{name} | {site}", f"{base}{routes.member_page(handle)}", base,
                           feeds, description, share_title=name, og_type="profile")


def item_description(item: Item, lang: str) -> str:
    """What a result or a preview says under the title: a meetup's date and place first."""
    lead = ""
    if item.kind == "meetup":
        lead = f"{_when(item.starts_at, lang, with_time=True)}, {item.place}. "
    elif item.kind == "job":
        lead = f"{item.author}, {item.place}. "
    elif item.kind == "talk" and item.author:
        lead = f"{item.author} · {item.place}. "
    return shorten(lead + item.text)


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def _json_ld(data: dict) -> str:
    # "<" never appears raw inside the script element, so no "</script>" can end it early.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def head_html(head: Head) -> tuple[str, str]:
    """The tags of ``head``, escaped: (title, meta and links; the JSON-LD scripts)."""
    site = get_settings().site_name
    width, height = SHARE_SIZE
    meta = [
        ("name", "description", head.description),
        ("property", "og:site_name", site),
        ("property", "og:type", head.og_type),
        ("property", "og:title", head.share_title or head.title),
        ("property", "og:description", head.description),
        ("property", "og:url", head.url),
        ("property", "og:locale", OG_LOCALES[head.lang]),
        ("property", "og:image", head.image),
        ("property", "og:image:type", "image/png"),
        ("property", "og:image:width", str(width)),
        ("property", "og:image:height", str(height)),
        ("property", "og:image:alt", head.image_alt),
        ("name", "twitter:card", "summary_large_image"),
        ("name", "twitter:title", head.share_title or head.title),
        ("name", "twitter:description", head.description),
        ("name", "twitter:image", head.image),
        ("name", "twitter:image:alt", head.image_alt),
    ]
    if head.published:
        meta.append(("property", "article:published_time", head.published))
    if head.noindex:
        meta.append(("name", "robots", "noindex"))
    parts = [f"<title>{html.escape(head.title)}</title>"]
    parts += [f'<meta {kind}="{key}" content="{_attr(value)}"/>' for kind, key, value in meta]
    parts.append(f'<link rel="canonical" href="{_attr(head.url)}"/>')
    parts += [f'<link rel="alternate" type="application/atom+xml" title="{_attr(title)}" '
              f'href="{_attr(href)}"/>' for title, href in head.feeds]
    scripts = [f'<script type="application/ld+json">{_json_ld(data)}</script>'
               for data in head.json_ld]
    return "".join(parts), "".join(scripts)
