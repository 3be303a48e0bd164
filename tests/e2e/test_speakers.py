"""Call for speakers (/speakers/register): every rule of SPEC section 5 at its field,
nothing typed lost, the photo, the submitting state, the success modal (SPEC 2, 3, 4, 8)."""

from __future__ import annotations

import itertools
import re
import sqlite3
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready
from tests.e2e.public_site_helpers import no_horizontal_scroll, query, switch_to_uzbek, table_renamed

_numbers = itertools.count(1)

EMPTY_FORM_MESSAGES = {
    "email": "Email address is required",
    "fullName": "Full name must be at least 2 characters",
    "jobPosition": "Job position is required",
    "phone": "Please enter a valid phone number (01012345678)",
    "yearsOfExperience": "Please select your years of experience",
    "expertiseField": "Please select your field of expertise",
    "topics": "Please provide more details about your topics (minimum 10 characters)",
    "linkedinUrl": "Please enter a valid LinkedIn URL",
    "githubUrl": "Please enter a valid GitHub URL",
    "portfolioUrl": "Please enter a valid portfolio URL",
}
PHOTO_MESSAGE = "Photo must be a JPEG, PNG or WebP image of at most 5 MB."


def _email() -> str:
    return f"speaker{next(_numbers)}@example.com"


def _open(page: Page) -> None:
    page.goto("/speakers/register")
    wait_ready(page)
    expect(page.get_by_role("button", name="Submit application")).to_be_enabled()


def _choose(page: Page, label: str, option: str) -> None:
    page.get_by_label(label).click()
    page.get_by_role("option", name=option, exact=True).click()


def _fill_valid(page: Page, email: str) -> None:
    page.get_by_label("Email").fill(email)
    page.get_by_label("Phone").fill("01098765432")
    page.get_by_label("Full name").fill("Dilnoza Rashidova")
    page.get_by_label("Job position").fill("Backend engineer at Kakao")
    _choose(page, "Years of experience", "3-5 years")
    _choose(page, "Field of expertise", "Backend")
    page.get_by_label("Topics you would like to talk about").fill(
        "Scaling PostgreSQL at a Korean fintech: partitioning, replicas and what broke."
    )
    page.get_by_label("LinkedIn profile URL").fill("https://www.linkedin.com/in/dilnoza-rashidova")
    page.get_by_label("GitHub profile URL").fill("https://github.com/dilnoza")
    page.get_by_label("Portfolio or website URL").fill("https://dilnoza.dev")


def _error(page: Page, name: str):
    return page.locator(f"#field-{name}-error")


def _application(site, email: str) -> list:
    return query(
        site,
        "SELECT full_name, job_position, phone, years_of_experience, expertise_field, topics, "
        "linkedin_url, github_url, portfolio_url, language, photo_path, status "
        "FROM speaker_applications WHERE email = :email",
        email=email,
    )


def test_every_message_at_its_field_all_at_once(page: Page):
    _open(page)
    page.get_by_role("button", name="Submit application").click()
    for name, text in EMPTY_FORM_MESSAGES.items():
        expect(_error(page, name)).to_have_text(text)
    # The first invalid field gets the focus; fields say they are invalid.
    expect(page.get_by_label("Email")).to_be_focused()
    expect(page.get_by_label("Email")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Years of experience")).to_have_attribute("aria-invalid", "true")


def test_invalid_values_give_the_exact_messages_and_nothing_typed_is_lost(page: Page):
    _open(page)
    typed = {
        "Email": "not-an-email",
        # A Korean number typed wrong: SPEC's exact text (a number that is not Korean at
        # all gets the same words and how to type one from abroad: issue 42).
        "Phone": "010-1234-567",
        "Full name": "A",
        "Job position": "Engineer",
        "Topics you would like to talk about": "Too short",
        "LinkedIn profile URL": "https://example.com/in/me",
        "GitHub profile URL": "github.com/me",
        "Portfolio or website URL": "not a url",
    }
    for label, value in typed.items():
        page.get_by_label(label).fill(value)
    _choose(page, "Years of experience", "10+ years")
    page.get_by_role("button", name="Submit application").click()

    expect(_error(page, "email")).to_have_text("Please enter a valid email address")
    expect(_error(page, "phone")).to_have_text("Please enter a valid phone number (01012345678)")
    expect(_error(page, "fullName")).to_have_text("Full name must be at least 2 characters")
    expect(_error(page, "topics")).to_have_text(
        "Please provide more details about your topics (minimum 10 characters)")
    expect(_error(page, "linkedinUrl")).to_have_text("Please enter a valid LinkedIn URL")
    expect(_error(page, "githubUrl")).to_have_text("Please enter a valid GitHub URL")
    expect(_error(page, "portfolioUrl")).to_have_text("Please enter a valid portfolio URL")
    expect(_error(page, "expertiseField")).to_have_text("Please select your field of expertise")
    expect(_error(page, "jobPosition")).to_have_count(0)
    expect(_error(page, "yearsOfExperience")).to_have_count(0)

    for label, value in typed.items():
        expect(page.get_by_label(label)).to_have_value(value)
    expect(page.get_by_label("Years of experience")).to_have_text("10+ years")

    # Fixing one field clears its message on the next try; the others stay.
    page.get_by_label("Email").fill("fixed@example.com")
    page.get_by_role("button", name="Submit application").click()
    expect(_error(page, "email")).to_have_count(0)
    expect(_error(page, "phone")).to_be_visible()
    expect(page.get_by_label("Phone")).to_be_focused()


def test_successful_application_is_stored_and_the_modal_closes_on_escape(page: Page, site, tmp_path: Path):
    photo = tmp_path / "me.png"
    Image.new("RGB", (320, 240), "teal").save(photo)
    email = _email()
    _open(page)
    _fill_valid(page, email)
    page.locator("input[type=file]").set_input_files(photo)
    expect(page.locator("#photo-name")).to_have_text("me.png")
    expect(page.get_by_role("button", name="Choose another photo")).to_be_visible()
    page.get_by_role("button", name="Submit application").click()

    dialog = page.get_by_role("dialog", name="Application received!")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("contact you within 5-7 business days")
    rows = _application(site, email)
    assert len(rows) == 1
    row = rows[0]
    assert row[:5] == ("Dilnoza Rashidova", "Backend engineer at Kakao", "01098765432", "3-5", "backend")
    assert row[6:10] == ("https://www.linkedin.com/in/dilnoza-rashidova", "https://github.com/dilnoza",
                         "https://dilnoza.dev", "en")
    assert row[10].startswith("private/speakers/") and row[10].endswith(".webp")
    assert (Path(site.env["COMMUNITY_VAR_DIR"]) / "uploads" / row[10]).is_file()
    assert row[11] == "NEW"

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("main")).to_be_focused()  # focus stays on the page (issue 14)
    # A fresh, empty form for the next application.
    expect(page.get_by_label("Email")).to_have_value("")
    expect(page.locator("#photo-name")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/speakers/register/?$"))


def test_submitting_state_then_back_to_home(page: Page, site):
    email = _email()
    _open(page)
    _fill_valid(page, email)
    # Hold the database's write lock so the submission has to wait.
    db_path = site.env["COMMUNITY_DATABASE_URL"].split("///", 1)[1]
    lock = sqlite3.connect(db_path, isolation_level=None, timeout=10)
    try:
        lock.execute("BEGIN IMMEDIATE")
        page.get_by_role("button", name="Submit application").click()
        expect(page.get_by_role("button", name="Submit application")).to_be_disabled()
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    assert len(_application(site, email)) == 1
    dialog.get_by_role("button", name="Back to Home").click()
    expect(page).to_have_url(re.compile(r"^[^?#]*/$"))
    expect(page.get_by_role("heading", name="Uzbek developers in South Korea, building together")).to_be_visible()


def test_a_file_that_is_no_image_is_refused_at_the_photo_field(page: Page, site, tmp_path: Path):
    fake = tmp_path / "fake.png"
    fake.write_text("this is not an image")
    gif = tmp_path / "anim.gif"
    Image.new("RGB", (8, 8), "red").save(gif)
    _open(page)
    page.locator("input[type=file]").set_input_files(fake)
    expect(_error(page, "photo")).to_have_text(PHOTO_MESSAGE)
    expect(page.locator("#photo-name")).to_have_count(0)

    page.locator("input[type=file]").set_input_files(gif)  # refused by the browser already
    expect(_error(page, "photo")).to_have_text(PHOTO_MESSAGE)

    # With the photo refused, nothing is sent even when the rest is valid.
    email = _email()
    _fill_valid(page, email)
    page.get_by_role("button", name="Submit application").click()
    expect(_error(page, "photo")).to_have_text(PHOTO_MESSAGE)
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert _application(site, email) == []

    # Removing it is enough to send the application without a photo.
    good = tmp_path / "ok.jpg"
    Image.new("RGB", (64, 64), "navy").save(good)
    page.locator("input[type=file]").set_input_files(good)
    expect(page.locator("#photo-name")).to_have_text("ok.jpg")
    expect(_error(page, "photo")).to_have_count(0)
    page.get_by_role("button", name="Remove photo").click()
    expect(page.locator("#photo-name")).to_have_count(0)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert _application(site, email)[0][10] is None


def test_unexpected_failure_says_so_and_keeps_the_form(page: Page, site):
    email = _email()
    _open(page)
    _fill_valid(page, email)
    with table_renamed(site, "speaker_applications"):
        page.get_by_role("button", name="Submit application").click()
        expect(page.get_by_role("alert").filter(
            has_text="Failed to submit application. Please try again.")).to_be_visible()
    expect(page.get_by_label("Email")).to_have_value(email)
    expect(page.get_by_label("Field of expertise")).to_have_text("Backend")
    page.get_by_role("button", name="Submit application").click()  # works again
    expect(page.get_by_role("dialog")).to_be_visible()
    assert len(_application(site, email)) == 1


def test_keyboard_only_photo_button_opens_the_file_chooser(page: Page, tmp_path: Path):
    choosers = []
    page.on("filechooser", lambda chooser: choosers.append(chooser))  # listening before the page loads
    _open(page)
    page.get_by_role("button", name="Choose a photo").focus()
    with page.expect_file_chooser() as chooser:  # fails when Enter opens none
        page.keyboard.press("Enter")
    assert len(choosers) == 1
    photo = tmp_path / "me.webp"
    Image.new("RGB", (64, 64), "orange").save(photo)
    chooser.value.set_files(photo)
    expect(page.locator("#photo-name")).to_have_text("me.webp")


def test_speaker_form_in_uzbek_stores_the_language(page: Page, site):
    _open(page)
    switch_to_uzbek(page)
    expect(page.get_by_role("heading", name="Spiker bo‘ling", level=1)).to_be_visible()
    expect(page.get_by_label("To‘liq ism")).to_be_visible()
    page.get_by_role("button", name="Arizani yuborish").click()
    expect(_error(page, "email")).to_have_text("Email manzil kiritilishi shart")
    expect(_error(page, "topics")).to_have_text(
        "Iltimos, mavzularingiz haqida batafsilroq yozing (kamida 10 ta belgi)")

    email = _email()
    page.locator("#field-email").fill(email)
    page.locator("#field-phone").fill("01011112222")
    page.locator("#field-fullName").fill("Bobur Aliyev")
    page.locator("#field-jobPosition").fill("Data engineer")
    page.locator("#field-yearsOfExperience").click()
    page.get_by_role("option", name="1 yildan kam").click()
    page.locator("#field-expertiseField").click()
    page.get_by_role("option", name="Sun’iy intellekt / Mashinali o‘qitish").click()
    page.locator("#field-topics").fill("Koreyada ma’lumotlar muhandisligi")
    page.locator("#field-linkedinUrl").fill("https://linkedin.com/in/bobur")
    page.locator("#field-githubUrl").fill("https://github.com/bobur")
    page.locator("#field-portfolioUrl").fill("https://bobur.uz")
    page.get_by_role("button", name="Arizani yuborish").click()
    dialog = page.get_by_role("dialog", name="Ariza qabul qilindi!")
    expect(dialog).to_contain_text("5-7 ish kuni")
    row = _application(site, email)[0]
    assert (row[3], row[4], row[9]) == ("less_than_1", "ai", "uz")
    dialog.get_by_role("button", name="Yopish").click()
    expect(dialog).to_be_hidden()


def test_speaker_form_on_a_phone(mobile: Page):
    mobile.goto("/speakers/register")
    wait_ready(mobile)
    mobile.get_by_role("button", name="Submit application").click()
    expect(_error(mobile, "email")).to_be_visible()
    assert no_horizontal_scroll(mobile)
