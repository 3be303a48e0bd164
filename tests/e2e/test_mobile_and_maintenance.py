"""The mobile header's side panel, and the maintenance page."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready
from tests.waiting import wait_until


def test_mobile_menu_opens_a_side_panel_and_navigates(mobile: Page):
    page = mobile
    page.goto("/")
    wait_ready(page)
    header = page.get_by_role("banner")
    expect(header.get_by_role("navigation", name="Main")).to_be_hidden()
    header.get_by_role("button", name="Open menu").click()
    panel = page.get_by_role("dialog", name="Menu")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("link", name=re.compile(r"^Jobs"))).to_contain_text("NEW")
    panel.get_by_role("link", name="News", exact=True).click()
    expect(page).to_have_url(re.compile(r"/news$"))
    expect(panel).to_be_hidden()


def test_mobile_menu_closes_on_escape(mobile: Page):
    page = mobile
    page.goto("/about")
    wait_ready(page)
    page.get_by_role("button", name="Open menu").click()
    panel = page.get_by_role("dialog", name="Menu")
    expect(panel).to_be_visible()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()


def test_mobile_page_fits_the_screen(mobile: Page):
    page = mobile
    for path in ["/", "/terms", "/missing"]:
        page.goto(path)
        wait_ready(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path


def _open_until(page: Page, path: str, maintenance: bool) -> None:
    """Open ``path`` until the maintenance page is shown (or gone). A switch flipped from
    the command line reaches the server's cached settings within half a second
    (state/page_load.py watches the row); a page opened sooner still shows the old one."""
    def shown_as_wanted() -> bool:
        page.goto(path)
        wait_ready(page)
        return (page.locator("#maintenance").count() > 0) == maintenance

    wait_until(shown_as_wanted, every_s=0.25,
               what=f"the maintenance page to {'appear' if maintenance else 'go'}")


def test_maintenance_page_in_both_languages_with_contact_email(page: Page, site):
    site.cli("maintenance", "on")
    try:
        _open_until(page, "/news", maintenance=True)
        screen = page.locator("#maintenance")
        expect(screen).to_be_visible()
        expect(screen).to_contain_text("We are doing maintenance")
        expect(screen).to_contain_text("Texnik ishlar olib borilmoqda")
        expect(screen.get_by_role("link", name="hello@uzdev.kr").first).to_have_attribute(
            "href", "mailto:hello@uzdev.kr"
        )
        expect(page.get_by_role("banner")).to_have_count(0)
    finally:
        site.cli("maintenance", "off")
    _open_until(page, "/news", maintenance=False)
    expect(page.locator("#maintenance")).to_have_count(0)
    expect(page.get_by_role("banner")).to_be_visible()
