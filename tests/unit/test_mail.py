"""Mail goes to the outbox by default and through SMTP when configured (local server)."""

from __future__ import annotations

import email
import socket
from email import policy

import pytest
from aiosmtpd.controller import Controller

from community_app.services import mail
from community_app.services.mail import send_mail, wait_for_sending
from community_app.core.settings import get_settings


@pytest.fixture
def settings_env(monkeypatch):
    def apply(**env):
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        get_settings.cache_clear()

    yield apply
    monkeypatch.undo()
    get_settings.cache_clear()


def test_outbox_by_default(settings_env, tmp_path):
    settings_env(COMMUNITY_MAIL_OUTBOX=str(tmp_path))
    send_mail("lola@example.com", "Salom", "Kodingiz: 123456")
    files = list(tmp_path.glob("*.eml"))
    assert len(files) == 1
    msg = email.message_from_bytes(files[0].read_bytes(), policy=policy.default)
    assert msg["To"] == "lola@example.com" and msg["Subject"] == "Salom"
    assert "123456" in msg.get_content()


class _Collect:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        self.messages.append(envelope)
        return "250 OK"


def test_smtp_when_configured(settings_env, tmp_path):
    handler = _Collect()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        settings_env(COMMUNITY_SMTP_URL=f"smtp://127.0.0.1:{port}", COMMUNITY_MAIL_OUTBOX=str(tmp_path))
        send_mail("lola@example.com", "Kirish kodi", "Kodingiz: 654321")
        wait_for_sending()
    finally:
        controller.stop()
    assert len(handler.messages) == 1
    assert handler.messages[0].rcpt_tos == ["lola@example.com"]
    assert b"654321" in handler.messages[0].content
    assert list(tmp_path.glob("*.eml")) == []


def test_a_mail_server_that_does_not_answer_holds_up_nobody(settings_env, tmp_path):
    """The sender returns while the server is still silent; the message is sent (or fails,
    logged) in the background."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # accepts the connection, never says a word
    port = silent.getsockname()[1]
    try:
        settings_env(COMMUNITY_SMTP_URL=f"smtp://127.0.0.1:{port}", COMMUNITY_MAIL_OUTBOX=str(tmp_path))
        send_mail("lola@example.com", "Kirish kodi", "Kodingiz: 654321")
        assert mail._pending, "the message should still be waiting for the server"
    finally:
        silent.close()
    wait_for_sending()
    assert not mail._pending
