"""Every door that checks a signature, token or code a caller sent answers a 4xx to
non-ASCII text, never a 500 (issue 39: ``hmac.compare_digest`` on a non-ASCII ``str``
raises TypeError, so a Telegram "hash" of "é" answered 500 without signing in; the
comparisons go through ``core.signing.same_secret``, which compares bytes).

Each value is sent where the secret goes: in a JSON body (also a lone surrogate, which
JSON allows as an escape), in the address, in the query or in a header."""

from __future__ import annotations

import json
import time
from urllib.parse import quote

import pytest

from tests.api.auth_helpers import outbox_messages
from tests.api.factories import bearer, make_meetup, make_member
from tests.telegram_api import WEBHOOK_SECRET, telegram, telegram_server  # noqa: F401

API = "/api/v1"
# Text values: Latin-1, a long run of ÿ (the length of a signature), digits that
# str.isdigit() takes and int() refuses or reads, and a mix with a valid-looking prefix.
TEXTS = ["é", "\u00ff" * 64, "²", "٣٣", "1-1-é", "²-1-abc", "12-ÉÉÉÉÉÉ", "²-ABCDEF", "Ω" * 128]
# Only in JSON bodies: a lone surrogate (valid JSON, not valid UTF-8) and a NUL.
JSON_ONLY = ["\ud800", "a\udfffb", "\u0000"]


def _json(value) -> bytes:
    """``value`` as JSON text with \\u escapes (a lone surrogate stays an escape)."""
    return json.dumps(value, ensure_ascii=True).encode()


def _post_json(client, path, body, headers=None):
    return client.post(path, content=_json(body),
                       headers={"Content-Type": "application/json", **(headers or {})})


def _refused(r, where: str) -> None:
    assert 400 <= r.status_code < 500, (where, r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("application/json"), (where, r.text[:200])


def _widget(value: str) -> dict:
    return {"id": 1, "first_name": "Aziz", "auth_date": int(time.time()), "hash": value}


def test_telegram_sign_in_sign_up_and_account_link(client, engine, telegram):
    member = bearer(make_member(engine))
    for value in [*TEXTS, *JSON_ONLY]:
        _refused(_post_json(client, f"{API}/auth/telegram/sign-in", _widget(value)),
                 f"sign-in {value!r}")
        _refused(_post_json(client, f"{API}/auth/telegram/sign-up",
                            {"telegram": _widget(value), "email": "new@example.com",
                             "consent": True}), f"sign-up {value!r}")
        _refused(_post_json(client, f"{API}/users/me/telegram/account", _widget(value), member),
                 f"account link {value!r}")


def test_the_telegram_webhook_secret(client, telegram):
    update = {"update_id": 1}
    for value in TEXTS:
        raw = value.encode("utf-8")  # a header's bytes, as a client would send them
        r = client.post(f"{API}/telegram/webhook", content=_json(update),
                        headers={"Content-Type": "application/json",
                                 "X-Telegram-Bot-Api-Secret-Token": raw})
        _refused(r, f"webhook {value!r}")
    # (The right secret is still taken.)
    ok = client.post(f"{API}/telegram/webhook", json=update,
                     headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET})
    assert ok.status_code == 200


def test_the_metrics_bearer(client, monkeypatch):
    monkeypatch.setenv("COMMUNITY_METRICS_TOKEN", "metrics-token-of-the-tests")
    for value in TEXTS:
        r = client.get("/metrics", headers={"Authorization": b"Bearer " + value.encode()})
        assert 400 <= r.status_code < 500, (value, r.status_code)
    right = client.get("/metrics", headers={"Authorization": "Bearer metrics-token-of-the-tests"})
    assert right.status_code == 200


def test_a_bearer_token_or_refresh_token(client):
    for value in TEXTS:
        header = {"Authorization": b"Bearer " + value.encode()}
        _refused(client.get(f"{API}/users/details", headers=header), f"bearer {value!r}")
        _refused(client.get(f"{API}/auth/refresh-token", headers=header), f"refresh {value!r}")


def test_the_login_code(client, make_user):
    from tests.api.conftest import PASSWORD

    user, _ = make_user()
    started = client.post(f"{API}/auth/login", json={"email": user.email, "password": PASSWORD})
    assert started.status_code == 200
    for value in [*TEXTS, *JSON_ONLY]:
        _refused(_post_json(client, f"{API}/auth/verify-login-otp",
                            {"email": user.email, "otp": value[:12]}), f"otp {value!r}")
        _refused(_post_json(client, f"{API}/auth/verify-login-otp",
                            {"email": value[:254], "otp": "123456"}), f"otp email {value!r}")


def test_emailed_link_tokens(client, engine):
    for value in [*TEXTS, *JSON_ONLY]:
        _refused(_post_json(client, f"{API}/auth/register/confirm", {"token": value[:100]}),
                 f"sign-up confirmation {value!r}")
        _refused(_post_json(client, f"{API}/auth/password-reset/confirm",
                            {"token": value[:100], "password": "N3w!passw0rd",
                             "confirmPassword": "N3w!passw0rd"}),
                 f"password reset {value!r}")
    assert outbox_messages("nobody@example.com") == []


def test_tokens_in_addresses_and_queries(client, engine):
    member = bearer(make_member(engine))
    for value in TEXTS:
        token = quote(value, safe="")
        _refused(client.get(f"{API}/calendar/{token}.ics"), f"calendar {value!r}")
        _refused(client.get(f"{API}/media/covers/news/{token}.webp"), f"cover {value!r}")
        _refused(client.get(f"{API}/media/covers/news/1-{token}.webp"), f"cover key {value!r}")
        _refused(client.get(f"{API}/media/share/en/news/1-{token}.png"), f"share {value!r}")
        _refused(client.get(f"{API}/users/me/export/download", params={"token": value},
                            headers=member), f"export {value!r}")
        _refused(client.get(f"{API}/public/job-alerts/{token}/feed.atom"), f"feed {value!r}")
        _refused(client.post(f"{API}/public/job-alerts/unsubscribe/{token}"),
                 f"unsubscribe {value!r}")
        released = client.post(f"{API}/public/release-seat/{token}")
        # (The reminder's link answers its outcome, as documented: "invalid".)
        assert released.status_code == 200, (value, released.status_code, released.text[:300])
        assert released.json()["data"]["outcome"] == "invalid", value
        _refused(client.get(f"{API}/users/tickets/{token}/qr.png", headers=member),
                 f"ticket {value!r}")


def test_ticket_codes_at_the_door(client, engine):
    organizer = bearer(make_member(engine, role="organizer"))
    meetup = make_meetup(engine, in_days=0.01)
    for value in [*TEXTS, *JSON_ONLY]:
        r = _post_json(client, f"{API}/admin/meetups/{meetup.id}/check-in", {"code": value},
                       organizer)
        # A scan is always answered 200 with its outcome: a code that is not ours is
        # "unknown" (or a 4xx for a body the route refuses), never a server error.
        assert r.status_code < 500, (value, r.status_code, r.text[:300])
        if r.status_code == 200:
            assert r.json()["data"]["outcome"] == "unknown", (value, r.json())
        else:
            _refused(r, f"check-in {value!r}")


@pytest.mark.parametrize("value", TEXTS)
def test_a_google_credential(client, google, value):
    _refused(_post_json(client, f"{API}/auth/google/sign-in", {"credential": value}),
             f"google sign-in {value!r}")
    _refused(_post_json(client, f"{API}/auth/google/sign-up", {"credential": value}),
             f"google sign-up {value!r}")
