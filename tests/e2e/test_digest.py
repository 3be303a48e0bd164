"""The personal digest in the browser (issue 44): a member who agreed to news emails chooses
how often and at what hour the digest comes on My Page and sees a preview of the next one;
withdrawing the agreement says no digest comes; the email's unsubscribe link works without
signing in and says what it did; an organizer sees how many get the next one and sends a
test to themselves."""

from __future__ import annotations

import re

import sqlalchemy as sa
from playwright.sync_api import Page, expect

from tests.e2e.accounts import api_sign_up
from tests.e2e.conftest import wait_ready
from tests.e2e.test_auth import log_in

PASSWORD = "Digest-pass-2026!"
ORGANIZER = "organizer@uzdev.kr"
DEMO_PASSWORD = "Demo-pass-2026!"


def _consenting_member(site, email: str, phone: str) -> None:
    api_sign_up(site, email, phone, PASSWORD, newsEmails=True)


def _unsubscribe_token(site, email: str) -> str:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with engine.connect() as conn:
            return conn.execute(sa.text(
                "SELECT d.unsubscribe_token FROM digest_settings d JOIN users u ON u.id = d.user_id "
                "WHERE u.email = :email"), {"email": email}).scalar_one()
    finally:
        engine.dispose()


def test_a_member_chooses_the_digest_sees_its_preview_and_unsubscribes_without_signing_in(
        page: Page, site, browser):
    email = "digest1@example.com"
    _consenting_member(site, email, "01077770441")
    page.goto("/mypage?tab=digest")
    wait_ready(page)
    log_in(page, site, email, PASSWORD)
    main = page.locator("#main-content")
    expect(main.get_by_role("heading", name="Digest", exact=True)).to_be_visible()
    expect(page.locator("#digest-next")).to_contain_text("Next digest:")
    expect(page.locator("#digest-next")).to_contain_text("09:00 Korea time")
    # The demo's meetups are open with seats: the preview lists them, with links.
    expect(page.locator("#digest-preview").get_by_role("link").first).to_be_visible()
    expect(page.locator("#digest-preview")).to_contain_text("Meetups open for registration")

    page.get_by_label("How often").select_option("MONTHLY")
    expect(main.get_by_text("Your digest choices are saved.")).to_be_visible()
    page.get_by_label("Hour (Korea time)").select_option("18")
    expect(page.locator("#digest-next")).to_contain_text("18:00 Korea time")
    expect(page.locator("#digest-next")).to_contain_text(re.compile(r"\b1\b"))  # the 1st
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("How often")).to_have_value("MONTHLY")
    expect(page.get_by_label("Hour (Korea time)")).to_have_value("18")

    # The email's link, in a browser that never signed in: it says what it did.
    token = _unsubscribe_token(site, email)
    stranger = browser.new_context(base_url=site.url)
    try:
        other = stranger.new_page()
        other.goto(f"/digest/unsubscribe/{token}")
        expect(other.locator("#unsubscribe-outcome")).to_have_text("You are unsubscribed.")
        expect(other.get_by_text("You will get no more digest emails.")).to_be_visible()
        other.goto("/digest/unsubscribe/not-a-real-token")
        expect(other.locator("#unsubscribe-outcome")).to_have_text("This unsubscribe link is not valid.")
    finally:
        stranger.close()
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("switch", name="By email")).not_to_be_checked()

    # Withdrawing the agreement: the tab says no digest comes.
    page.goto("/mypage?tab=account")
    wait_ready(page)
    page.locator("#main-content").get_by_role(
        "switch", name="Emails about new meetups, news and jobs").click()
    expect(page.get_by_text("Withdrawn: we will no longer email you about new meetups, news and jobs.")).to_be_visible()
    page.goto("/mypage?tab=digest")
    wait_ready(page)
    expect(page.get_by_text(re.compile(r"^You get no digest: you have not agreed"))).to_be_visible()
    expect(page.locator("#digest-next")).to_have_text("No digest is planned.")


def test_an_organizer_sees_the_audience_and_sends_a_test_to_themselves(page: Page, site):
    page.goto("/login?from=/admin/digest")
    wait_ready(page)
    log_in(page, site, ORGANIZER, DEMO_PASSWORD)
    expect(page).to_have_url(re.compile(r"/admin/digest/?$"))
    audience = page.locator("#digest-audience")
    expect(audience).to_contain_text("members get the next digest")
    before = len(site.emails_to(ORGANIZER))
    page.get_by_role("button", name="Send a test to me").click()
    expect(page.get_by_text("A test digest was sent to your email address.")).to_be_visible()
    sent = site.emails_to(ORGANIZER)[before:]
    assert any("[Test]" in str(m["Subject"]) for m in sent), [m["Subject"] for m in sent]
