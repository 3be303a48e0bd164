"""About us (/about): the mission, the event organizers and the project contributors."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_ready
from tests.e2e.public_site_helpers import no_horizontal_scroll, query, switch_to_uzbek


def _people(site, kind: str) -> list[tuple]:
    return query(
        site,
        "SELECT name, role_en, role_uz, profile_url FROM team_members WHERE kind = :kind "
        "ORDER BY position, id",
        kind=kind,
    )


def _open(page: Page) -> None:
    page.goto("/about")
    wait_ready(page)
    expect(page.locator("#organizers .person-card").first).to_be_visible()


def test_mission_text(page: Page):
    _open(page)
    expect(page.get_by_role("heading", name="About us", level=1)).to_be_visible()
    mission = page.get_by_role("region", name="Our mission")
    expect(mission.locator("p")).to_have_count(3)
    expect(mission).to_contain_text("UzDev Korea brings together Uzbek software developers")


def test_organizers_and_contributors_with_initials_roles_and_profiles(page: Page, site):
    _open(page)
    for kind, list_id, heading in (
        ("organizer", "organizers", "Event organizers"),
        ("contributor", "contributors", "Project contributors"),
    ):
        people = _people(site, kind)
        assert people, kind
        region = page.get_by_role("region", name=heading)
        cards = region.locator(f"#{list_id} .person-card")
        expect(cards).to_have_count(len(people))
        for i, (name, role_en, _role_uz, profile_url) in enumerate(people):
            card = cards.nth(i)
            expect(card.get_by_role("heading", name=name)).to_be_visible()
            expect(card).to_contain_text(role_en)
            first, *rest = name.split()
            initials = (first[0] + (rest[-1][0] if rest else "")).upper()
            expect(card.locator(".person-initials")).to_have_text(initials)
            link = card.get_by_role("link", name=re.compile(re.escape(name)))
            expect(link).to_have_attribute("href", profile_url)
            expect(link).to_have_attribute("target", "_blank")
            expect(link).to_have_attribute("rel", re.compile(r"\bnoopener\b"))
    # The first organizer's LinkedIn link is named for what it is.
    expect(page.get_by_role("link", name="Sardor Tursunov on LinkedIn (opens in a new tab)")).to_be_visible()


def test_about_in_uzbek(page: Page, site):
    _open(page)
    switch_to_uzbek(page)
    expect(page.get_by_role("heading", name="Biz haqimizda", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="Bizning maqsadimiz")).to_be_visible()
    expect(page.get_by_text("UzDev Korea Janubiy Koreyada yashayotgan")).to_be_visible()
    expect(page.get_by_role("heading", name="Tadbir tashkilotchilari")).to_be_visible()
    expect(page.get_by_role("heading", name="Loyiha ishtirokchilari")).to_be_visible()
    first_role_uz = _people(site, "organizer")[0][2]
    expect(page.locator("#organizers .person-card").first).to_contain_text(first_role_uz)


def test_about_on_a_phone(mobile: Page):
    mobile.goto("/about")
    wait_ready(mobile)
    expect(mobile.locator("#contributors .person-card").first).to_be_visible()
    assert no_horizontal_scroll(mobile)
