"""REST calls of the waitlist: join, my entries with position and offer, claim, decline,
leave; errors in both languages."""

from __future__ import annotations

from sqlmodel import Session, select

from community_app.i18n import gettext
from community_app.models import Meetup, MeetupRegistration, QueuedMail
from tests.api.factories import (
    VALID_REGISTRATION,
    bearer,
    make_meetup,
    make_member,
    make_registration,
)

API = "/api/v1"


def _full(engine, **fields):
    meetup = make_meetup(engine, max_seats=1, **fields)
    holder = make_member(engine)
    make_registration(engine, holder, meetup)
    return meetup, holder


def test_join_see_position_claim(client, engine):
    meetup, holder = _full(engine)
    a, b = make_member(engine), make_member(engine)
    url = f"{API}/users/meetups/{meetup.id}/waitlist"
    r = client.post(url, json=VALID_REGISTRATION, headers=bearer(a))
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["message"] == "You are on the waitlist for this event."
    assert body["data"]["position"] == 1 and body["data"]["status"] == "WAITING"
    assert body["data"]["meetupId"] == meetup.id and body["data"]["offerDeadline"] is None
    assert client.post(url, json=VALID_REGISTRATION, headers=bearer(b)).json()["data"][
        "position"] == 2
    mine = client.get(f"{API}/users/waitlist", headers=bearer(b)).json()["data"]
    assert [(m["meetup"]["id"], m["position"]) for m in mine] == [(meetup.id, 2)]

    cancel = client.post(f"{API}/users/meetups/{meetup.id}/registration/cancel",
                         headers=bearer(holder))
    assert cancel.status_code == 200
    with Session(engine) as s:
        offered = s.exec(select(QueuedMail).where(QueuedMail.kind == "offer")).all()
    assert [m.to_address for m in offered] == [a.email]
    mine = client.get(f"{API}/users/waitlist", headers=bearer(a)).json()["data"]
    assert mine[0]["status"] == "OFFERED" and mine[0]["position"] is None
    assert mine[0]["offerDeadline"].endswith("+09:00") and mine[0]["offerExpiresAt"]
    assert client.get(f"{API}/users/waitlist", headers=bearer(b)).json()["data"][0][
        "position"] == 1
    details = client.get(f"{API}/public/meetups/{meetup.id}").json()["data"]
    assert details["availableSeats"] == 0  # held for the offer

    r = client.post(f"{url}/claim", headers=bearer(a))
    assert r.status_code == 201 and r.json()["data"]["status"] == "ACCEPTED"
    assert client.get(f"{API}/users/waitlist", headers=bearer(a)).json()["data"] == []
    mine = client.get(f"{API}/users/meetups", headers=bearer(a)).json()["data"]
    assert [(m["id"], m["status"]) for m in mine] == [(meetup.id, "ACCEPTED")]
    with Session(engine) as s:
        assert s.get(Meetup, meetup.id).available_seats == 0


def test_decline_and_leave(client, engine):
    meetup, holder = _full(engine)
    a, b = make_member(engine), make_member(engine)
    url = f"{API}/users/meetups/{meetup.id}/waitlist"
    for m in (a, b):
        assert client.post(url, json=VALID_REGISTRATION, headers=bearer(m)).status_code == 201
    client.post(f"{API}/users/meetups/{meetup.id}/registration/cancel", headers=bearer(holder))
    r = client.post(f"{url}/decline", headers=bearer(a))
    assert r.status_code == 200 and r.json()["data"]["status"] == "DECLINED"
    assert client.get(f"{API}/users/waitlist", headers=bearer(b)).json()["data"][0][
        "status"] == "OFFERED"
    r = client.post(f"{url}/leave", headers=bearer(b))
    assert r.status_code == 200 and r.json()["data"]["status"] == "LEFT"
    assert r.json()["message"] == "You have left the waitlist."
    assert client.get(f"{API}/public/meetups/{meetup.id}").json()["data"]["availableSeats"] == 1


def test_errors_in_both_languages(client, engine):
    meetup, holder = _full(engine)
    open_meetup = make_meetup(engine, max_seats=10)
    member = make_member(engine)
    url = f"{API}/users/meetups/{meetup.id}/waitlist"
    cases = [
        (client.post(f"{API}/users/meetups/{open_meetup.id}/waitlist", json=VALID_REGISTRATION,
                     headers={**bearer(member), "Accept-Language": "uz"}),
         409, "Seats are still free: register for the event instead.", "uz"),
        (client.post(url, json=VALID_REGISTRATION, headers=bearer(holder)),
         409, "You are already registered for this event.", "en"),
        (client.post(f"{url}/claim", headers={**bearer(member), "Accept-Language": "uz"}),
         404, "There is no seat offered to you for this event.", "uz"),
        (client.post(f"{url}/decline", headers=bearer(member)),
         404, "There is no seat offered to you for this event.", "en"),
        (client.post(f"{url}/leave", headers={**bearer(member), "Accept-Language": "uz"}),
         404, "You are not on the waitlist for this event.", "uz"),
        (client.post(f"{API}/users/meetups/999999/waitlist", json=VALID_REGISTRATION,
                     headers=bearer(member)), 404, "Event not found.", "en"),
    ]
    for r, status, message_id, lang in cases:
        assert r.status_code == status, r.text
        assert r.json()["message"] == gettext(message_id, lang)
    uz = gettext("Seats are still free: register for the event instead.", "uz")
    assert uz != "Seats are still free: register for the event instead."
    assert client.post(url, json=VALID_REGISTRATION, headers=bearer(member)).status_code == 201
    again = client.post(url, json=VALID_REGISTRATION, headers=bearer(member))
    assert again.status_code == 409
    assert again.json()["message"] == "You are already on the waitlist for this event."
    bad = client.post(url, json={**VALID_REGISTRATION, "expectation": "x"},
                      headers=bearer(make_member(engine)))
    assert bad.status_code == 422 and "expectation" in bad.json()["data"]["errors"]
    for path in ("", "/leave", "/claim", "/decline"):
        assert client.post(f"{url}{path}", json=VALID_REGISTRATION).status_code == 401
    assert client.get(f"{API}/users/waitlist").status_code == 401


def test_openapi_documents_the_waitlist(client):
    spec = client.get(f"{API}/openapi.json").json()
    paths = spec["paths"]
    for path in ("", "/leave", "/claim", "/decline"):
        assert "post" in paths[f"{API}/users/meetups/{{meetup_id}}/waitlist{path}"]
    entry = spec["components"]["schemas"]["WaitlistEntryOut"]["properties"]
    assert {"meetupId", "position", "offerDeadline", "offerExpiresAt", "joinedAt"} <= set(entry)
    assert "enum" in entry["status"]


def test_release_link_frees_the_seat_once_without_signing_in(client, engine):
    from community_app.services.meetups import release

    meetup, holder = _full(engine)
    waiting = make_member(engine)
    client.post(f"{API}/users/meetups/{meetup.id}/waitlist", json=VALID_REGISTRATION,
                headers=bearer(waiting))
    with Session(engine) as s:
        registration = s.exec(select(MeetupRegistration)).one()
        token = release.release_token(registration, s.get(Meetup, meetup.id))
    url = f"{API}/public/release-seat/{token}"
    r = client.post(url, headers={"Accept-Language": "uz"})
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {"outcome": "released", "meetupId": meetup.id,
                                "meetupTitle": meetup.title}
    assert r.json()["message"] == gettext(release.OUTCOME_TEXTS["released"], "uz")
    mine = client.get(f"{API}/users/waitlist", headers=bearer(waiting)).json()["data"]
    assert mine[0]["status"] == "OFFERED"
    assert client.post(url).json()["data"]["outcome"] == "already"
    assert client.post(f"{API}/public/release-seat/forged").json()["data"]["outcome"] == "invalid"
    assert "/api/v1/public/release-seat/{token}" in client.get(f"{API}/openapi.json").json()["paths"]
