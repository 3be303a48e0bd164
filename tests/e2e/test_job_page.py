"""The job page (SPEC sections 3 and 8), in English and Uzbek: its fields, the contact
modal, missing and closed jobs, a phone's width and the screenshots of the jobs board.

Expected values are read from the demo database the server runs on.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from community_app.i18n.dates import date_texts
from tests.e2e.conftest import OUTPUT, screen, settled
from tests.e2e.jobs_helpers import LANGS, T, _all_jobs, _choose, _expect_count, _goto, _job
from tests.e2e.jobs_helpers import _open_jobs, _poster


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
    badges = main.get_by_label(T(lang, "Visa and language"))  # as on the job's card
    for visa in job.visas:
        expect(badges).to_contain_text(visa)
    if job.visa_sponsorship:
        expect(badges).to_contain_text(T(lang, "E-7 sponsorship"))
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


def test_the_title_comes_with_the_html_and_the_page_hydrates_without_errors(browser, base_url,
                                                                           page: Page, site):
    """The post's title is in the HTML the server sends (painted before any JavaScript, read
    by crawlers); the page then hydrates onto it without a mismatch and shows one title."""
    job = _job(site, "Backend Engineer (Kotlin")
    plain = browser.new_context(base_url=base_url, java_script_enabled=False)
    try:
        bare = plain.new_page()
        bare.goto(f"/jobs/{job.id}")
        expect(bare.locator("h1")).to_have_text(job.title)
        expect(bare.locator("h1")).to_be_visible()
    finally:
        plain.close()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    _goto(page, f"/jobs/{job.id}")
    expect(page.get_by_role("heading", level=1, name=job.title)).to_be_visible()
    expect(page.locator("h1")).to_have_count(1)
    # Reached in the browser, the placeholder has no title to show: grey lines, then the post.
    other = next(j for j in _open_jobs(site) if j.id != job.id)
    page.goto("/jobs")
    page.get_by_role("link", name=other.title).first.click()
    expect(page.get_by_role("heading", level=1, name=other.title)).to_be_visible()
    expect(page.locator("h1")).to_have_count(1)
    assert errors == []


# ---------------------------------------------------------------- phones and screenshots


def test_both_pages_fit_a_phone(mobile: Page, site):
    page = mobile
    _goto(page, "/jobs")
    _expect_count(page, "en", len(_open_jobs(site)))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Filters", exact=True).click()  # folded on a phone
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
    with screen(browser, base_url, width) as page:
        _goto(page, "/jobs", lang)
        _expect_count(page, lang, len(_open_jobs(site)))
        page.screenshot(path=OUTPUT / f"jobs-list-{width}-{lang}.png", full_page=True)
        job = _job(site, "Backend Engineer (Kotlin")
        _goto(page, f"/jobs/{job.id}", lang)
        expect(page.get_by_role("heading", level=1, name=job.title)).to_be_visible()
        page.screenshot(path=OUTPUT / f"job-detail-{width}-{lang}.png", full_page=True)
        page.get_by_role("button", name=T(lang, "Contact the company")).click()
        expect(page.get_by_role("alertdialog")).to_be_visible()
        settled(page)
        page.screenshot(path=OUTPUT / f"job-modal-{width}-{lang}.png")
        page.keyboard.press("Escape")
        _goto(page, "/jobs?search=no-such-job", lang)
        expect(page.get_by_role("heading", name=T(lang, "No jobs match your filters"))).to_be_visible()
        page.screenshot(path=OUTPUT / f"jobs-empty-{width}-{lang}.png")
        _goto(page, "/jobs/999999", lang)
        expect(page.get_by_role("heading", name=T(lang, "Job Not Found"))).to_be_visible()
        page.screenshot(path=OUTPUT / f"job-not-found-{width}-{lang}.png")
