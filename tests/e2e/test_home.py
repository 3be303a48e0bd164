"""Home (/): statistics, the live countdown to the next meetup, the register button with
its time-left alert, affiliated projects, benefits and the speaker banner (SPEC 1, 8)."""

from __future__ import annotations

import datetime as dt
import re

import httpx
import pytest

from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready
from tests.e2e.public_site_helpers import (
    no_horizontal_scroll,
    query,
    scalar,
    switch_to_uzbek,
    table_renamed,
)


def _as_utc(value) -> dt.datetime:
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def _next_meetup(site) -> dict:
    now = dt.datetime.now(dt.UTC)
    rows = [
        {"id": r[0], "title": r[1], "starts_at": _as_utc(r[2]), "available": r[3], "max": r[4]}
        for r in query(site, "SELECT id, title, starts_at, available_seats, max_seats FROM meetups")
    ]
    upcoming = sorted((r for r in rows if r["starts_at"] >= now), key=lambda r: (r["starts_at"], r["id"]))
    return upcoming[0]


def _open_home(page: Page) -> None:
    page.goto("/")
    wait_ready(page)
    expect(page.locator(".stat-card")).to_have_count(3)


def test_statistics_show_counts_badges_and_progress_toward_targets(page: Page, site):
    _open_home(page)
    targets = query(site, "SELECT target_speakers, target_events, target_members FROM site_settings")[0]
    expected = {
        "speakers": (scalar(site, "SELECT COUNT(DISTINCT name) FROM speaker_profiles"), targets[0], "Active",
                     "Expert speakers"),
        "meetups": (scalar(site, "SELECT COUNT(*) FROM meetups"), targets[1], "Growing", "Community events"),
        "members": (scalar(site, "SELECT COUNT(*) FROM users"), targets[2], "Expanding", "Active members"),
    }
    section = page.get_by_role("region", name="Our community in numbers")
    for key, (current, target, badge, label) in expected.items():
        card = section.locator(f'.stat-card[data-key="{key}"]')
        expect(card.get_by_role("heading", name=label)).to_be_visible()
        expect(card.locator(".stat-current")).to_have_text(str(current))
        expect(card.locator(".stat-badge")).to_have_text(badge)
        expect(card).to_contain_text(f"{current} / {target}")
        percent = 100 if target <= 0 else max(0, min(100, round(current * 100 / target)))
        expect(card.get_by_role("progressbar", name=label)).to_be_visible()
        expect(card).to_contain_text(f"{percent}%")


def test_statistics_error_state(page: Page, site, base_url):
    """The statistics come from the shared cache (issue 17), so a failing read shows the
    error only when no copy is cached: a sign-up (a new member) expires the cached counts."""
    with table_renamed(site, "speaker_profiles"):
        password = "Stat-error-2026!"
        answer = httpx.post(f"{base_url}/api/v1/auth/register", json={
            "email": "statistics.error@uzdev.kr", "phone": "01012345678",
            "password": password, "confirmPassword": password,
        }, timeout=30)
        assert answer.status_code == 202, answer.text
        page.goto("/")
        wait_ready(page)
        expect(page.get_by_role("alert").filter(has_text="Error loading statistics.")).to_be_visible()
        expect(page.locator(".stat-card")).to_have_count(0)
        # The rest of the page still works.
        expect(page.locator(".project-card")).to_have_count(6)


def test_countdown_ticks_in_the_browser_and_targets_the_next_meetup(page: Page, site):
    meetup = _next_meetup(site)
    events_sent: list[str] = []  # socket.io event messages ("42...") the page sends
    page.on("websocket", lambda ws: ws.on(
        "framesent", lambda payload: events_sent.append(str(payload)) if str(payload).startswith("42") else None))
    _open_home(page)
    section = page.get_by_role("region", name="Next meetup")
    expect(section.get_by_role("heading", name=meetup["title"])).to_be_visible()
    expect(section).to_contain_text("(Korea time)")

    timer = page.locator("#meetup-countdown")
    expect(timer).to_have_attribute("role", "timer")
    expect(timer).to_have_attribute("aria-live", "off")
    target = dt.datetime.fromisoformat(timer.get_attribute("data-target").replace("Z", "+00:00"))
    assert target == meetup["starts_at"]
    for label in ("Days", "Hours", "Minutes", "Seconds"):
        expect(timer).to_contain_text(label, ignore_case=True)
    expect(timer.locator('[data-unit="seconds"]')).not_to_have_text(re.compile("--"))

    # Days left match the target (Korea-time date aside, whole days until it starts).
    days = int(timer.locator('[data-unit="days"] .uzdev-countdown-number').inner_text())
    left = meetup["starts_at"] - dt.datetime.now(dt.UTC)
    assert days in (left.days, left.days - 1)

    # It ticks without a server round trip: the page sends no event while it counts. (The
    # first tick is awaited before listening, so the page's own load events are behind.)
    seconds = timer.locator('[data-unit="seconds"]')
    expect(seconds).not_to_have_text(seconds.inner_text())
    events_sent.clear()
    first = timer.inner_text()
    expect(timer).not_to_have_text(first)
    compact = page.locator("#register-time-left")
    expect(compact).not_to_have_text(compact.inner_text())
    assert events_sent == []


def test_register_button_and_time_left_alert(page: Page, site):
    meetup = _next_meetup(site)
    _open_home(page)
    register = page.get_by_role("link", name="Register now")
    expect(register).to_have_attribute("href", f"/events/upcoming/register/{meetup['id']}")
    alert = page.locator("#register-alert")
    available, total = meetup["available"], meetup["max"]
    if available > 10:
        expect(alert).to_contain_text(f"{available} of {total} seats still available")
    else:
        expect(alert).to_contain_text("left!")
    expect(alert).to_contain_text("Registration closes when the meetup starts:")
    register.click()
    expect(page).to_have_url(re.compile(rf"/events/upcoming/register/{meetup['id']}/?$"))


def test_six_projects_open_in_a_new_tab(page: Page, site):
    _open_home(page)
    names = [r[0] for r in query(site, "SELECT name FROM affiliated_projects ORDER BY position, id")]
    assert len(names) == 6
    section = page.get_by_role("region", name="Affiliated projects")
    cards = section.locator(".project-card")
    expect(cards).to_have_count(6)
    for i, name in enumerate(names):
        link = cards.nth(i).get_by_role("link")
        expect(link).to_contain_text(name)
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("rel", re.compile(r"\bnoopener\b"))
        expect(link).to_have_attribute("href", re.compile(r"^https://github\.com/uzdev-korea/"))
    expect(cards.first).to_contain_text("An open-source Uzbek–Korean–English dictionary")


def test_six_benefits_with_icons_and_the_join_button(page: Page, site):
    _open_home(page)
    titles = [r[0] for r in query(site, "SELECT title_en FROM benefits ORDER BY position, id")]
    section = page.get_by_role("region", name="Why join us")
    cards = section.locator(".benefit-card")
    expect(cards).to_have_count(6)
    names = []
    for i, title in enumerate(titles):
        expect(cards.nth(i).get_by_role("heading", name=title)).to_be_visible()
        # The icon named in the database (snake_case) is drawn: lucide's drawing, its own
        # (a name the list lacks would draw the fallback, a star, on each card).
        icon = cards.nth(i).locator(".benefit-icon svg.uzdev-glyph")
        expect(icon).to_have_count(1)
        assert icon.evaluate("e => e.querySelectorAll('path, circle, rect, line').length") > 0
        names.append(icon.get_attribute("class"))
    assert len(set(names)) == len(titles), names  # six different drawings
    join = section.get_by_role("link", name=re.compile("Join the Community"))
    expect(join).to_have_attribute("href", "https://t.me/uzdevkorea")
    expect(join).to_have_attribute("target", "_blank")
    expect(join).to_have_attribute("rel", re.compile(r"\bnoopener\b"))


def test_speaker_banner_apply_goes_to_the_application(page: Page):
    _open_home(page)
    banner = page.get_by_role("region", name="Become a speaker")
    banner.get_by_role("link", name="Apply").click()
    expect(page).to_have_url(re.compile(r"/speakers/register/?$"))
    expect(page.get_by_role("heading", name="Become a speaker", level=1)).to_be_visible()


@pytest.mark.stock_reflex
def test_home_in_uzbek(page: Page):
    _open_home(page)
    switch_to_uzbek(page)
    expect(page.get_by_role("heading", name="Keyingi tadbir")).to_be_visible()
    expect(page.get_by_role("heading", name="Hamjamiyatimiz raqamlarda")).to_be_visible()
    expect(page.locator(".stat-badge").first).to_have_text("Faol")
    expect(page.get_by_role("heading", name="Tajribali spikerlar")).to_be_visible()
    expect(page.locator("#meetup-countdown")).to_contain_text("Soniya", ignore_case=True)
    expect(page.get_by_role("link", name="Hozir ro‘yxatdan o‘ting")).to_be_visible()
    expect(page.get_by_role("heading", name="Hamkor loyihalar")).to_be_visible()
    expect(page.locator(".project-card").first).to_contain_text("O‘zbekcha–koreyscha–inglizcha ochiq lug‘at")
    expect(page.get_by_role("heading", name="Sizni tushunadigan hamjamiyat")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("Hamjamiyatga qo‘shiling"))).to_be_visible()
    expect(page.get_by_role("link", name="Ariza topshirish")).to_be_visible()
    expect(page.get_by_text("Expert speakers")).to_have_count(0)


def test_home_on_a_phone(mobile: Page):
    mobile.goto("/")
    wait_ready(mobile)
    expect(mobile.locator(".stat-card")).to_have_count(3)
    expect(mobile.locator("#meetup-countdown")).to_be_visible()
    expect(mobile.get_by_role("link", name="Register now")).to_be_visible()
    expect(mobile.locator(".benefit-card")).to_have_count(6)
    assert no_horizontal_scroll(mobile)
