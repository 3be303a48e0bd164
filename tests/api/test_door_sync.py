"""REST of the door's phones (issue 47, services/meetups/door.py): the held list of valid
tickets a phone checks offline, and the batch of offline check-ins sent when the network
is back: original times kept, idempotent per phone and ticket, the later of two phones
flagged as a duplicate with both phones' times, attendance counted once. Runs on SQLite
and, with COMMUNITY_TEST_POSTGRES_URL, on PostgreSQL."""

from __future__ import annotations

import datetime as dt
import hashlib

from community_app.core.db import utcnow
from community_app.services.meetups import ticket_codes
from tests.api.factories import bearer, make_meetup, make_member, make_registration

API = "/api/v1"


def _iso(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")


def _at(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def _door(engine, people=2):
    organizer = make_member(engine, role="organizer")
    meetup = make_meetup(engine, in_days=-0.02)  # started half an hour ago
    members = [make_member(engine, first_name=f"Aziz{n}", last_name="Karimov",
                           attendee_name=None) for n in range(people)]
    codes = [ticket_codes.ticket_code(make_registration(engine, m, meetup).id) for m in members]
    return organizer, meetup, codes


def test_the_held_list_hashes_valid_tickets_and_names_them_as_they_chose(client, engine):
    organizer, meetup, codes = _door(engine)
    cancelled = make_registration(engine, make_member(engine), meetup, status="CANCELLED")
    r = client.get(f"{API}/admin/meetups/{meetup.id}/door", headers=bearer(organizer))
    assert r.status_code == 200, r.text
    assert r.headers["cache-control"] == "no-store"
    held = r.json()["data"]
    assert (held["meetupId"], held["organizerId"]) == (meetup.id, organizer.id)
    assert _at(held["expiresAt"]) == _at(held["endsAt"]) > utcnow()
    expected = {hashlib.sha256(f"uzdev-door:{meetup.id}:{c}".encode()).hexdigest() for c in codes}
    assert {t["hash"] for t in held["tickets"]} == expected  # the cancelled one is not valid
    assert cancelled.id not in {t["registrationId"] for t in held["tickets"]}
    assert sorted(t["name"] for t in held["tickets"]) == ["Aziz0", "Aziz1"]  # no last name
    assert {(t["seatKind"], len(t["answers"])) for t in held["tickets"]} == {("IN_PERSON", 0)}
    assert all(c not in r.text for c in codes)  # the codes themselves never leave the server
    member = make_member(engine)
    assert client.get(f"{API}/admin/meetups/{meetup.id}/door",
                      headers=bearer(member)).status_code == 403
    assert client.get(f"{API}/admin/meetups/{meetup.id}/door").status_code == 401
    assert client.get(f"{API}/admin/meetups/999999/door",
                      headers=bearer(organizer)).status_code == 404


def test_an_offline_batch_keeps_its_times_once_and_flags_the_second_phone(client, engine):
    organizer, meetup, codes = _door(engine)
    url = f"{API}/admin/meetups/{meetup.id}/door/check-ins"
    first = utcnow() - dt.timedelta(minutes=10)
    second = first + dt.timedelta(minutes=3)
    batch = {"deviceId": "door-aaaa1111",
             "checkIns": [{"code": "UZDEV:" + codes[0], "scannedAt": _iso(first)},
                          {"code": codes[1], "scannedAt": _iso(first)},
                          {"code": codes[0][:-1] + "Z", "scannedAt": _iso(first)}]}
    r = client.post(url, json=batch, headers=bearer(organizer))
    assert r.status_code == 200, r.text
    answers = r.json()["data"]
    assert [a["outcome"] for a in answers] == ["checked_in", "checked_in", "unknown"]
    assert _at(answers[0]["checkedInAt"]) == first  # the phone's time, not the server's
    # Sent again (the answer was lost): nothing changes.
    again = client.post(url, json=batch, headers=bearer(organizer)).json()["data"]
    assert [a["outcome"] for a in again] == ["checked_in", "checked_in", "unknown"]
    # A second phone admitted the first ticket offline too, 3 minutes later.
    other = client.post(url, json={"deviceId": "door-bbbb2222", "checkIns": [
        {"code": codes[0], "scannedAt": _iso(second)}]}, headers=bearer(organizer)).json()["data"]
    assert other[0]["outcome"] == "duplicate" and other[0]["kept"] is True
    assert _at(other[0]["checkedInAt"]) == first

    held = client.get(f"{API}/admin/meetups/{meetup.id}/door", headers=bearer(organizer)).json()
    entries = [(e["deviceId"], _at(e["scannedAt"]), e["duplicate"], e["offline"])
               for e in held["data"]["checkIns"]]
    assert sorted(entries) == sorted([("door-aaaa1111", first, False, True),
                                      ("door-aaaa1111", first, False, True),
                                      ("door-bbbb2222", second, True, True)])
    numbers = client.get(f"{API}/admin/meetups/{meetup.id}/attendance",
                         headers=bearer(organizer)).json()["data"]
    assert (numbers["registered"], numbers["attended"]) == (2, 2)  # each ticket once


def test_a_later_batch_with_an_earlier_time_takes_the_first_place(client, engine):
    """Phone B was online at 10:05; phone A, offline, admitted the same ticket at 10:02 and
    syncs after: A is the check-in, B the duplicate."""
    organizer, meetup, codes = _door(engine, people=1)
    online = client.post(f"{API}/admin/meetups/{meetup.id}/check-in",
                         json={"code": codes[0], "deviceId": "door-online1"},
                         headers=bearer(organizer)).json()["data"]
    assert online["accepted"] is True
    earlier = _at(online["checkedInAt"]) - dt.timedelta(minutes=3)
    r = client.post(f"{API}/admin/meetups/{meetup.id}/door/check-ins", json={
        "deviceId": "door-offline1", "checkIns": [{"code": codes[0], "scannedAt": _iso(earlier)}]},
        headers=bearer(organizer)).json()["data"]
    assert r[0]["outcome"] == "checked_in" and _at(r[0]["checkedInAt"]) == earlier
    held = client.get(f"{API}/admin/meetups/{meetup.id}/door", headers=bearer(organizer)).json()
    assert {(e["deviceId"], e["duplicate"], e["offline"]) for e in held["data"]["checkIns"]} == {
        ("door-offline1", False, True), ("door-online1", True, False)}
    assert _at(held["data"]["tickets"][0]["checkedInAt"]) == earlier


def test_refused_batches_and_rules(client, engine):
    organizer, meetup, codes = _door(engine, people=1)
    url = f"{API}/admin/meetups/{meetup.id}/door/check-ins"
    ahead = utcnow() + dt.timedelta(days=2)  # a phone whose clock runs ahead: taken as now
    r = client.post(url, json={"deviceId": "door-cccc3333", "checkIns": [
        {"code": codes[0], "scannedAt": _iso(ahead)}]}, headers=bearer(organizer)).json()["data"]
    assert r[0]["outcome"] == "checked_in" and _at(r[0]["scannedAt"]) <= utcnow()
    too_early = utcnow() - dt.timedelta(days=3)  # before the check-in window opened
    other = make_registration(engine, make_member(engine), meetup)
    r = client.post(url, json={"deviceId": "door-cccc3333", "checkIns": [
        {"code": ticket_codes.ticket_code(other.id), "scannedAt": _iso(too_early)}]},
        headers=bearer(organizer)).json()["data"]
    assert r[0]["outcome"] == "not_open" and r[0]["kept"] is False
    for body in ({"deviceId": "x", "checkIns": []},
                 {"deviceId": "door cccc", "checkIns": []},
                 {"deviceId": "door-cccc3333", "checkIns": [{"code": codes[0]}]}):
        assert client.post(url, json=body, headers=bearer(organizer)).status_code == 422, body
    assert client.post(url, json={"deviceId": "door-cccc3333", "checkIns": []},
                       headers=bearer(make_member(engine))).status_code == 403
    assert "/api/v1/admin/meetups/{meetup_id}/door/check-ins" in client.get(
        f"{API}/openapi.json").json()["paths"]
