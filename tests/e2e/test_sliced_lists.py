"""Lists drawn in slices (issue 46): the first data render of /jobs, /events and /search
draws what fills the first screen, the rest comes after the browser has painted; the
reader ends with the same list, and nothing in view moves while the slices arrive."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import layout_shift
from tests.e2e.conftest import wait_ready
from tests.e2e.jobs_helpers import PAGE_SIZE

# Counts the list's cards after each batch of DOM changes (the layout shifts: layout_shift).
COUNT = """
window.__uzdevCounts = [];
document.addEventListener("DOMContentLoaded", () => {
  const count = () => document.querySelectorAll(%r).length;
  new MutationObserver(() => {
    const n = count();
    const seen = window.__uzdevCounts;
    if (n !== (seen.length ? seen[seen.length - 1] : 0)) seen.push(n);
  }).observe(document.body, { childList: true, subtree: true });
});
"""

LISTS = [
    # (address, one card's selector, the cards of a full first page)
    ("/jobs", "#jobs-results li h2", PAGE_SIZE),
    ("/events", "main article", None),
    ("/search?q=seoul", "main ul > li a[href]", None),
]


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("path,card,full", LISTS, ids=["jobs", "events", "search"])
def test_a_list_comes_in_slices_and_ends_whole_without_moving_what_is_in_view(
        browser, base_url, path, card, full, width, height):
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    try:
        page: Page = context.new_page()
        page.add_init_script(layout_shift.WATCH)
        page.add_init_script(COUNT % card)
        page.goto(path)
        wait_ready(page)
        cards = page.locator(card)
        expect(cards.first).to_be_visible()
        # Every slice has come: the count stops growing and matches the list's own.
        page.wait_for_function("""() => {
            const c = window.__uzdevCounts;
            return c.length > 0 && performance.now() > 0 &&
                   document.querySelectorAll(%r).length === c[c.length - 1];
        }""" % card)
        page.wait_for_timeout(500)  # a slice still to come would land within a few frames
        counts = page.evaluate("window.__uzdevCounts")
        total = cards.count()
        if full is not None:
            assert total == full
        assert total > 6, f"the demo's list on {path} is long enough to slice: {total}"
        first = next(n for n in counts if n > 0)
        assert first <= 6, f"the first render drew {first} cards (counts {counts})"
        assert counts[-1] == total and counts == sorted(counts), counts
        assert layout_shift.shift(page) < 0.05, layout_shift.shifts(page)
        # What was in view on arrival is still where it was: the first card did not move.
        assert cards.first.bounding_box()["y"] < height
    finally:
        context.close()
