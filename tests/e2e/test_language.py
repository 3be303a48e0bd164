"""English and Uzbek: switching, remembering, detecting the browser's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready


def test_dropdown_switches_every_text_without_reload_and_reload_keeps_it(page: Page):
    page.goto("/")
    wait_ready(page)
    page.evaluate("window.__noReload = true")
    page.get_by_role("button", name="Language").click()
    page.get_by_role("menuitem", name="O‘zbekcha").click()

    nav = page.get_by_role("banner")
    expect(nav.get_by_role("link", name="Biz haqimizda")).to_be_visible()
    expect(nav.get_by_role("link", name="Yangiliklar")).to_be_visible()
    expect(nav.get_by_role("link", name="Kirish")).to_be_visible()
    expect(page.get_by_role("contentinfo")).to_contain_text("Barcha huquqlar himoyalangan.")
    expect(page.get_by_text("Foydalanish shartlari")).to_be_visible()
    expect(page.get_by_text("Keyingi tadbirga ro‘yxatdan o‘tishga shoshiling!")).to_be_visible()
    expect(page.get_by_text("All rights reserved.")).to_have_count(0)
    page.wait_for_function("localStorage.getItem('uzdev_lang') === 'uz' && document.documentElement.lang === 'uz'")
    assert page.evaluate("window.__noReload") is True  # switched without a reload
    expect(page).to_have_title(re.compile(r"^Bosh sahifa"))

    page.reload()
    wait_ready(page)
    expect(page.get_by_role("banner").get_by_role("link", name="Biz haqimizda")).to_be_visible()

    page.get_by_role("button", name="Til").click()
    page.get_by_role("menuitem", name="English").click()
    expect(page.get_by_role("banner").get_by_role("link", name="About us")).to_be_visible()
    page.wait_for_function("localStorage.getItem('uzdev_lang') === 'en'")


@pytest.mark.parametrize("locale, stored, lang, about", [
    ("uz-UZ", None, "uz", "Biz haqimizda"),  # the first visit follows the browser's language
    ("ko-KR", None, "en", "About us"),  # other browser languages fall back to English
    ("uz-UZ", "en", "en", "About us"),  # a stored choice wins over the browser's language
], ids=["browser-uzbek", "browser-korean", "stored-english"])
def test_the_first_language_comes_from_the_choice_else_the_browser(browser, base_url, locale,
                                                                   stored, lang, about):
    context = browser.new_context(base_url=base_url, locale=locale)
    if stored:
        context.add_init_script(
            f"if (!localStorage.getItem('uzdev_lang')) localStorage.setItem('uzdev_lang', '{stored}')")
    page = context.new_page()
    page.goto("/")
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('uzdev_lang')") == lang
    expect(page.get_by_role("banner").get_by_role("link", name=about)).to_be_visible()
    context.close()


def test_404_and_terms_in_uzbek(browser, base_url):
    context = browser.new_context(base_url=base_url, locale="uz-UZ")
    page = context.new_page()
    page.goto("/missing-page")
    wait_ready(page)
    expect(page.get_by_role("heading", name="Sahifa topilmadi")).to_be_visible()
    expect(page.get_by_text("Siz qidirayotgan sahifa mavjud emas yoki boshqa joyga ko‘chirilgan.")).to_be_visible()
    expect(page.get_by_role("link", name="Bosh sahifaga qaytish")).to_be_visible()
    page.goto("/terms")
    expect(page.get_by_role("heading", name="Foydalanish shartlari", level=1)).to_be_visible()
    context.close()
