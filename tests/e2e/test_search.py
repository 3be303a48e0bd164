"""Site-wide search in the browser: the header's box and /search, in both languages, on a
desktop and a phone; a job alert's emailed unsubscribe link works in one click, signed out."""

from __future__ import annotations

import re

import httpx
import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from tests.e2e.conftest import resize, wait_ready

DEMO_EMAIL = "member@uzdev.kr"
DEMO_PASSWORD = "Demo-pass-2026!"
TRANSLATOR_JOB = "Texnik tarjimon (koreys–o‘zbek–ingliz), frilans"
LLM_MEETUP = "Seoul Tech Night #13: Shipping LLM features to production"


def _results(page):
    return page.get_by_role("main").get_by_role("listitem")


def test_the_header_box_opens_the_results(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto("/about")
    wait_ready(page)
    box = page.get_by_role("banner").get_by_role("searchbox", name="Search the site")
    box.fill("D-10")
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"/search\?q=D-10$"))
    expect(page.get_by_role("heading", name="Search the site", level=1)).to_be_visible()
    career = _results(page).filter(has_text="D-10 vizalari")
    expect(career.first).to_be_visible()
    expect(career.first.locator("mark").first).to_have_text("D-10")
    context.close()


def test_the_header_has_a_way_to_search_at_every_width(browser, base_url):
    """A box from 1140 px, a button to /search below it: one of them in the header and
    inside the screen at every width (at 1100 px there was neither)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1100, "height": 800})
    page = context.new_page()
    page.goto("/about")
    wait_ready(page)
    banner = page.get_by_role("banner")
    # Hidden elements are not found by role: the one shown at this width.
    entry = banner.get_by_role("searchbox", name="Search the site").or_(
        banner.get_by_role("link", name="Search the site"))
    for width in (1100, 360, 390, 640, 700, 768, 1024, 1139, 1140, 1280):
        resize(page, width, 800)
        expect(entry).to_have_count(1)
        expect(entry).to_be_in_viewport(ratio=1)
    resize(page, 1100, 800)
    entry.click()
    expect(page).to_have_url(re.compile(r"/search$"))
    expect(page.get_by_role("searchbox", name="Search events, news, jobs and blog posts")).to_be_visible()
    context.close()


@pytest.mark.parametrize("typed", ["o'zbek", "o‘zbek"])
def test_typing_finds_uzbek_words_in_either_spelling_on_a_phone(browser, base_url, typed):
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto("/")
    wait_ready(page)
    page.get_by_role("banner").get_by_role("link", name="Search the site").click()
    expect(page).to_have_url(re.compile(r"/search$"))
    wait_ready(page)
    page.get_by_role("searchbox", name="Search events, news, jobs and blog posts").fill(typed)
    expect(_results(page).filter(has_text=TRANSLATOR_JOB)).to_have_count(1)
    page.get_by_role("button", name=re.compile(r"^Jobs \(\d+\)$")).click()
    expect(_results(page).filter(has_text=TRANSLATOR_JOB)).to_have_count(1)
    expect(page).to_have_url(re.compile(r"kind=job"))
    context.close()


def test_a_speaker_and_topik_in_uzbek(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('uzdev_lang', 'uz')")
    page = context.new_page()
    page.goto("/search?q=Aliqulov")
    wait_ready(page)
    expect(page.get_by_role("heading", name="Saytdan qidirish", level=1)).to_be_visible()
    hit = _results(page).filter(has_text=LLM_MEETUP)
    expect(hit).to_have_count(1)
    expect(hit.get_by_text("Tadbir", exact=True)).to_be_visible()
    hit.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/events/upcoming/details/\d+$"))
    page.goto("/search?q=topik&kind=blog")
    wait_ready(page)
    expect(_results(page).first).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Blog \(\d+\)$"))).to_have_attribute("aria-pressed", "true")
    page.goto("/search?q=zzzqqq")
    wait_ready(page)
    expect(page.get_by_text("Hech narsa topilmadi. Boshqa so‘zlarni sinab ko‘ring.")).to_be_visible()
    context.close()


def test_the_emailed_unsubscribe_link_works_signed_out(site, browser, base_url):
    tokens = site.api_sign_in(DEMO_EMAIL, DEMO_PASSWORD)
    auth = {"Authorization": f"Bearer {tokens['access_token']}"}
    r = httpx.post(f"{site.url}/api/v1/job-alerts", headers=auth, timeout=20,
                   json={"filters": {"visa": "D-2"}, "frequency": "WEEKLY"})
    assert r.status_code == 201, r.text
    alert_id = r.json()["data"]["id"]
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    with engine.connect() as conn:
        token = conn.execute(sa.text("SELECT unsubscribe_token FROM saved_job_searches WHERE id = :i"),
                             {"i": alert_id}).scalar()
    engine.dispose()
    context = browser.new_context(base_url=base_url)  # not signed in
    page = context.new_page()
    page.goto(f"/job-alerts/unsubscribe/{token}")
    wait_ready(page)
    expect(page.get_by_text("You are unsubscribed.")).to_be_visible()
    mine = httpx.get(f"{site.url}/api/v1/job-alerts", headers=auth, timeout=20).json()["data"]
    assert [a["active"] for a in mine if a["id"] == alert_id] == [False]
    page.goto("/job-alerts/unsubscribe/not-a-real-token")
    wait_ready(page)
    expect(page.get_by_text("This unsubscribe link is not valid. Your alerts are on My Page.")).to_be_visible()
    context.close()


def test_a_member_saves_the_boards_filters_as_an_alert_and_manages_it_on_my_page(page, site):
    from tests.e2e.test_auth import log_in

    page.goto("/login")
    wait_ready(page)
    log_in(page, site)
    page.goto("/jobs?visa=E-7&worklang=en")
    wait_ready(page)
    page.get_by_label("How often").select_option("WEEKLY")
    page.get_by_role("button", name="Save as an alert").click()
    expect(page.get_by_text("Alert saved: new jobs that fit come by email at 09:00 Korea time "
                            "(daily, or on Mondays for a weekly alert). Manage it on My Page.")).to_be_visible()
    page.goto("/mypage?tab=alerts")
    wait_ready(page)
    alert = page.get_by_role("main").get_by_role("listitem").filter(has_text="E-7 · English")
    expect(alert).to_have_count(1)
    expect(alert.get_by_label("How often")).to_have_value("WEEKLY")
    expect(alert.get_by_role("link", name="Private feed")).to_have_attribute("href", re.compile(r"/feed\.atom$"))
    alert.get_by_role("button", name="Pause").click()
    expect(alert.get_by_text("Paused", exact=True)).to_be_visible()
    alert.get_by_role("button", name="Delete alert").click()  # asks first
    page.get_by_role("alertdialog").get_by_role("button", name="Yes, delete it").click()
    expect(alert).to_have_count(0)
