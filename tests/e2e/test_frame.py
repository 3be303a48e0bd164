"""The page frame of SPEC section 2: header, footer, 404, routes, banner, errors."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

from community_app.core import routes
from community_app.ui.layouts.frame import VISITOR
from tests.e2e.conftest import HOME_URL, offline, wait_ready
from tests.e2e.site_pages import NOT_FOUND, PAGES, addresses


def header(page: Page):
    return page.get_by_role("banner")


def footer(page: Page):
    return page.get_by_role("contentinfo")


def test_header_has_logo_links_language_and_login(page: Page):
    page.goto("/about")
    wait_ready(page)
    h = header(page)
    expect(h.get_by_role("link", name="UzDev Korea home")).to_have_attribute("href", "/")
    nav = h.get_by_role("navigation", name="Main")
    for name, href in [("About us", "/about"), ("News", "/news"), ("Events", "/events"), ("Blog", "/blog")]:
        expect(nav.get_by_role("link", name=name, exact=True)).to_have_attribute("href", href)
    jobs = nav.get_by_role("link", name=re.compile(r"^Jobs"))
    expect(jobs).to_have_attribute("href", "/jobs")
    expect(jobs).to_contain_text("NEW")
    expect(nav.get_by_role("link", name="About us", exact=True)).to_have_attribute("aria-current", "page")
    expect(h.get_by_role("button", name="Language")).to_be_visible()
    expect(h.get_by_role("link", name="Login")).to_have_attribute("href", "/login")


HEADER_BOXES = """() => {
    const row = document.querySelector('header > div');
    const shown = el => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().width > 0;
    const boxes = [...row.children].filter(shown).flatMap(c =>
        c.tagName === 'NAV' ? [...c.querySelectorAll('a')].filter(shown) : [c]);
    return boxes.map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; });
}"""


@pytest.mark.parametrize("locale", ["en-US", "uz-UZ"])
def test_header_items_never_overlap_from_tablet_to_desktop(browser, base_url, locale):
    """Between 768 px (the links appear) and a wide screen, in both languages, the logo,
    each link and the language/login group sit side by side inside the screen."""
    context = browser.new_context(base_url=base_url, locale=locale)
    page = context.new_page()
    for width in (768, 800, 860, 960, 1024, 1139, 1140, 1280):
        page.set_viewport_size({"width": width, "height": 700})
        page.goto("/about")
        wait_ready(page)
        boxes = page.evaluate(HEADER_BOXES)
        assert len(boxes) >= 7, (width, boxes)  # logo, 5 links, the right-hand group
        for (left_a, right_a, top_a, _), (left_b, _, top_b, _) in zip(boxes, boxes[1:]):
            assert right_a <= left_b + 0.5, (locale, width, boxes)
        assert boxes[-1][1] <= width, (locale, width, boxes)
        assert len({round(top) for _, _, top, _ in boxes[1:-1]}) == 1, (locale, width, boxes)  # one row
    context.close()


def test_logo_goes_home(page: Page):
    page.goto("/terms")
    wait_ready(page)
    header(page).get_by_role("link", name="UzDev Korea home").click()
    expect(page).to_have_url(HOME_URL)


def test_footer_has_year_rights_legal_and_five_social_links(page: Page):
    page.goto("/")
    f = footer(page)
    year = dt.datetime.now().year
    expect(f).to_contain_text(f"© {year} UzDev Korea. All rights reserved.")
    expect(f.get_by_role("link", name="Terms of Service")).to_have_attribute("href", "/terms")
    expect(f.get_by_role("link", name="Privacy Policy")).to_have_attribute("href", "/privacy")
    social = f.get_by_role("navigation", name="Social links").get_by_role("link")
    expect(social).to_have_count(5)
    names = [social.nth(i).get_attribute("aria-label") for i in range(5)]
    assert names == ["Telegram", "X", "Instagram", "LinkedIn", "GitHub"]
    for i in range(5):
        assert social.nth(i).get_attribute("href").startswith("https://")
        assert social.nth(i).get_attribute("target") == "_blank"


@pytest.fixture(scope="module")
def visitor(browser, base_url):
    """One visitor's tab for the walk over every page (its files cached after the first
    page, as a visitor's browser keeps them): a new browser context per page made the
    walk take twice as long (58 s against 27 s)."""
    context = offline(browser.new_context(base_url=base_url, locale="en-US",
                                          viewport={"width": 1280, "height": 900}))
    page = context.new_page()
    page.on("pageerror", lambda error: PAGE_ERRORS.append(str(error)[:300]))
    yield page
    context.close()


# Errors the visitor's tab threw (a hydration mismatch, #418, is one): none on any page.
PAGE_ERRORS: list[str] = []


@pytest.mark.stock_reflex
@pytest.mark.parametrize("route", PAGES, ids=lambda route: route.path)
def test_every_route_answers_with_the_frame(visitor: Page, samples, route):
    """Every registered page, at each of its example addresses, as a visitor."""
    page = visitor
    PAGE_ERRORS.clear()
    for path in addresses(route, samples):
        response = page.goto(path)
        assert response is not None and (response.ok or path == NOT_FOUND), path
        expect(header(page)).to_be_visible()
        wait_ready(page)  # hydrated: an error of the hydration has been thrown by now
        assert PAGE_ERRORS == [], (path, PAGE_ERRORS)
        if route.audience != VISITOR:  # members or organizers only: visitors log in first
            expect(page).to_have_url(re.compile(r"/login\?from=" + re.escape(path) + "$"))
            continue
        if path == NOT_FOUND:
            expect(page.get_by_role("heading", name="Page Not Found")).to_be_visible()
        else:
            expect(page.get_by_role("heading", name="Page Not Found")).to_have_count(0)
        if routes.shows_footer(path):
            expect(footer(page)).to_be_visible()
        else:
            expect(footer(page)).to_have_count(0)  # /login and /auth paths: header only


@pytest.mark.stock_reflex
def test_unknown_path_shows_the_404_page(page: Page):
    page.goto("/no/such/page")
    expect(page.get_by_role("heading", name="Page Not Found")).to_be_visible()
    expect(page.get_by_text("The page you're looking for doesn't exist or has been moved.")).to_be_visible()
    wait_ready(page)
    page.get_by_role("link", name="Back to Home").click()
    expect(page).to_have_url(HOME_URL)


def test_terms_and_privacy_carry_real_text(page: Page):
    page.goto("/terms")
    expect(page.get_by_role("heading", name="Terms of Service", level=1)).to_be_visible()
    expect(page.get_by_role("heading", level=2)).to_have_count(7)
    page.goto("/privacy")
    expect(page.get_by_role("heading", name="Privacy Policy", level=1)).to_be_visible()
    expect(page.get_by_text("Personal Information Protection Act")).to_be_visible()


def test_page_scrolls_to_top_on_route_change(page: Page):
    page.set_viewport_size({"width": 1280, "height": 600})
    page.goto("/terms")
    wait_ready(page)
    page.mouse.wheel(0, 5000)
    page.wait_for_function("window.scrollY > 300")
    footer(page).get_by_role("link", name="Privacy Policy").click()
    expect(page).to_have_url(re.compile(r"/privacy$"))
    page.wait_for_function("window.scrollY === 0")


def test_home_banner_rules(page: Page):
    page.set_viewport_size({"width": 1280, "height": 500})
    banner_text = "Hurry up and register for the next meetup!"
    page.goto("/about")
    wait_ready(page)
    expect(page.get_by_text(banner_text)).to_have_count(0)  # only at /
    page.goto("/")
    wait_ready(page)
    banner = page.get_by_text(banner_text)
    expect(banner).to_be_visible()
    page.mouse.wheel(0, 200)
    page.wait_for_function("window.scrollY >= 50")
    expect(banner).to_have_count(0)  # hidden from 50 px of scroll
    page.evaluate("window.scrollTo(0, 0)")
    expect(banner).to_be_visible()
    banner.click()
    expect(page).to_have_url(re.compile(r"/events$"))


def test_home_banner_closes_with_animation_and_stays_closed(page: Page):
    page.goto("/")
    wait_ready(page)
    close = page.get_by_role("button", name="Close banner")
    close.click()
    expect(page.locator(".uzdev-banner[data-phase='closing']")).to_have_count(1)
    expect(page.locator(".uzdev-banner")).to_have_count(0)
    page.reload()
    wait_ready(page)
    expect(page.get_by_text("Hurry up and register for the next meetup!")).to_have_count(0)


def test_uncaught_error_screen_try_again_report_and_route_change(page: Page):
    page.goto("/")
    wait_ready(page)
    page.get_by_role("banner").get_by_role("link", name="About us", exact=True).click()
    expect(page).to_have_url(re.compile(r"/about$"))
    expect(page.get_by_role("heading", name="About us", level=1)).to_be_visible()

    page.evaluate("setTimeout(() => { throw new Error('Boom from a test') }, 0)")
    expect(page.get_by_role("heading", name="Uncaught Error")).to_be_visible()
    expect(page.get_by_text("Boom from a test")).to_be_visible()
    with page.expect_console_message(lambda m: "Issue report" in m.text):
        page.get_by_role("button", name="Report Issue").click()
    page.get_by_role("button", name="Try Again").click()
    expect(page.get_by_role("heading", name="Uncaught Error")).to_have_count(0)

    page.evaluate("() => { Promise.reject(new Error('')); }")
    expect(page.get_by_text("An unexpected error occurred")).to_be_visible()
    page.go_back()  # a route change clears the error
    expect(page).to_have_url(HOME_URL)
    expect(page.get_by_role("heading", name="Uncaught Error")).to_have_count(0)
    expect(header(page)).to_be_visible()


def test_loading_indicator_while_a_page_loads(page: Page):
    page.goto("/")
    wait_ready(page)

    held, released = [], []  # the jobs page's code, held back until the indicator was seen

    def hold(route):
        route.continue_() if released else held.append(route)

    page.route(re.compile(r"/assets/_jobs_\._index-.*\.js$"), hold)
    header(page).get_by_role("link", name=re.compile(r"^Jobs")).click()
    expect(page.get_by_text("Loading a page")).to_be_visible()
    assert held, "the jobs page's code was not asked for"
    released.append(True)
    for route in held:
        route.continue_()
    expect(page).to_have_url(re.compile(r"/jobs$"))
    expect(page.get_by_text("Loading a page")).to_have_count(0)
