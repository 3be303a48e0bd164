"""Names as consented (issue 39): the registration form's box reads "...to my first name
showing on the attendee list", so the public event details carry the first name or the name
the member chose on My Page (PATCH /users/details ``attendeeName``), never a last name or a
username; a photo only while the member's public page is on."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session

from community_app.models import User
from community_app.services import members, seo
from tests.api.factories import make_meetup, make_member, make_registration

DETAILS = "/api/v1/users/details"
TOO_LONG = "The name for attendee lists can be at most 50 characters."
NO_LINKS = "The name for attendee lists cannot contain a web address or an email address."


def _details(client, meetup_id: int, lang: str = "en") -> dict:
    r = client.get(f"/api/v1/public/meetups/{meetup_id}/details",
                   headers={"Accept-Language": lang})
    assert r.status_code == 200, r.text
    return r.json()["data"]


def _public_people(d: dict) -> str:
    """Everything the answer says about the registered members, as text."""
    return json.dumps([d["registrations"], d["meetupRegistrations"]], ensure_ascii=False)


def test_the_public_details_carry_the_consented_name_never_the_last_name(client, engine):
    meetup = make_meetup(engine)
    aziz = make_member(engine, username="azizk", first_name="Aziz", last_name="Karimov",
                       image_url="/uploaded_files/public/avatars/aziz.webp")
    # A client that sends one "name" field stores the whole name as the first name.
    dilnoza = make_member(engine, username="dilnozay", first_name="Dilnoza Yusupova")
    chosen = make_member(engine, username="jasurt", first_name="Jasur", last_name="Toshev",
                         attendee_name="Jasur from Busan")
    nameless = make_member(engine, username="bekzodq", first_name="", last_name="Qodirov")
    waiting = make_member(engine, username="malikan", first_name="Malika", last_name="Nazarova")
    for member in (aziz, dilnoza, chosen, nameless):
        make_registration(engine, member, meetup)
    make_registration(engine, waiting, meetup, status="PENDING")

    d = _details(client, meetup.id)
    assert [(r["id"], r["name"], r["firstName"]) for r in d["registrations"]] == [
        (aziz.id, "Aziz", "Aziz"), (dilnoza.id, "Dilnoza", "Dilnoza"),
        (chosen.id, "Jasur from Busan", "Jasur from Busan"), (nameless.id, "Member", "Member"),
    ]
    assert [(r["id"], r["firstName"], r["status"]) for r in d["meetupRegistrations"]] == [
        (aziz.id, "Aziz", "ACCEPTED"), (dilnoza.id, "Dilnoza", "ACCEPTED"),
        (chosen.id, "Jasur from Busan", "ACCEPTED"), (nameless.id, "Member", "ACCEPTED"),
        (waiting.id, "Malika", "PENDING"),
    ]
    people = _public_people(d)
    for secret in ("Karimov", "Yusupova", "Toshev", "Qodirov", "Nazarova",
                   "azizk", "dilnozay", "jasurt", "bekzodq", "malikan", "aziz.webp"):
        assert secret not in people, secret
    # No photo and no page while the public page is off.
    assert {r["imageURL"] for r in d["registrations"]} == {None}
    assert {r["avatarURL"] for r in d["meetupRegistrations"]} == {None}
    assert {r["page"] for r in d["registrations"]} == {""}
    # "Member" in the reader's language.
    uz = _details(client, meetup.id, "uz")
    assert uz["registrations"][3]["name"] == uz["meetupRegistrations"][3]["firstName"] == "A’zo"


def test_a_public_page_adds_the_photo_and_the_link_not_the_last_name(client, engine):
    meetup = make_meetup(engine)
    aziz = make_member(engine, username="azizp", first_name="Aziz", last_name="Karimov",
                       image_url="/uploaded_files/public/avatars/aziz.webp")
    make_registration(engine, aziz, meetup)
    with Session(engine) as s:
        members.set_public_profile(s, aziz.id, True)
        s.commit()
    d = _details(client, meetup.id)
    assert d["registrations"] == [{
        "id": aziz.id, "name": "Aziz", "firstName": "Aziz",
        "imageURL": "/uploaded_files/public/avatars/aziz.webp", "page": "/members/azizp",
    }]
    assert d["meetupRegistrations"][0]["avatarURL"] == "/uploaded_files/public/avatars/aziz.webp"
    assert "Karimov" not in _public_people(d)


def test_a_member_chooses_the_name_on_attendee_lists(client, engine, make_user):
    meetup = make_meetup(engine)
    user, headers = make_user(first_name="Aziz", last_name="Karimov")
    make_registration(engine, user, meetup)
    assert _details(client, meetup.id)["registrations"][0]["name"] == "Aziz"
    assert client.get(DETAILS, headers=headers).json()["data"]["attendeeName"] is None

    r = client.patch(DETAILS, headers=headers, json={"attendeeName": "  Aziz   K. "})
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Your changes are saved."
    assert r.json()["data"]["attendeeName"] == "Aziz K."
    assert r.json()["data"]["publicProfile"] is False  # left out: unchanged
    with Session(engine) as s:
        assert s.get(User, user.id).attendee_name == "Aziz K."
    d = _details(client, meetup.id)
    assert d["registrations"][0]["name"] == d["meetupRegistrations"][0]["firstName"] == "Aziz K."

    # The old body still works and leaves the chosen name alone.
    r = client.patch(DETAILS, headers=headers, json={"publicProfile": True})
    assert r.status_code == 200 and r.json()["data"]["attendeeName"] == "Aziz K."
    assert r.json()["message"] == "Your public profile page is on."

    # Empty (or null): back to the first name only.
    r = client.patch(DETAILS, headers=headers, json={"attendeeName": ""})
    assert r.status_code == 200 and r.json()["data"]["attendeeName"] is None
    assert _details(client, meetup.id)["registrations"][0]["name"] == "Aziz"
    client.patch(DETAILS, headers=headers, json={"attendeeName": "Az"})
    r = client.patch(DETAILS, headers=headers, json={"attendeeName": None})
    assert r.status_code == 200 and r.json()["data"]["attendeeName"] is None


@pytest.mark.parametrize(("value", "message"), [
    ("A" * 51, TOO_LONG),
    ("Aziz https://spam.example", NO_LINKS),
    ("aziz@example.com", NO_LINKS),
    ("Aziz (uzdev.kr)", NO_LINKS),
    ("t.me/aziz", NO_LINKS),
    ("www.aziz", NO_LINKS),
])
def test_the_chosen_name_is_checked_with_a_clear_message(client, engine, make_user,
                                                         value, message):
    user, headers = make_user(first_name="Aziz")
    r = client.patch(DETAILS, headers=headers, json={"attendeeName": value})
    assert r.status_code == 422, r.text
    assert r.json()["message"] == message
    assert r.json()["data"]["errors"] == {"attendeeName": message}
    with Session(engine) as s:
        assert s.get(User, user.id).attendee_name is None


def test_the_message_is_in_the_readers_language_and_nothing_breaks(client, make_user):
    _, headers = make_user()
    r = client.patch(DETAILS, headers={**headers, "Accept-Language": "uz"},
                     json={"attendeeName": "x" * 80})
    assert r.status_code == 422
    assert r.json()["message"] == ("Ishtirokchilar ro‘yxati uchun ism ko‘pi bilan 50 ta "
                                   "belgi bo‘lishi mumkin.")
    for body in ({"attendeeName": 5}, {"attendeeName": ["Aziz"]}, {}):
        assert client.patch(DETAILS, headers=headers, json=body).status_code == 422, body
    # Control characters are dropped, never stored (PostgreSQL refuses a NUL).
    r = client.patch(DETAILS, headers=headers, json={"attendeeName": "Ali\u0000 Vali\u0007"})
    assert r.status_code == 200 and r.json()["data"]["attendeeName"] == "Ali Vali"
    r = client.patch(DETAILS, headers={**headers, "Content-Type": "application/json"},
                     content=b'{"attendeeName": "Ali\\ud800"}')  # a lone surrogate
    assert r.status_code == 200 and r.json()["data"]["attendeeName"] == "Ali"
    assert client.patch(DETAILS, json={"attendeeName": "Ali"}).status_code == 401


def test_a_meetups_share_picture_names_no_attendee(client, engine):
    """Share pictures draw the meetup's title, date and place only: no attendee's name."""
    meetup = make_meetup(engine, title="Kotlin night")
    aziz = make_member(engine, username="azizs", first_name="Aziz", last_name="Karimov",
                       attendee_name="Aziz from Busan")
    make_registration(engine, aziz, meetup)
    with Session(engine) as s:
        cards = [seo.share_card(s, "meetup", str(meetup.id), lang) for lang in ("en", "uz")]
    for card in cards:
        assert card is not None and card.title == "Kotlin night"
        for name in ("Aziz", "Karimov", "azizs"):
            assert name not in repr(card), name
