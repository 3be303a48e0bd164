"""The check-in page's name search on a phone (issue 42): a member found by name whose
email is one long word (60 characters) keeps the address inside a 390 px screen, in Uzbek,
and the page does not scroll sideways (ui/pages/admin/check_in.py, ``_match``: the address
breaks anywhere)."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from community_app.i18n import gettext
from tests.e2e.test_door_offline import _meetup
from tests.e2e.test_waitlist_journey import (
    API, DEMO_PASSWORD, FORM, PASSWORD, _auth, _browser_as, _shot, _token,
)

WIDTH = 390


def _long_email() -> str:
    domain = "@example.com"
    local = "kengmanzilnihoyatdauzunbirsozbolibhechqayerdabolinmaydigan"
    email = local[:60 - len(domain)] + domain
    assert len(email) == 60
    return email


def test_a_long_email_in_the_name_search_stays_on_a_phone_screen(browser, site):
    meetup_id = _meetup(site)
    email = _long_email()
    r = httpx.post(f"{site.url}{API}/auth/register", json={
        "email": email, "phone": "01077760042", "password": PASSWORD, "confirmPassword": PASSWORD,
    }, timeout=20)
    assert r.status_code == 202, r.text
    site.sql("UPDATE users SET first_name = 'Kengmanzil', last_name = 'Test' WHERE email = :email",
             email=email)
    registered = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/registration",
                            headers=_auth(_token(site, email)), json=FORM, timeout=20)
    assert registered.status_code == 201, registered.text

    page = _browser_as(browser, site, "organizer@uzdev.kr", DEMO_PASSWORD, "uz",
                       f"/admin/meetups/{meetup_id}/check-in", member=False)
    page.set_viewport_size({"width": WIDTH, "height": 844})
    page.get_by_label(gettext("Find a member", "uz")).fill("Kengmanzil")
    shown = page.get_by_text(email, exact=True)
    expect(shown).to_be_visible()
    box = shown.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    _shot(page, "check-in-long-email-uz")
    page.context.close()
