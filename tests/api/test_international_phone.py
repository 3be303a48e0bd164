"""Issue 42, item 2: a newcomer abroad signs up with their own number. The site and the
REST API take a Korean mobile (010..., SPEC) or a number from abroad with its country code
(E.164), stored normalised; the KO'DJ client's 010 form works as before."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from community_app.models import User
from community_app.services import profile
from community_app.services.errors import InvalidMany
from tests.api.auth_helpers import latest_link_token
from tests.api.conftest import PASSWORD

ABROAD = ("Please enter a valid phone number (01012345678), or one from abroad with + and "
          "the country code (+998901234567)")


def _sign_up(client, email: str, phone: str, **headers):
    return client.post("/api/v1/auth/register", headers=headers, json={
        "email": email, "phone": phone, "password": PASSWORD, "confirmPassword": PASSWORD,
        "firstName": "Dilnoza"})


def _confirmed_details(client, email: str) -> dict:
    token = latest_link_token(email, "signup/confirm")
    tokens = client.post("/api/v1/auth/register/confirm", json={"token": token}).json()["data"]
    r = client.get("/api/v1/users/details",
                   headers={"Authorization": f"Bearer {tokens['access_token']}"})
    assert r.status_code == 200, r.json()
    return r.json()["data"]


def test_a_newcomer_in_tashkent_signs_up_with_an_uzbek_number_stored_as_e164(client):
    r = _sign_up(client, "dilnoza@example.com", "+998 90 123-45-67")
    assert r.status_code == 202, r.json()
    assert _confirmed_details(client, "dilnoza@example.com")["phone"] == "+998901234567"


def test_a_korean_number_typed_with_the_country_code_is_stored_as_010(client):
    assert _sign_up(client, "minji@example.com", "+82 10 1234 5678").status_code == 202
    assert _confirmed_details(client, "minji@example.com")["phone"] == "01012345678"


def test_a_number_without_its_country_code_is_refused_in_the_members_language(client):
    r = _sign_up(client, "aziz@example.com", "90 123 45 67")
    assert r.status_code == 422
    assert r.json()["data"]["errors"]["phone"] == ABROAD
    r = _sign_up(client, "aziz@example.com", "90 123 45 67", **{"Accept-Language": "uz"})
    assert "+998901234567" in r.json()["data"]["errors"]["phone"]
    assert r.json()["data"]["errors"]["phone"].startswith("Iltimos")


def test_a_korean_number_typed_wrong_keeps_the_spec_text(client):
    r = _sign_up(client, "aziz@example.com", "010-1234-567")
    assert r.json()["data"]["errors"]["phone"] == "Please enter a valid phone number (01012345678)"


def test_one_number_typed_both_ways_is_one_number(client, make_user, engine):
    """users.phone is unique: the +82 form of a member's 010 number is theirs, not free.
    (A sign-up with a taken phone is made without it: decisions.md.)"""
    owner, _ = make_user(phone="01012345678")
    assert _sign_up(client, "second@example.com", "+82 10-1234-5678").status_code == 202
    assert _confirmed_details(client, "second@example.com")["phone"] is None
    other, _ = make_user()
    with Session(engine) as s, pytest.raises(InvalidMany) as err:
        profile.update_profile(s, other.id, first_name="Bek", last_name="", phone="+82 10 1234 5678")
    assert err.value.errors == {"phone": profile.PHONE_TAKEN}


def test_my_page_keeps_a_number_from_abroad(make_user, engine):
    member, _ = make_user()
    with Session(engine) as s:
        profile.update_profile(s, member.id, first_name="Lola", last_name="", phone="00998 90 765 43 21")
        s.commit()
        assert s.exec(select(User.phone).where(User.id == member.id)).one() == "+998907654321"
