"""A local stand-in of Telegram's Bot API on 127.0.0.1 for the tests (no internet): a
Flask app in a thread of this process, at the address ``COMMUNITY_TELEGRAM_API_URL``
points at (python-telegram-bot's ``base_url``).

It answers ``getMe``, ``sendMessage``, ``sendPhoto``, ``answerCallbackQuery`` and
``setWebhook`` as Telegram does (``{"ok": true, "result": ...}``), records every call
(``.calls``, ``.sent(chat_id)``), can refuse a chat as Telegram does when the member
blocked the bot (``.block(chat_id)``: 403) and can fail the next calls (``.fail_next``:
502). ``updates`` builds the updates Telegram would deliver to the webhook (``/start``,
a button's callback, the member blocking the bot).

Fixture ``telegram``: the server, with the bot, channel and webhook settings of the site
pointed at it (``monkeypatch``). Import it: ``from tests.telegram_api import telegram, telegram_server``.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import threading
import time

import pytest

BOT_TOKEN = "123456:TEST-token-of-the-stand-in"
BOT_NAME = "uzdev_test_bot"
CHANNEL = "@uzdev_test_channel"
WEBHOOK_SECRET = "webhook-secret-of-the-tests"
BOT_ID = 123456


@dataclasses.dataclass
class Call:
    method: str
    params: dict
    files: dict


class BotApiStandIn:
    def __init__(self) -> None:
        from flask import Flask, jsonify, request

        self.calls: list[Call] = []
        self.blocked: set[str] = set()
        self.failures = 0
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        app = Flask("telegram-bot-api-stand-in")

        @app.post("/bot<token>/<method>")
        def method(token: str, method: str):
            if token != BOT_TOKEN:
                return jsonify(ok=False, error_code=401, description="Unauthorized"), 401
            params = dict(request.form.items()) if request.form else (request.get_json(silent=True) or {})
            files = {name: f.read() for name, f in request.files.items()}
            with self._lock:
                self.calls.append(Call(method, params, files))
                if self.failures and method != "getMe":
                    self.failures -= 1
                    return jsonify(ok=False, error_code=502, description="Bad Gateway"), 502
            chat = str(params.get("chat_id", ""))
            if chat in self.blocked:
                return jsonify(ok=False, error_code=403,
                               description="Forbidden: bot was blocked by the user"), 403
            return jsonify(ok=True, result=self._result(method, params, files))

        self.app = app

    def _result(self, method: str, params: dict, files: dict):
        now = int(time.time())
        if method == "getMe":
            return {"id": BOT_ID, "is_bot": True, "first_name": "UzDev", "username": BOT_NAME,
                    "can_join_groups": True, "can_read_all_group_messages": False,
                    "supports_inline_queries": False}
        if method in ("sendMessage", "sendPhoto"):
            chat = params.get("chat_id")
            message = {"message_id": next(self._ids), "date": now,
                       "chat": {"id": int(chat) if str(chat).lstrip("-").isdigit() else -100,
                                "type": "private"}}
            if method == "sendMessage":
                message["text"] = params.get("text", "")
            else:
                message["caption"] = params.get("caption", "")
                message["photo"] = [{"file_id": "photo", "file_unique_id": "p", "width": 1, "height": 1}]
            return message
        return True

    # ---- what the tests read and set

    def sent(self, chat_id: str | int | None = None) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.method in ("sendMessage", "sendPhoto")
                    and (chat_id is None or str(c.params.get("chat_id")) == str(chat_id))]

    def answered(self) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.method == "answerCallbackQuery"]

    def block(self, chat_id: int | str) -> None:
        self.blocked.add(str(chat_id))

    def fail_next(self, n: int) -> None:
        self.failures = n

    def reset(self) -> None:
        with self._lock:
            self.calls.clear()
            self.blocked.clear()
            self.failures = 0


def buttons_of(call: Call) -> list[tuple[str, str]]:
    """(label, callback data) of a sent message's inline keyboard."""
    markup = call.params.get("reply_markup")
    if not markup:
        return []
    markup = json.loads(markup) if isinstance(markup, str) else markup
    return [(b["text"], b.get("callback_data", "")) for row in markup["inline_keyboard"] for b in row]


class updates:
    """The updates Telegram delivers to the webhook."""

    _ids = itertools.count(1000)

    @classmethod
    def start(cls, chat_id: int, payload: str, *, first_name: str = "Aziz") -> dict:
        text = f"/start {payload}".strip()
        return {"update_id": next(cls._ids), "message": {
            "message_id": next(cls._ids), "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private", "first_name": first_name},
            "from": {"id": chat_id, "is_bot": False, "first_name": first_name},
            "text": text, "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}}

    @classmethod
    def command(cls, chat_id: int, text: str) -> dict:
        update = cls.start(chat_id, "")
        update["message"]["text"] = text
        update["message"]["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return update

    @classmethod
    def callback(cls, chat_id: int, data: str, message_id: int = 1) -> dict:
        return {"update_id": next(cls._ids), "callback_query": {
            "id": str(next(cls._ids)), "chat_instance": "ci", "data": data,
            "from": {"id": chat_id, "is_bot": False, "first_name": "Aziz"},
            "message": {"message_id": message_id, "date": int(time.time()),
                        "chat": {"id": chat_id, "type": "private"}, "text": "..."}}}

    @classmethod
    def blocked(cls, chat_id: int) -> dict:
        member = {"id": BOT_ID, "is_bot": True, "first_name": "UzDev"}
        return {"update_id": next(cls._ids), "my_chat_member": {
            "chat": {"id": chat_id, "type": "private"},
            "from": {"id": chat_id, "is_bot": False, "first_name": "Aziz"},
            "date": int(time.time()),
            "old_chat_member": {"status": "member", "user": member},
            "new_chat_member": {"status": "kicked", "user": member, "until_date": 0}}}


def start_bot_api() -> tuple[BotApiStandIn, object, str]:
    from werkzeug.serving import make_server

    stand_in = BotApiStandIn()
    server = make_server("127.0.0.1", 0, stand_in.app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True, name="bot-api-stand-in").start()
    return stand_in, server, f"http://127.0.0.1:{server.server_port}"


def telegram_environment(url: str, *, channel_language: str = "en") -> dict[str, str]:
    return {
        "COMMUNITY_TELEGRAM_BOT_TOKEN": BOT_TOKEN,
        "COMMUNITY_TELEGRAM_BOT_NAME": BOT_NAME,
        "COMMUNITY_TELEGRAM_CHANNEL_ID": CHANNEL,
        "COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE": channel_language,
        "COMMUNITY_TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "COMMUNITY_TELEGRAM_API_URL": url,
    }


@pytest.fixture(scope="session")
def telegram_server():
    stand_in, server, url = start_bot_api()
    stand_in.url = url
    yield stand_in
    server.shutdown()


@pytest.fixture
def telegram(telegram_server, monkeypatch):
    telegram_server.reset()
    for name, value in telegram_environment(telegram_server.url).items():
        monkeypatch.setenv(name, value)
    yield telegram_server
