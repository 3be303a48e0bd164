"""Shared links and search engines, as a crawler or link previewer sees them (no JavaScript):
the head of the HTML the server sends (title, description, canonical, Open Graph, Twitter,
JSON-LD), the preview pictures, sitemap.xml, robots.txt and the Atom feeds; and, in the
browser, every news and event card with a cover of its own."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import urlsplit

import feedparser
import httpx
import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from community_app.ui.layouts.frame import VISITOR
from tests.e2e.conftest import wait_ready
from tests.e2e.public_site_helpers import query, scalar
from tests.e2e.site_pages import addresses, pages

# The public pages of the registry (tests/e2e/site_pages.py): those with a head of their
# own (services/seo) at one address, those at an item's address, and the others (forms,
# one-time links), which offer no card.
PUBLIC = pages(VISITOR)
SHARED_PAGES = [route.path for route in PUBLIC if route.shared and not route.segments]
SHARED_ITEM_PAGES = [route for route in PUBLIC if route.shared and route.segments]
NOT_SHARED = [route for route in PUBLIC if not route.shared]


class HeadParser(HTMLParser):
    """The tags of a document's head a crawler reads."""

    def __init__(self) -> None:
        super().__init__()
        self.titles: list[str] = []
        self.meta: dict[str, list[str]] = {}
        self.links: list[dict[str, str]] = []
        self.json_ld: list[dict] = []
        self._in: str | None = None
        self._text = ""
        self._in_head = True

    def handle_starttag(self, tag, attrs):
        attrs = {k: v or "" for k, v in attrs}
        if tag == "body":
            self._in_head = False
        if not self._in_head:
            return
        if tag == "meta" and (key := attrs.get("property") or attrs.get("name")):
            self.meta.setdefault(key, []).append(attrs.get("content", ""))
        elif tag == "link":
            self.links.append(attrs)
        elif tag == "title" or (tag == "script" and attrs.get("type") == "application/ld+json"):
            self._in, self._text = tag, ""

    def handle_data(self, data):
        if self._in:
            self._text += data

    def handle_endtag(self, tag):
        if self._in == tag == "title":
            self.titles.append(self._text)
        elif self._in == "script" and tag == "script":
            self.json_ld.append(json.loads(self._text))
        if tag == self._in:
            self._in = None

    def one(self, key: str) -> str:
        values = self.meta.get(key, [])
        assert len(values) == 1, f"{key}: {values}"
        return values[0]

    def link(self, rel: str) -> list[dict[str, str]]:
        return [link for link in self.links if link.get("rel") == rel]


def head_of(url: str, **headers: str) -> HeadParser:
    answer = httpx.get(url, headers=headers, timeout=30)
    assert answer.status_code == 200, url
    assert answer.headers["content-type"].startswith("text/html")
    parser = HeadParser()
    parser.feed(answer.text)
    return parser


def assert_share_picture(url: str) -> None:
    """The preview picture: served, PNG, 1200x630."""
    answer = httpx.get(url, timeout=60, follow_redirects=False)
    assert answer.status_code == 200, url
    assert answer.headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(answer.content))
    assert (image.format, image.size) == ("PNG", (1200, 630))


def assert_card(head: HeadParser, url: str, title: str) -> str:
    """Open Graph and Twitter tags of a shared item; returns the picture's address."""
    assert head.titles == [f"{title} | UzDev Korea"]
    assert head.one("og:title") == head.one("twitter:title") == title
    description = head.one("description")
    assert 20 < len(description) <= 160
    assert head.one("og:description") == head.one("twitter:description") == description
    assert head.one("og:url") == url
    assert [link["href"] for link in head.link("canonical")] == [url]
    assert head.one("twitter:card") == "summary_large_image"
    image = head.one("og:image")
    assert image == head.one("twitter:image") and image.startswith("http://")
    assert (head.one("og:image:width"), head.one("og:image:height")) == ("1200", "630")
    assert head.one("og:image:alt") == title
    assert head.one("og:site_name") == "UzDev Korea"
    return image


def test_a_news_item_shared(site):
    news_id, title = query(site, "SELECT id, title FROM news WHERE published ORDER BY id LIMIT 1")[0]
    url = f"{site.url}/news/{news_id}"
    head = head_of(url)
    image = assert_card(head, url, title)
    assert head.one("og:type") == "article"
    assert head.one("article:published_time").startswith("20")
    assert_share_picture(image)
    [article] = head.json_ld
    assert article["@context"] == "https://schema.org" and article["@type"] == "NewsArticle"
    assert article["headline"] == title[:110] and article["url"] == url
    assert article["image"] == [image] and article["datePublished"].endswith("+09:00")
    assert article["publisher"]["name"] == "UzDev Korea"


def test_a_meetup_shared(site):
    meetup_id, title, location = query(
        site, "SELECT id, title, location FROM meetups ORDER BY starts_at DESC LIMIT 1")[0]
    url = f"{site.url}/events/upcoming/details/{meetup_id}"
    head = head_of(url)
    image = assert_card(head, url, title)
    assert location in head.one("description")
    assert_share_picture(image)
    [event] = head.json_ld
    assert event["@type"] == "Event" and event["name"] == title and event["url"] == url
    assert event["startDate"].endswith("+09:00") and event["startDate"] < event["endDate"]
    assert event["location"]["@type"] == "Place" and event["location"]["name"] == location
    assert event["offers"]["url"] == f"{site.url}/events/upcoming/register/{meetup_id}"
    assert event["eventAttendanceMode"] == "https://schema.org/OfflineEventAttendanceMode"
    # A past meetup's address with the wrong type names the right page as canonical.
    past_id = scalar(site, "SELECT id FROM meetups ORDER BY starts_at LIMIT 1")
    wrong = head_of(f"{site.url}/events/upcoming/details/{past_id}")
    assert wrong.one("og:url") == f"{site.url}/events/past/details/{past_id}"


def test_a_job_post_and_a_blog_post_shared(site):
    job_id, title, company = query(
        site, "SELECT id, title, company_name FROM job_posts WHERE status = 'OPEN' ORDER BY id LIMIT 1")[0]
    head = head_of(f"{site.url}/jobs/{job_id}")
    assert_card(head, f"{site.url}/jobs/{job_id}", title)
    [job] = head.json_ld
    assert job["@type"] == "JobPosting" and job["title"] == title
    assert job["hiringOrganization"]["name"] == company
    assert job["jobLocation"]["address"]["addressCountry"] == "KR" and job["datePosted"]

    post_id, post_title = query(
        site, "SELECT id, title FROM blog_posts WHERE status = 'PUBLISHED' ORDER BY id LIMIT 1")[0]
    head = head_of(f"{site.url}/blog/{post_id}")
    image = assert_card(head, f"{site.url}/blog/{post_id}", post_title)
    [post] = head.json_ld
    assert post["@type"] == "BlogPosting" and post["headline"] == post_title[:110]
    assert post["author"]["@type"] == "Person" and post["author"]["name"]
    assert_share_picture(image)


def test_an_unknown_item_is_not_indexed(site):
    head = head_of(f"{site.url}/news/987654")
    assert head.titles == ["News details | UzDev Korea"]
    assert head.one("robots") == "noindex"


@pytest.mark.parametrize("path", SHARED_PAGES)
def test_every_public_page_has_a_title_and_description_in_both_languages(site, path):
    english = head_of(f"{site.url}{path}")
    uzbek = head_of(f"{site.url}{path}", **{"Accept-Language": "uz-UZ,uz;q=0.9,en;q=0.5"})
    cookie = head_of(f"{site.url}{path}", Cookie="uzdev_lang=uz", **{"Accept-Language": "en"})
    for head in (english, uzbek):
        assert len(head.titles) == 1 and head.titles[0].endswith(" | UzDev Korea")
        assert 50 <= len(head.one("description")) <= 160
        canonical = f"{site.url}{path}".rstrip("/") if path != "/" else f"{site.url}/"
        assert [link["href"] for link in head.link("canonical")] == [canonical]
        feeds = [link["href"] for link in head.link("alternate")]
        assert feeds == [f"{site.url}/feeds/news.atom", f"{site.url}/feeds/blog.atom"]
    assert english.one("description") != uzbek.one("description")
    assert english.one("og:locale") == "en_US" and uzbek.one("og:locale") == "uz_UZ"
    assert cookie.one("description") == uzbek.one("description")
    assert_share_picture(english.one("og:image"))


@pytest.mark.parametrize("route", SHARED_ITEM_PAGES, ids=lambda route: route.path)
def test_every_item_page_has_a_card_in_both_languages(site, samples, route):
    """At each example address (a real item of the demo data): its own title and
    description, indexed, the canonical address of the item, a preview picture."""
    for path in addresses(route, samples):
        english = head_of(f"{site.url}{path}")
        uzbek = head_of(f"{site.url}{path}", **{"Accept-Language": "uz-UZ,uz;q=0.9,en;q=0.5"})
        for head in (english, uzbek):
            assert len(head.titles) == 1 and head.titles[0].endswith(" | UzDev Korea"), path
            assert head.one("og:title") == head.one("twitter:title")
            assert head.titles[0] == f"{head.one('og:title')} | UzDev Korea"
            assert 20 < len(head.one("description")) <= 160, path
            url = head.one("og:url")
            assert url.startswith(f"{site.url}/") and [link["href"] for link in head.link("canonical")] == [url]
            assert "robots" not in head.meta, path  # a real item is indexed
        assert english.one("og:locale") == "en_US" and uzbek.one("og:locale") == "uz_UZ"
        assert_share_picture(english.one("og:image"))


@pytest.mark.parametrize("route", NOT_SHARED, ids=lambda route: route.path)
def test_a_page_that_is_not_shared_offers_no_card(site, samples, route):
    """Forms, one-time links, the search and the 404 page: served, with no preview card."""
    for path in addresses(route, samples):
        answer = httpx.get(f"{site.url}{path}", timeout=30)
        assert answer.status_code in (200, 404) and answer.headers["content-type"].startswith("text/html")
        head = HeadParser()
        head.feed(answer.text)
        assert not {"og:title", "og:description", "twitter:card"} & set(head.meta), path


def test_home_page_names_the_site_and_the_organization(site):
    types = {data["@type"] for data in head_of(f"{site.url}/").json_ld}
    assert types == {"WebSite", "Organization"}


def test_the_head_keeps_caching_and_compression(site):
    url = f"{site.url}/news/{scalar(site, 'SELECT id FROM news WHERE published ORDER BY id LIMIT 1')}"
    with httpx.Client(timeout=30) as client:
        first = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert first.headers["content-encoding"] == "gzip" and first.headers["cache-control"] == "no-cache"
        assert "og:title" in first.text and "Accept-Language" in first.headers["vary"]
        etag = first.headers["etag"]
        again = client.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
        assert again.status_code == 304 and again.headers["etag"] == etag and not again.content
        brotli = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert brotli.headers["content-encoding"] == "br" and brotli.text == first.text
        assert len(brotli.content) > 0 and brotli.headers["etag"] not in (etag,)
        plain = client.get(url, headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.headers["etag"] != etag
        assert plain.text == first.text
        head = client.head(url)
        assert head.status_code == 200 and not head.content
    # A page without a head of its own is served as before: its precompressed brotli copy.
    other = httpx.get(f"{site.url}/completeAccount", headers={"Accept-Encoding": "br"})
    assert other.headers.get("content-encoding") == "br"
    assert "Accept-Language" not in other.headers.get("vary", "")
    plain_other = httpx.get(f"{site.url}/completeAccount", headers={"Accept-Encoding": "identity"})
    assert "<title>" in plain_other.text and "og:title" not in plain_other.text


def test_sitemap_and_robots(site):
    robots = httpx.get(f"{site.url}/robots.txt").text
    assert f"Sitemap: {site.url}/sitemap.xml" in robots.splitlines()
    assert "Disallow: /admin" in robots and "Disallow: /mypage" in robots
    answer = httpx.get(f"{site.url}/sitemap.xml")
    assert answer.headers["content-type"].startswith("application/xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = [loc.text for loc in ET.fromstring(answer.content).findall("s:url/s:loc", ns)]
    assert len(locs) == len(set(locs))
    assert all(urlsplit(loc).netloc == urlsplit(site.url).netloc for loc in locs)
    news_ids = [r[0] for r in query(site, "SELECT id FROM news WHERE published")]
    assert {f"{site.url}/news/{i}" for i in news_ids} <= set(locs)
    assert f"{site.url}/events" in locs and f"{site.url}/mypage" not in locs
    meetups = scalar(site, "SELECT count(*) FROM meetups")
    assert sum("/details/" in loc for loc in locs) == meetups


@pytest.mark.parametrize("feed, table", [
    ("/feeds/news.atom", "SELECT count(*) FROM news WHERE published"),
    ("/feeds/blog.atom", "SELECT count(*) FROM blog_posts WHERE status = 'PUBLISHED'"),
])
def test_feeds_are_valid_atom_linked_from_every_page(site, feed, table):
    answer = httpx.get(f"{site.url}{feed}")
    assert answer.headers["content-type"].startswith("application/atom+xml")
    parsed = feedparser.parse(answer.content)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert parsed.feed.title.startswith("UzDev Korea")
    assert len(parsed.entries) == min(30, scalar(site, table)) > 0
    first = parsed.entries[0]
    assert first.title and first.link.startswith(site.url) and first.published_parsed
    assert first.summary and first.content[0].type == "text/html"
    assert httpx.get(first.link).status_code == 200
    assert len({entry.id for entry in parsed.entries}) == len(parsed.entries)


def _card_images(page: Page) -> list[str]:
    return page.locator("main img[src*='/api/v1/media/covers/']").evaluate_all(
        "els => els.map(e => e.complete && e.naturalWidth === 800 ? e.getAttribute('src') : '')")


@pytest.mark.parametrize("path, kind", [("/news", "news"), ("/events", "meetup")])
def test_every_card_has_a_cover_of_its_own(page: Page, site, path, kind):
    page.goto(path)
    wait_ready(page)
    covers = page.locator(f"main img[src*='/api/v1/media/covers/{kind}/']")
    expect(covers.first).to_be_visible()
    page.wait_for_function(  # every card's cover loaded, once the cards are all there
        "() => { const els = [...document.querySelectorAll('main img[src*=\"/media/covers/\"]')];"
        " return els.length >= 3 && els.every(e => e.complete && e.naturalWidth > 0); }")
    sources = _card_images(page)
    assert len(sources) >= 3 and all(sources)
    assert len(set(sources)) == len(sources)
    assert page.locator("main img[src$='-default.svg']").count() == 0


def test_a_news_item_shows_its_cover_and_the_page_hydrates_without_errors(page: Page, site):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    news_id, title = query(site, "SELECT id, title FROM news WHERE published AND image_url IS NULL "
                                 "ORDER BY id LIMIT 1")[0]
    page.goto(f"/news/{news_id}")
    wait_ready(page)
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    cover = page.locator(f"main img[src*='/api/v1/media/covers/news/{news_id}-']")
    expect(cover).to_be_visible()
    assert errors == []
