"""A new visitor finds a past talk by a word of its abstract, opens its page, sees its slides,
loads its recording with a click (no request to the video site before it), then opens the
speaker's page with their talks (issue 41), in both languages, at desktop and phone widths."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e import layout_shift
from tests.e2e.conftest import OUTPUT, settled, wait_ready

TALK = "Zero-downtime deploys for a payments API on Kubernetes"
SPEAKER = "Han Seung-woo"
WORD = "idempotency"  # only in that talk's abstract
TEXTS = {
    "en": {"slides": "Slides", "play": "Play the recording", "talks": "Talks"},
    "uz": {"slides": "Slaydlar", "play": "Yozuvni ko‘rish", "talks": "Ma’ruzalar"},
}
VIDEO_SITES = re.compile(r"youtube|ytimg|googlevideo|vimeo|peertube")


@pytest.mark.parametrize("lang, width", [("en", 1280), ("uz", 390), ("uz", 1280), ("en", 390)])
def test_find_a_past_talk_see_its_slides_play_it_and_meet_its_speaker(browser, base_url, lang,
                                                                      width):
    context = browser.new_context(base_url=base_url, locale="uz-UZ" if lang == "uz" else "en-US",
                                  viewport={"width": width, "height": 900})
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url) if VIDEO_SITES.search(r.url) else None)
    # The player's site is not reached from the test machine: answer it empty.
    context.route(VIDEO_SITES, lambda route: route.fulfill(status=204, body=""))
    page = context.new_page()
    words = TEXTS[lang]

    page.goto(f"/search?q={WORD}")
    wait_ready(page)
    result = page.get_by_role("main").get_by_role("listitem").filter(has_text=TALK)
    expect(result).to_have_count(1)
    result.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/talks/\d+"))
    expect(page.get_by_role("heading", name=TALK, level=1)).to_be_visible()
    expect(page.locator("#talk-abstract")).to_contain_text(WORD)

    expect(page.get_by_role("heading", name=words["slides"], level=2)).to_be_visible()
    slides = page.locator("#talk-slides")
    expect(slides).to_have_attribute("href", re.compile(r"^/api/v1/public/talks/\d+/slides\.pdf$"))
    pdf = httpx.get(base_url + slides.get_attribute("href"))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF-")
    assert pdf.headers["content-type"] == "application/pdf"

    play = page.get_by_role("button", name=re.compile(words["play"]))
    expect(play).to_be_visible()
    expect(page.locator("#talk-player")).to_have_count(0)
    assert asked == [], asked  # nothing asked of the video site before the click
    play.click()
    player = page.locator("iframe#talk-player")
    expect(player).to_be_visible()
    expect(player).to_have_attribute(
        "src", re.compile(r"^https://www\.youtube-nocookie\.com/embed/[\w-]+\?autoplay=1$"))
    settled(page)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"talk-{lang}-{width}.png"), full_page=True)

    page.locator("#talk-speakers").get_by_role("link", name=SPEAKER).click()
    expect(page).to_have_url(re.compile(r"/speakers/\d+-han-seung-woo$"))
    expect(page.get_by_role("heading", name=SPEAKER, level=1)).to_be_visible()
    expect(page.get_by_role("heading", name=words["talks"], level=2)).to_be_visible()
    expect(page.locator("#speaker-talks").get_by_role("link", name=TALK)).to_be_visible()
    settled(page)
    page.screenshot(path=str(OUTPUT / f"speaker-{lang}-{width}.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_a_talk_and_its_speaker_come_with_their_title_and_nothing_moves(browser, base_url, width,
                                                                        height):
    """The title is in the page's HTML (painted before any script, read by crawlers that run
    none), and nothing in view moves when the talk's or the speaker's content replaces the
    placeholder (issue 46: the talk page shifted by 0.125)."""
    talks = httpx.get(base_url + "/api/v1/public/talks").json()["data"]
    talk = next(t for t in talks if t["title"] == TALK)
    speaker = next(s for s in talk["speakers"] if s["name"] == SPEAKER)
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.add_init_script(layout_shift.WATCH)
        for address, title, ready in ((talk["page"], TALK, "#talk-abstract"),
                                      (speaker["page"], SPEAKER, "#speaker-talks")):
            html = httpx.get(base_url + address).text
            assert re.search(r"<h1[^>]*>%s</h1>" % re.escape(title), html), address
            page.goto(address)
            wait_ready(page)
            expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()
            expect(page.locator(ready)).to_be_visible()
            settled(page)
            assert layout_shift.shift(page) < 0.05, (address, layout_shift.shifts(page))
    finally:
        context.close()
