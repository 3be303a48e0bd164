"""Sign in with the Telegram Login Widget over the REST API: the signed data checked as
Telegram documents it (a forged hash, another bot's token, a stale or future auth_date
and a replayed payload are refused), a first sign-in completed like a Google sign-up,
linking and unlinking on My Page, both languages."""

from __future__ import annotations

import time

import pytest
from sqlmodel import Session

from community_app.i18n import gettext
from community_app.models import User
from community_app.services.telegram.login import TELEGRAM_ACCOUNT_MISSING, TELEGRAM_LOGIN_FAILED
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


def test_a_first_sign_in_completes_like_a_google_sign_up(client, engine, telegram):
    payload = signed_payload(telegram_id=777, first_name="Dilshod")
    missing = sign_in(client, payload)
    assert missing.status_code == 401 and missing.json()["message"] == gettext(TELEGRAM_ACCOUNT_MISSING)
    bad = complete(client, payload, email="not-an-email", username="dil1", consent=False)
    assert bad.status_code == 422
    assert set(bad.json()["data"]["errors"]) == {"email", "username", "consent"}
    make_member(engine, email="taken@example.com")
    assert complete(client, payload, email="taken@example.com").status_code == 409

    done = complete(client, payload, username="Dilshod", phone="01012345678")
    assert done.status_code == 201, done.text
    token = done.json()["data"]["access_token"]
    me = client.get(f"{API}/users/details", headers={"Authorization": f"Bearer {token}"}).json()["data"]
    assert me["username"] == "Dilshod" and me["email"] == "dilshod@example.com"
    assert complete(client, payload).status_code in (401, 409)  # used, and registered
    later = signed_payload(telegram_id=777, auth_date=int(time.time()) - 5)  # a new sign-in
    assert sign_in(client, later).status_code == 200


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
