"""Sign in with Telegram in the browser, in both languages. The Login Widget's script
comes from telegram.org, which the tests cannot reach (every outside request fails): the
page's own callback (window.__uzdevTelegramAuth, which the widget calls) is driven with
payloads signed as Telegram signs them, with the site's test bot token. A forged and a
stale payload are refused on the page; a good one starts a sign-up that the emailed link
finishes (until then the widget says to open it), and a later one signs in."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from community_app.i18n import gettext
from community_app.services.sign_up import CHECK_YOUR_EMAIL
from community_app.services.telegram.login import TELEGRAM_CONFIRM_EMAIL
from tests.e2e.conftest import HOME_URL, WELCOMED_URL, offline, wait_ready
from tests.telegram_login import signed_payload

TEXTS = {
    "en": {"refused": "Telegram login failed. Please try again.",
           "my_page": "My Page", "log_in_with": "or log in with Telegram"},
    "uz": {"refused": "Telegram orqali kirib bo‘lmadi. Iltimos, qayta urinib ko‘ring.",
           "my_page": "Mening sahifam", "log_in_with": "yoki Telegram orqali kiring"},
}


def _deliver(page, payload: dict) -> None:
    page.wait_for_function("typeof window.__uzdevTelegramAuth === 'function'")
    page.evaluate("(user) => window.__uzdevTelegramAuth(user)", payload)


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_forged_and_stale_payloads_are_refused_and_a_good_one_signs_up_then_in(browser, base_url, site,
                                                                               lang):
    words = TEXTS[lang]
    context = offline(browser.new_context(base_url=base_url, locale="uz-UZ" if lang == "uz" else "en-US"))
    page = context.new_page()
    page.goto("/login")
    wait_ready(page)
    expect(page.get_by_text(words["log_in_with"])).to_be_visible()

    telegram_id = 910_000 + (1 if lang == "en" else 2)
    forged = {**signed_payload(telegram_id), "hash": "f" * 64}
    _deliver(page, forged)
    expect(page.get_by_text(words["refused"])).to_be_visible()
    expect(page).to_have_url(re.compile(r"/login"))

    page.reload()
    wait_ready(page)
    _deliver(page, signed_payload(telegram_id, auth_date=int(time.time()) - 3600))  # stale
    expect(page.get_by_text(words["refused"])).to_be_visible()

    # A genuine first sign-in: a sign-up like the email one, finished by the emailed link
    # (Telegram proves no email address).
    email = f"dilshod.{lang}@example.com"
    _deliver(page, signed_payload(telegram_id, first_name="Dilshod", username=f"dil{lang}"))
    expect(page).to_have_url(re.compile(r"/completeAccount/telegram$"))
    page.locator("#field-email").fill(email)
    page.locator("#field-username").fill("Dilshod" + ("a" if lang == "en" else "b"))
    page.get_by_role("checkbox").first.check()
    page.locator("form button[type=submit]").click()
    expect(page.get_by_text(gettext(CHECK_YOUR_EMAIL, lang, email=email))).to_be_visible()
    expect(page.get_by_role("banner").get_by_role("link", name=words["my_page"])).to_have_count(0)
    page.goto("/login")  # until the link is opened, the widget says to open it
    wait_ready(page)
    _deliver(page, signed_payload(telegram_id, auth_date=int(time.time()) - 20))
    expect(page.get_by_text(gettext(TELEGRAM_CONFIRM_EMAIL, lang))).to_be_visible()
    page.goto(site.link_path(email, "/signup/confirm"))  # the link in the email
    expect(page).to_have_url(WELCOMED_URL)
    expect(page.get_by_role("banner").get_by_role("link", name=words["my_page"])).to_be_visible()
    context.close()

    # Later, in another browser: the widget signs the member in at once.
    other = offline(browser.new_context(base_url=base_url, locale="uz-UZ" if lang == "uz" else "en-US"))
    p2 = other.new_page()
    p2.goto("/login")
    wait_ready(p2)
    _deliver(p2, signed_payload(telegram_id, auth_date=int(time.time()) - 5))
    expect(p2).to_have_url(HOME_URL)
    expect(p2.get_by_role("banner").get_by_role("link", name=words["my_page"])).to_be_visible()
    other.close()


def test_completing_without_a_telegram_sign_in_says_so(page):
    page.goto("/completeAccount/telegram")
    wait_ready(page)
    expect(page.get_by_text("Telegram sign-in not found. Please log in with Telegram again.")).to_be_visible()


def test_my_page_links_the_bot_with_the_deep_link_chooses_and_unlinks(page, site):
    import httpx

    from tests.e2e.accounts import api_sign_up
    from tests.e2e.test_auth import log_in
    from tests.telegram_api import WEBHOOK_SECRET, updates

    email, password = "telegram.link@example.com", "Telegram-pass-2026!"
    api_sign_up(site, email, "01077770030", password)

    page.goto("/mypage?tab=account")
    wait_ready(page)
    log_in(page, site, email, password)
    main = page.locator("#main-content")
    main.get_by_role("button", name="Link Telegram").click()
    link = main.get_by_role("link", name="Open Telegram and press Start")
    expect(link).to_have_attribute("href", re.compile(r"^https://t\.me/uzdev_test_bot\?start="))
    start = link.get_attribute("href").split("start=", 1)[1]

    # Telegram delivers the member's Start to the webhook.
    hook = httpx.post(f"{site.url}/api/v1/telegram/webhook", json=updates.start(424_001, start),
                      headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}, timeout=20)
    assert hook.status_code == 200, hook.text

    page.reload()
    wait_ready(page)
    expect(main.get_by_text("Telegram is linked: the bot sends your messages as you choose below.")).to_be_visible()
    reminders = main.get_by_label("Reminders before an event")
    expect(reminders).to_have_value("both")
    reminders.select_option("telegram")
    expect(main.get_by_text("Saved.")).to_be_visible()
    page.reload()
    wait_ready(page)
    expect(main.get_by_label("Reminders before an event")).to_have_value("telegram")

    main.get_by_role("button", name="Unlink Telegram").click()
    expect(main.get_by_role("button", name="Link Telegram")).to_be_visible()
