"""The event registration form: the login step, validation, success (registered or
waiting for approval), seats, the service's refusals, cancelling, Uzbek, Escape."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session

from community_app.models import Meetup
from tests.e2e.conftest import wait_ready
from tests.e2e.test_auth import log_in

SEOUL_13 = 1  # the demo member is registered
INTERVIEW = 2  # needs the organizers' approval (PENDING)
BUSAN = 3  # 2 seats left in the demo data
KAIST = 4
SEOUL_12 = 5  # past
ORGANIZER = "organizer@uzdev.kr"


def seats_left(site, meetup_id: int) -> int:
    with Session(sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])) as s:
        return s.get(Meetup, meetup_id).available_seats


def seats_text(n: int) -> str:
    return "Full" if n == 0 else "1 seat left" if n == 1 else f"{n} seats left"


def sign_in_at(page: Page, site, path: str, email: str = "member@uzdev.kr") -> None:
    """Log in from /login?from=<path> and land back on ``path``."""
    page.goto(f"/login?from={path}")
    wait_ready(page)
    log_in(page, site, email)
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))


def fill_form(page: Page, reason: str = "Networking", field: str = "Mobile",
              expectation: str = "Meet other mobile developers in Busan.") -> None:
    page.get_by_role("radio", name=reason, exact=True).click()
    page.get_by_role("radio", name=field, exact=True).click()
    page.get_by_label("What do you expect from this event?").fill(expectation)
    page.get_by_role("checkbox").check()


def submit(page: Page) -> None:
    page.get_by_role("button", name="Register", exact=True).click()


def test_signed_out_visitor_is_asked_to_log_in_and_comes_back_to_the_form(page: Page, site):
    path = f"/events/upcoming/register/{BUSAN}"
    page.goto(path)
    wait_ready(page)
    expect(page.get_by_text("Log in to continue registering for an event")).to_be_visible()
    login = page.get_by_role("main").get_by_role("link", name="Login")
    expect(login).to_have_attribute("href", f"/login?from={path}")
    expect(page.get_by_role("radio")).to_have_count(0)  # no form before logging in
    login.click()
    expect(page).to_have_url(re.compile(r"/login\?from=/events/upcoming/register/3$"))
    expect(page.get_by_text("Log in to continue registering for an event")).to_be_visible()
    wait_ready(page)
    log_in(page, site)
    expect(page).to_have_url(re.compile(rf"{path}$"))
    expect(page.get_by_text("Why are you attending?")).to_be_visible()
    expect(page.get_by_role("region", name="Event summary")).to_contain_text("Busan Dev Meetup")


def test_a_past_meetup_is_closed_to_visitors_without_a_login_or_seats(page: Page, site):
    page.goto(f"/events/past/register/{SEOUL_12}")
    wait_ready(page)
    expect(page.get_by_text("Registration is closed for past events.")).to_be_visible()
    expect(page.get_by_text("Log in to continue registering for an event")).to_have_count(0)
    expect(page.get_by_role("main").get_by_role("link", name="Login")).to_have_count(0)
    with Session(sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])) as s:
        meetup = s.get(Meetup, SEOUL_12)
        registered = meetup.max_seats - meetup.available_seats
    expect(page.locator("#summary-seats-left")).to_have_text(f"{registered} registered")


def test_every_message_at_its_field_at_once_and_values_are_kept(page: Page, site):
    path = f"/events/upcoming/register/{BUSAN}"
    sign_in_at(page, site, path)
    page.get_by_label("What do you expect from this event?").fill("Too short")
    submit(page)
    expect(page.get_by_text("Please correct the highlighted fields.")).to_be_visible()
    expect(page.locator("#field-attendanceReason-error")).to_have_text("Please select your attendance reason")
    expect(page.locator("#field-interestedField-error")).to_have_text("Please select your field of interest")
    expect(page.locator("#field-expectation-error")).to_have_text("Please provide at least 10 characters")
    expect(page.locator("#field-consent-error")).to_have_text("You must agree to the terms and conditions")
    expect(page.get_by_label("What do you expect from this event?")).to_have_value("Too short")
    expect(page.get_by_label("What do you expect from this event?")).to_have_attribute("aria-invalid", "true")

    page.get_by_role("radio", name="Learning", exact=True).click()
    page.get_by_role("checkbox").check()
    submit(page)
    expect(page.locator("#field-interestedField-error")).to_be_visible()
    expect(page.locator("#field-attendanceReason-error")).to_have_count(0)
    expect(page.locator("#field-consent-error")).to_have_count(0)
    expect(page.get_by_role("radio", name="Learning", exact=True)).to_have_attribute("aria-checked", "true")
    expect(page.get_by_role("checkbox")).to_be_checked()
    expect(page.get_by_label("What do you expect from this event?")).to_have_value("Too short")

    # The messages follow the language, without sending the form again.
    page.get_by_role("button", name="Language").click()
    page.get_by_role("menuitem", name="O‘zbekcha").click()
    expect(page.locator("#field-expectation-error")).to_have_text("Iltimos, kamida 10 ta belgi kiriting")
    expect(page.locator("#field-interestedField-error")).to_have_text("Iltimos, qiziqish sohangizni tanlang")
    expect(page.get_by_text("Nega qatnashmoqchisiz?")).to_be_visible()
    page.get_by_role("button", name="Til").click()
    page.get_by_role("menuitem", name="English").click()


@pytest.mark.stock_reflex
def test_registering_shows_the_dialog_takes_a_seat_and_a_second_try_is_refused(page: Page, site):
    before = seats_left(site, BUSAN)
    assert before >= 1
    details = f"/events/upcoming/details/{BUSAN}"
    path = f"/events/upcoming/register/{BUSAN}"
    sign_in_at(page, site, details)
    expect(page.locator("#event-seats-left")).to_have_text(seats_text(before))  # cached now
    page.get_by_role("link", name="Register now").click()
    expect(page).to_have_url(re.compile(rf"{path}$"))
    expect(page.locator("#summary-seats-left")).to_have_text(seats_text(before))

    # A second tab with the same form, to send it again after the first succeeds.
    other = page.context.new_page()
    other.goto(path)
    wait_ready(other)
    expect(other.get_by_text("Why are you attending?")).to_be_visible()

    fill_form(page)
    submit(page)
    dialog = page.get_by_role("dialog", name="You are registered!")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You are registered for this event.")
    expect(dialog.get_by_role("link", name="See the event")).to_have_attribute("href", details)
    expect(dialog.get_by_role("link", name="Go to My Page")).to_have_attribute("href", "/mypage")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.get_by_role("main")).to_be_focused()  # focus stays on the page (issue 14)
    expect(page.get_by_text("You are already registered for this event.")).to_be_visible()
    expect(page.locator("#summary-seats-left")).to_have_text(seats_text(before - 1))
    assert seats_left(site, BUSAN) == before - 1

    fill_form(other)
    submit(other)
    expect(other.get_by_role("alert").filter(has_text="You are already registered for this event.")).to_be_visible()
    expect(other.get_by_role("dialog")).to_have_count(0)
    assert seats_left(site, BUSAN) == before - 1
    other.close()

    page.get_by_role("link", name="See the event").click()
    expect(page).to_have_url(re.compile(rf"{details}$"))
    expect(page.locator("#event-seats-left")).to_have_text(seats_text(before - 1))
    expect(page.get_by_text("You are registered", exact=True)).to_be_visible()
    registrations = page.get_by_role("region", name="Registrations")
    registrations.get_by_role("button", name=re.compile(r"^Show all \(\d+ more\)$")).click()
    expect(registrations.get_by_role("listitem").filter(has_text="Dilnoza")).to_have_count(1)
    expect(registrations.get_by_role("button", name="Show fewer")).to_be_visible()
    page.goto("/events")
    expect(page.get_by_test_id("event-card").filter(has_text="Busan Dev Meetup")).to_contain_text(
        seats_text(before - 1)
    )


def test_approval_meetup_waits_then_the_member_cancels(page: Page, site):
    before = seats_left(site, INTERVIEW)
    path = f"/events/upcoming/register/{INTERVIEW}"
    sign_in_at(page, site, path, ORGANIZER)
    expect(page.get_by_text("The organizers approve registrations for this event")).to_be_visible()
    fill_form(page, "Job opportunities", "Backend", "Practise a system design interview in Korean.")
    submit(page)
    dialog = page.get_by_role("dialog", name="Registration received")
    expect(dialog).to_contain_text("Your registration is waiting for the organizers' approval.")
    dialog.get_by_role("link", name="See the event").click()
    expect(page).to_have_url(re.compile(rf"/events/upcoming/details/{INTERVIEW}$"))
    expect(page.get_by_text("Your registration is waiting for approval")).to_be_visible()
    expect(page.locator("#event-seats-left")).to_have_text(seats_text(before - 1))

    page.get_by_role("button", name="Cancel registration").click()
    confirm = page.get_by_role("alertdialog")
    expect(confirm.get_by_text("Cancel your registration?")).to_be_visible()
    confirm.get_by_role("button", name="Keep my seat").click()
    expect(confirm).to_have_count(0)
    page.get_by_role("button", name="Cancel registration").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Yes, cancel").click()
    expect(page.get_by_text("Your registration has been cancelled.")).to_be_visible()
    expect(page.locator("#event-seats-left")).to_have_text(seats_text(before))
    expect(page.get_by_role("link", name="Register now")).to_be_visible()
    assert seats_left(site, INTERVIEW) == before


def test_clear_messages_for_registered_past_and_full_meetups(page: Page, site):
    sign_in_at(page, site, f"/events/upcoming/register/{SEOUL_13}")
    expect(page.get_by_text("You are already registered for this event.")).to_be_visible()
    expect(page.get_by_role("radio")).to_have_count(0)

    page.goto(f"/events/past/register/{SEOUL_12}")
    expect(page.get_by_text("Registration is closed for past events.")).to_be_visible()
    expect(page.get_by_role("radio")).to_have_count(0)

    # The form is open when the last seat goes: the service's answer is shown.
    site.sql("UPDATE meetups SET available_seats = 5 WHERE id = :id", id=KAIST)
    page.goto(f"/events/upcoming/register/{KAIST}")
    expect(page.get_by_text("Why are you attending?")).to_be_visible()
    site.sql("UPDATE meetups SET available_seats = 0 WHERE id = :id", id=KAIST)
    fill_form(page, "Learning", "AI", "Research talks about Korean language models.")
    submit(page)
    expect(page.get_by_role("alert").filter(has_text="This event is full.")).to_be_visible()
    expect(page.locator("#summary-seats-left")).to_have_text("Full")
    # A full meetup offers its waitlist instead, with the same form (issue 15).
    expect(page.get_by_role("button", name="Join the waitlist")).to_be_visible()
    expect(page.get_by_role("button", name="Register", exact=True)).to_have_count(0)
    assert seats_left(site, KAIST) == 0


def test_register_page_in_uzbek_and_unknown_event(browser, base_url):
    context = browser.new_context(base_url=base_url, locale="uz-UZ")
    page = context.new_page()
    page.goto(f"/events/upcoming/register/{BUSAN}")
    wait_ready(page)
    expect(page.get_by_role("heading", name="Tadbirga ro‘yxatdan o‘tish", level=1)).to_be_visible()
    expect(page.get_by_text("tadbirga ro‘yxatdan o‘tishni davom ettirish uchun tizimga kiring")).to_be_visible()
    expect(page.get_by_role("main").get_by_role("link", name="Kirish")).to_have_attribute(
        "href", f"/login?from=/events/upcoming/register/{BUSAN}"
    )
    page.goto("/events/upcoming/register/987654")
    expect(page.get_by_role("heading", name="Tadbir topilmadi.")).to_be_visible()
    page.goto(f"/events/past/register/{BUSAN}")
    expect(page).to_have_url(re.compile(rf"/events/upcoming/register/{BUSAN}$"))
    context.close()
