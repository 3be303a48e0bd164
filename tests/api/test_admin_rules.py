"""The organizers' meetup rules through the REST API: seats, approval, check-in, CSV,
images, statistics and deletion. The other areas: test_admin_areas.py."""

from __future__ import annotations

import csv
import datetime as dt
import io
import threading

import pytest
import sqlalchemy as sa
from PIL import Image
from sqlmodel import Session, func, select

from community_app.core.db import utcnow
from community_app.models import Meetup, MeetupRegistration
from community_app.services.meetups import admin_edits
from community_app.services.meetups import SEAT_HOLDING, register_for_meetup
from tests.api.factories import (
    VALID_REGISTRATION,
    bearer,
    insert,
    make_member,
    meetup_form,
)

API = "/api/v1"
ADMIN = f"{API}/admin"


def _form(**changes) -> dict:
    return meetup_form(in_days=14, **{
        "title": "Kotlin night", "description": "Mobile talks", "location": "Pangyo",
        "maxSeats": 3, "parking": True, "provided": "Pizza and drinks", "requiresApproval": False,
        **changes,
    })


@pytest.fixture
def org(engine):
    return bearer(make_member(engine, role="organizer", first_name="Olim"))


def _member(engine, **fields):
    user = make_member(engine, **fields)
    return user, bearer(user)


def _create(client, org, **changes) -> dict:
    response = client.post(f"{ADMIN}/meetups", json=_form(**changes), headers=org)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def _register(client, headers, meetup_id) -> dict:
    response = client.post(
        f"{API}/users/meetups/{meetup_id}/registration", json=VALID_REGISTRATION, headers=headers
    )
    assert response.status_code == 201, response.text
    return response.json()["data"]


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (30, 60, 200)).save(out, format="PNG")
    return out.getvalue()


# ---------------------------------------------------------------- meetups


def test_created_meetup_with_speaker_and_keynote_is_public(client, org):
    meetup = _create(client, org)
    # sent as Korea-time HH:MM, answered as ISO 8601 with +09:00 (the public meetup shape)
    assert meetup["startTime"].endswith("T19:00:00+09:00")
    assert (meetup["endTime"][-14:], meetup["maxSeats"]) == ("21:00:00+09:00", 3)
    assert meetup["startsAt"].endswith("10:00:00Z")  # 19:00 in Seoul is 10:00 UTC
    mid = meetup["id"]
    speaker = client.post(f"{ADMIN}/meetups/{mid}/speakers", headers=org,
                          json={"fullName": "Park Ji-sung", "jobPosition": "Android lead",
                                "company": "Kakao", "profileURL": "https://github.com/park"})
    assert speaker.status_code == 201
    talk = client.post(f"{ADMIN}/meetups/{mid}/sessions", headers=org,
                       json={"subject": "Compose in production", "startTime": "19:15",
                             "endTime": "19:45", "speakerId": speaker.json()["data"]["id"]})
    assert talk.status_code == 201 and talk.json()["data"]["startTime"] == "19:15"
    client.post(f"{ADMIN}/meetups/{mid}/notes", headers=org, json={"content": "Doors 18:30"})
    archived = client.post(f"{ADMIN}/meetups/{mid}/notes", headers=org,
                           json={"content": "Old note", "active": False})
    assert archived.json()["data"]["active"] is False

    public = client.get(f"{API}/public/meetups", params={"type": "upcoming"}).json()["data"]
    assert [m["title"] for m in public["content"]] == ["Kotlin night"]
    details = client.get(f"{API}/public/meetups/{mid}/details").json()["data"]
    assert [s["fullName"] for s in details["speakers"]] == ["Park Ji-sung"]
    assert details["keynoteSessions"][0]["speakerName"] == "Park Ji-sung"
    assert [n["content"] for n in details["notes"]] == ["Doors 18:30"]
    admin_view = client.get(f"{ADMIN}/meetups/{mid}", headers=org).json()["data"]
    assert {n["content"] for n in admin_view["notes"]} == {"Doors 18:30", "Old note"}


def test_meetup_form_errors_are_translated_and_listed(client, org):
    response = client.post(f"{ADMIN}/meetups", headers={**org, "Accept-Language": "en"},
                           json=_form(title="", meetupDate="tomorrow", endTime="25:00",
                                      maxSeats="many"))
    assert response.status_code == 422
    errors = response.json()["data"]["errors"]
    assert set(errors) == {"title", "meetupDate", "endTime", "maxSeats"}
    assert errors["maxSeats"] == "Seats must be a whole number from 1 to 100000."


def test_lowering_seats_below_registered_is_refused(client, engine, org):
    meetup = _create(client, org)
    for _ in range(2):
        _register(client, _member(engine)[1], meetup["id"])
    response = client.put(f"{ADMIN}/meetups/{meetup['id']}", headers=org, json=_form(maxSeats=1))
    assert response.status_code == 422
    assert response.json()["message"] == (
        "Seats cannot be fewer than the 2 people already registered."
    )
    assert response.json()["data"]["errors"]["maxSeats"] == response.json()["message"]
    public = client.get(f"{API}/public/meetups/{meetup['id']}").json()["data"]
    assert (public["maxSeats"], public["availableSeats"]) == (3, 1)  # nothing changed

    ok = client.put(f"{ADMIN}/meetups/{meetup['id']}", headers=org, json=_form(maxSeats=2))
    assert ok.status_code == 200
    assert (ok.json()["data"]["maxSeats"], ok.json()["data"]["availableSeats"]) == (2, 0)
    more = client.put(f"{ADMIN}/meetups/{meetup['id']}", headers=org, json=_form(maxSeats=30))
    assert (more.json()["data"]["availableSeats"], more.json()["data"]["registeredCount"]) == (
        28, 2)


def test_seat_changes_race_registrations_safely(engine):
    """Members register while an organizer lowers and raises the seats: the counter always
    equals max - live registrations and never breaks the check constraint."""
    with Session(engine, expire_on_commit=False) as s:
        boss = make_member(engine, role="organizer")
        view = admin_edits.create_meetup(s, boss.id, _form(maxSeats=20))
        s.commit()
    meetup_id = view.meetup.id
    people = [make_member(engine) for _ in range(12)]
    errors: list[BaseException] = []
    start = threading.Barrier(17)

    def register(user_id):
        start.wait()
        try:
            with Session(engine) as s:
                register_for_meetup(s, user_id, meetup_id, VALID_REGISTRATION)
                s.commit()
        except BaseException as exc:  # noqa: BLE001 - full, locked: all fine here
            errors.append(exc)

    def resize(seats):
        start.wait()
        try:
            with Session(engine) as s:
                admin_edits.update_meetup(s, boss.id, meetup_id, _form(maxSeats=seats))
                s.commit()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=register, args=(p.id,)) for p in people]
    threads += [threading.Thread(target=resize, args=(n,)) for n in (4, 15, 6, 20, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with Session(engine) as s:
        meetup = s.get(Meetup, meetup_id)
        live = s.exec(
            select(func.count()).select_from(MeetupRegistration).where(
                MeetupRegistration.meetup_id == meetup_id,
                sa.column("status").in_(SEAT_HOLDING),
            )
        ).one()
        assert meetup.available_seats == meetup.max_seats - live
        assert 0 <= meetup.available_seats <= meetup.max_seats


def test_image_upload_is_public_and_checked(client, org):
    meetup = _create(client, org)
    bad = client.post(f"{ADMIN}/meetups/{meetup['id']}/image", headers=org,
                      files={"image": ("x.png", b"GIF89a....", "image/png")})
    assert bad.status_code == 422
    assert bad.json()["data"]["errors"]["image"] == (
        "Image must be a JPEG, PNG or WebP picture of at most 5 MB."
    )
    good = client.post(f"{ADMIN}/meetups/{meetup['id']}/image", headers=org,
                       files={"image": ("Team photo.png", _png(), "image/png")})
    assert good.status_code == 200
    url = good.json()["data"]["imageURL"]
    assert good.json()["data"]["imageName"] == "Team photo.png"
    served = client.get(url)
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    assert client.get(f"{API}/public/meetups/{meetup['id']}").json()["data"]["imageURL"] == url
    client.delete(f"{ADMIN}/meetups/{meetup['id']}/image", headers=org)
    assert client.get(url).status_code == 404


def test_approval_flow(client, engine, org):
    meetup = _create(client, org, requiresApproval=True, maxSeats=2)
    mid = meetup["id"]
    (a, a_headers), (b, b_headers) = _member(engine), _member(engine)
    assert _register(client, a_headers, mid)["status"] == "PENDING"
    assert _register(client, b_headers, mid)["status"] == "PENDING"
    rows = client.get(f"{ADMIN}/meetups/{mid}/registrations", headers=org).json()["data"]
    assert [r["status"] for r in rows] == ["PENDING", "PENDING"]
    assert rows[0]["expectation"] == VALID_REGISTRATION["expectation"]
    assert rows[0]["attendanceReason"] == "networking" and rows[0]["email"] == a.email

    accepted = client.post(f"{ADMIN}/meetups/{mid}/registrations/{rows[0]['id']}/accept",
                           headers=org)
    assert accepted.json()["data"]["status"] == "ACCEPTED"
    rejected = client.post(f"{ADMIN}/meetups/{mid}/registrations/{rows[1]['id']}/reject",
                           headers=org)
    assert rejected.json()["data"]["status"] == "REJECTED"
    again = client.post(f"{ADMIN}/meetups/{mid}/registrations/{rows[1]['id']}/accept",
                        headers=org)
    assert again.status_code == 409
    public = client.get(f"{API}/public/meetups/{mid}/details").json()["data"]
    assert public["availableSeats"] == 1  # the rejected seat is free again
    assert [r["id"] for r in public["registrations"]] == [a.id]
    mine = client.get(f"{API}/users/meetups", headers=b_headers).json()["data"]
    assert mine[0]["status"] == "REJECTED"


def test_check_in_with_search_and_csv(client, engine, org):
    meetup = _create(client, org, maxSeats=10)
    mid = meetup["id"]
    dilnoza, d_headers = _member(engine, first_name="Dilnoza", last_name="Karimova",
                                 phone="01022223333")
    _, s_headers = _member(engine, first_name="Sardor")
    _register(client, d_headers, mid)
    _register(client, s_headers, mid)

    found = client.get(f"{ADMIN}/meetups/{mid}/registrations", headers=org,
                       params={"search": "karim"}).json()["data"]
    assert [r["name"] for r in found] == ["Dilnoza Karimova"]
    by_email = client.get(f"{ADMIN}/meetups/{mid}/registrations", headers=org,
                          params={"search": dilnoza.email.upper()}).json()["data"]
    assert [r["id"] for r in by_email] == [found[0]["id"]]

    url = f"{ADMIN}/meetups/{mid}/registrations/{found[0]['id']}/check-in"
    _starting_now(engine, mid)  # check-in opens shortly before the start
    checked = client.post(url, headers=org)
    assert checked.status_code == 200 and checked.json()["data"]["checkedInAt"]
    assert client.post(url, headers=org).status_code == 409
    listed = client.get(f"{ADMIN}/meetups", headers=org).json()["data"]["content"][0]
    assert (listed["attendedCount"], listed["checkedInCount"]) == (1, 1)
    assert client.delete(url, headers=org).json()["data"]["checkedInAt"] is None
    assert client.post(url, headers=org).status_code == 200

    response = client.get(f"{ADMIN}/meetups/{mid}/attendees.csv", headers=org)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert "attachment" in response.headers["content-disposition"]
    assert response.content.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Name", "Email", "Phone", "Status", "Registered at", "Checked in at",
                       "Seat"]  # then a column per registration question (issue 45)
    assert rows[1][:4] == ["Dilnoza Karimova", dilnoza.email, "01022223333", "ACCEPTED"]
    assert rows[1][5] and not rows[2][5]
    assert rows[2][0] == "Sardor"


def _starting_now(engine, meetup_id: int) -> None:
    with Session(engine) as session:
        meetup = session.get(Meetup, meetup_id)
        meetup.starts_at = utcnow() + dt.timedelta(minutes=30)
        meetup.ends_at = meetup.starts_at + dt.timedelta(hours=2)
        session.add(meetup)
        session.commit()


def test_attendance_feeds_the_admin_statistics(client, engine, org):
    past = utcnow() - dt.timedelta(hours=1)  # started, not ended: the door is open
    meetup = Meetup(title="Past", starts_at=past, ends_at=past + dt.timedelta(hours=2),
                    max_seats=10, available_seats=9)
    insert(engine, meetup)
    user = make_member(engine)
    registration = MeetupRegistration(user_id=user.id, meetup_id=meetup.id,
                                      attendance_reason="learning", interested_field="ai",
                                      expectation="Learn things here")
    insert(engine, registration)
    client.post(f"{ADMIN}/meetups/{meetup.id}/registrations/{registration.id}/check-in",
                headers=org)
    stats = client.get(f"{ADMIN}/statistics", headers=org).json()["data"]
    assert (stats["pastMeetups"], stats["attendedTotal"]) == (1, 1)


def test_deleting_a_meetup(client, engine, org):
    meetup = _create(client, org)
    _register(client, _member(engine)[1], meetup["id"])
    assert client.delete(f"{ADMIN}/meetups/{meetup['id']}", headers=org).status_code == 200
    assert client.get(f"{API}/public/meetups/{meetup['id']}").status_code == 404
    assert client.delete(f"{ADMIN}/meetups/{meetup['id']}", headers=org).status_code == 404
