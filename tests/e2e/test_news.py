"""/news and /news/<id>: filters, cards, load more, copy link, the article and its comment
thread for visitors and members (SPEC sections 2, 3, 4, 5, 9), in English and Uzbek.

Expected counts come from the demo data in the test server's own database."""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import json
import re

import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect

from community_app.services import news_display
from community_app.i18n.dates import relative_texts
from tests.e2e.conftest import OUTPUT, settled, wait_ready
from tests.e2e.test_auth import log_in

FALLBACK = {
    "TECH": {"AI", "Programming", "Software", "Frontend", "Backend", "JavaScript", "React"},
    "SOCIAL": {"Meetup", "Gathering", "Social Gathering", "Sports", "Community", "Networking"},
    "MEETUP": {"Event", "News Update", "Announcement", "Workshop", "Conference", "Seminar"},
}
_numbers = itertools.count(1)


@dataclasses.dataclass
class Item:
    id: int
    title: str
    content: str
    type: str
    tags: list[str]
    created_at: dt.datetime


def published(site) -> list[Item]:
    """The published news of the demo, newest first (as the list shows them)."""
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    with engine.connect() as conn:
        rows = conn.execute(sa.text(
            "SELECT id, title, content, type, tags, created_at FROM news "
            "WHERE published ORDER BY created_at DESC, id DESC"  # a boolean on PostgreSQL, 0/1 on SQLite
        )).all()
    engine.dispose()
    items = []
    for r in rows:
        tags = json.loads(r.tags) if isinstance(r.tags, str) else list(r.tags or [])
        created = r.created_at if isinstance(r.created_at, dt.datetime) else dt.datetime.fromisoformat(r.created_at)
        items.append(Item(r.id, r.title, r.content, r.type, tags, created))
    return items


def by_title(site, start: str) -> Item:
    return next(i for i in published(site) if i.title.startswith(start))


def count_text(page: Page):
    return page.locator("#news-count")


def cards(page: Page):
    return page.locator("#news-cards article")


def open_news(page: Page, path: str = "/news") -> None:
    page.goto(path)
    wait_ready(page)


def showing(shown: int, total: int) -> str:
    """The count above the list, its noun by the plural rule of the total."""
    return f"Showing {shown} of {total} {'article' if total == 1 else 'articles'}"


def expect_shown(page: Page, shown: int, total: int) -> None:
    expect(count_text(page)).to_have_text(showing(shown, total))
    expect(cards(page)).to_have_count(shown)


def search(page: Page, text: str) -> None:
    page.get_by_label("Search news").fill(text)


# ---------------------------------------------------------------- the list


def test_type_chips_filter_and_choosing_one_resets_the_tag(page: Page, site):
    items = published(site)
    open_news(page)
    all_chip = page.get_by_role("button", name="All", exact=True)
    expect(all_chip).to_have_attribute("aria-pressed", "true")
    expect_shown(page, 3, len(items))

    backend = page.get_by_role("button", name="#backend", exact=True)
    backend.click()
    expect(backend).to_have_attribute("aria-pressed", "true")
    expect(count_text(page)).to_contain_text(f"of {sum('backend' in i.tags for i in items)} article")

    for label, news_type in (("Tech", "TECH"), ("Meetup", "MEETUP"), ("Social", "SOCIAL")):
        page.get_by_role("button", name=label, exact=True).click()
        n = sum(i.type == news_type for i in items)
        expect_shown(page, min(3, n), n)
        expect(page.get_by_role("button", name=label, exact=True)).to_have_attribute("aria-pressed", "true")
        expect(all_chip).to_have_attribute("aria-pressed", "false")
        # the tag was reset: no tag chip is pressed
        expect(page.get_by_role("group", name="Tags").locator("[aria-pressed=true]")).to_have_count(0)
        for badge in cards(page).locator(".rt-Badge").filter(has_text=re.compile(r"^(Tech|Meetup|Social)$")).all():
            expect(badge).to_have_text(label)
        if label == "Tech":
            page.get_by_role("button", name="#backend", exact=True).click()
            both = sum(i.type == "TECH" and "backend" in i.tags for i in items)
            expect(count_text(page)).to_contain_text(f"of {both} article")

    all_chip.click()
    expect_shown(page, 3, len(items))


def test_search_is_case_insensitive_on_title_and_content(page: Page, site):
    items = published(site)
    open_news(page)
    search(page, "kUbErNeTeS")
    n = sum("kubernetes" in (i.title + " " + i.content).lower() for i in items)
    expect(count_text(page)).to_have_text(showing(min(3, n), n))
    expect(cards(page).first).to_contain_text("Kubernetes")

    nlp = by_title(site, "Korean NLP")
    assert "agglutinative" in nlp.content and "agglutinative" not in nlp.title.lower()
    search(page, "AGGLUTINATIVE")  # only in the content
    expect_shown(page, 1, 1)
    expect(cards(page).first.get_by_role("heading")).to_have_text(nlp.title)


def test_tag_filter_and_clicking_the_active_tag_clears_it(page: Page, site):
    items = published(site)
    open_news(page)
    ai = page.get_by_role("button", name="#ai", exact=True)
    ai.click()
    n = sum("ai" in i.tags for i in items)
    expect_shown(page, min(3, n), n)
    for card in cards(page).all():
        expect(card.locator(".news-tag").filter(has_text=re.compile(r"^#ai$"))).to_have_count(1)
    ai.click()
    expect(ai).to_have_attribute("aria-pressed", "false")
    expect_shown(page, 3, len(items))


def test_load_more_adds_three_until_everything_is_shown_and_resets(page: Page, site):
    items = published(site)
    total = len(items)
    open_news(page)
    load_more = page.get_by_role("button", name="Load More")
    shown = 3
    expect_shown(page, shown, total)
    while shown < total:
        load_more.click()
        shown = min(shown + 3, total)
        expect_shown(page, shown, total)
    expect(load_more).to_have_count(0)
    expect(cards(page).get_by_role("heading")).to_have_text([i.title for i in items])  # newest first

    page.get_by_role("button", name="#data", exact=True).click()  # tag change resets to 3
    n = sum("data" in i.tags for i in items)
    expect_shown(page, min(3, n), n)
    page.get_by_role("button", name="#data", exact=True).click()
    load_more.click()
    expect_shown(page, 6, total)
    search(page, "e")  # search change resets to 3
    expect(cards(page)).to_have_count(3)
    search(page, "")
    load_more.click()
    expect_shown(page, 6, total)
    page.get_by_role("button", name="Social", exact=True).click()  # type change resets to 3
    expect(cards(page)).to_have_count(3)


def test_empty_state_try_again_clears_the_filters(page: Page, site):
    open_news(page)
    page.get_by_role("button", name="Meetup", exact=True).click()
    search(page, "no such words anywhere 12345")
    expect(page.get_by_role("heading", name="No news articles found")).to_be_visible()
    expect(page.get_by_role("link", name="Return to homepage")).to_have_attribute("href", "/")
    page.get_by_role("button", name="Try again").click()
    expect_shown(page, 3, len(published(site)))
    expect(page.get_by_label("Search news")).to_have_value("")
    expect(page.get_by_role("button", name="All", exact=True)).to_have_attribute("aria-pressed", "true")


def _card_of(page: Page, title: str):
    search(page, title)
    card = cards(page).filter(has=page.get_by_role("heading", name=title, exact=True))
    expect(card).to_have_count(1)
    return card


def test_cards_show_excerpt_date_read_time_tags_and_link(page: Page, site):
    items = published(site)
    untagged = [i for i in items if not i.tags]
    assert len(untagged) == 2  # the demo has two items without tags
    open_news(page)
    first = cards(page).first
    expect(first.locator(".news-excerpt")).to_have_text(items[0].content[:70] + "...")
    minutes = news_display.read_minutes(items[0].content)  # words / 200, one at least
    expect(first).to_contain_text(f"{minutes} min read")
    # No picture uploaded: the item's own generated cover (services/images.py).
    expect(first.get_by_role("img")).to_have_attribute(
        "src", re.compile(rf"^/api/v1/media/covers/news/{items[0].id}-[a-z-]*[0-9a-f]{{20}}\.webp$"))
    expect(first.get_by_role("link")).to_have_attribute("href", f"/news/{items[0].id}")
    for tag in items[0].tags:
        expect(first.locator(".news-tag").filter(has_text=re.compile(f"^#{re.escape(tag)}$"))).to_have_count(1)

    seen = {}
    for item in untagged:
        tag_chips = _card_of(page, item.title).locator(".news-tag")
        expect(tag_chips).to_have_count(3)
        tags = tag_chips.all_inner_texts()
        assert len(set(tags)) == 3, tags
        assert {t.lstrip("#") for t in tags} <= FALLBACK[item.type], tags
        seen[item.id] = tags
    page.reload()  # the same fallback tags on every render
    wait_ready(page)
    for item in untagged:
        expect(_card_of(page, item.title).locator(".news-tag")).to_have_text(seen[item.id])

    # the whole card opens the article (the title link covers it)
    item = untagged[0]
    _card_of(page, item.title).locator(".news-excerpt").click(force=True)  # lands on the link
    expect(page).to_have_url(re.compile(f"/news/{item.id}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(item.title)


def test_copy_link_copies_the_address_and_says_so_for_a_moment(page: Page, site):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    items = published(site)
    open_news(page)
    cards(page).first.get_by_role("button", name="Copy link").click()
    toast = page.get_by_text("Link copied to clipboard")
    expect(toast).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == f"{site.url}/news/{items[0].id}"
    expect(toast).to_have_count(0)  # and it goes by itself (after 2 s and its exit animation)


def test_keyboard_chips_search_and_card_link(page: Page, site):
    items = published(site)
    open_news(page)
    page.get_by_role("button", name="Tech", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Tech", exact=True)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Meetup", exact=True)).to_have_attribute("aria-pressed", "true")
    first_meetup = next(i for i in items if i.type == "MEETUP")
    link = cards(page).first.get_by_role("link")
    link.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(f"/news/{first_meetup.id}$"))


# ---------------------------------------------------------------- the article


@pytest.mark.stock_reflex
def test_details_show_the_article_as_text_with_relative_time(page: Page, site):
    item = by_title(site, "Korean NLP")
    open_news(page, f"/news/{item.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(item.title)
    paragraphs = [p.strip() for p in item.content.split("\n\n")]
    expect(page.locator("#news-content p")).to_have_count(len(paragraphs))
    expect(page.locator("#news-content p").first).to_have_text(paragraphs[0])
    expect(page.locator("#news-ago")).to_have_text(relative_texts(item.created_at.replace(tzinfo=dt.UTC))["en"])
    expect(page.locator("article .rt-Badge").first).to_have_text("Tech")
    for tag in item.tags:
        expect(page.locator(".news-tag").filter(has_text=re.compile(f"^#{re.escape(tag)}$"))).to_have_count(1)
    expect(page.get_by_role("img", name="News illustration")).to_be_visible()
    page.get_by_role("link", name="Back to news").click()
    expect(page).to_have_url(re.compile(r"/news$"))


def test_details_of_an_item_without_tags_shows_its_fallback_tags(page: Page, site):
    item = next(i for i in published(site) if not i.tags)
    open_news(page, f"/news/{item.id}")
    expect(page.locator(".news-tag")).to_have_count(3)
    tags = page.locator(".news-tag").all_inner_texts()
    assert {t.lstrip("#") for t in tags} <= FALLBACK[item.type]


@pytest.mark.parametrize("path", ["/news/999999", "/news/abc", "/news/0"])
def test_unknown_news_shows_not_found(page: Page, path: str):
    open_news(page, path)
    expect(page.get_by_role("heading", name="News article not found.")).to_be_visible()
    expect(page.get_by_role("link", name="Back to news").first).to_be_visible()


def test_visitors_see_the_thread_and_a_sign_in_prompt(page: Page, site):
    item = by_title(site, "Korean NLP")
    open_news(page, f"/news/{item.id}")
    prompt = page.get_by_role("link", name="Log in to join the discussion")
    expect(prompt).to_have_attribute("href", f"/login?from=/news/{item.id}")
    expect(page.get_by_label("Your comment")).to_have_count(0)
    first = page.locator(".news-comment").filter(has_text="Great overview")
    expect(first.get_by_role("button", name=re.compile(r"^Like"))).to_contain_text("3")
    expect(page.get_by_role("button", name=re.compile(r"^Reply to @"))).to_have_count(0)
    first.get_by_role("button", name="Show replies (2)").click()
    replies = page.locator(".news-reply")
    expect(replies).to_have_count(2)
    expect(replies.first).to_contain_text("@madina")
    expect(replies.nth(1)).to_contain_text("@jasur")
    first.get_by_role("button", name="Hide replies").click()
    expect(replies).to_have_count(0)

    prompt.click()
    expect(page).to_have_url(re.compile(rf"/login\?from=/news/{item.id}$"))
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(re.compile(rf"/news/{item.id}$"))
    expect(page.get_by_label("Your comment")).to_be_visible()


def _unique(text: str) -> str:
    return f"{text} #{next(_numbers)}-{dt.datetime.now().strftime('%H%M%S%f')}"


def _member_on(page: Page, site, news_id: int) -> None:
    page.goto(f"/login?from=/news/{news_id}")
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(re.compile(rf"/news/{news_id}$"))
    expect(page.get_by_label("Your comment")).to_be_visible()


def test_member_comments_replies_likes_and_dislikes(page: Page, site):
    item = by_title(site, "Community survey")
    _member_on(page, site, item.id)
    box = page.get_by_label("Your comment")
    box.fill("   ")
    page.get_by_role("button", name="Post comment").click()
    expect(page.get_by_text("Comment cannot be empty.")).to_be_visible()
    expect(box).to_be_focused()  # focus back at the field to correct (issue 14)
    text = _unique("Very useful numbers, thank you")
    box.fill(text)
    page.get_by_role("button", name="Post comment").click()
    mine = page.locator(".news-comment").filter(has_text=text)
    expect(mine).to_be_visible()
    expect(mine).to_contain_text("Dilnoza Yusupova")  # the public name, then the handle
    expect(mine).to_contain_text("@dilnoza")
    expect(mine).to_contain_text("just now")
    expect(box).to_have_value("")
    expect(box).to_be_focused()  # not lost with the disabled Post button (issue 14)

    like = mine.get_by_role("button", name=re.compile(r"^Like"))
    dislike = mine.get_by_role("button", name=re.compile(r"^Dislike"))
    expect(like).to_have_text("0")
    like.click()
    expect(like).to_have_text("1")
    expect(like).to_have_attribute("aria-pressed", "true")
    like.click()  # a second click undoes
    expect(like).to_have_text("0")
    expect(like).to_have_attribute("aria-pressed", "false")
    like.click()
    expect(like).to_have_text("1")
    dislike.click()  # like then dislike moves the vote
    expect(like).to_have_text("0")
    expect(dislike).to_have_text("1")
    expect(dislike).to_have_attribute("aria-pressed", "true")
    expect(like).to_have_attribute("aria-pressed", "false")
    dislike.click()
    expect(dislike).to_have_text("0")

    mine.get_by_role("button", name=re.compile(r"^Reply to @")).click()
    reply_box = page.get_by_role("textbox", name="Reply to @dilnoza")
    expect(reply_box).to_be_focused()
    like.click()  # shows the member's own vote in the screenshot
    expect(like).to_have_attribute("aria-pressed", "true")
    page.locator("section").filter(has=page.get_by_role("heading", name=re.compile("^Comments"))).screenshot(
        path=str(OUTPUT / "news-member-thread-1280-en.png")
    )
    page.get_by_role("button", name="Post reply").click()
    expect(page.get_by_text("Comment cannot be empty.")).to_be_visible()
    reply = _unique("Replying to myself")
    reply_box.fill(reply)
    page.get_by_role("button", name="Post reply").click()
    posted = page.locator(".news-reply").filter(has_text=reply)
    expect(posted).to_be_visible()
    expect(posted).to_contain_text("@dilnoza " + reply)
    # The reply form is gone: focus is on the line saying the comment was added.
    expect(page.get_by_role("status").filter(has_text="Your comment has been added.")).to_be_focused()
    expect(mine.get_by_role("button", name="Hide replies")).to_be_visible()

    # reply to a reply: it joins the same thread and names the replied-to member
    posted.get_by_role("button", name=re.compile(r"^Reply to @")).click()
    second = _unique("And once more")
    page.get_by_role("textbox", name="Reply to @dilnoza").fill(second)
    page.get_by_role("button", name="Post reply").click()
    expect(page.locator(".news-reply").filter(has_text=second)).to_contain_text("@dilnoza")

    page.reload()  # everything was stored
    wait_ready(page)
    mine = page.locator(".news-comment").filter(has_text=text)
    mine.get_by_role("button", name="Show replies (2)").click()
    expect(page.locator(".news-reply").filter(has_text=reply)).to_be_visible()


def test_markup_in_a_comment_is_shown_as_plain_text(page: Page, site):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    item = by_title(site, "Kod va Kimchi")
    _member_on(page, site, item.id)
    marker = _unique("plain")
    text = f"<script>alert(1)</script><b>bold</b><img src=x onerror=alert(2)> {marker}"
    page.get_by_label("Your comment").fill(text)
    page.get_by_role("button", name="Post comment").click()
    shown = page.locator(".news-comment").filter(has_text=marker).locator(".comment-text")
    expect(shown).to_have_text(text)
    expect(shown.locator("b, img, script")).to_have_count(0)
    page.reload()
    wait_ready(page)
    shown = page.locator(".news-comment").filter(has_text=marker).locator(".comment-text")
    expect(shown).to_have_text(text)
    expect(shown.locator("b, img, script")).to_have_count(0)
    page.wait_for_load_state("networkidle")  # anything the comment could load has run
    assert dialogs == []


# ---------------------------------------------------------------- Uzbek, mobile, screenshots


@pytest.fixture
def uz_page(browser, base_url):
    context = browser.new_context(base_url=base_url, locale="uz-UZ", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def test_news_list_and_details_in_uzbek(uz_page: Page, site):
    page = uz_page
    items = published(site)
    open_news(page)
    expect(page.get_by_role("heading", name="Yangiliklar", level=1)).to_be_visible()
    expect(page.get_by_role("button", name="Barchasi")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="Texnologiya")).to_be_visible()
    expect(page.get_by_role("button", name="Ijtimoiy")).to_be_visible()
    expect(count_text(page)).to_have_text(f"{len(items)} ta maqoladan 3 tasi ko‘rsatilmoqda")
    expect(page.get_by_role("button", name="Yana yuklash")).to_be_visible()
    minutes = news_display.read_minutes(items[0].content)
    expect(cards(page).first).to_contain_text(f"{minutes} daqiqalik o‘qish")
    page.get_by_label("Yangiliklarni qidirish").fill("hech narsa topilmaydi 999")
    expect(page.get_by_role("heading", name="Hech qanday yangilik topilmadi")).to_be_visible()
    page.get_by_role("button", name="Qayta urinish").click()
    expect(cards(page)).to_have_count(3)

    item = by_title(site, "Korean NLP")
    open_news(page, f"/news/{item.id}")
    expect(page.get_by_role("link", name="Muhokamaga qo‘shilish uchun tizimga kiring")).to_be_visible()
    expect(page.locator("#news-ago")).to_have_text(relative_texts(item.created_at.replace(tzinfo=dt.UTC))["uz"])
    expect(page.get_by_role("link", name="Yangiliklarga qaytish")).to_be_visible()
    open_news(page, "/news/999999")
    expect(page.get_by_role("heading", name="Yangilik topilmadi.")).to_be_visible()


def test_mobile_list_and_details_fit_the_screen(mobile: Page, site):
    page = mobile
    open_news(page)
    expect(cards(page)).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Load More").click()
    expect(cards(page)).to_have_count(6)
    item = by_title(site, "Korean NLP")
    open_news(page, f"/news/{item.id}")
    page.locator(".news-comment").first.get_by_role("button", name=re.compile(r"^Show replies")).click()
    expect(page.locator(".news-reply").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("lang", ["en", "uz"])
@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots(browser, base_url, site, lang: str, width: int):
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900},
                                  locale="uz-UZ" if lang == "uz" else "en-US")
    page = context.new_page()
    item = by_title(site, "Korean NLP")
    for name, path in (("list", "/news"), ("details", f"/news/{item.id}")):
        open_news(page, path)
        if name == "details":
            page.locator(".news-comment").first.get_by_role("button").last.click()
            expect(page.locator(".news-reply").first).to_be_visible()
        else:
            expect(cards(page)).to_have_count(3)
        page.evaluate("window.scrollTo(0, 0)")
        settled(page)
        page.screenshot(path=str(OUTPUT / f"news-{name}-{width}-{lang}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
