"""Names as consented (issue 39): the event page's attendee list ("Show all") shows first
names only, never a last name, and the name a member chose on My Page once they choose one."""

from __future__ import annotations

import re

import httpx
import sqlalchemy as sa
from playwright.sync_api import Page, expect

from tests.e2e.accounts import api_register
from tests.e2e.conftest import wait_ready

PASSWORD = "Str0ng!pass"
FIRST, LAST = "Nodira", "Qurbonova"
CHOSEN = "Nodi from Suwon"


def _rows(site, query: str, **params) -> list[tuple]:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(sa.text(query), params)]
    engine.dispose()
    return rows


def _member_registered(site) -> tuple[dict, int]:
    """A fresh member with a first and a last name, registered for an upcoming meetup that
    already has other attendees; their tokens and the meetup's id."""
    email = "attendee-names@example.com"
    r = httpx.post(f"{site.url}/api/v1/auth/register", json={
        "email": email, "phone": "01077770001", "password": PASSWORD, "confirmPassword": PASSWORD,
        "firstName": FIRST, "lastName": LAST, "consent": True}, timeout=20)
    assert r.status_code == 202, r.text
    tokens = site.api_sign_in(email, PASSWORD)
    meetups = httpx.get(f"{site.url}/api/v1/public/meetups",
                        params={"type": "upcoming", "size": 50}, timeout=20).json()
    meetup = next(m for m in meetups["data"]["content"]
                  if m["availableSeats"] > 3 and not m["requiresApproval"] and m["registeredCount"] > 3)
    api_register(site, meetup["id"], tokens["access_token"])
    return tokens, meetup["id"]


def _attendee_names(page: Page, meetup_id: int) -> list[str]:
    """The names on the event page's whole attendee list, opened with "Show all" when it is
    longer than the first rows."""
    page.goto(f"/events/upcoming/details/{meetup_id}")
    wait_ready(page)
    attendees = page.get_by_role("list", name="Attendees")
    expect(attendees.get_by_role("listitem").first).to_be_visible()
    more = page.get_by_role("button", name=re.compile(r"^Show all \("))
    if more.count():
        more.click()
        expect(page.get_by_role("button", name="Show fewer")).to_be_visible()
    return attendees.locator(".uzdev-attendee-name").all_inner_texts()


def test_the_attendee_list_shows_first_names_then_the_chosen_name(browser, base_url, site):
    tokens, meetup_id = _member_registered(site)
    last_names = {last for (last,) in _rows(site, """
        SELECT u.last_name FROM users u JOIN meetup_registrations r ON r.user_id = u.id
        WHERE r.meetup_id = :m AND r.status = 'ACCEPTED' AND u.last_name <> ''""", m=meetup_id)}
    assert LAST in last_names and len(last_names) > 1  # others' last names are checked too

    visitor = browser.new_context(base_url=base_url, locale="en-US")
    page = visitor.new_page()
    names = _attendee_names(page, meetup_id)
    assert FIRST in names
    assert len(names) == len(_rows(site, """SELECT id FROM meetup_registrations
        WHERE meetup_id = :m AND status = 'ACCEPTED'""", m=meetup_id))
    for last in last_names:
        assert not any(last in name for name in names), (last, names)

    # The member chooses a name on My Page (a web address is refused first).
    member = browser.new_context(base_url=base_url, locale="en-US")
    member.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"localStorage.setItem('uzdev_accessToken', {tokens['access_token']!r});"
        f"localStorage.setItem('uzdev_refreshToken', {tokens['refresh_token']!r});"
        "localStorage.setItem('wasAuthenticated', 'true'); sessionStorage.setItem('seeded', '1'); }")
    mine = member.new_page()
    mine.goto("/mypage?tab=account")
    wait_ready(mine)
    field = mine.get_by_label("Name on attendee lists")
    expect(field).to_have_value("")
    expect(mine.get_by_text("Leave it empty to show only your first name.", exact=False)) \
        .to_be_visible()
    field.fill("nodira.dev")
    mine.get_by_role("button", name="Save Changes").click()
    expect(mine.get_by_text("The name for attendee lists cannot contain a web address or an "
                            "email address.")).to_be_visible()
    mine.get_by_label("Name on attendee lists").fill(CHOSEN)
    mine.get_by_role("button", name="Save Changes").click()
    expect(mine.get_by_text("Your changes are saved.")).to_be_visible()
    mine.reload()
    wait_ready(mine)
    expect(mine.get_by_label("Name on attendee lists")).to_have_value(CHOSEN)
    member.close()

    names = _attendee_names(page, meetup_id)
    assert CHOSEN in names and FIRST not in names
    assert not any(LAST in name for name in names)
    visitor.close()
