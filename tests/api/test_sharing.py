"""Generated pictures (covers, link previews), robots.txt, sitemap.xml and the Atom feeds,
through the FastAPI app (the e2e suite checks the same through the production server)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import feedparser
from PIL import Image
from sqlmodel import Session

from community_app.services import images, seo
from tests.api.factories import make_job, make_meetup, make_news

IMMUTABLE = "public, max-age=31536000, immutable"


def test_a_news_items_cover_is_served_and_made_up_ones_are_not(client, engine):
    item = make_news(engine, title="Rust in Korean banks", type="TECH")
    url = images.cover_url("news", item.id, "TECH")
    cover = client.get(url)
    assert cover.status_code == 200 and cover.headers["content-type"] == "image/webp"
    assert cover.headers["cache-control"] == IMMUTABLE
    assert Image.open(io.BytesIO(cover.content)).size == (800, 450)
    forged = url.replace(f"/{item.id}-", f"/{item.id + 1}-")
    assert client.get(forged).status_code == 404
    assert client.get(url.replace(".webp", ".png")).status_code == 404
    assert client.get("/api/v1/media/covers/jobs/1-0123456789abcdef0123.webp").status_code == 404


def test_a_meetups_preview_follows_its_content(client, engine):
    meetup = make_meetup(engine, title="Kotlin night", location="D.CAMP, Seoul")
    with Session(engine) as session:
        card = seo.share_card(session, "meetup", str(meetup.id), "en")
    url = images.share_url("en", str(meetup.id), card)
    answer = client.get(url)
    assert answer.status_code == 200 and answer.headers["cache-control"] == IMMUTABLE
    image = Image.open(io.BytesIO(answer.content))
    assert (image.format, image.size) == ("PNG", (1200, 630))
    # An address of an older version of the item leads to the current picture.
    stale = url.replace(images.share_key(card), "0" * 20)
    moved = client.get(stale, follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"] == url
    assert client.get(url.replace("/en/", "/de/")).status_code == 404
    assert client.get(f"/api/v1/media/share/en/meetup/{meetup.id + 50}-{'0' * 20}.png").status_code == 404
    assert client.get(f"/api/v1/media/share/en/page/nowhere-{'0' * 20}.png").status_code == 404


def test_robots_sitemap_and_feeds_use_the_served_address_never_the_host_header(
        client, engine, monkeypatch):
    monkeypatch.delenv("COMMUNITY_PUBLIC_URL", raising=False)
    monkeypatch.setenv("PORT", "8123")  # development: the site's own port
    served = "http://localhost:8123"
    news = make_news(engine)
    hidden = make_news(engine, published=False)
    job = make_job(engine)
    forged = {"Host": "evil.example"}
    robots = client.get("/robots.txt", headers=forged)
    assert robots.headers["content-type"].startswith("text/plain")
    assert f"Sitemap: {served}/sitemap.xml" in robots.text.splitlines()
    answer = client.get("/sitemap.xml", headers=forged)
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = [e.text for e in ET.fromstring(answer.content).findall("s:url/s:loc", ns)]
    assert f"{served}/" in locs and f"{served}/news/{news.id}" in locs
    assert f"{served}/jobs/{job.id}" in locs
    assert f"{served}/news/{hidden.id}" not in locs
    assert not [loc for loc in locs if "evil.example" in loc]
    feed = feedparser.parse(client.get("/feeds/news.atom", headers=forged).content)
    links = [link.href for entry in feed.entries for link in entry.links]
    assert f"{served}/news/{news.id}" in links
    assert not [href for href in links if "evil.example" in href]


def test_the_configured_public_address_wins(client, monkeypatch):
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.kr")
    assert "Sitemap: https://uzdev.kr/sitemap.xml" in client.get("/robots.txt").text


def test_the_news_feed_is_valid_atom_in_the_readers_language(client, engine):
    make_news(engine, title="Older", days_ago=3)
    newest = make_news(engine, title="Seoul <Tech> Night & friends", days_ago=1,
                       content="**Bold** start. Then [a link](https://example.test).")
    answer = client.get("/feeds/news.atom", headers={"Accept-Language": "uz"})
    assert answer.headers["content-type"].startswith("application/atom+xml")
    feed = feedparser.parse(answer.content)
    assert not feed.bozo and feed.version == "atom10"
    assert feed.feed.title == "UzDev Korea: Yangiliklar"
    assert [e.title for e in feed.entries] == ["Seoul <Tech> Night & friends", "Older"]
    entry = feed.entries[0]
    assert entry.link == f"{seo.public_base()}/news/{newest.id}"
    assert entry.summary.startswith("Bold start.") and "<strong>Bold</strong>" in entry.content[0].value


def test_the_blog_feed_is_valid_atom_when_empty(client):
    feed = feedparser.parse(client.get("/feeds/blog.atom").content)
    assert not feed.bozo and feed.version == "atom10" and feed.entries == []


def test_a_page_heads_addresses_are_the_served_ones_whatever_the_host_header(monkeypatch):
    from starlette.responses import HTMLResponse
    from starlette.testclient import TestClient

    from community_app.serving.page_heads import with_page_heads

    monkeypatch.delenv("COMMUNITY_PUBLIC_URL", raising=False)
    monkeypatch.setenv("PORT", "8123")

    async def site(scope, receive, send):
        await HTMLResponse("<html><head><title>x</title></head><body></body></html>")(
            scope, receive, send)

    html = TestClient(with_page_heads(site)).get("/about", headers={"Host": "evil.example"}).text
    assert '<link rel="canonical" href="http://localhost:8123/about"' in html
    assert 'content="http://localhost:8123/about"' in html  # og:url
    assert "evil.example" not in html


def test_a_page_file_is_read_once_per_build_and_never_without_one(monkeypatch):
    """The plain page behind a head is read from the site once per page and build (a burst
    of first visits does not go through the site's middleware for each), again after a new
    build, and on every request when there is no build."""
    from starlette.responses import HTMLResponse
    from starlette.testclient import TestClient

    from community_app.serving.page_heads import with_page_heads
    from community_app.serving import web

    read: list[str] = []

    async def site(scope, receive, send):
        read.append(scope["path"])
        await HTMLResponse(f"<html><head><title>x</title></head><body>{len(read)}</body></html>")(
            scope, receive, send)

    build = [("/site", (1, 1, 1), (2, 2, 2))]
    monkeypatch.setattr(web, "build_marks", lambda: build[0])
    client = TestClient(with_page_heads(site))
    pages = [client.get("/about").text for _ in range(3)]
    assert len(read) == 1 and all(page.endswith("<body>1</body></html>") for page in pages)
    build[0] = ("/site", (1, 1, 1), (3, 3, 3))  # a new build
    assert client.get("/about").text.endswith("<body>2</body></html>") and len(read) == 2
    build[0] = ("/site", None, None)  # no build: nothing remembered
    client.get("/about")
    client.get("/about")
    assert len(read) == 4
