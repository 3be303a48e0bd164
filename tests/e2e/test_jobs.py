"""The jobs board's list (SPEC sections 2 and 8), in English and Uzbek: count, cards,
search, filters, sorting, empty and error states (the job page: test_job_page.py).

Expected lists are computed from the demo database the server runs on, with the rules
of services/jobs.py: OPEN and not expired, PENDING never public.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

from community_app.i18n import ngettext
from community_app.i18n.dates import date_texts
from tests.e2e.conftest import OUTPUT, wait_ready
from tests.e2e.jobs_helpers import LANGS, PAGE_SIZE, T, _all_jobs, _choose, _chosen, _expect_count
from tests.e2e.jobs_helpers import _goto, _job, _matches, _naive, _newest, _open_jobs, _results
from tests.e2e.jobs_helpers import _expect_titles, _search


# ---------------------------------------------------------------- the list


@pytest.mark.parametrize("lang", LANGS)
def test_count_is_the_open_unexpired_jobs_and_load_more_shows_the_rest(page: Page, site, lang):
    expected = _newest(_open_jobs(site))
    assert len(expected) > PAGE_SIZE  # the demo has more than one page
    assert all(j.status != "PENDING" for j in expected)
    _goto(page, "/jobs", lang)
    expect(page.get_by_role("heading", level=1, name=T(lang, "Jobs"))).to_be_visible()
    _expect_count(page, lang, len(expected))
    _expect_titles(page, [j.title for j in expected[:PAGE_SIZE]])

    page.get_by_role("button", name=T(lang, "Load More Jobs")).click()
    expect(_results(page).locator("li h2")).to_have_count(len(expected))
    _expect_titles(page, [j.title for j in expected])
    expect(page.get_by_role("button", name=T(lang, "Load More Jobs"))).to_have_count(0)
    # Nothing pending or closed slipped in (the list above is exactly the open ones).
    assert not {j.title for j in expected} & {
        j.title for j in _all_jobs(site) if j.status in ("PENDING", "CLOSED", "FILLED")}


@pytest.mark.parametrize("lang", LANGS)
def test_cards_show_company_place_type_salary_date_and_technologies(page: Page, site, lang):
    _goto(page, "/jobs", lang)
    job = _job(site, "Backend Engineer (Kotlin")
    card = _results(page).locator("li").filter(
        has=page.get_by_role("heading", name=job.title)
    ).first
    expect(card).to_contain_text(job.company_name)
    expect(card).to_contain_text(T(lang, "Seoul"))
    expect(card).to_contain_text(T(lang, "Full-time"))
    salary = "₩55,000,000 – ₩80,000,000" if lang == "en" else "55\u00a0000\u00a0000"
    expect(card).to_contain_text(salary)
    expect(card).to_contain_text(T(lang, "Posted {when}", when=ngettext("{n} day ago", "{n} days ago", 1, lang)))
    for tech in job.technologies[:4]:
        expect(card).to_contain_text(tech)
    expect(card).to_contain_text(f"+{len(job.technologies) - 4}")
    expect(card.locator("time")).to_have_attribute("title", date_texts(job.created_at)[lang])
    # The icons and badges are plain elements drawn by site.css, not components: the
    # company's icon is lucide's drawing inline (16 px, stroked in the text's colour) and a
    # technology is an outlined pill.
    drawn = card.locator(".job-card-company svg.uzdev-glyph").evaluate(
        "e => { const s = getComputedStyle(e); const r = e.getBoundingClientRect(); return [r.width, r.height, "
        "e.querySelectorAll('path, circle, rect, line').length, s.stroke, e.getAttribute('aria-hidden')]; }")
    assert drawn[:2] == [16, 16] and drawn[2] > 0, drawn
    assert drawn[3] not in ("none", "rgba(0, 0, 0, 0)") and drawn[4] == "true", drawn
    chip = card.locator(".uzdev-badge", has_text=job.technologies[0]).evaluate(
        "e => { const s = getComputedStyle(e); return [s.boxShadow, s.borderTopLeftRadius]; }")
    assert "inset" in chip[0] and float(chip[1].removesuffix("px")) > 100, chip

    page.get_by_role("button", name=T(lang, "Load More Jobs")).click()
    no_salary = _job(site, "Freelance Full-stack")  # on the second page
    remote_card = _results(page).locator("li").filter(
        has=page.get_by_role("heading", name=no_salary.title)
    ).first
    expect(remote_card).to_contain_text(T(lang, "Salary not disclosed"))
    expect(remote_card).to_contain_text(T(lang, "Remote"))
    expect(remote_card).to_contain_text(T(lang, "Freelance"))

    card.get_by_role("link", name=job.title).click()
    expect(page).to_have_url(re.compile(rf"/jobs/{job.id}$"))
    expect(page.get_by_role("heading", level=1, name=job.title)).to_be_visible()


@pytest.mark.parametrize(
    ("term", "what"),
    [("flutter", "title"), ("MIRAE", "company"), ("Visa Sponsorship", "keyword"),
     ("kotlin", "title, keyword or technology")],
)
def test_search_by_title_company_and_keyword_ignoring_case(page: Page, site, term, what):
    expected = [j.title for j in _newest(_open_jobs(site)) if _matches(j, term)]
    assert expected, what
    _goto(page, "/jobs")
    _search(page, "en", term)
    _expect_count(page, "en", len(expected))
    _expect_titles(page, expected)
    expect(page).to_have_url(re.compile(r"[?&]search="))  # the address holds the search, to share or come back to


@pytest.mark.parametrize("lang", LANGS)
def test_location_type_combined_filters_and_clear_filters(page: Page, site, lang):
    open_jobs = _newest(_open_jobs(site))
    _goto(page, "/jobs", lang)
    _expect_count(page, lang, len(open_jobs))
    clear = page.get_by_role("button", name=T(lang, "Clear Filters"))
    expect(clear).to_have_count(0)  # nothing to clear yet

    _choose(page, lang, "Location", "Busan")
    busan = [j.title for j in open_jobs if j.location == "Busan"]
    _expect_count(page, lang, len(busan))
    _expect_titles(page, busan)
    expect(clear).to_be_visible()

    _choose(page, lang, "Job type", "Internship")
    both = [j.title for j in open_jobs if j.location == "Busan" and j.job_type == "INTERNSHIP"]
    assert len(both) == 1
    _expect_count(page, lang, 1)  # "1 job found", singular
    _expect_titles(page, both)

    _choose(page, lang, "Location", "All locations")
    interns = [j.title for j in open_jobs if j.job_type == "INTERNSHIP"]
    _expect_count(page, lang, len(interns))
    _expect_titles(page, interns)

    _search(page, lang, "node")
    _choose(page, lang, "Location", "Busan")
    _expect_count(page, lang, 1)
    clear.click()
    _expect_count(page, lang, len(open_jobs))
    expect(page.get_by_label(T(lang, "Search jobs"))).to_have_value("")
    expect(_chosen(page, lang, "Location")).to_have_text(T(lang, "All locations"))
    expect(_chosen(page, lang, "Job type")).to_have_text(T(lang, "All types"))
    expect(clear).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/jobs$"))


def test_status_filter_lists_closed_and_filled_jobs(page: Page, site):
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    jobs = _newest(_all_jobs(site))
    closed = [j.title for j in jobs if j.status == "CLOSED" or (
        j.status == "OPEN" and j.expires_at is not None and _naive(j.expires_at) < now)]
    filled = [j.title for j in jobs if j.status == "FILLED"]
    _goto(page, "/jobs")
    _choose(page, "en", "Status", "Closed")
    _expect_count(page, "en", len(closed))
    _expect_titles(page, closed)
    expect(_results(page).locator("li").first).to_contain_text("Closed")
    _choose(page, "en", "Status", "Filled")
    _expect_count(page, "en", len(filled))
    _expect_titles(page, filled)
    expect(page.get_by_role("button", name="Clear Filters")).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_sort_orders(page: Page, site, lang):
    open_jobs = _open_jobs(site)
    _goto(page, "/jobs", lang)
    _expect_count(page, lang, len(open_jobs))
    newest = [j.title for j in _newest(open_jobs)]
    _expect_titles(page, newest[:PAGE_SIZE])

    _choose(page, lang, "Sort by", "Oldest First")
    expect(_results(page).locator("li h2").first).to_have_text(newest[-1])
    _expect_titles(page, list(reversed(newest))[:PAGE_SIZE])

    _choose(page, lang, "Sort by", "Company A-Z")
    by_company = sorted(open_jobs, key=lambda j: (j.company_name.lower(), -_naive(j.created_at).timestamp()))
    expect(_results(page).locator("li h2").first).to_have_text(by_company[0].title)
    _expect_titles(page, [j.title for j in by_company[:PAGE_SIZE]])
    page.get_by_role("button", name=T(lang, "Load More Jobs")).click()
    expect(_results(page).locator("li h2")).to_have_count(len(open_jobs))
    _expect_titles(page, [j.title for j in by_company])

    _choose(page, lang, "Sort by", "Newest First")
    expect(_results(page).locator("li h2").first).to_have_text(newest[0])


@pytest.mark.parametrize("lang", LANGS)
def test_empty_state_with_clear_filters(page: Page, site, lang):
    _goto(page, "/jobs", lang)
    _search(page, lang, "no-such-job-anywhere")
    expect(page.get_by_role("heading", name=T(lang, "No jobs match your filters"))).to_be_visible()
    expect(_results(page).locator("li h2")).to_have_count(0)
    page.get_by_role("button", name=T(lang, "Clear Filters")).click()
    _expect_count(page, lang, len(_open_jobs(site)))


def test_filters_come_from_the_address_and_survive_a_visit_to_a_job(page: Page, site):
    busan = [j for j in _newest(_open_jobs(site)) if j.location == "Busan"]
    _goto(page, "/jobs?location=busan&sort=oldest")
    _expect_count(page, "en", len(busan))
    expect(_chosen(page, "en", "Location")).to_have_text("Busan")
    expect(_chosen(page, "en", "Sort by")).to_have_text("Oldest First")
    _expect_titles(page, [j.title for j in reversed(busan)])
    page.get_by_role("link", name=busan[0].title).click()
    expect(page.get_by_role("heading", level=1, name=busan[0].title)).to_be_visible()
    page.go_back()
    _expect_count(page, "en", len(busan))
    expect(_chosen(page, "en", "Location")).to_have_text("Busan")
    # A made-up address falls back to the defaults instead of failing.
    _goto(page, "/jobs?location=Mars&type=nope&status=PENDING&sort=x")
    _expect_count(page, "en", len(_open_jobs(site)))


def test_error_state_when_the_jobs_cannot_be_read(page: Page, site):
    _open_jobs_ids = [j.id for j in _open_jobs(site)]
    site.sql("ALTER TABLE job_posts RENAME TO job_posts_away")
    try:
        _goto(page, "/jobs")
        expect(page.get_by_role("heading", name="Error Fetching Jobs")).to_be_visible()
        home = page.get_by_role("link", name="Go to Homepage")
        expect(home).to_have_attribute("href", "/")
        page.screenshot(path=OUTPUT / "jobs-error-1280-en.png")
        _goto(page, f"/jobs/{_open_jobs_ids[0]}")  # a failure is not a missing job
        expect(page.get_by_role("heading", name="Error Fetching Jobs")).to_be_visible()
        expect(page.get_by_role("heading", name="Job Not Found")).to_have_count(0)
        _goto(page, "/jobs")
        expect(page.get_by_role("heading", name="Error Fetching Jobs")).to_be_visible()
    finally:
        site.sql("ALTER TABLE job_posts_away RENAME TO job_posts")
    page.get_by_role("button", name="Try again").click()
    _expect_count(page, "en", len(_open_jobs(site)))
    site.sql("ALTER TABLE job_posts RENAME TO job_posts_away")
    try:
        page.reload()
        wait_ready(page)
        page.get_by_role("link", name="Go to Homepage").click()
        expect(page).to_have_url(re.compile(r"/$"))
    finally:
        site.sql("ALTER TABLE job_posts_away RENAME TO job_posts")


def test_the_list_works_with_the_keyboard(page: Page, site):
    _goto(page, "/jobs")
    _expect_count(page, "en", len(_open_jobs(site)))
    search = page.get_by_label("Search jobs")
    search.focus()
    page.keyboard.type("flutter")
    page.keyboard.press("Enter")
    _expect_count(page, "en", 1)
    search.fill("")
    _expect_count(page, "en", len(_open_jobs(site)))
    search.focus()
    page.keyboard.press("Tab")
    location = page.get_by_label("Location")
    expect(location).to_be_focused()
    expect(location).to_have_value("all")  # All locations
    page.keyboard.press("ArrowDown")  # All locations -> Seoul
    expect(location).to_have_value("Seoul")
    seoul = [j for j in _open_jobs(site) if j.location == "Seoul"]
    _expect_count(page, "en", len(seoul))
    first = _results(page).get_by_role("link").first
    first.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/jobs/\d+$"))
