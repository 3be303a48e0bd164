"""Public member pages (/members/<username>): opt-in on My Page, in both languages, and
not found while off."""

from __future__ import annotations

import re

import httpx
import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect

from tests.e2e.conftest import OUTPUT, wait_ready
from tests.e2e.public_site_helpers import switch_to_uzbek

API = "/api/v1"
PASSWORD = "Demo-pass-2026!"


def _one(site, query: str) -> tuple:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    with engine.connect() as conn:
        row = conn.execute(sa.text(query)).first()
    engine.dispose()
    assert row is not None, query
    return tuple(row)


@pytest.fixture(scope="module")
def attendee(site) -> dict:
    """A seeded member who was checked in at a meetup, signed in through the REST API."""
    email, username = _one(site, """
        SELECT u.email, u.username FROM users u
        JOIN meetup_registrations r ON r.user_id = u.id
        WHERE r.checked_in_at IS NOT NULL AND u.email LIKE '%@example.com'
        ORDER BY u.id LIMIT 1""")
    return {"email": email, "username": username, **site.api_sign_in(email, PASSWORD)}


def _signed_in(browser, base_url, member: dict, width: int = 1280):
    context = browser.new_context(base_url=base_url, locale="en-US",
                                  viewport={"width": width, "height": 900})
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"localStorage.setItem('uzdev_accessToken', {member['access_token']!r});"
        f"localStorage.setItem('uzdev_refreshToken', {member['refresh_token']!r});"
        "localStorage.setItem('wasAuthenticated', 'true'); sessionStorage.setItem('seeded', '1'); }")
    return context


def _shot(page: Page, name: str) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"member-page-{name}.png"), full_page=True)


def test_a_member_page_is_off_until_the_member_switches_it_on(browser, base_url, site, attendee):
    username = attendee["username"]
    visitor = browser.new_context(base_url=base_url, locale="en-US")
    page = visitor.new_page()
    # A full load of a page that is not on answers 404, and shows the not-found screen.
    answer = page.goto(f"/members/{username}")
    assert answer is not None and answer.status == 404
    wait_ready(page)
    expect(page.get_by_role("heading", name="Page Not Found")).to_be_visible()
    answer = page.goto("/members/nobody-has-this-name")
    assert answer is not None and answer.status == 404
    wait_ready(page)
    expect(page.get_by_role("heading", name="Page Not Found")).to_be_visible()

    context = _signed_in(browser, base_url, attendee)
    member = context.new_page()
    member.goto("/mypage?tab=account")
    wait_ready(member)
    switch = member.get_by_role("switch", name="Show my public profile page")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(member.locator("#public-profile-link")).to_have_count(0)
    switch.click()
    expect(member.get_by_text("Your public profile page is on.")).to_be_visible()
    expect(switch).to_have_attribute("aria-checked", "true")
    _shot(member, "mypage-switch-en")
    link = member.locator("#public-profile-link")
    expect(link).to_have_attribute("href", f"/members/{username}")

    # What the page shows is what the REST answer says (one service).
    data = httpx.get(f"{site.url}{API}/public/members/{username}", timeout=20).json()["data"]
    assert data["meetupsAttended"], data
    answer = page.goto(f"/members/{username}")
    assert answer is not None and answer.status == 200
    wait_ready(page)
    expect(page.locator("#member-name")).to_have_text(data["name"])
    expect(page.locator("#member-handle")).to_have_text(f"@{username}")
    meetups = page.locator("#member-meetups")
    expect(meetups.get_by_role("heading", name="Meetups attended")).to_be_visible()
    expect(meetups.get_by_role("link")).to_have_count(len(data["meetupsAttended"]))
    first = data["meetupsAttended"][0]
    expect(meetups.get_by_role("link").first).to_have_text(first["title"])
    expect(meetups.get_by_role("link").first).to_have_attribute("href", first["url"])
    posts = page.locator("#member-posts")
    expect(posts.get_by_role("heading", name="Blog posts")).to_be_visible()
    if data["posts"]:
        expect(posts.get_by_role("link")).to_have_count(len(data["posts"]))
    else:
        expect(posts.get_by_text("No published posts yet.")).to_be_visible()
    expect(page).to_have_title(re.compile(r"^Member \|"))
    _shot(page, "en")

    switch_to_uzbek(page)
    expect(meetups.get_by_role("heading", name="Qatnashgan tadbirlar")).to_be_visible()
    expect(posts.get_by_role("heading", name="Blog maqolalari")).to_be_visible()
    expect(page.get_by_text("A’zo bo‘lgan sana:")).to_be_visible()
    _shot(page, "uz")

    # Off again: the page is gone at once.
    member.reload()
    wait_ready(member)
    switch_to_uzbek(member)
    switch = member.get_by_role("switch", name="Ommaviy profil sahifamni ko‘rsatish")
    expect(switch).to_have_attribute("aria-checked", "true")
    switch.click()
    expect(member.get_by_text("Ommaviy profil sahifangiz o‘chirildi.")).to_be_visible()
    answer = page.reload()
    assert answer is not None and answer.status == 404
    wait_ready(page)
    expect(page.get_by_role("heading", name="Sahifa topilmadi")).to_be_visible()
    context.close()
    visitor.close()


def test_a_post_author_s_name_links_to_their_page_only_when_it_is_on(page: Page, site):
    post_id, author_id, username = _one(site, """
        SELECT p.id, u.id, u.username FROM blog_posts p JOIN users u ON u.id = p.author_id
        WHERE p.status = 'PUBLISHED' ORDER BY p.id LIMIT 1""")
    page.goto(f"/blog/{post_id}")
    wait_ready(page)
    expect(page.locator("#post-author-link")).to_have_count(0)
    site.sql("UPDATE users SET public_profile = :on WHERE id = :id", on=True, id=author_id)
    try:
        page.goto(f"/blog/{post_id}")
        wait_ready(page)
        expect(page.locator("#post-author-link")).to_have_attribute("href", f"/members/{username}")
        page.locator("#post-author-link").click()
        expect(page).to_have_url(re.compile(f"/members/{re.escape(username)}$"))
        expect(page.locator("#member-handle")).to_have_text(f"@{username}")
    finally:
        site.sql("UPDATE users SET public_profile = :on WHERE id = :id", on=False, id=author_id)


def test_the_member_page_at_a_phone_s_width(mobile, site, attendee):
    username = attendee["username"]
    site.sql("UPDATE users SET public_profile = :on WHERE username = :u", on=True, u=username)
    try:
        mobile.goto(f"/members/{username}")
        wait_ready(mobile)
        expect(mobile.locator("#member-handle")).to_have_text(f"@{username}")
        assert mobile.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        _shot(mobile, "390")
    finally:
        site.sql("UPDATE users SET public_profile = :on WHERE username = :u", on=False, u=username)


def _switch_page(site, member: dict, on: bool) -> None:
    """Through the REST API (PATCH /users/details): the commit expires the cached pages."""
    r = httpx.patch(f"{site.url}{API}/users/details", json={"publicProfile": on},
                    headers={"Authorization": f"Bearer {member['access_token']}"}, timeout=20)
    assert r.status_code == 200, r.text


def test_names_on_blog_cards_and_attendee_lists_link_to_pages_that_are_on(
        browser, base_url, site, attendee):
    """/blog cards and the event page's attendees, in English and Uzbek: a name links to the
    member's page while it is on; the other names stay plain text."""
    username = attendee["username"]
    meetup_id, past = _one(site, f"""
        SELECT r.meetup_id, m.starts_at < CURRENT_TIMESTAMP FROM meetup_registrations r
        JOIN meetups m ON m.id = r.meetup_id JOIN users u ON u.id = r.user_id
        WHERE u.username = '{username}' AND r.status = 'ACCEPTED' ORDER BY r.id LIMIT 1""")
    author_email, author = _one(site, f"""
        SELECT u.email, u.username FROM blog_posts p JOIN users u ON u.id = p.author_id
        WHERE p.status = 'PUBLISHED' AND u.username <> '{username}' ORDER BY p.id LIMIT 1""")
    writer = {"username": author, **site.api_sign_in(author_email, PASSWORD)}
    context = browser.new_context(base_url=base_url, locale="en-US")
    page = context.new_page()
    _switch_page(site, writer, True)
    _switch_page(site, attendee, True)
    try:
        for uzbek in (False, True):
            page.goto("/blog")
            wait_ready(page)
            if uzbek:
                switch_to_uzbek(page)  # kept for the pages opened after it
            to_pages = page.locator("main a[href^='/members/']")
            expect(to_pages.first).to_be_visible()
            assert set(to_pages.evaluate_all("(links) => links.map(a => a.getAttribute('href'))")) \
                == {f"/members/{author}"}

            page.goto(f"/events/{'past' if past else 'upcoming'}/details/{meetup_id}")
            wait_ready(page)
            attendees = page.get_by_role("list", name="Ishtirokchilar" if uzbek else "Attendees")
            expect(attendees).to_be_visible()
            expect(attendees.get_by_role("listitem").first).to_be_visible()  # the list rendered
            more = page.get_by_role("button", name=re.compile(
                r"^Hammasini ko‘rsatish \(" if uzbek else r"^Show all \("))
            if more.count():
                more.click()
            link = attendees.locator(f"a[href='/members/{username}']")
            expect(link).to_have_count(1)
            named = attendees.get_by_role("listitem")
            assert named.count() > attendees.get_by_role("link").count()  # the rest are plain
            _shot(page, f"attendees-{'uz' if uzbek else 'en'}")
        link.click()
        expect(page).to_have_url(re.compile(f"/members/{re.escape(username)}$"))
        expect(page.locator("#member-handle")).to_have_text(f"@{username}")

        # Switched off: the same names are plain text.
        _switch_page(site, attendee, False)
        _switch_page(site, writer, False)
        page.goto(f"/events/{'past' if past else 'upcoming'}/details/{meetup_id}")
        wait_ready(page)
        expect(page.get_by_role("list", name="Ishtirokchilar")).to_be_visible()
        expect(page.locator("main a[href^='/members/']")).to_have_count(0)
        page.goto("/blog")
        wait_ready(page)
        expect(page.get_by_role("main").get_by_role("article").first).to_be_visible()
        expect(page.locator("main a[href^='/members/']")).to_have_count(0)
    finally:
        _switch_page(site, writer, False)
        _switch_page(site, attendee, False)
        context.close()
