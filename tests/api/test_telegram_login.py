"""Sign in with the Telegram Login Widget over the REST API: the signed data checked as
Telegram documents it (a forged hash, another bot's token, a stale or future auth_date
and a replayed payload are refused), a first sign-in completed like a Google sign-up,
linking and unlinking on My Page, both languages."""

from __future__ import annotations

import time

import pytest
from sqlmodel import Session, select

from community_app.i18n import gettext
from community_app.models import User
from community_app.services.telegram.login import (
    TELEGRAM_ACCOUNT_MISSING, TELEGRAM_CONFIRM_EMAIL, TELEGRAM_LOGIN_FAILED,
)
from tests.api.auth_helpers import latest_link_token, outbox_messages
from tests.api.factories import bearer, make_member
from tests.telegram_api import telegram, telegram_server  # noqa: F401
from tests.telegram_login import signed_payload

API = "/api/v1"


def sign_in(client, payload, lang="en"):
    return client.post(f"{API}/auth/telegram/sign-in", json=payload, headers={"Accept-Language": lang})


def complete(client, payload, **fields):
    body = {"telegram": payload, "email": "dilshod@example.com", "consent": True, **fields}
    return client.post(f"{API}/auth/telegram/sign-up", json=body)


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_forged_stale_future_and_other_bots_payloads_are_refused(client, engine, telegram, lang):
    member = make_member(engine, telegram_id=424242)
    good = signed_payload()
    refused = gettext(TELEGRAM_LOGIN_FAILED, lang)
    for payload in (
        {**good, "hash": "0" * 64},  # forged
        {**good, "first_name": "Someone else"},  # changed after signing
        signed_payload(token="999:another-bot"),  # another bot's signature
        signed_payload(auth_date=int(time.time()) - 601),  # older than the limit (600 s)
        signed_payload(auth_date=int(time.time()) + 3600),  # from the future
    ):
        answer = sign_in(client, payload, lang)
        assert answer.status_code == 401 and answer.json()["message"] == refused
    answer = sign_in(client, good, lang)
    assert answer.status_code == 200 and answer.json()["data"]["access_token"]
    me = client.get(f"{API}/users/details", headers={
        "Authorization": f"Bearer {answer.json()['data']['access_token']}"}).json()["data"]
    assert me["id"] == member.id
    replay = sign_in(client, good, lang)  # the same payload again
    assert replay.status_code == 401 and replay.json()["message"] == refused


def _moment(n: int) -> int:
    """A distinct signing time per payload (the same payload twice is a replay)."""
    return int(time.time()) - 200 + n


def test_a_first_sign_in_completes_as_a_sign_up_whose_emailed_link_finishes_it(client, engine,
                                                                             telegram):
    payload = signed_payload(telegram_id=777, first_name="Dilshod", auth_date=_moment(0))
    missing = sign_in(client, payload)
    assert missing.status_code == 401 and missing.json()["message"] == gettext(TELEGRAM_ACCOUNT_MISSING)
    bad = complete(client, payload, email="not-an-email", username="dil1", consent=False)
    assert bad.status_code == 422  # the form is checked before the payload is spent
    assert set(bad.json()["data"]["errors"]) == {"email", "username", "consent"}

    done = complete(client, payload, username="Dilshod", phone="01012345678")
    assert done.status_code == 202, done.text
    assert "access_token" not in done.json()["data"]  # nothing opens before the email is proven
    assert done.json()["message"].startswith("Check your email")
    mail = outbox_messages("dilshod@example.com")[-1]
    assert "@dilshod_tg" in mail.get_body(preferencelist=("plain",)).get_content()
    waiting = sign_in(client, signed_payload(telegram_id=777, auth_date=_moment(1)))
    assert waiting.status_code == 401 and waiting.json()["message"] == gettext(TELEGRAM_CONFIRM_EMAIL)
    assert complete(client, payload).status_code == 401  # the payload was spent

    token = latest_link_token("dilshod@example.com", "signup/confirm")
    confirmed = client.post(f"{API}/auth/register/confirm", json={"token": token})
    assert confirmed.status_code == 200
    me = client.get(f"{API}/users/details", headers={
        "Authorization": f"Bearer {confirmed.json()['data']['access_token']}"}).json()["data"]
    assert me["username"] == "Dilshod" and me["email"] == "dilshod@example.com"
    assert sign_in(client, signed_payload(telegram_id=777, auth_date=_moment(2))).status_code == 200
    again = complete(client, signed_payload(telegram_id=777, auth_date=_moment(3)),
                     email="other@example.com")
    assert again.status_code == 409  # this Telegram account already signs in (the caller's own)


def test_telegram_sign_up_cannot_take_over_an_address_it_did_not_prove(client, engine, telegram):
    """The audit's pre-hijack: an attacker signs up with their own Telegram and the victim's
    address. Nothing is verified, nothing signs in; when the victim signs up (or resets
    the password) nothing of the attacker's stays, and their Telegram opens nothing."""
    from community_app.services import privacy

    attack = complete(client, signed_payload(telegram_id=666, username="mallory",
                                             auth_date=_moment(0)),
                      email="victim@example.com", username="Victim", phone="01066666666",
                      newsEmails=True)
    assert attack.status_code == 202 and "access_token" not in attack.json()["data"]
    with Session(engine) as s:
        pending = s.exec(select(User).where(User.email == "victim@example.com")).one()
        assert pending.verified_at is None
    assert sign_in(client, signed_payload(telegram_id=666, auth_date=_moment(1))).status_code == 401

    # The victim signs up with a password and confirms: the attacker's handle, phone,
    # consents and Telegram account are gone.
    client.post(f"{API}/auth/register", json={
        "email": "victim@example.com", "phone": "01012121212", "password": "Str0ng!pass",
        "firstName": "Vera", "consent": True})
    token = latest_link_token("victim@example.com", "signup/confirm")
    assert client.post(f"{API}/auth/register/confirm", json={"token": token}).status_code == 200
    with Session(engine) as s:
        owner = s.exec(select(User).where(User.email == "victim@example.com")).one()
        assert (owner.telegram_id, owner.telegram_username, owner.phone) == (None, None, "01012121212")
        assert owner.username == "victim" and owner.first_name == "Vera"
        assert {c.kind for c in privacy.list_consents(s, owner.id)} == {"terms", "privacy"}
    refused = sign_in(client, signed_payload(telegram_id=666, auth_date=_moment(2)))
    assert refused.status_code == 401 and refused.json()["message"] == gettext(TELEGRAM_ACCOUNT_MISSING)


def test_a_password_reset_of_a_pre_registered_address_drops_the_squatters_telegram(client, engine,
                                                                                 telegram):
    complete(client, signed_payload(telegram_id=667, auth_date=_moment(0)),
             email="victim2@example.com", username="Squat", phone="01067676767")
    client.post(f"{API}/auth/password-reset", json={"email": "victim2@example.com"})
    token = latest_link_token("victim2@example.com", "password-reset")
    reset = client.post(f"{API}/auth/password-reset/confirm",
                        json={"token": token, "password": "N3w!password"})
    assert reset.status_code == 200, reset.text
    with Session(engine) as s:
        owner = s.exec(select(User).where(User.email == "victim2@example.com")).one()
        assert owner.verified_at is not None  # the reset link proved the address
        assert (owner.telegram_id, owner.phone, owner.username) == (None, None, "victim")
        assert owner.username != "Squat"
    assert sign_in(client, signed_payload(telegram_id=667, auth_date=_moment(1))).status_code == 401


def test_sign_up_answers_alike_for_every_address_and_phone_and_spends_the_payload(client, engine,
                                                                                 telegram):
    """No membership probe: a taken email, a taken phone and free ones get one answer, and
    one payload is good for one try; tries are limited per Telegram account."""
    make_member(engine, email="member@example.com", phone="01011110000")
    payloads = [signed_payload(telegram_id=800 + n, auth_date=_moment(n)) for n in range(3)]
    answers = [
        complete(client, payload, email=email, phone=phone)
        for payload, (email, phone) in zip(payloads, [("member@example.com", "01022220000"),
                                                      ("new1@example.com", "01011110000"),
                                                      ("new2@example.com", "01033330000")])
    ]
    assert {a.status_code for a in answers} == {202}
    assert len({a.json()["message"].split(":")[0] for a in answers}) == 1
    assert [set(a.json()["data"]) for a in answers] == [set(answers[2].json()["data"])] * 3
    # The very payload again (made anew, its signing time could fall in the next second).
    replay = complete(client, payloads[0], email="new3@example.com")
    assert replay.status_code == 401  # the payload was spent by its first use
    limited = [complete(client, signed_payload(telegram_id=900, auth_date=_moment(10 + n)),
                        email=f"try{n}@example.com").status_code for n in range(6)]
    assert limited == [202] * 5 + [429]


@pytest.mark.parametrize("route", ["sign-in", "sign-up", "account"])
def test_a_non_ascii_signature_is_refused_not_a_server_error(client, engine, telegram, route):
    member = make_member(engine)
    payload = {**signed_payload(auth_date=_moment(0)), "hash": "é" * 64}
    if route == "sign-in":
        answer = sign_in(client, payload)
    elif route == "sign-up":
        answer = complete(client, payload)
    else:
        answer = client.post(f"{API}/users/me/telegram/account", json=payload, headers=bearer(member))
    assert answer.status_code == 401
    huge = {**signed_payload(auth_date=_moment(0)), "auth_date": 10**30}
    assert sign_in(client, huge).status_code in (401, 422)


def test_a_password_reset_ends_every_way_in_at_once(client, engine, telegram):
    """Access tokens included (not 15 minutes later), and the linked Telegram account."""
    from community_app.services.passwords import hash_password

    member = make_member(engine, email="reset@example.com", telegram_id=4321,
                         password_hash=hash_password("Str0ng!pass"))
    headers = bearer(member)
    assert client.get(f"{API}/users/details", headers=headers).status_code == 200
    client.post(f"{API}/auth/password-reset", json={"email": "reset@example.com"})
    token = latest_link_token("reset@example.com", "password-reset")
    assert client.post(f"{API}/auth/password-reset/confirm",
                       json={"token": token, "password": "N3w!password"}).status_code == 200
    assert client.get(f"{API}/users/details", headers=headers).status_code == 401
    assert sign_in(client, signed_payload(telegram_id=4321, auth_date=_moment(0))).status_code == 401
    with Session(engine) as s:
        assert s.get(User, member.id).telegram_id is None


def test_link_and_unlink_telegram_sign_in_on_my_page(client, engine, telegram):
    member, other = make_member(engine), make_member(engine, telegram_id=555)
    base = int(time.time()) - 100  # each payload of a distinct moment (the same one is a replay)
    linked = client.post(f"{API}/users/me/telegram/account", json=signed_payload(telegram_id=556, auth_date=base),
                         headers=bearer(member))
    assert linked.status_code == 200 and linked.json()["data"]["accountLinked"] is True
    taken = client.post(f"{API}/users/me/telegram/account", json=signed_payload(telegram_id=555),
                        headers=bearer(member))
    assert taken.status_code == 409
    assert sign_in(client, signed_payload(telegram_id=556, auth_date=base + 1)).status_code == 200
    gone = client.delete(f"{API}/users/me/telegram/account", headers=bearer(member))
    assert gone.json()["data"]["accountLinked"] is False
    assert sign_in(client, signed_payload(telegram_id=556, auth_date=base + 2)).status_code == 401
    with Session(engine) as s:
        assert s.get(User, other.id).telegram_id == 555


def test_without_telegram_settings_sign_in_is_refused(client, engine):
    make_member(engine, telegram_id=424242)
    assert sign_in(client, signed_payload()).status_code == 401
