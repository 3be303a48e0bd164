"""The jobs board and the job page (SPEC sections 2, 3 and 8), in English and Uzbek.

Expected lists are computed from the demo database the server runs on, with the rules
of services/jobs.py: OPEN and not expired, PENDING never public.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from community_app.i18n import gettext
from community_app.i18n.dates import date_texts
from community_app.models import JobPost, User
from tests.e2e.conftest import OUTPUT, wait_ready

LANGS = ["en", "uz"]
PAGE_SIZE = 10


# ---------------------------------------------------------------- helpers


def T(lang: str, message_id: str, **params) -> str:
    return gettext(message_id, lang, **params)


def _naive(value: dt.datetime | None) -> dt.datetime | None:
    if value is None or value.tzinfo is None:
        return value
    return value.astimezone(dt.UTC).replace(tzinfo=None)


def _all_jobs(site) -> list[JobPost]:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine, expire_on_commit=False) as session:
            return list(session.exec(select(JobPost)).all())
    finally:
        engine.dispose()


def _open_jobs(site) -> list[JobPost]:
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    return [
        j for j in _all_jobs(site)
        if j.status == "OPEN" and (j.expires_at is None or _naive(j.expires_at) >= now)
    ]


def _job(site, title_start: str) -> JobPost:
    return next(j for j in _all_jobs(site) if j.title.startswith(title_start))


def _poster(site, user_id: int) -> User:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            return session.get(User, user_id)
    finally:
        engine.dispose()


def _matches(job: JobPost, term: str) -> bool:
    term = term.lower()
    return (
        term in job.title.lower()
        or term in job.company_name.lower()
        or any(term in k.lower() for k in job.keywords)
        or any(term in k.lower() for k in job.technologies)
    )


def _newest(jobs: list[JobPost]) -> list[JobPost]:
    return sorted(jobs, key=lambda j: (_naive(j.created_at), j.id), reverse=True)


def _goto(page: Page, path: str, lang: str = "en") -> None:
    page.add_init_script(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
    page.goto(path)
    wait_ready(page)


def _count_text(lang: str, n: int) -> str:
    return T(lang, "1 job found") if n == 1 else T(lang, "{n} jobs found", n=n)


def _expect_count(page: Page, lang: str, n: int) -> None:
    expect(page.locator("#jobs-count")).to_have_text(_count_text(lang, n), timeout=15_000)


def _results(page: Page):
    return page.locator("#jobs-results")


def _titles(page: Page) -> list[str]:
    return _results(page).locator("li h2").all_inner_texts()


def _search(page: Page, lang: str, text: str) -> None:
    page.get_by_label(T(lang, "Search jobs")).fill(text)


def _choose(page: Page, lang: str, label: str, option: str) -> None:
    """Pick ``option`` of the filter labelled ``label`` (a native select) by its text."""
    page.get_by_label(T(lang, label), exact=True).select_option(label=T(lang, option))


def _chosen(page: Page, lang: str, label: str):
    """The option shown by the filter labelled ``label``."""
    return page.get_by_label(T(lang, label), exact=True).locator("option:checked")


# ---------------------------------------------------------------- the list


@pytest.mark.parametrize("lang", LANGS)
def test_count_is_the_open_unexpired_jobs_and_load_more_shows_the_rest(page: Page, site, lang):
    expected = _newest(_open_jobs(site))
    assert len(expected) > PAGE_SIZE  # the demo has more than one page
    assert all(j.status != "PENDING" for j in expected)
    _goto(page, "/jobs", lang)
    expect(page.get_by_role("heading", level=1, name=T(lang, "Jobs"))).to_be_visible()
    _expect_count(page, lang, len(expected))
    assert _titles(page) == [j.title for j in expected[:PAGE_SIZE]]

    page.get_by_role("button", name=T(lang, "Load More Jobs")).click()
    expect(_results(page).locator("li h2")).to_have_count(len(expected))
    assert _titles(page) == [j.title for j in expected]
    expect(page.get_by_role("button", name=T(lang, "Load More Jobs"))).to_have_count(0)
    # Nothing pending or closed slipped in.
    for job in _all_jobs(site):
        if job.status in ("PENDING", "CLOSED", "FILLED"):
            assert job.title not in _titles(page)


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
    expect(card).to_contain_text(T(lang, "Posted {when}", when=T(lang, "1 day ago")))
    for tech in job.technologies[:4]:
        expect(card).to_contain_text(tech)
    expect(card).to_contain_text(f"+{len(job.technologies) - 4}")
    expect(card.locator("time")).to_have_attribute("title", date_texts(job.created_at)[lang])

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
    assert _titles(page) == expected
    assert "search=" in page.url  # the address holds the search, to share or come back to


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
    assert _titles(page) == busan
    expect(clear).to_be_visible()

    _choose(page, lang, "Job type", "Internship")
    both = [j.title for j in open_jobs if j.location == "Busan" and j.job_type == "INTERNSHIP"]
    assert len(both) == 1
    _expect_count(page, lang, 1)  # "1 job found", singular
    assert _titles(page) == both

    _choose(page, lang, "Location", "All locations")
    interns = [j.title for j in open_jobs if j.job_type == "INTERNSHIP"]
    _expect_count(page, lang, len(interns))
    assert _titles(page) == interns

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
    assert _titles(page) == closed
    expect(_results(page).locator("li").first).to_contain_text("Closed")
    _choose(page, "en", "Status", "Filled")
    _expect_count(page, "en", len(filled))
    assert _titles(page) == filled
    expect(page.get_by_role("button", name="Clear Filters")).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_sort_orders(page: Page, site, lang):
    open_jobs = _open_jobs(site)
    _goto(page, "/jobs", lang)
    _expect_count(page, lang, len(open_jobs))
    newest = [j.title for j in _newest(open_jobs)]
    assert _titles(page) == newest[:PAGE_SIZE]

    _choose(page, lang, "Sort by", "Oldest First")
    expect(_results(page).locator("li h2").first).to_have_text(newest[-1])
    assert _titles(page) == list(reversed(newest))[:PAGE_SIZE]

    _choose(page, lang, "Sort by", "Company A-Z")
    by_company = sorted(open_jobs, key=lambda j: (j.company_name.lower(), -_naive(j.created_at).timestamp()))
    expect(_results(page).locator("li h2").first).to_have_text(by_company[0].title)
    assert _titles(page) == [j.title for j in by_company[:PAGE_SIZE]]
    page.get_by_role("button", name=T(lang, "Load More Jobs")).click()
    expect(_results(page).locator("li h2")).to_have_count(len(open_jobs))
    assert _titles(page) == [j.title for j in by_company]

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
    assert _titles(page) == [j.title for j in reversed(busan)]
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


# ---------------------------------------------------------------- the job page


@pytest.mark.parametrize("lang", LANGS)
def test_job_page_shows_every_field(page: Page, site, lang):
    job = _job(site, "Backend Engineer (Kotlin")
    poster = _poster(site, job.posted_by_id)
    _goto(page, f"/jobs/{job.id}", lang)
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name=job.title)).to_be_visible()
    expect(main).to_contain_text(job.company_name)
    expect(main).to_contain_text(T(lang, "Seoul"))
    expect(main).to_contain_text(T(lang, "Full-time"))
    expect(main).to_contain_text(T(lang, "Open"))
    salary = "₩55,000,000 – ₩80,000,000" if lang == "en" else "80\u00a0000\u00a0000"
    expect(main).to_contain_text(salary)
    expect(main.locator("time").first).to_have_text(date_texts(job.created_at, "long")[lang])
    for heading in ("Job description", "Requirements and experience", "Technologies and skills",
                    "Benefits", "About the company", "Contact information", "Posted by"):
        expect(main.get_by_role("heading", level=2, name=T(lang, heading))).to_be_visible()
    expect(main).to_contain_text(job.description.split("\n")[0])
    expect(main.get_by_role("listitem").filter(has_text="Spring Boot, JPA and PostgreSQL")).to_be_visible()
    expect(main).to_contain_text(job.experience)
    for tech in job.technologies:
        expect(main.get_by_role("listitem").filter(has_text=tech).first).to_be_visible()
    expect(main).to_contain_text("E-7 visa sponsorship")
    expect(main).to_contain_text(job.company_description[:40])
    contact = page.locator("#job-contact")
    expect(contact.get_by_role("link", name=job.contact_phone)).to_have_attribute("href", "tel:0269523108")
    expect(contact.get_by_role("link", name=job.contact_email)).to_have_attribute(
        "href", f"mailto:{job.contact_email}")
    website = contact.get_by_role("link", name=job.contact_website)
    expect(website).to_have_attribute("href", job.contact_website)
    expect(website).to_have_attribute("target", "_blank")
    expect(main).to_contain_text(f"{poster.first_name} {poster.last_name}")
    expect(main).to_contain_text(f"@{poster.username}")
    if poster.bio:
        expect(main).to_contain_text(poster.bio[:40])
    expect(page.get_by_role("link", name=T(lang, "Back to jobs"))).to_have_attribute("href", "/jobs")


@pytest.mark.parametrize("lang", LANGS)
def test_missing_contact_details_say_not_provided(page: Page, site, lang):
    job = _job(site, "Frontend Developer (React")
    assert not job.contact_phone and job.contact_email and job.contact_website
    _goto(page, f"/jobs/{job.id}", lang)
    contact = page.locator("#job-contact")
    expect(contact).to_contain_text(T(lang, "Phone"))
    expect(contact).to_contain_text(T(lang, "Not provided"))
    expect(contact.get_by_text(T(lang, "Not provided"))).to_have_count(1)
    expect(contact.get_by_role("link", name=job.contact_email)).to_be_visible()

    none = next(j for j in _open_jobs(site)
                if not (j.contact_phone or j.contact_email or j.contact_website))
    _goto(page, f"/jobs/{none.id}", lang)
    expect(page.locator("#job-contact")).to_contain_text(
        T(lang, "Company contact information is not available."))
    expect(page.locator("#job-contact").get_by_text(T(lang, "Not provided"))).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_bookmark_says_coming_soon(page: Page, site, lang):
    job = _job(site, "Flutter Developer")
    _goto(page, f"/jobs/{job.id}", lang)
    expect(page.get_by_text(T(lang, "Bookmarks are coming soon."))).to_have_count(0)
    page.get_by_role("button", name=T(lang, "Bookmark")).click()
    expect(page.get_by_role("status").filter(
        has_text=T(lang, "Bookmarks are coming soon."))).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_mention_modal_cancel_escape_and_continue_to_the_website(page: Page, site, lang):
    job = _job(site, "Backend Engineer (Kotlin")
    _goto(page, f"/jobs/{job.id}", lang)
    contact_button = page.get_by_role("button", name=T(lang, "Contact the company"))
    dialog = page.get_by_role("alertdialog")

    contact_button.click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name=T(lang, "One small favour"))).to_be_visible()
    expect(dialog).to_contain_text(T(
        lang, "If you get an interview, please mention that you found this job on {site}.",
        site="UzDev Korea"))
    dialog.get_by_role("button", name=T(lang, "Cancel")).click()
    expect(dialog).to_be_hidden()
    expect(contact_button).to_be_focused()

    contact_button.click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    contact_button.click()
    go = dialog.get_by_role("link", name=T(lang, "Continue"))
    expect(go).to_have_attribute("href", job.contact_website)
    expect(go).to_have_attribute("target", "_blank")
    with page.expect_popup() as popup:
        go.click()
    assert popup.value.url.startswith(job.contact_website) or popup.value.opener() == page
    expect(dialog).to_be_hidden()


def test_continue_uses_the_email_when_there_is_no_website(page: Page, site):
    job = next(j for j in _open_jobs(site) if j.contact_email and not j.contact_website)
    _goto(page, f"/jobs/{job.id}")
    page.get_by_role("button", name="Contact the company").click()
    go = page.get_by_role("alertdialog").get_by_role("link", name="Continue")
    expect(go).to_have_attribute("href", f"mailto:{job.contact_email}")
    expect(go).not_to_have_attribute("target", "_blank")


def test_continue_without_any_contact_shows_the_contact_section(page: Page, site):
    job = next(j for j in _open_jobs(site)
               if not (j.contact_phone or j.contact_email or j.contact_website))
    page.set_viewport_size({"width": 390, "height": 700})
    _goto(page, f"/jobs/{job.id}")
    contact = page.locator("#job-contact")
    expect(contact).not_to_be_in_viewport()
    page.get_by_role("button", name="Contact the company").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Continue").click()
    expect(page.get_by_role("alertdialog")).to_be_hidden()
    expect(contact).to_be_in_viewport()
    expect(contact).to_be_focused()


def test_the_modal_works_with_the_keyboard(page: Page, site):
    job = _job(site, "Flutter Developer")
    _goto(page, f"/jobs/{job.id}")
    button = page.get_by_role("button", name="Contact the company")
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()  # the safe choice first
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


@pytest.mark.parametrize("lang", LANGS)
def test_job_not_found_for_unknown_and_pending_ids(page: Page, site, lang):
    pending = next(j for j in _all_jobs(site) if j.status == "PENDING")
    for path in ("/jobs/999999", f"/jobs/{pending.id}", "/jobs/not-a-number"):
        _goto(page, path, lang)
        expect(page.get_by_role("heading", level=1, name=T(lang, "Job Not Found"))).to_be_visible()
        expect(page.get_by_text(
            T(lang, "The job you are looking for does not exist or has been removed."))).to_be_visible()
        expect(page.get_by_text(pending.title)).to_have_count(0)
    page.get_by_role("main").get_by_role("link", name=T(lang, "Back to jobs")).click()
    expect(page).to_have_url(re.compile(r"/jobs$"))
    _expect_count(page, lang, len(_open_jobs(site)))


def test_closed_jobs_stay_readable_with_their_status(page: Page, site):
    job = next(j for j in _all_jobs(site) if j.status == "FILLED")
    _goto(page, f"/jobs/{job.id}")
    expect(page.get_by_role("heading", level=1, name=job.title)).to_be_visible()
    expect(page.get_by_text("Filled", exact=True)).to_be_visible()
    expect(page.get_by_text("This job is no longer accepting applications.")).to_be_visible()


# ---------------------------------------------------------------- phones and screenshots


def test_both_pages_fit_a_phone(mobile: Page, site):
    page = mobile
    _goto(page, "/jobs")
    _expect_count(page, "en", len(_open_jobs(site)))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _choose(page, "en", "Job type", "Contract")
    _expect_count(page, "en", len([j for j in _open_jobs(site) if j.job_type == "CONTRACT"]))
    job = _job(site, "Backend Engineer (Kotlin")
    _goto(page, f"/jobs/{job.id}")
    expect(page.get_by_role("heading", level=1, name=job.title)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Contact the company").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots(browser, base_url, site, lang, width):
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 900},
                                  locale="en-US")
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), lambda r: r.abort())
    page = context.new_page()
    try:
        _goto(page, "/jobs", lang)
        _expect_count(page, lang, len(_open_jobs(site)))
        page.screenshot(path=OUTPUT / f"jobs-list-{width}-{lang}.png", full_page=True)
        job = _job(site, "Backend Engineer (Kotlin")
        _goto(page, f"/jobs/{job.id}", lang)
        expect(page.get_by_role("heading", level=1, name=job.title)).to_be_visible()
        page.screenshot(path=OUTPUT / f"job-detail-{width}-{lang}.png", full_page=True)
        page.get_by_role("button", name=T(lang, "Contact the company")).click()
        expect(page.get_by_role("alertdialog")).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=OUTPUT / f"job-modal-{width}-{lang}.png")
        page.keyboard.press("Escape")
        _goto(page, "/jobs?search=no-such-job", lang)
        expect(page.get_by_role("heading", name=T(lang, "No jobs match your filters"))).to_be_visible()
        page.screenshot(path=OUTPUT / f"jobs-empty-{width}-{lang}.png")
        _goto(page, "/jobs/999999", lang)
        expect(page.get_by_role("heading", name=T(lang, "Job Not Found"))).to_be_visible()
        page.screenshot(path=OUTPUT / f"job-not-found-{width}-{lang}.png")
    finally:
        context.close()
