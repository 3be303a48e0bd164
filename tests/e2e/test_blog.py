"""/blog: the members' published posts as cards: words, not Markdown, and a grid that
uses its whole width; the header links to it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready


@pytest.mark.parametrize("width", [1280, 390])
def test_blog_cards_show_plain_excerpts_and_fill_the_row(browser, base_url, width):
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto("/blog")
    wait_ready(page)
    cards = page.get_by_role("main").get_by_role("article").filter(has=page.get_by_role("heading", level=2))
    expect(cards.filter(has_text="Koreyadagi birinchi yilim")).to_have_count(1)  # the demo's two
    card = cards.filter(has_text="How I switched from D-2 to E-7")
    expect(card).to_contain_text("The short version Start six months before graduation.")
    for text in [card.inner_text(), cards.first.inner_text()]:
        assert "**" not in text and "##" not in text and "](" not in text, text
    boxes = cards.evaluate_all("els => els.slice(0, 2).map(e => e.getBoundingClientRect().toJSON())")
    grid = cards.first.evaluate("e => e.parentElement.getBoundingClientRect().toJSON()")
    if width >= 1000:  # side by side from the left edge, as wide as the row allows
        assert abs(boxes[0]["top"] - boxes[1]["top"]) < 1
        assert boxes[0]["left"] == pytest.approx(grid["left"], abs=1)
        # no column is left empty: auto-fit shares the row among the cards it holds
        per_row = cards.evaluate_all("els => new Set(els.map(e => Math.round(e.getBoundingClientRect().top))).size")
        count = cards.count()
        if count <= 3:
            assert per_row == 1 and boxes[1]["right"] <= grid["right"] + 1
            last = cards.nth(count - 1).evaluate("e => e.getBoundingClientRect().right")
            assert last == pytest.approx(grid["right"], abs=1)
    else:  # one above the other, full width
        assert boxes[1]["top"] > boxes[0]["bottom"]
        assert boxes[0]["width"] == pytest.approx(grid["width"], abs=1)
    context.close()


def test_the_header_links_to_the_blog(page: Page):
    page.goto("/about")
    wait_ready(page)
    page.get_by_role("banner").get_by_role("link", name="Blog", exact=True).click()
    expect(page).to_have_url(f"{page.url.split('/about')[0]}/blog")
    expect(page.get_by_role("heading", name="Member blogs", level=1)).to_be_visible()
