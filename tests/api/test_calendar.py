"""Add to calendar: the meetup's .ics and the member's private feed, parsed with icalendar;
times checked in Asia/Seoul; the feed's address renewed and the old one revoked."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import icalendar

from community_app.core.korea_time import korea_to_utc
from tests.api.factories import bearer, make_meetup, make_member, make_registration

API = "/api/v1"
SEOUL = ZoneInfo("Asia/Seoul")


def _meetup(engine, **fields):
    day = (dt.datetime.now(SEOUL) + dt.timedelta(days=10)).date()
    starts = korea_to_utc(day, dt.time(19, 0))
    return make_meetup(
        engine, starts_at=starts, ends_at=starts + dt.timedelta(hours=2, minutes=30),
        title="Go meetup", location="Google for Startups Campus, 385 Gangnam-daero, Seoul",
        description="Talks about Go.", **fields,
    ), day


def _events(body: bytes) -> tuple[icalendar.Calendar, list[icalendar.Event]]:
    cal = icalendar.Calendar.from_ical(body)
    return cal, [c for c in cal.walk("VEVENT")]


def test_meetup_ics_is_valid_and_in_seoul_time(client, engine):
    meetup, day = _meetup(engine)
    r = client.get(f"{API}/public/meetups/{meetup.id}/calendar.ics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/calendar")
    assert f'meetup-{meetup.id}.ics' in r.headers["content-disposition"]
    cal, [event] = _events(r.content)
    assert str(cal["version"]) == "2.0" and cal["prodid"]
    assert [str(tz["tzid"]) for tz in cal.walk("VTIMEZONE")] == ["Asia/Seoul"]
    start, end = event.decoded("dtstart"), event.decoded("dtend")
    assert str(start.tzinfo) == "Asia/Seoul"
    assert (start.date(), start.hour, start.minute) == (day, 19, 0)
    assert (end.hour, end.minute) == (21, 30)
    assert start.utcoffset() == dt.timedelta(hours=9)
    assert event["dtstart"].params["TZID"] == "Asia/Seoul"
    assert str(event["uid"]) == f"meetup-{meetup.id}@localhost"
    assert str(event["summary"]) == "Go meetup"
    assert str(event["location"]) == "Google for Startups Campus, 385 Gangnam-daero, Seoul"
    assert "Talks about Go." in str(event["description"])
    assert str(event["url"]).endswith(f"/events/upcoming/details/{meetup.id}")
    # The UID stays the same on the next download.
    again = client.get(f"{API}/public/meetups/{meetup.id}/calendar.ics").content
    assert str(_events(again)[1][0]["uid"]) == str(event["uid"])
    assert client.get(f"{API}/public/meetups/999999/calendar.ics").status_code == 404


def test_private_feed_lists_live_registrations_and_can_be_renewed(client, engine):
    member = make_member(engine, language="uz")
    accepted, _ = _meetup(engine)
    pending, _ = _meetup(engine, requires_approval=True)
    cancelled, _ = _meetup(engine)
    make_registration(engine, member, accepted)
    make_registration(engine, member, pending, "PENDING")
    make_registration(engine, member, cancelled, "CANCELLED")
    r = client.get(f"{API}/users/me/calendar-feed", headers=bearer(member))
    assert r.status_code == 200
    url = r.json()["data"]["url"]
    assert url.startswith("http://localhost:3000/api/v1/calendar/") and url.endswith(".ics")
    path = url.removeprefix("http://localhost:3000")
    feed = client.get(path)
    assert feed.status_code == 200 and feed.headers["content-type"].startswith("text/calendar")
    assert "no-store" in feed.headers["cache-control"]
    cal, events = _events(feed.content)
    assert {str(e["uid"]) for e in events} == {
        f"meetup-{accepted.id}@localhost", f"meetup-{pending.id}@localhost"}
    assert {str(e["uid"]): str(e["status"]) for e in events}[
        f"meetup-{pending.id}@localhost"] == "TENTATIVE"
    for e in events:
        assert e.decoded("dtstart").hour == 19 and str(e.decoded("dtstart").tzinfo) == "Asia/Seoul"
    assert "UzDev Korea" in str(cal["x-wr-calname"])

    renewed = client.post(f"{API}/users/me/calendar-feed", headers=bearer(member))
    assert renewed.status_code == 200
    new_url = renewed.json()["data"]["url"]
    assert new_url != url
    gone = client.get(path, headers={"Accept-Language": "uz"})
    assert gone.status_code == 404
    assert gone.json()["message"] != "This calendar address is not valid any more."
    assert client.get(new_url.removeprefix("http://localhost:3000")).status_code == 200


def test_forged_feed_addresses_are_refused(client, engine):
    member = make_member(engine)
    url = client.get(f"{API}/users/me/calendar-feed", headers=bearer(member)).json()["data"]["url"]
    token = url.rsplit("/", 1)[1].removesuffix(".ics")
    user_id, version, signature = token.split("-", 2)
    other = make_member(engine)
    for forged in (f"{other.id}-{version}-{signature}", f"{user_id}-{int(version) + 1}-{signature}",
                   f"{user_id}-{version}-{signature[:-2]}xx", "nonsense", "1-1"):
        r = client.get(f"{API}/calendar/{forged}.ics")
        assert r.status_code == 404, forged
        assert r.json()["message"] == "This calendar address is not valid any more."
    assert client.get(f"{API}/users/me/calendar-feed").status_code == 401
    assert client.post(f"{API}/users/me/calendar-feed").status_code == 401


def test_without_a_public_address_the_feed_and_email_links_carry_the_served_port(
        client, engine, monkeypatch):
    from community_app.services.meetups import emails
    from community_app.core.settings import get_settings

    monkeypatch.delenv("COMMUNITY_PUBLIC_URL", raising=False)
    monkeypatch.setenv("PORT", "8123")
    get_settings.cache_clear()
    try:
        member = make_member(engine)
        meetup, _ = _meetup(engine)
        url = client.get(f"{API}/users/me/calendar-feed", headers=bearer(member)).json()["data"]["url"]
        assert url.startswith("http://localhost:8123/api/v1/calendar/")
        _, values = emails.values_for(member, meetup)
        assert values["event"] == f"http://localhost:8123/events/upcoming/details/{meetup.id}"
        assert values["mypage"].startswith("http://localhost:8123/mypage")
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
