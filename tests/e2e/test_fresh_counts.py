"""A registration through the REST API changes the seat count the site shows and the API
answers at once: the service that takes the seat expires both caches (services/cache.py).

In the production-configuration run (``make test-production-config``: PostgreSQL, Redis,
several server workers) the page's websocket and the API calls are spread over the
workers: the same test then shows a change made through one worker seen through another
at once."""

from __future__ import annotations

import itertools
import re

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.accounts import api_register
from tests.e2e.conftest import wait_ready

PASSWORD = "Fresh-counts-2026!"
_n = itertools.count(1)


def _new_member_token(site) -> str:
    n = next(_n)
    email = f"freshcounts{n}@example.com"
    r = httpx.post(f"{site.url}/api/v1/auth/register", json={
        "email": email, "phone": f"0103333{n:04d}", "password": PASSWORD, "confirmPassword": PASSWORD,
    }, timeout=20)
    assert r.status_code == 202, r.text
    return site.api_sign_in(email, PASSWORD)["access_token"]


def test_a_rest_registration_changes_the_seats_on_the_page_and_in_the_api_at_once(page: Page, site, browser,
                                                                                    base_url):
    listed = httpx.get(f"{site.url}/api/v1/public/meetups",
                       params={"type": "upcoming", "size": 50}).json()["data"]["content"]
    meetup = next(m for m in listed if m["availableSeats"] > 3 and not m["requiresApproval"])
    address = f"{site.url}/api/v1/public/meetups/{meetup['id']}"
    before = httpx.get(address)
    seats = before.json()["data"]["availableSeats"]
    tag = before.headers["etag"]
    assert httpx.get(address, headers={"If-None-Match": tag}).status_code == 304

    page.goto(f"/events/upcoming/details/{meetup['id']}")
    wait_ready(page)
    expect(page.locator("#event-seats-left")).to_have_text(f"{seats} seats left")

    api_register(site, meetup["id"], _new_member_token(site))

    # The API: the cached answer is gone, its old tag gets the new answer.
    after = httpx.get(address, headers={"If-None-Match": tag})
    assert after.status_code == 200 and after.headers["etag"] != tag
    assert after.json()["data"]["availableSeats"] == seats - 1
    listed = httpx.get(f"{site.url}/api/v1/public/meetups",
                       params={"type": "upcoming", "size": 50}).json()["data"]["content"]
    assert [m["availableSeats"] for m in listed if m["id"] == meetup["id"]] == [seats - 1]
    # The site: the page opened again, and a new visitor's first visit.
    page.reload()
    wait_ready(page)
    expect(page.locator("#event-seats-left")).to_have_text(f"{seats - 1} seats left")
    visitor = browser.new_context(base_url=base_url)
    visitor.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), lambda r: r.abort())
    try:
        other = visitor.new_page()
        other.goto(f"/events/upcoming/details/{meetup['id']}")
        wait_ready(other)
        expect(other.locator("#event-seats-left")).to_have_text(f"{seats - 1} seats left")
    finally:
        visitor.close()
