"""Jobs that fit a foreigner's visa (issue 16): the visa and Korean-level filters, the
remembered "my visa", the badges, the visa guide and the post form, in both languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from community_app.models import KoreanLevel
from tests.e2e.conftest import OUTPUT, screen, wait_ready
from tests.e2e.test_auth import log_in
from tests.e2e.jobs_helpers import LANGS, T, _choose, _expect_count, _goto, _newest, _open_jobs, _results, _expect_titles
from tests.e2e.test_mypage import PASSWORD, member  # noqa: F401  (fixture)

F2 = "F-2 Residence (incl. F-2-R regional)"


def _fitting(site, visa: str, korean_max: str) -> list:
    levels = KoreanLevel.at_most(KoreanLevel(korean_max))
    return [j for j in _open_jobs(site) if visa in j.visas and j.korean_level in levels]


@pytest.mark.parametrize("lang", LANGS)
def test_filter_by_visa_f2_and_topik_3_shows_only_fitting_posts(page: Page, site, lang):
    fitting = _fitting(site, "F-2", "TOPIK_3")
    assert 0 < len(fitting) < len(_open_jobs(site))  # the filter has something to leave out
    _goto(page, "/jobs", lang)
    _expect_count(page, lang, len(_open_jobs(site)))
    _choose(page, lang, "My visa", F2)
    _choose(page, lang, "Korean level at most", "TOPIK 3")
    _expect_count(page, lang, len(fitting))
    expect(page).to_have_url(re.compile(r"visa=F-2.*korean=TOPIK_3|korean=TOPIK_3.*visa=F-2"))
    if len(fitting) > 10:
        page.get_by_role("button", name=T(lang, "Load More Jobs")).click()
    expect(_results(page).locator("li h2")).to_have_count(len(fitting))  # the next page arrived
    _expect_titles(page, [j.title for j in _newest(fitting)])
    cards = page.locator("#jobs-results li").filter(has=page.locator("h2"))
    for i in range(cards.count()):
        expect(cards.nth(i).locator(".job-visa-badge", has_text=re.compile("^F-2$"))).to_have_count(1)
    # The post that needs TOPIK 4 is not there
    assert not any(j.korean_level in ("TOPIK_4", "TOPIK_5", "TOPIK_6", "BUSINESS") for j in fitting)


def test_my_visa_is_remembered_and_the_guide_is_linked(page: Page, site):
    _goto(page, "/jobs", "en")
    _choose(page, "en", "My visa", F2)
    f2 = [j for j in _open_jobs(site) if "F-2" in j.visas]
    _expect_count(page, "en", len(f2))
    page.goto("/jobs")  # no visa in the address: the remembered one applies
    wait_ready(page)
    _expect_count(page, "en", len(f2))
    expect(page).to_have_url(re.compile(r"visa=F-2"))
    page.get_by_role("link", name="Which visa lets me work? Read the visa guide").click()
    expect(page).to_have_url(re.compile(r"/jobs/visa-guide$"))
    expect(page.get_by_role("heading", level=1, name="Visa guide for jobs in Korea")).to_be_visible()
    expect(page.get_by_text("Hi Korea (hikorea.go.kr)", exact=False)).to_be_visible()
    # "Any visa" forgets it
    _goto(page, "/jobs", "en")
    _choose(page, "en", "My visa", "Any visa")
    _expect_count(page, "en", len(_open_jobs(site)))
    page.goto("/jobs")
    wait_ready(page)
    _expect_count(page, "en", len(_open_jobs(site)))


@pytest.mark.parametrize("lang", LANGS)
def test_visa_guide_in_both_languages(page: Page, site, lang):
    _goto(page, "/jobs/visa-guide", lang)
    expect(page.get_by_role("heading", level=1, name=T(lang, "Visa guide for jobs in Korea"))).to_be_visible()
    for heading in ("D-2 Student", "E-7 Specific activities", "E-9 Non-professional employment",
                    "F-2 Residence, with F-2-R regional", "Korean level (TOPIK)", "Official sources"):
        expect(page.get_by_role("heading", level=2, name=T(lang, heading))).to_be_visible()
    expect(page.get_by_text("eps.go.kr", exact=False)).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_post_a_job_with_visa_fields_from_my_page(page: Page, site, member, lang):  # noqa: F811
    page.goto("/mypage?tab=jobs")
    wait_ready(page)
    log_in(page, site, member, PASSWORD)
    expect(page).to_have_url(re.compile(r"/mypage/?\?tab=jobs"))
    page.evaluate(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
    page.reload()
    wait_ready(page)
    title = f"Go developer for visa holders ({lang})"
    page.get_by_label(T(lang, "Job title"), exact=True).fill(title)
    page.get_by_label(T(lang, "Company"), exact=True).fill("Songdo Cloud")
    page.get_by_label(T(lang, "Location"), exact=True).fill("Incheon")
    page.get_by_label(T(lang, "Job type"), exact=True).select_option("FULL_TIME")
    page.get_by_label(T(lang, "Category"), exact=True).select_option("BACKEND")
    page.get_by_label(T(lang, "Description"), exact=True).fill("Build our APIs in Go.")
    page.get_by_label(T(lang, F2)).check()
    page.get_by_label(T(lang, "E-7 Specific activities")).check()
    page.get_by_label(T(lang, "We sponsor an E-7 visa")).check()
    page.get_by_label(T(lang, "Korean level required")).select_option("TOPIK_2")
    page.get_by_label(T(lang, "English"), exact=True).check()
    page.get_by_role("button", name=T(lang, "Submit job post")).click()
    expect(page.get_by_text(T(lang, "Thank you! Your job post was sent and waits for an organizer's review."))).to_be_visible()
    expect(page.get_by_text(title)).to_be_visible()
    import sqlalchemy as sa

    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    with engine.connect() as conn:
        row = conn.execute(sa.text(
            "select visas, visa_sponsorship, korean_level, working_languages, status "
            "from job_posts where title = :t"), {"t": title}).one()
    engine.dispose()
    visas = row[0] if isinstance(row[0], list) else __import__("json").loads(row[0])
    languages = row[3] if isinstance(row[3], list) else __import__("json").loads(row[3])
    assert (visas, bool(row[1]), row[2], languages, row[4]) == (
        ["E-7", "F-2"], True, "TOPIK_2", ["en"], "PENDING")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots(browser, base_url, site, lang, width):
    with screen(browser, base_url, width) as page:
        _goto(page, "/jobs?visa=F-2&korean=TOPIK_3", lang)
        _expect_count(page, lang, len(_fitting(site, "F-2", "TOPIK_3")))
        page.screenshot(path=OUTPUT / f"jobs-visa-{width}-{lang}.png", full_page=True)
        _goto(page, "/jobs/visa-guide", lang)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        page.screenshot(path=OUTPUT / f"visa-guide-{width}-{lang}.png", full_page=True)
