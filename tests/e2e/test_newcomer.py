"""What a newcomer trips on (issue 42, items 1-8), walked as a person does it, in the width
and language where each was found: 1280 px in English and 390 px in Uzbek.

Screenshots of each screen go to tests/output/newcomer/ (and to $NEWCOMER_SHOTS when set)."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from community_app.i18n import gettext, ngettext
from tests.e2e.conftest import OUTPUT, offline, settled, wait_ready
from tests.e2e.test_auth import DEMO_PASSWORD, log_in
from tests.e2e.test_event_register import fill_form, submit

ORGANIZER = "organizer@uzdev.kr"
PASSWORD = "Str0ng!pass"
WIDTHS = {"en": 1280, "uz": 390}
SHOTS = [OUTPUT / "newcomer", *([Path(os.environ["NEWCOMER_SHOTS"])] if os.environ.get("NEWCOMER_SHOTS") else [])]
_n = itertools.count(1)


def say(lang: str, text: str, **params) -> str:
    return gettext(text, lang, **params)


def _shot(page: Page, name: str) -> None:
    settled(page)
    for folder in SHOTS:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def _browser(browser, site, lang: str) -> Page:
    width = WIDTHS[lang]
    context = offline(browser.new_context(
        base_url=site.url, locale="en-US", viewport={"width": width, "height": 900 if width > 500 else 844},
        is_mobile=width < 500, has_touch=width < 500))
    return context.new_page()


def _sign_up_started(browser, site, lang: str, mailbox: str, first_name: str) -> tuple[Page, str]:
    """A new browser of ``lang``'s width on /login in ``lang``, its sign-up form open with the
    first name and a new address (``<mailbox><n>-<lang>@example.com``, given back) filled."""
    page = _browser(browser, site, lang)
    page.add_init_script(f"localStorage.setItem('uzdev_lang', '{lang}')")
    page.goto("/login")
    wait_ready(page)
    page.get_by_role("button", name=say(lang, "Sign up"), exact=True).click()
    email = f"{mailbox}{next(_n)}-{lang}@example.com"
    page.locator("#field-firstName").fill(first_name)
    page.locator("#field-email").fill(email)
    return page, email


def _signed_in(browser, site, email: str, password: str, lang: str, path: str) -> Page:
    """A new browser of ``lang``'s width, signed in as ``email`` (the login form in English,
    as test_auth.log_in fills it), then showing ``path`` in ``lang``."""
    page = _browser(browser, site, lang)
    page.goto("/login")
    wait_ready(page)
    log_in(page, site, email, password)
    page.evaluate(f"localStorage.setItem('uzdev_lang', '{lang}')")
    page.goto(path)
    wait_ready(page)
    return page


def _new_member(site) -> str:
    """A member of their own (signed up through the API; the first login finishes it)."""
    n = next(_n)
    email = f"newcomer{n}@example.com"
    r = httpx.post(f"{site.url}/api/v1/auth/register", timeout=20, json={
        "email": email, "phone": f"+998 90 {1000000 + n}", "password": PASSWORD, "confirmPassword": PASSWORD,
        "firstName": "Dilnoza", "consent": True})
    assert r.status_code == 202, r.text
    return email


def _fits(select) -> bool:
    """Whether the select's chosen option is drawn whole (its text and the chevron's room)."""
    return select.evaluate("""el => {
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = ctx.measureText(el.options[el.selectedIndex].text).width;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return text <= room;
    }""")


# --- 1. the back office ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_an_organizer_finds_the_back_office_and_a_member_does_not(browser, site, lang):
    page = _signed_in(browser, site, ORGANIZER, DEMO_PASSWORD, lang, "/mypage?tab=events")
    name = say(lang, "Back office")
    if lang == "en":  # the header, reached with the keyboard
        link = page.locator("#header-back-office")
        expect(link).to_be_visible()
        expect(link).to_have_accessible_name(name)
        page.locator("body").focus()
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "header-back-office":
                break
        expect(link).to_be_focused()
        _shot(page, f"back-office-header-{lang}")
        # Beside the language menu and the avatar, overlapping neither, in both languages.
        for shown in ("en", "uz"):
            page.evaluate(f"localStorage.setItem('uzdev_lang', '{shown}')")
            page.reload()
            wait_ready(page)
            box = link.bounding_box()
            language = page.locator(".uzdev-btn-lang").bounding_box()
            avatar = page.get_by_role("link", name=say(shown, "My Page")).first.bounding_box()
            assert language["x"] + language["width"] <= box["x"], (language, box)
            assert box["x"] + box["width"] <= avatar["x"], (box, avatar)
            _shot(page, f"back-office-header-{shown}-1280")
        page.evaluate("localStorage.setItem('uzdev_lang', 'en')")
        page.reload()
        wait_ready(page)
        link.focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"/admin/?$"))
    else:  # the phone's menu
        page.locator("#mobile-menu-button").click()
        menu = page.locator("#mobile-menu")
        expect(menu.get_by_role("link", name=name)).to_have_attribute("href", "/admin")
        _shot(page, f"back-office-menu-{lang}")
        page.keyboard.press("Escape")
    page.goto("/mypage?tab=events")
    wait_ready(page)
    expect(page.locator("#mypage-back-office")).to_have_text(name)
    _shot(page, f"back-office-mypage-{lang}")
    page.context.close()

    member = _signed_in(browser, site, "member@uzdev.kr", DEMO_PASSWORD, lang, "/mypage?tab=events")
    expect(member.locator("#mypage-email")).to_have_text("member@uzdev.kr")
    expect(member.locator("#header-back-office")).to_have_count(0)
    expect(member.locator("#mypage-back-office")).to_have_count(0)
    member.context.close()


# --- 2. a phone number from abroad --------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_a_newcomer_abroad_signs_up_with_an_uzbek_number(browser, site, lang):
    page, email = _sign_up_started(browser, site, lang, "tashkent", "Jasur")
    expect(page.get_by_text(say(lang, "A Korean mobile (010…), or a number from abroad with + and "
                                      "the country code (+998 90 123 45 67)."))).to_be_visible()
    page.locator("#field-phone").fill("90 123 45 67")  # as at home, without the country code
    page.get_by_role("button", name=say(lang, "Continue")).click()
    expect(page.locator("#field-phone-error")).to_have_text(say(
        lang, "Please enter a valid phone number (01012345678), or one from abroad with + and "
              "the country code (+998901234567)"))
    _shot(page, f"phone-abroad-error-{lang}")
    page.locator("#field-phone").fill("+998 90 123-45-67")
    page.get_by_role("button", name=say(lang, "Continue")).click()
    expect(page.get_by_text(f"{email} · +998901234567")).to_be_visible()  # stored normalised
    _shot(page, f"phone-abroad-accepted-{lang}")
    page.context.close()


# --- 3. job alerts -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["uz", "en"])
def test_job_alerts_say_when_and_what_and_pause_is_not_delete(browser, site, lang):
    email = _new_member(site)
    page = _signed_in(browser, site, email, PASSWORD, lang, "/jobs?visa=D-2&korean=NONE")
    frequency = page.locator("#alert-frequency")
    frequency.select_option("WEEKLY")
    assert _fits(frequency), "the frequency select cuts its choice"
    expect(page.get_by_text(say(lang, "Digests come at 09:00 Korea time: a daily alert every "
                                      "morning, a weekly one on Mondays. When nothing new fits, "
                                      "nothing is sent."))).to_be_visible()
    save = page.get_by_role("button", name=say(lang, "Save as an alert"))
    save.click()
    expect(page.get_by_text(say(lang, "Alert saved: new jobs that fit come by email at 09:00 "
                                      "Korea time (daily, or on Mondays for a weekly alert). "
                                      "Manage it on My Page."))).to_be_visible()
    _shot(page, f"alerts-jobs-saved-{lang}")
    save.click()  # the same filters again
    name = "D-2 · " + say(lang, "No Korean needed")  # not "Korean: No Korean needed at most"
    expect(page.get_by_text(say(lang, "You already have an alert with these filters: “{name}”. "
                                      "Change its frequency on My Page instead.", name=name))).to_be_visible()
    _shot(page, f"alerts-jobs-duplicate-{lang}")

    page.goto("/mypage?tab=alerts")
    wait_ready(page)
    alert = page.get_by_role("main").locator("li").filter(has_text=name).first
    expect(alert.get_by_text(say(lang, "Switched on"), exact=True)).to_be_visible()
    expect(alert).to_contain_text("09:00")
    expect(alert).to_contain_text(say(lang, "Next digest: {date}, 09:00 Korea time", date="").split(",")[0])
    expect(alert).not_to_contain_text("at most")
    select = alert.get_by_label(say(lang, "How often"))
    expect(select).to_have_value("WEEKLY")
    assert _fits(select), "the alert's frequency select cuts its choice"
    alert.get_by_text(say(lang, "Preview the next digest")).click()
    expect(alert.get_by_text(say(lang, "Nothing new fits yet: the next digest is sent only when "
                                       "a new job fits.")).or_(alert.locator("details li").first)).to_be_visible()
    pause = alert.get_by_role("button", name=say(lang, "Pause"))
    delete = alert.get_by_role("button", name=say(lang, "Delete alert"))
    expect(pause).to_be_visible()
    expect(delete).to_be_visible()
    # Side by side, the two look different (outline against filled red).
    looks = [b.evaluate("e => getComputedStyle(e).backgroundColor") for b in (pause, delete)]
    assert looks[0] != looks[1], looks
    _shot(page, f"alerts-mypage-{lang}")
    pause.click()
    expect(alert.get_by_text(say(lang, "Paused"), exact=True)).to_be_visible()
    expect(alert).to_contain_text(say(lang, "Paused: no digest is sent until you switch it on again."))
    delete.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(name)
    _shot(page, f"alerts-delete-asks-{lang}")
    dialog.get_by_role("button", name=say(lang, "Keep it")).click()  # nothing happens
    expect(alert).to_be_visible()
    delete.click()
    page.get_by_role("alertdialog").get_by_role("button", name=say(lang, "Yes, delete it")).click()
    expect(page.get_by_text(say(lang, "The alert “{name}” is deleted.", name=name))).to_be_visible()
    expect(page.get_by_role("main").locator("li").filter(has_text=name)).to_have_count(0)
    page.context.close()


# --- 4. Markdown ----------------------------------------------------------------------------


MARKDOWN = ("## Meetup recap\n\n**Saturday** we met at Seoul Station.\n\n"
            "- talks on Python\n- a job fair\n\n1. first\n2. second\n")


def test_news_cards_show_text_not_markdown_and_lists_keep_bullets(browser, site):
    token = site.api_sign_in(ORGANIZER, DEMO_PASSWORD)["access_token"]
    auth = {"Authorization": f"Bearer {token}"}
    r = httpx.post(f"{site.url}/api/v1/admin/news", headers=auth, timeout=20, json={
        "title": "Markdown recap", "content": MARKDOWN, "type": "TECH", "tags": ["python"],
        "published": True})
    assert r.status_code == 201, r.text
    news_id = r.json()["data"]["id"]
    try:
        for lang in ("en", "uz"):
            page = _browser(browser, site, lang)
            page.add_init_script(f"localStorage.setItem('uzdev_lang', '{lang}')")
            page.goto("/news")
            wait_ready(page)
            card = page.locator("article, li, a").filter(has_text="Markdown recap").locator(".news-excerpt").first
            # SPEC's 70 characters and "...", of the text a reader sees.
            expect(card).to_have_text("Meetup recap Saturday we met at Seoul Station. talks on Python a job f...")
            _shot(page, f"markdown-news-card-{lang}")
            page.goto(f"/news/{news_id}")
            wait_ready(page)
            body = page.locator("#news-content")
            expect(body.locator("li")).to_have_count(4)
            assert body.locator("ul").evaluate("e => getComputedStyle(e).listStyleType") == "disc"
            assert body.locator("ol").evaluate("e => getComputedStyle(e).listStyleType") == "decimal"
            _shot(page, f"markdown-news-body-{lang}")
            page.context.close()

        admin = _signed_in(browser, site, ORGANIZER, DEMO_PASSWORD, "en", f"/admin/news/{news_id}")
        admin.get_by_role("button", name="Preview").click()
        preview = admin.locator("#news-preview")
        expect(preview).to_contain_text("Meetup recap Saturday we met at Seoul Station.")
        assert "##" not in preview.inner_text() and "**" not in preview.inner_text()
        _shot(admin, "markdown-admin-preview-en")
        admin.context.close()
    finally:
        httpx.post(f"{site.url}/api/v1/admin/news/{news_id}/unpublish", headers=auth, timeout=20)


def test_a_blog_post_preview_keeps_its_bullets(browser, site):
    email = _new_member(site)
    page = _signed_in(browser, site, email, PASSWORD, "uz", "/mypage?tab=blogs")
    page.locator("#blog-content").fill(MARKDOWN)
    page.get_by_role("button", name=say("uz", "Preview")).click()
    preview = page.locator("#blog-preview")
    expect(preview.locator("li")).to_have_count(4)
    assert preview.locator("ul").evaluate("e => getComputedStyle(e).listStyleType") == "disc"
    _shot(page, "markdown-blog-preview-uz")
    page.context.close()


# --- 5. My Page: visa and password ----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_my_visa_on_my_page_is_where_the_jobs_board_starts(browser, site, lang):
    email = _new_member(site)
    page = _signed_in(browser, site, email, PASSWORD, lang, "/mypage?tab=account")
    visa = page.get_by_label(say(lang, "Your visa status"))
    visa.select_option("E-7")
    expect(page.get_by_text(say(lang, "Your visa is saved: the jobs board starts from it, and "
                                      "so do the alerts you save there."))).to_be_visible()
    _shot(page, f"mypage-visa-{lang}")
    page.goto("/jobs")
    wait_ready(page)
    expect(page).to_have_url(re.compile(r"visa=E-7"))
    expect(page.locator("#jobs-visa")).to_have_value("E-7")
    page.goto("/mypage?tab=account")  # after a reload, My Page shows it too
    wait_ready(page)
    expect(page.get_by_label(say(lang, "Your visa status"))).to_have_value("E-7")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_a_member_changes_the_password_and_stays_signed_in_here_only(browser, site, lang):
    email = _new_member(site)
    elsewhere = site.api_sign_in(email, PASSWORD)["access_token"]  # another device
    page = _signed_in(browser, site, email, PASSWORD, lang, "/mypage?tab=account")
    page.locator("#field-currentPassword").fill("Not-the-pass1!")
    page.locator("#field-newPassword").fill("N3w!passw0rd")
    page.locator("#field-confirmPassword").fill("N3w!passw0rd")
    page.get_by_role("button", name=say(lang, "Change password")).click()
    expect(page.locator("#field-currentPassword-error")).to_have_text(say(lang, "The password is not correct."))
    page.locator("#field-currentPassword").fill(PASSWORD)
    page.get_by_role("button", name=say(lang, "Change password")).click()
    expect(page.get_by_text(say(lang, "Your password is changed. Every other device is signed "
                                      "out; this one stays signed in."))).to_be_visible()
    expect(page.locator("#field-currentPassword")).to_have_value("")  # nothing kept on screen
    _shot(page, f"mypage-password-changed-{lang}")
    # The other device is signed out; this one is still signed in after a reload.
    details = httpx.get(f"{site.url}/api/v1/users/details", timeout=20,
                        headers={"Authorization": f"Bearer {elsewhere}"})
    assert details.status_code == 401
    page.reload()
    wait_ready(page)
    expect(page).to_have_url(re.compile(r"/mypage"))
    expect(page.locator("#mypage-email")).to_have_text(email)
    assert any("password was changed" in str(m["Subject"]) or "parol" in str(m["Subject"])
               for m in site.emails_to(email))
    page.context.close()


# --- 6. messages that contradict or mislead -------------------------------------------------


def _short_news(site, title: str) -> tuple[int, dict]:
    """A published news item of 20 words whose title holds a word no other item has."""
    token = site.api_sign_in(ORGANIZER, DEMO_PASSWORD)["access_token"]
    auth = {"Authorization": f"Bearer {token}"}
    r = httpx.post(f"{site.url}/api/v1/admin/news", headers=auth, timeout=20, json={
        "title": title, "type": "TECH", "tags": ["python"], "published": True,
        "content": " ".join(["Short"] + ["note"] * 19)})
    assert r.status_code == 201, r.text
    return r.json()["data"]["id"], auth


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_one_result_and_a_short_read_say_so_in_the_singular(browser, site, lang):
    """'1 result', not '1 results' (the catalog's plural rules); a 20-word item reads in
    '1 min read', not SPEC's fixed 3 minutes (docs/decisions.md)."""
    word = f"Zarafshon{lang}"
    news_id, auth = _short_news(site, f"{word} plural check")
    try:
        page = _browser(browser, site, lang)
        page.add_init_script(f"localStorage.setItem('uzdev_lang', '{lang}')")
        page.goto(f"/search?q={word}")
        wait_ready(page)
        expect(page.get_by_role("main").get_by_text(
            ngettext("{count} result", "{count} results", 1, lang, count="1"), exact=True)).to_be_visible()
        if lang == "en":
            expect(page.get_by_role("main")).not_to_contain_text("1 results")
        _shot(page, f"plural-search-{lang}")
        page.goto("/news")
        wait_ready(page)
        page.get_by_role("searchbox").first.fill(word)
        card = page.locator(".news-card").filter(has_text=word)
        expect(card).to_have_count(1)
        expect(card).to_contain_text(say(lang, "{n} min read", n=1))
        _shot(page, f"read-time-card-{lang}")
        page.goto(f"/news/{news_id}")
        wait_ready(page)
        expect(page.get_by_role("main")).to_contain_text(say(lang, "{n} min read", n=1))
        page.context.close()
    finally:
        httpx.post(f"{site.url}/api/v1/admin/news/{news_id}/unpublish", headers=auth, timeout=20)


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_account_deletion_asks_for_the_password_before_are_you_sure(browser, site, lang):
    email = _new_member(site)
    page = _signed_in(browser, site, email, PASSWORD, lang, "/mypage?tab=account")
    delete = page.get_by_role("button", name=say(lang, "Delete my account"))
    page.get_by_label(say(lang, "Password"), exact=True).fill("Not-the-pass1!")
    delete.click()
    expect(page.get_by_role("alert").filter(has_text=say(lang, "The password is not correct."))).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_have_count(0)  # not asked to be sure of a refusal
    _shot(page, f"deletion-wrong-password-{lang}")
    page.get_by_label(say(lang, "Password"), exact=True).fill(PASSWORD)
    delete.click()
    dialog = page.get_by_role("alertdialog", name=say(lang, "Delete your account?"))
    expect(dialog).to_be_visible()
    expect(page.get_by_text(say(lang, "The password is not correct."))).to_have_count(0)
    # The dialog reads in the page's font, its title too (it used Radix's own).
    font = "e => getComputedStyle(e).fontFamily"
    fonts = [page.locator("#main-content").evaluate(font), dialog.get_by_role("heading").evaluate(font),
             dialog.get_by_text(say(lang, "Your personal data will be erased 7 days from now. Until "
                                          "then you can cancel on this page.")).evaluate(font)]
    assert fonts[0] == fonts[1] == fonts[2], fonts
    _shot(page, f"deletion-are-you-sure-{lang}")
    page.keyboard.press("Escape")  # "no": nothing is asked
    expect(dialog).to_have_count(0)
    expect(page.get_by_role("button", name=say(lang, "Cancel the deletion"))).to_have_count(0)
    page.context.close()


def test_the_registered_dialog_has_no_already_registered_behind_it(browser, site):
    listed = httpx.get(f"{site.url}/api/v1/public/meetups", params={"type": "upcoming", "size": 50})
    meetup_id = next(m["id"] for m in listed.json()["data"]["content"]
                     if m["availableSeats"] > 3 and not m["requiresApproval"])
    email = _new_member(site)
    page = _signed_in(browser, site, email, PASSWORD, "en", f"/events/upcoming/register/{meetup_id}")
    fill_form(page)
    submit(page)
    dialog = page.get_by_role("dialog", name="You are registered!")
    expect(dialog).to_be_visible()
    expect(page.get_by_text("You are already registered for this event.")).to_have_count(0)
    _shot(page, "registered-dialog-en")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_text("You are already registered for this event.")).to_be_visible()
    page.context.close()


# --- 7. looks -------------------------------------------------------------------------------


def test_the_zip_button_keeps_its_words_while_hovered(browser, site):
    email = _new_member(site)
    page = _signed_in(browser, site, email, PASSWORD, "en", "/mypage?tab=account")
    page.get_by_role("button", name="Download my data").click()
    link = page.get_by_role("link", name="Download the ZIP")
    expect(link).to_be_visible(timeout=20_000)
    link.hover()
    settled(page)
    colours = link.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    assert colours[0] != colours[1], colours
    _shot(page, "zip-hovered-en")
    page.context.close()


def test_a_back_office_error_shows_below_the_sticky_header(browser, site):
    page = _signed_in(browser, site, ORGANIZER, DEMO_PASSWORD, "en", "/admin/news")
    page.get_by_role("button", name="New news item").click()
    page.locator("#news-content").fill("A body without a title. " * 40)  # a long form
    save = page.locator("#admin-save-news")
    save.scroll_into_view_if_needed()
    save.click()  # at the foot of the form: the message is at its top
    banner = page.locator("#admin-error")
    expect(banner).to_contain_text("Title is required")
    settled(page)
    header = page.locator(".uzdev-header").bounding_box()
    box = banner.bounding_box()
    assert box["y"] >= header["y"] + header["height"], (box, header)
    assert box["y"] + box["height"] <= page.viewport_size["height"], box
    _shot(page, "admin-error-in-view-en")
    page.context.close()


def test_the_uzbek_back_office_on_a_phone(browser, site):
    """One apostrophe in Uzbek (‘ and ’, never a typewriter '); a table scrolled sideways
    keeps each row's title in view."""
    page = _signed_in(browser, site, ORGANIZER, DEMO_PASSWORD, "uz", "/admin")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading").first).to_be_visible()
    assert not re.search(r"[A-Za-z]'[A-Za-z]", main.inner_text())
    page.goto("/admin/meetups?type=all")
    wait_ready(page)
    table = page.locator(".uzdev-admin-table").first
    title = table.locator("tbody tr").first.locator("th, td").first
    expect(title).to_be_visible()
    table.evaluate("e => { const s = e.querySelector('.rt-ScrollAreaViewport') || e; s.scrollLeft = s.scrollWidth; e.scrollLeft = e.scrollWidth; }")
    settled(page)
    cell, region = title.bounding_box(), table.bounding_box()
    assert cell["x"] >= region["x"] - 1 and cell["x"] + cell["width"] <= region["x"] + region["width"] + 1, (cell, region)
    _shot(page, "admin-table-scrolled-uz")
    page.context.close()


@pytest.mark.parametrize("lang", ["uz"])
def test_sign_up_moves_the_focus_and_the_link_says_signed_in(browser, site, lang):
    page, email = _sign_up_started(browser, site, lang, "welcome", "Nodira")
    page.locator("#field-phone").fill("+998 90 765 43 21")
    page.get_by_role("button", name=say(lang, "Continue")).click()
    expect(page.locator("#field-password")).to_be_focused()  # not the page's body
    page.keyboard.type(PASSWORD)
    page.locator("#field-confirmPassword").fill(PASSWORD)
    page.locator("#field-consent").check()
    page.get_by_role("button", name=say(lang, "Sign up"), exact=True).click()
    expect(page.get_by_role("button", name=say(lang, "Sign up"), exact=True)).to_have_count(0)
    page.goto(site.link_path(email, "/signup/confirm"))
    expect(page.get_by_role("status").filter(has_text=say(
        lang, "Your email is confirmed and you are signed in. Welcome, {name}!", name="Nodira"))).to_be_visible()
    _shot(page, f"signed-in-welcome-{lang}")
    page.context.close()


# --- 8. /search on an Uzbek phone -----------------------------------------------------------


def test_search_kind_buttons_stay_one_row_on_an_uzbek_phone(browser, site):
    page = _browser(browser, site, "uz")
    page.add_init_script("localStorage.setItem('uzdev_lang', 'uz')")
    page.goto("/search?q=python")
    wait_ready(page)
    buttons = page.locator("#search-kinds").get_by_role("button")
    expect(buttons.first).to_be_visible()
    tops = {round(b["y"]) for b in (buttons.nth(i).bounding_box() for i in range(buttons.count()))}
    assert len(tops) == 1, tops  # one row (three in Uzbek before)
    buttons.last.click()  # reached by scrolling the row
    expect(buttons.last).to_have_attribute("aria-pressed", "true")
    _shot(page, "search-kinds-uz-390")
    page.context.close()
