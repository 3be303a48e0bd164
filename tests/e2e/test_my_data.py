"""My data on My Page (issues 16 and 27): consents shown, the export ZIP downloaded by a
click with the member's comment, registration and a readable summary in it, and account
deletion (asked to confirm; refused for the last organizer; pending with its date and a
cancel button, also after a reload and a new sign-in; after the grace period, moved in
the test, seats freed and the name gone)."""

from __future__ import annotations

import io
import itertools
import json
import re
import zipfile

import datetime as dt

import httpx
import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import ScheduledTask, User
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready
from tests.waiting import wait_until
from tests.e2e.test_auth import log_in
from tests.e2e.test_jobs import LANGS, T
from tests.e2e.test_mypage import PASSWORD, _api_token, member  # noqa: F401


_google_members = itertools.count(1)


def _setup(site, email):
    token = _api_token(site, email)
    auth = {"Authorization": f"Bearer {token}"}
    meetups = httpx.get(f"{site.url}/api/v1/public/meetups", params={"type": "upcoming", "size": 50}).json()
    meetup = next(m for m in meetups["data"]["content"] if m["availableSeats"] > 3 and not m["requiresApproval"])
    r = httpx.post(f"{site.url}/api/v1/users/meetups/{meetup['id']}/registration", headers=auth,
                   json={"attendanceReason": "learning", "interestedField": "backend",
                         "expectation": "Looking forward to it.", "consent": True})
    assert r.status_code == 201, r.text
    news = httpx.get(f"{site.url}/api/v1/public/news", params={"size": 1}).json()["data"]["content"][0]
    r = httpx.post(f"{site.url}/api/v1/news/{news['id']}/comments", headers=auth,
                   json={"comment": "Great article, thank you"})
    assert r.status_code in (200, 201), r.text
    return meetup, news, auth


def _move_time(site, email: str, back: dt.timedelta) -> None:
    """The deletion was asked for ``back`` ago, and the erase task is due now."""
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            user = session.exec(select(User).where(User.email == email)).one()
            user.deletion_requested_at = user.deletion_requested_at - back
            task = session.get(ScheduledTask, "erase-deleted-accounts")
            if task is not None:
                task.next_run_at = utcnow() - dt.timedelta(seconds=1)
                session.add(task)
            session.add(user)
            session.commit()
    finally:
        engine.dispose()


def _open_account(page: Page, site, email: str, lang: str, password: str = PASSWORD) -> None:
    page.goto("/mypage?tab=account")
    wait_ready(page)
    log_in(page, site, email, password)
    page.evaluate(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
    page.reload()
    wait_ready(page)


@pytest.mark.parametrize("lang", LANGS)
def test_download_my_data_has_my_comment_and_registration(page: Page, site, member, lang):  # noqa: F811
    meetup, _news, _ = _setup(site, member)
    _open_account(page, site, member, lang)
    expect(page.get_by_role("heading", name=T(lang, "What you agreed to"))).to_be_visible()
    expect(page.locator("#main-content").get_by_text(T(lang, "Terms of Service"), exact=True)).to_be_visible()
    page.get_by_role("button", name=T(lang, "Download my data")).click()
    expect(page.get_by_text(T(lang, "Preparing your data..."), exact=True).first).to_be_visible()
    site.cli("run-scheduled")  # what every worker's background loop (or cron) does
    link = page.get_by_role("link", name=T(lang, "Download the ZIP"))
    expect(link).to_be_visible(timeout=20_000)
    href = link.get_attribute("href")
    with page.expect_download() as info:  # a click, as a member does: the browser gets it
        link.click()
    download = info.value
    assert download.suggested_filename == "my-data.zip"
    expect(page).to_have_url(re.compile(r"/mypage\?tab=account"))  # not the 404 page
    files = zipfile.ZipFile(download.path())
    comments = json.loads(files.read("comments.json"))
    assert any(c["text"] == "Great article, thank you" for c in comments)
    registrations = json.loads(files.read("registrations.json"))
    assert any(r["meetup_title"] == meetup["title"] for r in registrations)
    summary = files.read("summary.html").decode()
    assert f'<html lang="{lang}">' in summary and f"<h1>{T(lang, 'Your data')}</h1>" in summary
    assert "Great article, thank you" in summary and meetup["title"] in summary
    assert httpx.get(f"{site.url}{href}").status_code == 401  # once
    expect(link).to_have_count(0)


def _delete(page: Page, lang: str, *, password: str | None = None) -> None:
    """Fill the password (unless Google confirms), press "Delete my account" (checked
    first) and say yes in the "are you sure?" dialog, with the keyboard where a person would."""
    if password is not None:
        page.get_by_label(T(lang, "Password"), exact=True).fill(password)
    page.get_by_role("button", name=T(lang, "Delete my account")).click()
    dialog = page.get_by_role("alertdialog", name=T(lang, "Delete your account?"))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name=T(lang, "Cancel"))).to_be_focused()  # the safe choice first
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name=T(lang, "Yes, delete my account"))).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_organizer_cannot_delete_the_account(page: Page, site, lang):
    _open_account(page, site, "organizer@uzdev.kr", lang, "Demo-pass-2026!")
    # What refuses the deletion is said before "are you sure?" (issue 42): no dialog.
    page.get_by_label(T(lang, "Password"), exact=True).fill("Demo-pass-2026!")
    page.get_by_role("button", name=T(lang, "Delete my account")).click()
    expect(page.get_by_text(T(lang, "You are the last organizer: make another member an organizer before deleting your account."))).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGS)
def test_a_google_only_member_confirms_the_deletion_with_google(page: Page, site, lang):
    n = next(_google_members)
    sub, email = f"e2e-delete-google-{lang}-{n}", f"google.delete.{lang}{n}@gmail.com"
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            session.add(User(email=email, username=f"googledel{lang}{'x' * n}", google_sub=sub,
                             password_hash=None, first_name="Gulnora", verified_at=utcnow()))
            session.commit()
    finally:
        engine.dispose()
    token = site.google.token(sub=sub, email=email, given_name="Gulnora")
    page.goto("/login")
    wait_ready(page)
    page.wait_for_function("typeof window.__uzdevGoogleCredential === 'function'")
    page.evaluate("(t) => window.__uzdevGoogleCredential(t)", token)
    expect(page.get_by_role("banner").get_by_role("link", name="My Page")).to_be_visible()
    page.evaluate(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
    page.goto("/mypage?tab=account")
    wait_ready(page)
    expect(page.get_by_text(T(lang, "You sign in with Google: confirm with Google that it is you."))).to_be_visible()
    expect(page.get_by_label(T(lang, "Password"), exact=True)).to_have_count(0)
    # Without Google's confirmation the deletion is refused, before "are you sure?".
    page.get_by_role("button", name=T(lang, "Delete my account")).click()
    expect(page.get_by_text(T(lang, "Please confirm with Google."))).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    page.wait_for_function("typeof window.__uzdevGoogleCredential === 'function'")
    page.evaluate("(t) => window.__uzdevGoogleCredential(t)", token)
    expect(page.locator("#google-confirmed")).to_be_visible()
    _delete(page, lang)
    expect(page.get_by_role("button", name=T(lang, "Cancel the deletion"))).to_be_visible()
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            user = session.exec(select(User).where(User.email == email)).one()
            assert user.deletion_requested_at is not None
    finally:
        engine.dispose()


@pytest.mark.parametrize("lang", LANGS)
def test_delete_account_frees_seats_and_removes_the_name_after_the_grace_period(page: Page, site, member, lang):  # noqa: F811
    meetup, news, _ = _setup(site, member)  # _: the member's auth header
    seats = httpx.get(f"{site.url}/api/v1/public/meetups/{meetup['id']}").json()["data"]["availableSeats"]
    username = httpx.get(f"{site.url}/api/v1/users/details",
                         headers=_).json()["data"]["username"]
    assert username in httpx.get(f"{site.url}/api/v1/news/{news['id']}/comments").text
    _open_account(page, site, member, lang)
    _delete(page, lang, password=PASSWORD)
    expect(page.get_by_role("status").filter(has_text=_pending_text(lang))).to_be_visible()
    expect(page.get_by_text(T(lang, "Log in to cancel"))).to_have_count(0)
    site.cli("run-scheduled")
    assert httpx.get(f"{site.url}/api/v1/public/meetups/{meetup['id']}").json()["data"]["availableSeats"] == seats
    # Move time: the request was made 8 days ago.
    _move_time(site, member, dt.timedelta(days=8))
    # The server's own scheduler loop erases the account (and, being the server, expires
    # its caches at once): wait for the seat to come back.
    wait_until(lambda: httpx.get(f"{site.url}/api/v1/public/meetups/{meetup['id']}").json()["data"]
               ["availableSeats"] == seats + 1, timeout_s=90, every_s=0.5, what="the seat given back")
    comments = httpx.get(f"{site.url}/api/v1/news/{news['id']}/comments").text
    assert f'"{username}"' not in comments
    assert "Great article, thank you" in comments  # kept, as 'deleted member'
    # The news page names the comment's author "Deleted member" in the page's language.
    page.goto(f"/news/{news['id']}")
    wait_ready(page)
    comment = page.locator("#main-content").get_by_text("Great article, thank you").first
    expect(comment).to_be_visible()
    expect(page.locator("#main-content").get_by_text(T(lang, "Deleted member"), exact=True).first).to_be_visible()
    expect(page.locator("#main-content")).not_to_contain_text("deleted-")  # the generated name


def _pending_text(lang: str) -> re.Pattern:
    """"Your account will be deleted on <a date>." in ``lang``."""
    before, after = T(lang, "Your account will be deleted on {date}.").split("{date}")
    return re.compile(re.escape(before) + r".+" + re.escape(after))


@pytest.mark.parametrize("lang", LANGS)
def test_a_pending_deletion_stays_shown_and_is_cancelled_on_my_page(page: Page, site, member, lang):  # noqa: F811
    _open_account(page, site, member, lang)
    _delete(page, lang, password=PASSWORD)
    pending = page.get_by_role("status").filter(has_text=_pending_text(lang))
    expect(pending).to_be_visible()
    asked = site.emails_to(member)
    # After a reload: still pending, with its date and the cancel button.
    page.reload()
    wait_ready(page)
    expect(pending).to_be_visible()
    expect(page.get_by_role("button", name=T(lang, "Delete my account"))).to_have_count(0)
    # Signing in again does not cancel it: the member lands where it is shown.
    page.evaluate("localStorage.clear()")
    page.goto("/login")
    wait_ready(page)
    log_in(page, site, member, PASSWORD)
    expect(page).to_have_url(re.compile(r"/mypage/?\?tab=account"))
    page.evaluate(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
    page.reload()
    wait_ready(page)
    expect(pending).to_be_visible()
    page.get_by_role("button", name=T(lang, "Cancel the deletion")).click()
    expect(page.get_by_text(T(lang, "The deletion is cancelled: your account stays."))).to_be_visible()
    expect(pending).to_have_count(0)
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("button", name=T(lang, "Delete my account"))).to_be_visible()
    # One email when it was asked for, one when it was cancelled (in the member's language).
    subjects = [m["Subject"] for m in site.emails_to(member)]
    assert any(_in_a_language("Your {site} account will be deleted on {date}").fullmatch(s)
               for s in subjects[:len(asked)])
    assert any(_in_a_language("Your {site} account will not be deleted").fullmatch(s)
               for s in subjects[len(asked):])


def _in_a_language(message_id: str) -> re.Pattern:
    """The message in either language, any value in its {placeholders}."""
    def pattern(text: str) -> str:
        return ".+".join(re.escape(part) for part in re.split(r"\{\w+\}", text))
    return re.compile("|".join(pattern(T(lang, message_id)) for lang in LANGS))
