"""Issue 42, item 5: a member changes their password on My Page or through
POST /api/v1/users/me/password (one rule: services/password_reset.change_password). The
current password is checked like a login; every other sign-in ends while this device stays
signed in; Telegram stays linked; the member is emailed."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from community_app.models import User
from community_app.services import tokens
from community_app.services.passwords import verify_password
from tests.api.auth_helpers import outbox_messages
from tests.api.conftest import PASSWORD

URL = "/api/v1/users/me/password"
NEW = "N3w!passw0rd"


def _change(client, headers, current=PASSWORD, new=NEW, confirm=NEW, **extra):
    body = {"currentPassword": current, "newPassword": new, "confirmPassword": confirm}
    return client.post(URL, json=body, headers={**headers, **extra})


def _bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_a_new_password_ends_every_other_sign_in_and_keeps_this_one(client, make_user, engine):
    user, here = make_user(email="madina@example.com", telegram_id=777001)
    mails_before = len(outbox_messages("madina@example.com"))  # (the outbox outlives a test)
    with Session(engine) as s:  # the member is also signed in on a laptop
        laptop = tokens.start_session(s, s.get(User, user.id))
        s.commit()
    r = _change(client, here)
    assert r.status_code == 200, r.json()
    assert r.json()["message"] == ("Your password is changed. Every other device is signed out; "
                                   "this one stays signed in.")
    fresh = r.json()["data"]
    # This device goes on with the answer's tokens; every token of before is over.
    assert client.get("/api/v1/users/details", headers=_bearer(fresh["access_token"])).status_code == 200
    assert client.get("/api/v1/users/details", headers=here).status_code == 401
    assert client.get("/api/v1/users/details", headers=_bearer(laptop.access_token)).status_code == 401
    refreshed = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": laptop.refresh_token})
    assert refreshed.status_code == 401
    with Session(engine) as s:
        stored = s.get(User, user.id)
        assert verify_password(stored.password_hash, NEW)
        assert stored.telegram_id == 777001  # unlike a reset, Telegram stays linked
    (mail,) = outbox_messages("madina@example.com")[mails_before:]
    assert "password was changed" in mail["Subject"]
    # The new password signs in; the old one does not.
    login = {"email": "madina@example.com", "ipAddress": "localhost", "deviceType": "web"}
    assert client.post("/api/v1/auth/login", json={**login, "password": NEW}).status_code == 200
    assert client.post("/api/v1/auth/login", json={**login, "password": PASSWORD}).status_code == 401


@pytest.mark.parametrize(
    ("current", "new", "confirm", "errors"),
    [
        ("Wrong!pass1", NEW, NEW, {"currentPassword": "The password is not correct."}),
        (PASSWORD, "short", "short", {"newPassword": (
            "Password must be at least 8 characters and include an uppercase letter, a "
            "lowercase letter, a number and a special character")}),
        (PASSWORD, NEW, NEW + "x", {"confirmPassword": "Passwords do not match"}),
        (PASSWORD, PASSWORD, PASSWORD, {"newPassword": "The new password must differ from the current one."}),
    ],
)
def test_what_is_wrong_is_said_on_its_field(client, make_user, engine, current, new, confirm, errors):
    user, headers = make_user()
    r = _change(client, headers, current, new, confirm)
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == errors
    assert client.get("/api/v1/users/details", headers=headers).status_code == 200  # nothing ended
    with Session(engine) as s:
        assert verify_password(s.get(User, user.id).password_hash, PASSWORD)


def test_errors_are_in_the_members_language(client, make_user):
    _, headers = make_user()
    r = _change(client, headers, current="Wrong!pass1", **{"Accept-Language": "uz"})
    assert r.json()["data"]["errors"]["currentPassword"] != "The password is not correct."


def test_guessing_the_current_password_is_limited_like_a_login(client, make_user):
    """10 wrong guesses a minute per account (the login's limit, the same counter): then
    even the right password is not looked at."""
    _, headers = make_user()
    for _ in range(10):
        assert _change(client, headers, current="Wrong!pass1").status_code == 422
    assert _change(client, headers).status_code == 429


def test_an_account_without_a_password_sets_one_by_the_reset_link(client, make_user):
    _, headers = make_user(password_hash=None, google_sub="google-123")
    r = _change(client, headers, current="")
    assert r.status_code == 400
    assert "Forgot password?" in r.json()["message"]


def test_signed_out_callers_are_refused(client):
    assert client.post(URL, json={"currentPassword": PASSWORD, "newPassword": NEW}).status_code == 401
