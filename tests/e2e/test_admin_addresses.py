"""Every back-office view at its own address (issue 13), signed in as the demo organizer,
in both languages: a shared link, a reload, back and forward land on the same view; a
meetup's sections (speakers, sessions, notes, image; registrations with check-in) stay
where they were; every list keeps its filters and its search in the address.

One page per language walks all the views, so the production build is loaded once."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from community_app.i18n import gettext
from tests.e2e.conftest import wait_ready
from tests.e2e.test_admin import API, _nav, _open_admin, _shot

LANGS = ["en", "uz"]


def _views(meetup_id: int, news_id: int) -> list[tuple[str, str, str]]:
    """(address, the h2 the view shows, the navigation entry marked current)."""
    return [
        ("/admin", "Overview", "Overview"),
        ("/admin/meetups?type=past", "Meetups", "Meetups"),
        (f"/admin/meetups/{meetup_id}", "Edit meetup", "Meetups"),
        (f"/admin/meetups/{meetup_id}?view=registrations", "Registrations", "Meetups"),
        ("/admin/meetups/new", "New meetup", "Meetups"),
        ("/admin/news?show=drafts", "News", "News"),
        (f"/admin/news/{news_id}", "Edit news item", "News"),
        ("/admin/jobs?status=OPEN", "Jobs", "Jobs"),
        ("/admin/speakers?status=NEW", "Speaker applications", "Speakers"),
        ("/admin/comments?show=visible", "Comments", "Comments"),
        ("/admin/settings", "Settings", "Settings"),
        ("/admin/audit", "Audit log", "Audit log"),
    ]


def _at(page: Page, address: str) -> None:
    expect(page).to_have_url(re.compile(re.escape(address) + "$"))


def _shows(page: Page, address: str, heading: str, area: str, lang: str) -> None:
    _at(page, address)
    expect(page.get_by_role("heading", level=2, name=gettext(heading, lang), exact=True)
           ).to_be_visible()
    expect(_nav(page, gettext(area, lang))).to_have_attribute("aria-current", "page")


def _in_language(page: Page, site, lang: str, path: str = "/admin") -> None:
    """Signed in as the organizer, the interface in ``lang`` (kept in localStorage)."""
    _open_admin(page, site, path)
    page.evaluate(f"localStorage.setItem('uzdev_lang', '{lang}')")
    page.reload()
    wait_ready(page)


def _past_meetup_and_news(site) -> tuple[int, int]:
    public = httpx.get(f"{site.url}{API}/public/meetups", params={"type": "past"}).json()
    news = httpx.get(f"{site.url}{API}/public/news").json()
    return public["data"]["content"][0]["id"], news["data"]["content"][0]["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_view_has_an_address_that_survives_reload_back_and_forward(
    page: Page, site, lang
):
    views = _views(*_past_meetup_and_news(site))
    _in_language(page, site, lang)
    for address, heading, area in views:  # a shared link, then a reload
        page.goto(address)
        wait_ready(page)
        _shows(page, address, heading, area, lang)
        page.reload()
        wait_ready(page)
        _shows(page, address, heading, area, lang)
    _shot(page, f"addresses-{lang}")
    # Back through every view, then forward again: each lands where it was.
    for address, heading, area in reversed(views[:-1]):
        page.go_back()
        _shows(page, address, heading, area, lang)
    for address, heading, area in views[1:]:
        page.go_forward()
        _shows(page, address, heading, area, lang)
    page.evaluate("localStorage.setItem('uzdev_lang', 'en')")


def _meetup_sections(page: Page, lang: str) -> None:
    """The meetup's edit view: its form with the programme's sections under it."""
    expect(page.get_by_role("heading", level=2, name=gettext("Edit meetup", lang), exact=True)
           ).to_be_visible()
    for section in ("Speakers", "Keynote sessions", "Notes", "Image"):
        expect(page.get_by_role("heading", level=3, name=gettext(section, lang), exact=True)
               ).to_be_visible()


def _registrations(page: Page, lang: str, search: str) -> None:
    """The registrations view with its check-in column and the search typed in it."""
    expect(page.get_by_role("heading", level=2, name=gettext("Registrations", lang),
                            exact=True)).to_be_visible()
    expect(page.get_by_role("columnheader", name=gettext("Check-in", lang), exact=True)
           ).to_be_visible()
    expect(page.get_by_label(gettext("Search by name or email", lang))).to_have_value(search)


@pytest.mark.parametrize("lang", LANGS)
def test_a_meetups_sections_survive_reload_back_and_forward(page: Page, site, lang):
    meetup_id, _ = _past_meetup_and_news(site)
    edit = f"/admin/meetups/{meetup_id}"
    _in_language(page, site, lang, edit)
    _meetup_sections(page, lang)
    page.reload()
    wait_ready(page)
    _meetup_sections(page, lang)

    page.get_by_role("button", name=gettext("Registrations", lang), exact=True).click()
    _at(page, f"{edit}?view=registrations")
    _registrations(page, lang, "")
    page.get_by_label(gettext("Search by name or email", lang)).fill("member")
    _at(page, f"{edit}?view=registrations&search=member")
    page.reload()
    wait_ready(page)
    _registrations(page, lang, "member")
    _shot(page, f"registrations-{lang}")

    page.go_back()  # the search refines the view in place: back is the meetup's form
    _at(page, edit)
    _meetup_sections(page, lang)
    page.go_forward()
    _at(page, f"{edit}?view=registrations&search=member")
    _registrations(page, lang, "member")
    page.evaluate("localStorage.setItem('uzdev_lang', 'en')")


# (list address, name in the address, two choices: (value, the control's text)).
SEGMENTED = [
    ("/admin/meetups", "type", ("past", "Past"), ("all", "All")),
    ("/admin/news", "show", ("drafts", "Drafts"), ("published", "Published")),
    ("/admin/jobs", "status", ("OPEN", "Open"), ("FILLED", "Filled")),
    ("/admin/comments", "show", ("hidden", "Hidden"), ("visible", "Visible")),
]


def _radio(page: Page, text: str, lang: str):
    return page.get_by_role("radio", name=gettext(text, lang), exact=True)


def _pick(page: Page, label: str, option: str, lang: str) -> None:
    """Choose ``option`` in the select labelled ``label``."""
    page.get_by_role("combobox", name=gettext(label, lang), exact=True).click()
    page.get_by_role("option", name=gettext(option, lang), exact=True).click()


def _chosen(page: Page, label: str, option: str, lang: str) -> None:
    expect(page.get_by_role("combobox", name=gettext(label, lang), exact=True)
           ).to_have_text(gettext(option, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_list_keeps_its_filters_and_search_in_the_address(page: Page, site, lang):
    _in_language(page, site, lang, "/admin/meetups")
    for address, name, (first, first_text), (second, second_text) in SEGMENTED:
        page.goto(address)
        wait_ready(page)
        _radio(page, first_text, lang).click()
        _at(page, f"{address}?{name}={first}")
        _radio(page, second_text, lang).click()
        _at(page, f"{address}?{name}={second}")
        page.go_back()
        _at(page, f"{address}?{name}={first}")
        expect(_radio(page, first_text, lang)).to_be_checked()
        page.go_forward()
        _at(page, f"{address}?{name}={second}")
        page.reload()
        wait_ready(page)
        expect(_radio(page, second_text, lang)).to_be_checked()

    # Speaker applications: two selects, both in the address.
    page.goto("/admin/speakers")
    wait_ready(page)
    _pick(page, "Status", "In review", lang)
    _at(page, "/admin/speakers?status=IN_REVIEW")
    _pick(page, "Expertise", "Backend", lang)
    _at(page, "/admin/speakers?status=IN_REVIEW&expertise=backend")
    page.go_back()
    _at(page, "/admin/speakers?status=IN_REVIEW")
    _chosen(page, "Status", "In review", lang)
    _chosen(page, "Expertise", "All", lang)
    page.go_forward()
    page.reload()
    wait_ready(page)
    _chosen(page, "Status", "In review", lang)
    _chosen(page, "Expertise", "Backend", lang)

    # Searches: typed, they refine the address in place; a reload keeps them.
    for address, label, extra in (
        ("/admin/comments?show=visible", "Search comments", "show=visible&"),
        ("/admin/audit", "Search the audit log", ""),
    ):
        page.goto(address)
        wait_ready(page)
        page.get_by_label(gettext(label, lang)).fill("meetup")
        _at(page, f"{address.split('?')[0]}?{extra}search=meetup")
        page.reload()
        wait_ready(page)
        expect(page.get_by_label(gettext(label, lang))).to_have_value("meetup")
    _shot(page, f"filters-{lang}")

    # On a phone the same lists and a meetup's view fit the screen's width.
    page.set_viewport_size({"width": 390, "height": 844})
    meetup_id, news_id = _past_meetup_and_news(site)
    for name, address in (("meetups", "/admin/meetups?type=past"),
                          ("meetup", f"/admin/meetups/{meetup_id}"),
                          ("registrations", f"/admin/meetups/{meetup_id}?view=registrations"),
                          ("news-item", f"/admin/news/{news_id}"),
                          ("comments", "/admin/comments"), ("audit", "/admin/audit")):
        page.goto(address)
        wait_ready(page)
        expect(page.get_by_role("heading", level=2).first).to_be_visible()
        _shot(page, f"phone-{name}-{lang}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, address
    page.evaluate("localStorage.setItem('uzdev_lang', 'en')")
