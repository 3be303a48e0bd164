"""/jobs on a phone (issue 27): the eight filters fold behind a "Filters" button, so the
first job is on the first screen; opened, every filter fits the width (the D-2 option
included) and the button counts the filters set. Wider screens show the filters as before."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import OUTPUT, screen
from tests.e2e.jobs_helpers import LANGS, T, _choose, _goto, _results

D2 = "D-2 Student (part-time with permission)"


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_phone_the_filters_fold_and_the_first_job_is_in_view(browser, base_url, lang):
    with screen(browser, base_url, 390) as page:
        _goto(page, "/jobs", lang)
        first_job = _results(page).locator("li").first
        expect(first_job).to_be_in_viewport()
        visa = page.get_by_label(T(lang, "My visa"), exact=True)
        expect(visa).to_be_hidden()
        toggle = page.get_by_role("button", name=re.compile("^" + re.escape(T(lang, "Filters"))
                                                             + r"( \d+)?$"))
        expect(toggle).to_have_attribute("aria-expanded", "false")
        page.screenshot(path=OUTPUT / f"jobs-phone-folded-{lang}.png")

        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(visa).to_be_visible()
        _choose(page, lang, "My visa", D2)
        expect(visa.locator("option:checked")).to_have_text(T(lang, D2))
        expect(toggle).to_contain_text("1")  # one filter set
        box = visa.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=OUTPUT / f"jobs-phone-filters-{lang}.png", full_page=True)


def test_a_wide_screen_shows_the_filters_without_the_button(browser, base_url):
    with screen(browser, base_url, 1280) as page:
        _goto(page, "/jobs", "en")
        expect(page.get_by_label("My visa", exact=True)).to_be_visible()
        expect(page.get_by_role("button", name="Filters", exact=True)).to_be_hidden()
