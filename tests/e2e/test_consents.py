"""Consents on My Page (issue 27): what the member ticked at sign-up is listed with its
date; the news emails can be withdrawn and given again by a switch, and the list keeps
every change with its dates."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.accounts import api_sign_up
from tests.e2e.conftest import wait_ready
from tests.e2e.test_auth import log_in

PASSWORD = "Consent-pass-2026!"


def test_news_emails_are_withdrawn_and_given_again_with_the_history(page: Page, site):
    email = "consents1@example.com"
    api_sign_up(site, email, "01077770001", PASSWORD, newsEmails=True)

    page.goto("/mypage?tab=account")
    wait_ready(page)
    log_in(page, site, email, PASSWORD)
    main = page.locator("#main-content")
    switch = main.get_by_role("switch", name="Emails about new meetups, news and jobs")
    expect(switch).to_be_checked()
    news_rows = main.get_by_text("Emails about new meetups, news and jobs", exact=True)
    expect(main.get_by_text("Terms of Service", exact=True)).to_be_visible()
    expect(main.get_by_text("withdrawn", exact=False)).to_have_count(0)

    switch.click()
    expect(main.get_by_text("Withdrawn: we will no longer email you about new meetups, news and jobs.")).to_be_visible()
    expect(switch).not_to_be_checked()
    expect(main.get_by_text(re.compile(r"· withdrawn "))).to_have_count(1)

    switch.press("Space")  # the keyboard works the switch too
    expect(main.get_by_text("Saved: we will email you about new meetups, news and jobs.")).to_be_visible()
    expect(switch).to_be_checked()
    expect(main.get_by_text(re.compile(r"· withdrawn "))).to_have_count(1)  # the history stays
    expect(news_rows).to_have_count(3)  # the switch's label and the two rows
