"""A forgotten password reset end to end (issue 27), in both languages and at a phone's
width: "Forgot password?" on the login page, the same answer for a known and an unknown
address, the emailed link (read from the outbox), the sign-up password rules, the new
password works and the old one and the old sign-in do not, the link works once, and an
email says the password changed."""

from __future__ import annotations

import itertools
import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.accounts import api_sign_up
from tests.e2e.conftest import HOME_URL, wait_ready
from tests.e2e.jobs_helpers import LANGS, T
from tests.e2e.test_auth import log_in

OLD_PASSWORD = "Old-pass-2026!"
NEW_PASSWORD = "New-pass-2026!"
_n = itertools.count(1)


def _member(site, lang: str) -> str:
    """A confirmed member whose emails come in ``lang``."""
    email = f"reset-{lang}-{next(_n)}@example.com"
    api_sign_up(site, email, f"0106666{next(_n):04d}", OLD_PASSWORD, lang=lang)
    return email


def _in_language(page: Page, path: str, lang: str) -> None:
    page.goto(path)
    wait_ready(page)
    if lang != "en":
        page.evaluate(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
        page.reload()
        wait_ready(page)


@pytest.mark.parametrize("lang", LANGS)
def test_a_member_resets_a_forgotten_password(page: Page, mobile: Page, site, lang):
    # Uzbek at a phone's width, English on a desktop.
    page = mobile if lang == "uz" else page
    email = _member(site, lang)
    old_sign_in = site.api_sign_in(email, OLD_PASSWORD, lang)

    _in_language(page, "/login", lang)
    page.get_by_role("link", name=T(lang, "Forgot password?")).click()
    expect(page).to_have_url(re.compile(r"/password-reset/?$"))
    expect(page.get_by_role("heading", name=T(lang, "Reset your password"))).to_be_visible()
    # An unknown address gets the same answer, and no email.
    unknown = f"nobody-{lang}@example.com"
    page.get_by_label(T(lang, "Email")).fill(unknown)
    page.get_by_role("button", name=T(lang, "Send the link")).click()
    expect(page.get_by_text(T(lang, "If an account uses {email}, we have sent it a link to set a new password. The link works once, for 30 minutes.", email=unknown))).to_be_visible()
    assert site.emails_to(unknown) == []
    page.get_by_role("button", name=T(lang, "Send another link")).click()
    field = page.get_by_label(T(lang, "Email"))
    field.fill(email)
    field.press("Enter")  # the keyboard sends the form
    expect(page.get_by_text(T(lang, "If an account uses {email}, we have sent it a link to set a new password. The link works once, for 30 minutes.", email=email))).to_be_visible()

    link = site.link_path(email, "/password-reset")
    assert site.emails_to(email)[-1]["Content-Language"] == lang
    page.goto(link)
    wait_ready(page)
    expect(page.get_by_role("heading", name=T(lang, "Choose a new password"))).to_be_visible()
    page.get_by_label(T(lang, "New password")).fill("weakpass")
    page.get_by_label(T(lang, "Confirm password")).fill("weakpass")
    page.get_by_role("button", name=T(lang, "Save the new password")).click()
    expect(page.get_by_role("alert").filter(has_text=T(lang, "Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character"))).to_be_visible()
    page.get_by_label(T(lang, "New password")).fill(NEW_PASSWORD)
    page.get_by_label(T(lang, "Confirm password")).fill(NEW_PASSWORD)
    page.get_by_role("button", name=T(lang, "Save the new password")).click()
    expect(page.get_by_text(T(lang, "Your password has been changed. Please log in with your new password."))).to_be_visible()
    told = site.emails_to(email)[-1]
    assert told["Subject"] == T(lang, "Your {site} password was changed", site="UzDev Korea")

    # Every earlier sign-in ended; the old password no longer works, the new one does.
    refreshed = httpx.get(f"{site.url}/api/v1/auth/refresh-token",
                          headers={"RefreshToken": old_sign_in["refresh_token"]}, timeout=20)
    assert refreshed.status_code == 401
    assert httpx.post(f"{site.url}/api/v1/auth/login", json={"email": email, "password": OLD_PASSWORD},
                      timeout=20).status_code == 401
    page.locator("#main-content").get_by_role("link", name=T(lang, "Log in"), exact=True).click()
    expect(page).to_have_url(re.compile(r"/login/?$"))
    wait_ready(page)
    if lang == "en":
        log_in(page, site, email, NEW_PASSWORD)
        expect(page).to_have_url(HOME_URL)
        expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()
    else:
        site.api_sign_in(email, NEW_PASSWORD, lang)

    # The link works once.
    page.goto(link)
    wait_ready(page)
    expect(page.get_by_text(T(lang, "This password reset link has expired or was already used. Please ask for a new one."))).to_be_visible()
    expect(page.get_by_label(T(lang, "New password"))).to_have_count(0)
    expect(page.get_by_role("link", name=T(lang, "Ask for a new link"))).to_be_visible()
