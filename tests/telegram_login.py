"""Login-widget payloads signed as Telegram signs them (https://core.telegram.org/widgets/login),
with the test bot's token (tests/telegram_api.py), for the API and e2e tests."""

from __future__ import annotations

import hashlib
import hmac
import time

from tests.telegram_api import BOT_TOKEN


def signed_payload(telegram_id: int = 424242, *, first_name: str = "Dilshod",
                   username: str = "dilshod_tg", auth_date: int | None = None,
                   token: str = BOT_TOKEN) -> dict:
    data = {"id": telegram_id, "first_name": first_name, "username": username,
            "auth_date": int(time.time()) if auth_date is None else auth_date}
    check = "\n".join(f"{k}={data[k]}" for k in sorted(data))
    key = hashlib.sha256(token.encode()).digest()
    return {**data, "hash": hmac.new(key, check.encode(), hashlib.sha256).hexdigest()}
