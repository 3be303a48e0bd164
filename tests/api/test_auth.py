"""Sign-up, password + emailed code, tokens, refresh rotation (SPEC sections 4, 5, 8)."""

from __future__ import annotations

import datetime as dt
import logging

import jwt
import pytest
import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.models import LoginCode, User
from community_app.services import tokens
from community_app.core.settings import get_settings
from tests.api.auth_helpers import latest_code, latest_link_token, outbox_messages
from tests.api.conftest import PASSWORD

SIGNUP = {
    "email": "Nodira@Example.com",
    "phone": "01012345678",
    "password": PASSWORD,
    "confirmPassword": PASSWORD,
}


def _signup(client, **overrides):
    return client.post("/api/v1/auth/register", json={**SIGNUP, **overrides})


def _login(client, email="nodira@example.com", password=PASSWORD, **headers):
    return client.post(
        "/api/v1/auth/login",
        json={"email": email, "password": password, "ipAddress": "localhost", "deviceType": "web"},
        headers=headers,
    )


def _tokens(client, email="nodira@example.com"):
    assert _login(client, email).status_code == 200
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": email, "otp": latest_code(email)})
    assert r.status_code == 200, r.json()
    return r.json()["data"]


# --- sign-up ----------------------------------------------------------------------------


def _confirm(client, email="nodira@example.com"):
    """Open the newest sign-up link emailed to ``email``: the answer (tokens)."""
    token = latest_link_token(email, "signup/confirm")
    return client.post("/api/v1/auth/register/confirm", json={"token": token})


def test_sign_up_asks_to_check_the_email_whose_link_signs_in(client, engine, caplog):
    caplog.set_level(logging.DEBUG)
    r = _signup(client)
    assert r.status_code == 202
    body = r.json()
    assert body["message"] == (
        "Check your email: we sent a message to nodira@example.com. Open the link in it to "
        "finish signing up.")
    assert "created" not in body["message"].lower()
    assert body["data"] == {"email": "nodira@example.com", "username": "nodira",
                            "confirmationRequired": True, "linkExpiresIn": 24 * 3600}
    with Session(engine) as s:
        user = s.exec(select(User)).one()
        assert user.password_hash.startswith("$argon2id$")
        assert user.verified_at is None  # waiting for the link
    assert PASSWORD not in caplog.text
    mail = outbox_messages("nodira@example.com")[-1]
    assert "Confirm your email" in mail["Subject"]

    confirmed = _confirm(client)
    assert confirmed.status_code == 200, confirmed.json()
    tokens_ = confirmed.json()["data"]
    me = client.get("/api/v1/users/details",
                    headers={"Authorization": f"Bearer {tokens_['access_token']}"})
    assert me.status_code == 200 and me.json()["data"]["email"] == "nodira@example.com"
    with Session(engine) as s:
        assert s.exec(select(User)).one().verified_at is not None
    again = _confirm(client)  # the link works once
    assert again.status_code == 400
    assert again.json()["message"] == (
        "This sign-up link has expired or was already used. Log in, or sign up again.")
    assert client.post("/api/v1/auth/register/confirm", json={"token": "x" * 43}).status_code == 400


def test_sign_up_link_expires_after_24_hours(client, engine):
    _signup(client)
    with Session(engine) as s:
        s.execute(sa.text("UPDATE account_tokens SET expires_at = :t"),
                  {"t": dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)})
        s.commit()
    assert _confirm(client).status_code == 400


def test_sign_up_consents_follow_the_documented_rule(client, engine):
    """docs/api.md: a REST client without the box (the KO'DJ client, whose own form
    requires it) agrees by leaving ``consent`` out; false is refused; news emails only
    when ticked."""
    from community_app.services import privacy

    _signup(client)  # a client without the box: its form required it
    _signup(client, email="agreed@example.com", phone="01011112222", consent=True, newsEmails=True)
    refused = _signup(client, email="no@example.com", phone="01011113333", consent=False)
    assert refused.status_code == 422 and set(refused.json()["data"]["errors"]) == {"consent"}
    with Session(engine) as s:
        silent = s.exec(select(User).where(User.email == "nodira@example.com")).one()
        agreed = s.exec(select(User).where(User.email == "agreed@example.com")).one()
        assert {c.kind for c in privacy.list_consents(s, silent.id)} == {"terms", "privacy"}
        assert {c.kind for c in privacy.list_consents(s, agreed.id)} == {
            "terms", "privacy", "news_emails"}
        assert s.exec(select(User).where(User.email == "no@example.com")).first() is None


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("email", "", "Email address is required"),
        ("email", "not-an-email", "Please enter a valid email address"),
        ("phone", "0101234567", "Please enter a valid phone number (01012345678)"),
        ("phone", "02012345678", "Please enter a valid phone number (01012345678)"),
        ("password", "short1!A", None),
        ("password", "alllowercase1!", "Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character"),
        ("password", "ALLUPPERCASE1!", "Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character"),
        ("password", "NoNumbers!!", "Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character"),
        ("password", "NoSpecial123", "Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character"),
        ("password", "Sh0rt!", "Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character"),
        ("confirmPassword", "Different1!", "Passwords do not match"),
    ],
)
def test_sign_up_rules(client, field, value, message):
    overrides = {field: value}
    if field == "password":
        overrides["confirmPassword"] = value
    r = _signup(client, **overrides)
    if message is None:  # 8 characters with every kind is fine
        assert r.status_code == 202
        return
    assert r.status_code == 422
    body = r.json()
    assert body["message"] == "Invalid information. Please check your details."
    assert body["data"]["errors"][field] == message


def test_sign_up_with_a_taken_email_or_phone_answers_like_a_new_account(client, engine):
    """No one learns who is a member: the owner of the email is told by email instead,
    with a login and a reset link; nobody is told "created"."""
    first = _signup(client, email="owner@example.com", phone="01033334444")
    assert first.status_code == 202
    assert _confirm(client, "owner@example.com").status_code == 200
    again = _signup(client, email="OWNER@example.com", phone="01099998888")
    assert again.status_code == 202
    assert again.json()["message"] == first.json()["message"]
    assert "created" not in again.json()["message"].lower()
    assert set(again.json()["data"]) == set(first.json()["data"])
    told = outbox_messages("owner@example.com")[-1]
    assert "tried to sign up" in told["Subject"]
    text = told.get_body(preferencelist=("plain",)).get_content()
    assert "You already have an account" in text
    assert "/login" in text and "/password-reset" in text
    assert "/signup/confirm/" not in text
    # A taken phone: the same answer and the same email as a free one; the account waits
    # without that phone (nothing anywhere says whose the phone is).
    phone = _signup(client, email="phone-taken@example.com", phone="01033334444")
    free = _signup(client, email="phone-free@example.com", phone="01055556666")
    assert phone.status_code == free.status_code == 202
    assert phone.json()["message"].replace("phone-taken", "X") == \
        free.json()["message"].replace("phone-free", "X")
    taken_mail = outbox_messages("phone-taken@example.com")[-1]
    free_mail = outbox_messages("phone-free@example.com")[-1]
    assert taken_mail["Subject"] == free_mail["Subject"]
    assert "phone" not in taken_mail.get_body(preferencelist=("plain",)).get_content().lower()
    assert _confirm(client, "phone-taken@example.com").status_code == 200
    with Session(engine) as s:
        waiting = s.exec(select(User).where(User.email == "phone-taken@example.com")).one()
        assert waiting.phone is None
        assert len(s.exec(select(User).where(User.email == "owner@example.com")).all()) == 1


def test_sign_up_messages_in_uzbek(client):
    r = _signup(client, email="bad", headers=None) if False else client.post(
        "/api/v1/auth/register", json={**SIGNUP, "email": "bad"}, headers={"Accept-Language": "uz-UZ"}
    )
    assert r.status_code == 422
    assert r.json()["message"] == "Ma’lumotlar noto‘g‘ri. Iltimos, ma’lumotlaringizni tekshiring."


def test_malformed_sign_up_body_is_a_422_not_a_500(client):
    r = client.post("/api/v1/auth/register", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/v1/auth/register", json={"email": 5, "phone": ["x"]})
    assert r.status_code == 422
    assert r.json()["status"] == 422


# --- login and the emailed code ---------------------------------------------------------------


def test_unknown_email_and_wrong_password_answer_the_same(client):
    _signup(client)
    sent = len(outbox_messages("nodira@example.com"))
    wrong = _login(client, password="Wrong-pass-1")
    unknown = _login(client, email="nobody@example.com")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["message"] == "Login failed. Please check your credentials."
    assert len(outbox_messages("nodira@example.com")) == sent  # no code sent


def test_login_emails_a_six_digit_code_stored_hashed(client, engine):
    _signup(client)
    r = _login(client)
    assert r.status_code == 200
    assert r.json()["data"] == {"email": "nodira@example.com", "otpRequired": True, "expiresIn": 600, "codeDigits": 6}
    code = latest_code("nodira@example.com")
    assert len(code) == 6 and code.isdigit()
    with Session(engine) as s:
        row = s.exec(select(LoginCode)).one()
        assert code not in row.code_hash
        assert dt.timedelta(minutes=9) < row.expires_at - row.created_at <= dt.timedelta(minutes=10)


def test_code_email_follows_the_users_language(client):
    _signup(client)
    _login(client, **{"Accept-Language": "uz"})
    msg = outbox_messages("nodira@example.com")[-1]
    assert "kirish kodi" in msg["Subject"].lower()
    _login(client, **{"Accept-Language": "en-US"})
    assert "sign-in code" in outbox_messages("nodira@example.com")[-1]["Subject"]


def test_wrong_code_is_400_and_right_code_gives_tokens(client):
    _signup(client)
    _login(client)
    code = latest_code("nodira@example.com")
    wrong = "000000" if code != "000000" else "111111"
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": wrong})
    assert (r.status_code, r.json()["message"]) == (400, "Invalid OTP code. Please check and try again.")
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": code})
    assert r.status_code == 200
    data = r.json()["data"]
    assert set(data) >= {"access_token", "refresh_token"}
    # single use
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": code})
    assert r.status_code == 401


def test_expired_code_is_401(client, engine):
    _signup(client)
    _login(client)
    code = latest_code("nodira@example.com")
    with Session(engine) as s:
        s.execute(sa.update(LoginCode).values(expires_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
        s.commit()
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": code})
    assert (r.status_code, r.json()["message"]) == (401, "OTP has expired. Please request a new one.")


def test_five_wrong_tries_then_a_new_login_is_needed(client):
    _signup(client)
    _login(client)
    code = latest_code("nodira@example.com")
    wrong = "000000" if code != "000000" else "111111"
    statuses = [
        client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": wrong}).status_code
        for _ in range(5)
    ]
    assert statuses == [400, 400, 400, 400, 401]
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": code})
    assert r.status_code == 401
    _login(client)  # a new login sends a new code that works
    r = client.post(
        "/api/v1/auth/verify-login-otp",
        json={"email": "nodira@example.com", "otp": latest_code("nodira@example.com")},
    )
    assert r.status_code == 200


def test_a_new_login_replaces_the_earlier_code(client):
    _signup(client)
    _login(client)
    first = latest_code("nodira@example.com")
    _login(client)
    second = latest_code("nodira@example.com")
    if first != second:  # the earlier code is now just a wrong code
        r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": first})
        assert r.status_code == 400
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": second})
    assert r.status_code == 200


def test_verify_for_unknown_email_reveals_nothing(client):
    """An unknown email answers exactly like a member's email with no live code."""
    assert _signup(client).status_code == 202
    known = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": "123456"})
    unknown = client.post("/api/v1/auth/verify-login-otp", json={"email": "ghost@example.com", "otp": "123456"})
    assert (unknown.status_code, unknown.json()) == (known.status_code, known.json())
    assert (unknown.status_code, unknown.json()["message"]) == (401, "OTP has expired. Please request a new one.")


# --- tokens -------------------------------------------------------------------------------


def test_access_token_lives_15_minutes_and_says_its_kind(client):
    _signup(client)
    data = _tokens(client)
    claims = jwt.decode(data["access_token"], options={"verify_signature": False})
    assert claims["typ"] == "access"
    assert claims["exp"] - claims["iat"] == 15 * 60
    refresh = jwt.decode(data["refresh_token"], options={"verify_signature": False})
    assert refresh["typ"] == "refresh"
    assert refresh["exp"] - refresh["iat"] == 30 * 24 * 3600
    assert jwt.get_unverified_header(data["access_token"])["alg"] == "HS256"


def test_member_route_needs_a_valid_access_token(client, engine):
    _signup(client)
    data = _tokens(client)
    ok = client.get("/api/v1/users/details", headers={"Authorization": f"Bearer {data['access_token']}"})
    assert ok.status_code == 200
    assert ok.json()["data"]["email"] == "nodira@example.com"
    assert ok.json()["data"]["phone"] == "01012345678"

    with Session(engine) as s:
        user = s.exec(select(User)).one()
    expired = tokens.issue_access_token(user, now=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=16))
    forged = jwt.encode({"sub": str(user.id), "typ": "access", "iss": "uzdev-korea", "iat": 0,
                         "exp": 4_000_000_000}, "x" * 32, algorithm="HS256")
    for headers in (
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer not.a.token"},
        {"Authorization": f"Basic {data['access_token']}"},
        {"Authorization": f"Bearer {data['refresh_token']}"},  # wrong kind
        {"Authorization": f"Bearer {expired}"},
        {"Authorization": f"Bearer {forged}"},
    ):
        r = client.get("/api/v1/users/details", headers=headers)
        assert r.status_code == 401, headers
        assert r.json()["status"] == 401


def test_refresh_rotates_and_reuse_revokes_the_family(client):
    _signup(client)
    first = _tokens(client)
    r = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": first["refresh_token"]})
    assert r.status_code == 200
    second = r.json()["data"]
    assert second["refresh_token"] != first["refresh_token"]
    assert client.get("/api/v1/users/details", headers={"Authorization": f"Bearer {second['access_token']}"}).status_code == 200

    reuse = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": first["refresh_token"]})
    assert reuse.status_code == 401
    # the reuse revoked the whole sign-in: the newer refresh token is dead too
    r = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": second["refresh_token"]})
    assert r.status_code == 401


def test_access_token_is_not_a_refresh_token(client):
    _signup(client)
    data = _tokens(client)
    for header in ({"RefreshToken": data["access_token"]}, {"RefreshToken": "garbage"}, {}):
        r = client.get("/api/v1/auth/refresh-token", headers=header)
        assert r.status_code == 401


def test_logout_ends_the_sign_in(client):
    _signup(client)
    data = _tokens(client)
    assert client.post("/api/v1/auth/logout", headers={"RefreshToken": data["refresh_token"]}).status_code == 200
    r = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": data["refresh_token"]})
    assert r.status_code == 401


def test_users_count(client):
    assert client.get("/api/v1/users/count").json()["data"] == {"count": 0, "total": 0, "active": 0}
    _signup(client)
    assert client.get("/api/v1/users/count").json()["data"] == {"count": 1, "total": 1, "active": 1}


def test_whole_login_journey(client):
    """Register, log in, read the code from the outbox, verify, call a member route,
    refresh, reuse the old refresh token and be refused."""
    assert _signup(client).status_code == 202
    assert _login(client).status_code == 200
    code = latest_code("nodira@example.com")
    pair = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": code}).json()["data"]
    me = client.get("/api/v1/users/details", headers={"Authorization": f"Bearer {pair['access_token']}"})
    assert me.status_code == 200 and me.json()["data"]["username"] == "nodira"
    new = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": pair["refresh_token"]})
    assert new.status_code == 200
    again = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": pair["refresh_token"]})
    assert again.status_code == 401


def test_production_secret_is_what_signs(monkeypatch):
    assert len(get_settings().secret_key.encode()) >= 32


def test_signing_up_again_before_confirming_replaces_the_details_and_the_link(client, engine):
    """A sign-up waiting for its link is nobody's account yet: signing up again with the
    address (a forgotten password, say) keeps the newest details, and only the newest
    link works; a first login's emailed code confirms it as well."""
    _signup(client)
    first = latest_link_token("nodira@example.com", "signup/confirm")
    again = _signup(client, password="An0ther!pass", confirmPassword="An0ther!pass",
                    phone="01099990000", firstName="Nodira")
    assert again.status_code == 202
    with Session(engine) as s:
        (user,) = s.exec(select(User)).all()
        assert (user.phone, user.first_name, user.verified_at) == ("01099990000", "Nodira", None)
    assert client.post("/api/v1/auth/register/confirm", json={"token": first}).status_code == 400
    assert _login(client, password=PASSWORD).status_code == 401  # the newest password counts
    assert _login(client, password="An0ther!pass").status_code == 200
    code = latest_code("nodira@example.com")
    r = client.post("/api/v1/auth/verify-login-otp", json={"email": "nodira@example.com", "otp": code})
    assert r.status_code == 200
    with Session(engine) as s:
        assert s.exec(select(User)).one().verified_at is not None


def test_google_sign_up_records_consent_by_the_rule_of_every_sign_up(client, google, engine):
    from community_app.services import privacy

    refused = client.post("/api/v1/auth/google/sign-up",
                          json={"credential": google.token(), "consent": False})
    assert refused.status_code == 422 and "consent" in refused.json()["data"]["errors"]
    silent = client.post("/api/v1/auth/google/sign-up", json={"credential": google.token()})
    agreed = client.post("/api/v1/auth/google/sign-up", json={
        "credential": google.token(sub="google-sub-2", email="zarina@gmail.com"), "consent": True,
        "newsEmails": True})
    assert silent.status_code == agreed.status_code == 201
    with Session(engine) as s:
        kinds = {u.email: {c.kind for c in privacy.list_consents(s, u.id)}
                 for u in s.exec(select(User)).all()}
    assert kinds == {"aziz@gmail.com": {"terms", "privacy"},
                     "zarina@gmail.com": {"terms", "privacy", "news_emails"}}
