"""The door screen before check-in opens (issue 27): a ticket scanned long before its meetup
is refused with a message saying when check-in opens, nobody is checked in, and the screen
shows no no-show rate for a meetup that has not started. (The suite opens check-in a year
ahead, COMMUNITY_CHECK_IN_OPENS_HOURS in conftest.py: this meetup is two years away.)"""

from __future__ import annotations

import datetime as dt

import httpx
import pytest
from playwright.sync_api import expect
from sqlmodel import Session

from community_app.i18n import gettext
from community_app.models import Meetup
from community_app.services.meetups import admin_registrations
from tests.e2e.test_waitlist_journey import (
    API, DEMO_PASSWORD, FORM, _auth, _browser_as, _engine, _shot, _token,
)


def _far_meetup(site, title: str) -> int:
    starts = (dt.datetime.now(dt.UTC) + dt.timedelta(days=730)).replace(second=0, microsecond=0)
    engine = _engine(site)
    with Session(engine) as s:
        meetup = Meetup(title=title, description="Far ahead.", location="Seoul",
                        starts_at=starts, ends_at=starts + dt.timedelta(hours=2), max_seats=10,
                        available_seats=10)
        s.add(meetup)
        s.commit()
        meetup_id = meetup.id
    engine.dispose()
    return meetup_id


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_a_ticket_scanned_long_before_the_meetup_is_refused(browser, site, lang):
    meetup_id = _far_meetup(site, f"Far meetup {lang}")
    token = _token(site, "member@uzdev.kr", DEMO_PASSWORD)
    registered = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/registration",
                            headers=_auth(token), json=FORM, timeout=20)
    assert registered.status_code == 201, registered.text
    [code] = [t["code"] for t in httpx.get(f"{site.url}{API}/users/tickets",
                                             headers=_auth(token)).json()["data"]
              if t["meetupId"] == meetup_id]

    door = _browser_as(browser, site, "organizer@uzdev.kr", DEMO_PASSWORD, lang,
                       f"/admin/meetups/{meetup_id}/check-in", member=False)
    door.locator("#check-in-code").fill(code)
    door.locator("#check-in-code").press("Enter")
    refused = gettext(admin_registrations.CHECK_IN_NOT_OPEN, lang, n=3, opens="").split(":")[0]
    expect(door.locator("#check-in-result")).to_contain_text(refused)
    expect(door.locator("#check-in-name")).to_have_count(0)
    expect(door.locator("#check-in-numbers")).to_have_text(
        f"1{gettext('Registered', lang)}0{gettext('Attended', lang)}–{gettext('No-show rate', lang)}")
    _shot(door, f"check-in-not-open-{lang}")
    door.context.close()
