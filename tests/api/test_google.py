"""Google sign-in and sign-up, verified with google-auth against a local stand-in."""

from __future__ import annotations

import uuid

import pytest
from sqlmodel import Session, select

from community_app.models import User
from tests.api.auth_helpers import CLIENT_ID, outbox_messages

PLAIN = {"Content-Type": "text/plain"}


def _sign_in(client, token):
    return client.post("/api/v1/auth/google/sign-in", content=token, headers=PLAIN)


def _sign_up(client, token, **fields):
    return client.post("/api/v1/auth/google/sign-up", json={"credential": token, **fields})


def test_sign_up_with_username_and_phone_then_sign_in(client, google, engine):
    r = _sign_up(client, google.token(), username="Aziz", phone="01011112222")
    assert r.status_code == 201, r.json()
    assert r.json()["message"] == "Registration complete."
    assert {"access_token", "refresh_token"} <= set(r.json()["data"])
    with Session(engine) as s:
        user = s.exec(select(User)).one()
        assert (user.google_sub, user.username, user.phone, user.email) == (
            "google-sub-1", "Aziz", "01011112222", "aziz@gmail.com")
        assert user.password_hash is None
    r = _sign_in(client, google.token())
    assert r.status_code == 200
    me = client.get("/api/v1/users/details", headers={"Authorization": f"Bearer {r.json()['data']['access_token']}"})
    assert me.json()["data"]["email"] == "aziz@gmail.com"


def test_sign_up_with_the_credential_alone_as_text(client, google):
    r = client.post("/api/v1/auth/google/sign-up", content=google.token(), headers=PLAIN)
    assert r.status_code == 201
    me = client.get("/api/v1/users/details", headers={"Authorization": f"Bearer {r.json()['data']['access_token']}"})
    assert me.json()["data"]["username"] == "azizkarimov"


def test_sign_in_without_an_account(client, google):
    r = _sign_in(client, google.token())
    assert r.status_code == 401
    assert r.json()["message"] == "No account found for this Google account. Please sign up first."


@pytest.mark.parametrize(
    "claims",
    [
        {"aud": "someone-else.apps.googleusercontent.com"},
        {"iss": "https://evil.example.com"},
        {"expires_in": -120},
        {"rogue": True},  # signed by a key Google does not publish
    ],
)
def test_tokens_failing_a_check_are_refused(client, google, claims):
    _sign_up(client, google.token(), username="Aziz")
    r = _sign_in(client, google.token(**claims))
    assert (r.status_code, r.json()["message"]) == (401, "Google login failed. Please try again.")


def test_empty_credential(client, google):
    r = _sign_in(client, "")
    assert r.status_code == 401
    assert r.json()["message"] == "No credential received from Google. Google authentication failed. Please try again."
    r = client.post("/api/v1/auth/google/sign-up", json={"username": "Aziz"})
    assert r.status_code == 401


def test_completion_rules(client, google):
    r = _sign_up(client, google.token(), username="aziz99", phone="123")
    assert r.status_code == 422
    body = r.json()
    assert body["message"] == "Invalid information."
    assert body["data"]["errors"] == {
        "username": "Username must contain letters only",
        # Not a Korean number: the text also says how to type one from abroad (issue 42).
        "phone": "Please enter a valid phone number (01012345678), or one from abroad with + "
                 "and the country code (+998901234567)",
    }


def test_a_taken_username_is_a_conflict_but_a_taken_phone_tells_nobody(client, google, make_user, engine):
    """Usernames are public handles: a taken one is refused. Whether a phone is registered
    is private: a taken one answers like a free one (the account is made without it) and
    no email says why, as the email sign-up does."""
    make_user(username="Aziz", phone="01011112222")
    r = _sign_up(client, google.token(), username="Aziz", phone="01033334444")
    assert (r.status_code, r.json()["message"]) == (409, "Username already exists. Please choose another one.")
    bobur, dilya = (f"{name}-{uuid.uuid4().hex[:8]}@gmail.com" for name in ("bobur", "dilya"))  # outbox is shared
    taken = _sign_up(client, google.token(sub="sub-taken", email=bobur), username="Bobur",
                     phone="01011112222")
    free = _sign_up(client, google.token(sub="sub-free", email=dilya), username="Dilya",
                    phone="01055556666")
    assert (taken.status_code, taken.json()["message"]) == (free.status_code, free.json()["message"]) == (
        201, "Registration complete.")
    assert set(taken.json()["data"]) == set(free.json()["data"])
    with Session(engine) as s:
        phones = dict(s.exec(select(User.username, User.phone).where(User.username.in_(["Bobur", "Dilya"]))).all())
    assert phones == {"Bobur": None, "Dilya": "01055556666"}
    assert outbox_messages(bobur) == outbox_messages(dilya) == []


def test_an_email_google_has_not_verified_is_refused_whether_known_or_not(client, google, make_user, engine):
    make_user(email="aziz@gmail.com")
    known = _sign_up(client, google.token(email_verified=False), username="Aziz")
    unknown = _sign_up(client, google.token(sub="sub-2", email="nobody@gmail.com", email_verified=False),
                       username="Nobody")
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert known.status_code == 401
    with Session(engine) as s:
        assert s.exec(select(User).where(User.email == "nobody@gmail.com")).first() is None


def test_existing_email_account_is_linked_only_when_google_verified_it(client, google, make_user, engine):
    make_user(email="aziz@gmail.com", phone="01077778888")
    r = _sign_in(client, google.token(email_verified=False))
    assert r.status_code == 401
    r = _sign_up(client, google.token(email_verified=False), username="Aziz")
    assert r.status_code == 401
    r = _sign_in(client, google.token(email_verified=True))
    assert r.status_code == 200
    with Session(engine) as s:
        users = s.exec(select(User)).all()
        assert len(users) == 1 and users[0].google_sub == "google-sub-1"
        assert users[0].phone == "01077778888"  # a proven account keeps what it has


def test_an_unconfirmed_sign_up_of_the_address_is_not_linked_but_replaced(client, google, make_user,
                                                                          engine):
    """Someone signed up with the Google member's address first (never confirmed): Google
    proves the address, so the account becomes the Google member's, and nothing the
    squatter typed stays (handle, phone, names, password, consents, Telegram)."""
    from community_app.services import privacy

    squatter, _ = make_user(email="aziz@gmail.com", username="squatter", phone="01099990000",
                         first_name="Mallory", verified_at=None, telegram_id=66600)
    with Session(engine) as s:
        privacy.give_consent(s, squatter.id, "news_emails")
        s.commit()
    assert _sign_in(client, google.token()).status_code == 401  # complete the sign-up first
    done = _sign_up(client, google.token(), username="Aziz")
    assert done.status_code == 201
    with Session(engine) as s:
        user = s.exec(select(User).where(User.email == "aziz@gmail.com")).one()
        assert (user.username, user.phone, user.password_hash, user.telegram_id) == (
            "Aziz", None, None, None)
        assert user.first_name != "Mallory" and user.verified_at is not None
        assert {c.kind for c in privacy.list_consents(s, user.id)} == {"terms", "privacy"}


def test_registering_the_same_google_account_twice(client, google):
    assert _sign_up(client, google.token(), username="Aziz").status_code == 201
    r = _sign_up(client, google.token(), username="Bobur")
    assert (r.status_code, r.json()["message"]) == (409, "This Google account is already registered. Please log in.")


def test_google_is_refused_when_no_client_id_is_configured(client):
    r = _sign_in(client, "eyJ.fake.token")
    assert r.status_code == 401


def test_client_id_matches(google):
    assert CLIENT_ID.endswith(".apps.googleusercontent.com")


def test_the_credential_as_a_json_string_and_the_documented_body(client, google):
    r = client.post("/api/v1/auth/google/sign-up", json=google.token())
    assert r.status_code == 201
    assert _sign_in(client, google.token()).status_code == 200
    doc = client.get("/api/v1/openapi.json").json()
    for path in ("/api/v1/auth/google/sign-in", "/api/v1/auth/google/sign-up"):
        schema = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert schema["$ref"].endswith("/GoogleCredential")
