"""GET /public/meetups, /public/meetups/{id} and /public/meetups/{id}/details."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session

from community_app.models import Meetup
from tests.api.factories import (
    make_meetup,
    make_member,
    make_note,
    make_registration,
    make_review,
    make_session,
    make_speaker,
)

URL = "/api/v1/public/meetups"
KST = dt.timezone(dt.timedelta(hours=9))
PAGE_KEYS = {
    "content",
    "totalElements",
    "totalPages",
    "size",
    "number",
    "first",
    "last",
    "empty",
    "numberOfElements",
}
ITEM_KEYS = {
    "id",
    "title",
    "description",
    "meetupDate",
    "startTime",
    "endTime",
    "startsAt",
    "endsAt",
    "location",
    "maxSeats",
    "availableSeats",
    "registeredCount",
    "imageURL",
    "coverURL",
    "imageName",
    "parking",
    "provided",
    "requiresApproval",
    "organizerId",
    "isPast",
    "onlineMaxSeats",  # issue 45: online seats, each kind its seats left
    "onlineAvailableSeats",
    "applicationsHoldSeats",
}


def _ids(response) -> list[int]:
    return [m["id"] for m in response.json()["data"]["content"]]


@pytest.fixture
def schedule(engine):
    """Two past and three upcoming meetups, created out of order."""
    return {
        "soon": make_meetup(engine, in_days=2),
        "long_ago": make_meetup(engine, in_days=-60),
        "later": make_meetup(engine, in_days=30),
        "recent": make_meetup(engine, in_days=-3),
        "next_week": make_meetup(engine, in_days=7),
    }


def test_upcoming_meetups_come_soonest_first(client, schedule):
    r = client.get(URL, params={"type": "upcoming"})
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == 200 and body["message"] == "OK"
    assert set(body["data"]) == PAGE_KEYS
    assert _ids(r) == [schedule["soon"].id, schedule["next_week"].id, schedule["later"].id]
    assert all(not m["isPast"] for m in body["data"]["content"])


def test_past_meetups_come_newest_first(client, schedule):
    r = client.get(URL, params={"type": "past"})
    assert _ids(r) == [schedule["recent"].id, schedule["long_ago"].id]
    assert all(m["isPast"] for m in r.json()["data"]["content"])


def test_without_type_every_meetup_comes_newest_first(client, schedule):
    r = client.get(URL)
    expected = [schedule[k].id for k in ("later", "next_week", "soon", "recent", "long_ago")]
    assert _ids(r) == expected


def test_type_is_case_insensitive_and_blank_means_all(client, schedule):
    assert len(_ids(client.get(URL, params={"type": "UPCOMING"}))) == 3
    assert len(_ids(client.get(URL, params={"type": ""}))) == 5


def test_paging_is_spring_style_with_default_size_10(client, engine):
    for day in range(1, 13):
        make_meetup(engine, in_days=day)
    first = client.get(URL, params={"type": "upcoming"}).json()["data"]
    assert (first["size"], first["number"], first["totalElements"], first["totalPages"]) == (
        10,
        0,
        12,
        2,
    )
    assert first["first"] is True and first["last"] is False and first["numberOfElements"] == 10
    second = client.get(URL, params={"type": "upcoming", "page": 1}).json()["data"]
    assert second["numberOfElements"] == 2 and second["last"] is True and second["first"] is False
    beyond = client.get(URL, params={"type": "upcoming", "page": 5, "size": 3}).json()["data"]
    assert beyond["empty"] is True and beyond["content"] == [] and beyond["totalElements"] == 12


def test_an_empty_list_is_an_empty_page(client):
    data = client.get(URL).json()["data"]
    assert data["content"] == [] and data["empty"] is True and data["totalPages"] == 0


def test_item_shape_korea_times_and_seat_counts(client, engine):
    starts = dt.datetime(2031, 3, 14, 10, 0, tzinfo=dt.UTC)  # 19:00 in Seoul
    meetup = make_meetup(
        engine,
        starts_at=starts,
        ends_at=starts + dt.timedelta(hours=2, minutes=30),
        title="Go in production",
        max_seats=40,
        available_seats=15,
        parking=True,
        provided="Pizza",
        image_url="/img/go.png",
        image_name="go.png",
    )
    item = client.get(f"{URL}/{meetup.id}").json()["data"]
    assert set(item) == ITEM_KEYS
    assert item["meetupDate"] == "2031-03-14"
    # ISO 8601 in Korea time: the KO'DJ client parses them with new Date(...)
    assert (item["startTime"], item["endTime"]) == (
        "2031-03-14T19:00:00+09:00",
        "2031-03-14T21:30:00+09:00",
    )
    assert item["startsAt"] == "2031-03-14T10:00:00Z" and item["endsAt"] == "2031-03-14T12:30:00Z"
    assert (item["maxSeats"], item["availableSeats"], item["registeredCount"]) == (40, 15, 25)
    assert item["parking"] is True and item["provided"] == "Pizza"
    assert item["imageURL"] == "/img/go.png" and item["imageName"] == "go.png"
    assert item["requiresApproval"] is False and item["organizerId"] is None


def test_korea_date_can_differ_from_the_utc_date(client, engine):
    starts = dt.datetime(2031, 3, 14, 16, 30, tzinfo=dt.UTC)  # already the 15th in Seoul
    meetup = make_meetup(engine, starts_at=starts)
    item = client.get(f"{URL}/{meetup.id}").json()["data"]
    assert (item["meetupDate"], item["startTime"]) == ("2031-03-15", "2031-03-15T01:30:00+09:00")


def test_missing_values_get_the_spec_defaults(client, engine):
    meetup = make_meetup(engine, title="", description="", location="")
    item = client.get(f"{URL}/{meetup.id}").json()["data"]
    assert item["title"] == "Untitled Event"
    assert item["description"] == "No description available"
    assert item["location"] == "Location TBD"
    fresh = make_meetup(engine, max_seats=50)
    assert client.get(f"{URL}/{fresh.id}").json()["data"]["maxSeats"] == 50


def test_an_invalid_type_is_refused(client):
    r = client.get(URL, params={"type": "someday"})
    assert r.status_code == 422
    assert r.json()["message"] == "Event type must be upcoming or past."
    assert r.json()["data"]["errors"] == {"type": "Event type must be upcoming or past."}


@pytest.mark.parametrize(
    ("params", "errors"),
    [
        ({"page": -1}, {"page": "Page must be 0 or greater."}),
        ({"size": 0}, {"size": "Page size must be between 1 and 100."}),
        ({"size": 101}, {"size": "Page size must be between 1 and 100."}),
        (
            {"page": -2, "size": 1000},
            {"page": "Page must be 0 or greater.", "size": "Page size must be between 1 and 100."},
        ),
    ],
)
def test_page_and_size_are_checked(client, params, errors):
    r = client.get(URL, params=params)
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == errors


@pytest.mark.parametrize("params", [{"page": "abc"}, {"size": "1.5"}, {"page": "1e3"}])
def test_malformed_numbers_answer_422_in_the_envelope(client, params):
    r = client.get(URL, params=params)
    assert r.status_code == 422
    assert r.json()["status"] == 422 and "errors" in r.json()["data"]


def test_a_page_past_the_end_is_empty_and_a_huge_one_is_refused(client, engine):
    make_meetup(engine)
    r = client.get(URL, params={"page": 10_000_000, "size": 100})
    assert r.status_code == 200
    assert r.json()["data"]["content"] == []
    # Past the bound every paged route keeps (issue 39: a huge page overflowed a statement).
    for page in (10_000_001, 10**30):
        r = client.get(URL, params={"page": page, "size": 100})
        assert r.status_code == 422
        assert r.json()["data"]["errors"] == {"page": "Page must be 10000000 or less."}


@pytest.mark.parametrize("suffix", ["", "/details"])
@pytest.mark.parametrize("meetup_id", ["999", "0", "-5", str(10**30)])
def test_unknown_meetup_answers_404(client, meetup_id, suffix):
    r = client.get(f"{URL}/{meetup_id}{suffix}")
    assert r.status_code == 404
    assert r.json() == {"data": None, "message": "Event not found.", "status": 404}


def test_a_non_numeric_id_answers_422(client):
    assert client.get(f"{URL}/abc").status_code == 422


def test_details_list_speakers_sessions_attendees_notes_and_reviews(client, engine):
    meetup = make_meetup(
        engine, max_seats=10, starts_at=dt.datetime(2031, 5, 1, 10, 0, tzinfo=dt.UTC)
    )
    kim = make_speaker(
        engine,
        meetup,
        "Kim Ji-hoon",
        job_position="Engineer",
        company="Naver",
        bio="Search",
        profile_url="https://example.com/kim",
    )
    aziz = make_speaker(engine, meetup, "Aziz Karimov", company="Kakao")
    make_session(engine, meetup, aziz, "Second talk", offset_min=45)
    make_session(engine, meetup, kim, "First talk", offset_min=0)
    make_session(engine, meetup, None, "Panel", offset_min=90)
    alice = make_member(
        engine, username="alice", first_name="Alice", image_url="/a.png", phone="01011112222"
    )
    bob = make_member(engine, username="bob", first_name="Bob")
    carol = make_member(engine, username="carol")
    dave = make_member(engine, username="dave")
    make_registration(engine, alice, meetup)
    make_registration(engine, bob, meetup)
    make_registration(engine, carol, meetup, status="PENDING")
    make_registration(engine, dave, meetup, status="CANCELLED")
    make_note(engine, meetup, "Bring your ID")
    make_note(engine, meetup, "Old note", active=False)
    make_review(engine, meetup, "Dilnoza", rating=4, content="Useful")

    r = client.get(f"{URL}/{meetup.id}/details")
    assert r.status_code == 200
    d = r.json()["data"]
    # The meetup's fields at the top level (the KO'DJ client) and nested (ours).
    assert set(d) == ITEM_KEYS | {
        "meetup",
        "speakers",
        "keynoteSessions",
        "registrationsCount",
        "registrations",
        "meetupRegistrations",
        "notes",
        "reviews",
    }
    assert d["meetup"]["id"] == meetup.id == d["id"]
    assert {k: d[k] for k in ITEM_KEYS} == d["meetup"]
    assert d["meetup"]["registeredCount"] == 3  # two accepted and one pending hold seats
    assert d["availableSeats"] == 7
    assert d["speakers"][0] == {
        "id": kim.id,
        "fullName": "Kim Ji-hoon",
        "jobPosition": "Engineer",
        "company": "Naver",
        "bio": "Search",
        "imageURL": None,
        "profileURL": "https://example.com/kim",
        "firstName": "Kim",
        "lastName": "Ji-hoon",
        "position": "Engineer",
        "organization": "Naver",
        "linkedinUrl": "https://example.com/kim",
        "topic": "First talk",
    }
    assert [s["subject"] for s in d["keynoteSessions"]] == ["First talk", "Second talk", "Panel"]
    first = d["keynoteSessions"][0]
    assert (first["startTime"], first["endTime"]) == (
        "2031-05-01T19:00:00+09:00",
        "2031-05-01T19:30:00+09:00",
    )
    assert (first["speakerId"], first["speakerName"]) == (kim.id, "Kim Ji-hoon")
    assert first["speaker"] == d["speakers"][0]
    assert d["keynoteSessions"][2]["speakerName"] is None
    assert d["keynoteSessions"][2]["speaker"] is None
    assert d["registrationsCount"] == 2
    # The name each agreed to show, no photo or page while their public page is off.
    assert d["registrations"] == [
        {"id": alice.id, "name": "Alice", "firstName": "Alice", "imageURL": None, "page": ""},
        {"id": bob.id, "name": "Bob", "firstName": "Bob", "imageURL": None, "page": ""},
    ]
    assert "@" not in r.text.replace("@example.com/kim", "") and "01011112222" not in r.text
    assert [n["content"] for n in d["notes"]] == ["Bring your ID"]
    # Public registrations: the member's id, first name, avatar and status; no answers.
    # Accepted, then pending (the KO'DJ client's "already registered" matches any status).
    assert d["meetupRegistrations"][:2] == [
        {"id": alice.id, "firstName": "Alice", "avatarURL": None, "status": "ACCEPTED"},
        {"id": bob.id, "firstName": "Bob", "avatarURL": None, "status": "ACCEPTED"},
    ]
    assert [(r["id"], r["status"]) for r in d["meetupRegistrations"][2:]] == [
        (carol.id, "PENDING")
    ]
    assert "expectation" not in r.text and "attendanceReason" not in r.text
    assert d["notes"][0] == {
        "id": d["notes"][0]["id"],
        "content": "Bring your ID",
        "createdAt": d["notes"][0]["createdAt"],
        "title": "Bring your ID",
        "description": "Bring your ID",
        "status": "ACTIVE",
    }
    assert d["reviews"] == [
        {
            "id": d["reviews"][0]["id"],
            "authorName": "Dilnoza",
            "rating": 4,
            "content": "Useful",
            "createdAt": d["reviews"][0]["createdAt"],
            "username": "Dilnoza",
            "description": "Useful",
            "avatarURL": None,
            "media": [],
        }
    ]


def test_details_of_a_bare_meetup_have_empty_lists(client, engine):
    meetup = make_meetup(engine)
    d = client.get(f"{URL}/{meetup.id}/details").json()["data"]
    assert (
        d["speakers"]
        == d["keynoteSessions"]
        == d["registrations"]
        == d["notes"]
        == d["reviews"]
        == []
    )
    assert d["registrationsCount"] == 0 and d["availableSeats"] == 50


def test_public_meetup_endpoints_need_no_token_and_ignore_a_bad_one(client, engine):
    meetup = make_meetup(engine)
    r = client.get(f"{URL}/{meetup.id}", headers={"Authorization": "Bearer nonsense"})
    assert r.status_code == 200


def test_seats_read_back_from_the_database(client, engine):
    meetup = make_meetup(engine, max_seats=5)
    with Session(engine) as s:
        row = s.get(Meetup, meetup.id)
        row.available_seats = 2
        s.add(row)
        s.commit()
    item = client.get(f"{URL}/{meetup.id}").json()["data"]
    assert (item["availableSeats"], item["registeredCount"]) == (2, 3)
