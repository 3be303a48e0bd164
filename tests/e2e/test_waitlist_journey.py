"""From sign-up to the door (issue 15), in both languages: a full meetup -> member A joins
its waitlist on the register page -> member B cancels -> A gets the offer email and claims
the seat on My Page (ticket, Add to calendar); the reminder email's release link frees the
seat without signing in and C, next in line, is offered it; the .ics parses with the right
Asia/Seoul time; the organizer's check-in page accepts C's ticket once, refuses the second
scan and another meetup's ticket; the attendance numbers show in the back office and on
C's My Page."""

from __future__ import annotations

import datetime as dt
import itertools
import re

import httpx
import icalendar
import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session

from community_app.i18n import gettext
from community_app.i18n.dates import date_texts
from community_app.core.korea_time import KOREA
from community_app.models import Meetup, MeetupRegistration
from community_app.services.meetups import emails, release, tickets
from community_app.services.meetups.offers import OFFER_SUBJECT
from tests.e2e.conftest import OUTPUT, offline, resize, wait_ready
from tests.waiting import wait_until
from tests.e2e.public_site_helpers import switch_to_uzbek
from tests.e2e.test_auth import log_in

API = "/api/v1"
PASSWORD = "Str0ng!pass"
DEMO_PASSWORD = "Demo-pass-2026!"
SHOTS = OUTPUT / "issue15"
FORM = {"attendanceReason": "networking", "interestedField": "backend",
        "expectation": "Meet other backend developers.", "consent": True}
_n = itertools.count(1)


def _member(site, name: str, lang: str) -> str:
    n = next(_n)
    email = f"wl-{lang}-{name}-{n}@example.com"
    r = httpx.post(f"{site.url}{API}/auth/register", json={
        "email": email, "phone": f"0107777{n:02d}{ord(lang[0]) % 100:02d}", "password": PASSWORD,
        "confirmPassword": PASSWORD,
    }, timeout=20)
    assert r.status_code == 202, r.text
    site.sql("UPDATE users SET language = :lang, first_name = :first, last_name = 'Test' "
             "WHERE email = :email", lang=lang, first=name.capitalize(), email=email)
    return email


def _token(site, email: str, password: str = PASSWORD, lang: str = "en") -> str:
    return _sign_in(site, email, password, lang)["access_token"]


def _sign_in(site, email: str, password: str = PASSWORD, lang: str = "en") -> dict:
    return site.api_sign_in(email, password, lang)


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def _email(site, address: str, subject: str, timeout_s: float = 40):
    """The email to ``address`` with this subject (the queue sends it within seconds)."""
    def found():
        return next((m for m in site.emails_to(address) if m["Subject"] == subject), None)

    try:
        return wait_until(found, timeout_s=timeout_s, every_s=0.3)
    except AssertionError:
        raise AssertionError(f"no email {subject!r} to {address}: "
                             f"{[m['Subject'] for m in site.emails_to(address)]}") from None


def _text(msg) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content()


def _engine(site):
    return sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])


def _full_meetup(site, title: str, holder: str) -> tuple[int, dt.datetime]:
    """A meetup 30 hours away with one seat, taken by ``holder``."""
    starts = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=30)).replace(second=0, microsecond=0)
    engine = _engine(site)
    with Session(engine) as s:
        meetup = Meetup(title=title, description="Talks and pizza.", location="Seoul, Gangnam",
                        starts_at=starts, ends_at=starts + dt.timedelta(hours=2), max_seats=1,
                        available_seats=0)
        s.add(meetup)
        s.flush()
        user_id = s.execute(sa.text("SELECT id FROM users WHERE email = :e"), {"e": holder}).scalar()
        s.add(MeetupRegistration(user_id=user_id, meetup_id=meetup.id, attendance_reason="learning",
                                 interested_field="backend", expectation="Learn a lot here."))
        s.commit()
        meetup_id = meetup.id
    engine.dispose()
    return meetup_id, starts


def _begin(site, meetup_id: int) -> None:
    """The meetup starts: it began ten minutes ago and runs two more hours."""
    now = dt.datetime.now(dt.UTC)
    engine = _engine(site)
    with Session(engine) as s:
        s.execute(sa.update(Meetup).where(Meetup.id == meetup_id).values(
            starts_at=now - dt.timedelta(minutes=10), ends_at=now + dt.timedelta(hours=2)))
        s.commit()
    engine.dispose()


def _browser_as(browser, site, email: str, password: str, lang: str, path: str,
                *, member: bool = True) -> Page:
    """A new browser signed in as ``email`` at ``path``, in ``lang`` (``member``: their
    emails in ``lang`` too)."""
    context = offline(browser.new_context(base_url=site.url, locale="en-US",
                                          viewport={"width": 1280, "height": 900}))
    page = context.new_page()
    page.goto(f"/login?from={path}")
    wait_ready(page)
    log_in(page, site, email, password)
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))
    wait_ready(page)
    if lang == "uz":  # through the public header's language menu, then back
        page.goto("/")
        wait_ready(page)
        switch_to_uzbek(page)
        page.goto(path)
        wait_ready(page)
    if lang == "uz" and member:
        # Emails follow the language a member signed in with (services/auth.py): this one
        # used the English form, then chose Uzbek.
        site.sql("UPDATE users SET language = 'uz' WHERE email = :email", email=email)
    return page


def _shot(page: Page, name: str) -> None:
    """Screenshots at 1280 and 390 px for review; nothing scrolls sideways on a phone."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-1280.png"), full_page=True)
    size = page.viewport_size
    resize(page, 390, 844)
    page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    resize(page, size["width"], size["height"])


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_from_sign_up_to_the_door(browser, site, lang):
    say = lambda message_id, **values: gettext(message_id, lang, **values)  # noqa: E731
    a, b, c = (_member(site, name, lang) for name in ("aziza", "bobur", "charos"))
    title = f"Waitlist night {lang}"
    meetup_id, starts = _full_meetup(site, title, b)
    register = f"/events/upcoming/register/{meetup_id}"

    # A finds the full meetup's page leading to its waitlist, and joins on the register page.
    page_a = _browser_as(browser, site, a, PASSWORD, lang, f"/events/upcoming/details/{meetup_id}")
    to_waitlist = page_a.get_by_role("link", name=say("Join the waitlist"))
    expect(to_waitlist).to_have_attribute("href", register)
    _shot(page_a, f"event-full-{lang}")
    page_a.goto(register)
    wait_ready(page_a)
    join = page_a.get_by_role("button", name=say("Join the waitlist"))
    expect(join).to_be_visible()
    page_a.locator("button[role=radio][value=networking]").click()
    page_a.locator("button[role=radio][value=backend]").click()
    page_a.locator("#field-expectation").fill("Meet other backend developers.")
    page_a.locator("#field-consent").click()
    join.click()
    place = page_a.locator("#waitlist-place")
    expect(place).to_contain_text(say("You are on the waitlist: number {position} in line.",
                                      position=1))
    _shot(page_a, f"register-waitlist-{lang}")

    # C joins after A (REST); B cancels (REST): the seat is offered to A first.
    token_c = _token(site, c, lang=lang)
    joined = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/waitlist", json=FORM,
                        headers=_auth(token_c), timeout=20)
    assert joined.status_code == 201 and joined.json()["data"]["position"] == 2, joined.text
    token_b = _token(site, b, lang=lang)
    cancelled = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/registration/cancel",
                           headers=_auth(token_b), timeout=20)
    assert cancelled.status_code == 200, cancelled.text
    offer = _email(site, a, say(OFFER_SUBJECT, title=title))
    assert offer["Content-Language"] == lang and "/mypage?tab=events" in _text(offer)

    # A claims the seat on My Page: a ticket with its QR and short code, Add to calendar.
    page_a.goto("/mypage?tab=events")
    wait_ready(page_a)
    waitlist = page_a.locator("#mypage-waitlist")
    expect(waitlist).to_contain_text(title)
    _shot(page_a, f"mypage-offer-{lang}")
    waitlist.get_by_role("button", name=say("Claim the seat")).click()
    expect(page_a.get_by_text(say("The seat is yours. See you there!"))).to_be_visible()
    ticket_card = page_a.locator("#mypage-tickets")
    expect(ticket_card).to_contain_text(title)
    expect(ticket_card.get_by_role("img", name=say("QR code of your ticket"))).to_be_visible()
    ics_link = ticket_card.get_by_role("link", name=say("Add to calendar"))
    expect(ics_link).to_have_attribute("href", f"/api/v1/public/meetups/{meetup_id}/calendar.ics")
    with page_a.expect_download() as clicked:  # the browser gets the file, not the 404 page
        ics_link.click()
    assert clicked.value.suggested_filename.endswith(".ics")
    _shot(page_a, f"mypage-ticket-{lang}")

    confirmation = _email(site, a, say(emails.CONFIRMED_SUBJECT, title=title))
    assert confirmation["Content-Language"] == lang
    parts = {p.get_content_type(): p for p in confirmation.iter_attachments()}
    assert set(parts) == {"text/calendar", "image/png"}
    for ics in (parts["text/calendar"].get_payload(decode=True),
                httpx.get(site.url + ics_link.get_attribute("href")).content):
        event = icalendar.Calendar.from_ical(ics).walk("VEVENT")[0]
        start = event.decoded("dtstart")
        assert str(event["summary"]) == title
        assert str(start.tzinfo) == "Asia/Seoul" and start.utcoffset() == dt.timedelta(hours=9)
        assert start == starts.astimezone(KOREA)

    # The reminder, 48 h before: its release link frees A's seat without signing in, once.
    site.sql("UPDATE scheduled_tasks SET next_run_at = :t WHERE name = 'meetup-reminders'",
             t=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1))
    site.cli("run-scheduled")
    date = date_texts(starts, "long")[lang]
    reminder = _email(site, a, say(emails.REMINDER_SUBJECT, title=title, date=date))
    link = re.search(r"https?://\S+/release-seat/\S+", _text(reminder)).group(0)
    path = link.split("://", 1)[1].split("/", 1)[1]
    visitor = browser.new_context(base_url=site.url, locale="en-US")
    released = visitor.new_page()
    released.goto("/" + path)
    wait_ready(released)
    if lang == "uz":
        switch_to_uzbek(released)
    outcome = released.locator("#release-outcome")
    expect(outcome).to_contain_text(say(release.OUTCOME_TEXTS["released"]))
    expect(released.get_by_text(title)).to_be_visible()
    _shot(released, f"release-seat-{lang}")
    released.reload()
    expect(outcome).to_contain_text(say(release.OUTCOME_TEXTS["already"]))
    visitor.close()
    offer_c = _email(site, c, say(OFFER_SUBJECT, title=title))
    assert offer_c["Content-Language"] == lang

    # C claims (REST); the confirmation carries C's ticket code.
    claimed = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/waitlist/claim",
                         headers=_auth(token_c), timeout=20)
    assert claimed.status_code == 201, claimed.text
    c_confirmation = _email(site, c, say(emails.CONFIRMED_SUBJECT, title=title))
    code = re.search(r"\b(\d+-[A-Z2-7]{6})\b", _text(c_confirmation)).group(1)
    listed = httpx.get(f"{site.url}{API}/public/meetups", params={"type": "upcoming", "size": 50})
    other = next(m for m in listed.json()["data"]["content"]
                 if m["availableSeats"] > 0 and not m["requiresApproval"] and m["id"] != meetup_id)
    registered = httpx.post(f"{site.url}{API}/users/meetups/{other['id']}/registration",
                            headers=_auth(token_b), json=FORM, timeout=20)
    assert registered.status_code == 201, registered.text
    elsewhere = httpx.get(f"{site.url}{API}/users/tickets", headers=_auth(token_b)).json()["data"][0]["code"]

    _begin(site, meetup_id)  # attendance and no-shows count from the start
    # The organizer's check-in page: once, then refused; another meetup's ticket refused.
    door = _browser_as(browser, site, "organizer@uzdev.kr", DEMO_PASSWORD, lang,
                       f"/admin/meetups/{meetup_id}/check-in", member=False)
    result = door.locator("#check-in-result")

    def scan(value: str) -> None:
        door.locator("#check-in-code").fill(value)
        door.locator("#check-in-code").press("Enter")

    scan(code)
    expect(result).to_contain_text(say(tickets.OUTCOME_TEXTS["checked_in"]))
    expect(door.locator("#check-in-name")).to_have_text("Charos Test")
    expect(door.locator("#check-in-numbers")).to_contain_text("0%")
    _shot(door, f"check-in-accepted-{lang}")
    scan(code)
    expect(result).to_contain_text(say(tickets.OUTCOME_TEXTS["already"]))
    expect(result).to_contain_text(say("First scanned: {when}", when="").strip())
    scan(elsewhere)
    expect(result).to_contain_text(say(tickets.OUTCOME_TEXTS["other_meetup"]))
    _shot(door, f"check-in-refused-{lang}")
    numbers = door.locator("#check-in-numbers")
    lines = ["1", say("Registered"), "1", say("Attended"), "0%", say("No-show rate")]
    expect(numbers).to_have_text(re.compile(r"^\s*" + r"\s*".join(map(re.escape, lines)) + r"\s*$"))
    door.context.close()

    # C's My Page counts the meetup attended (C signed in through the API: its tokens).
    tokens = _sign_in(site, c, lang=lang)
    context_c = browser.new_context(base_url=site.url, locale="en-US")
    context_c.add_init_script(
        f"localStorage.setItem('uzdev_accessToken', {tokens['access_token']!r});"
        f"localStorage.setItem('uzdev_refreshToken', {tokens['refresh_token']!r});"
        "localStorage.setItem('wasAuthenticated', 'true');")
    page_c = context_c.new_page()
    page_c.goto("/mypage?tab=events")
    wait_ready(page_c)
    if lang == "uz":
        switch_to_uzbek(page_c)
    expect(page_c.locator("#mypage-attended-count")).to_have_text("1")
    expect(page_c.get_by_text(say("meetups attended (checked in at the door)"))).to_be_visible()
    _shot(page_c, f"mypage-attended-{lang}")
    page_c.context.close()
    page_a.context.close()


def test_mobile_screens(mobile, site):
    """The changed pages at a phone's width (screenshots for review; no horizontal scroll)."""
    for path in ("/release-seat/not-a-token",):
        mobile.goto(path)
        wait_ready(mobile)
        expect(mobile.locator("#release-outcome")).to_contain_text(
            gettext(release.OUTCOME_TEXTS["invalid"], "en"))
        _shot(mobile, "release-seat-invalid")

