"""Helpers for sign-in tests: the outbox, a local Google stand-in, a local SMTP server."""

from __future__ import annotations

import datetime as dt
import functools
import email
import json
import re
import threading
import time
from email import policy
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from google.auth import crypt
from google.auth import jwt as google_jwt

from community_app.core.settings import get_settings

CLIENT_ID = "test-client.apps.googleusercontent.com"


def outbox_messages(to: str) -> list[email.message.EmailMessage]:
    from community_app.services import password_reset

    password_reset.QUEUE.wait_idle()  # reset links are emailed by the queue after the commit
    folder: Path = get_settings().mail_outbox
    found = []
    for path in sorted(folder.glob("*.eml")) if folder.exists() else []:
        msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if msg["To"] == to:
            found.append(msg)
    return found


def latest_code(to: str) -> str:
    messages = outbox_messages(to)
    assert messages, f"no email to {to}"
    body = messages[-1].get_body(preferencelist=("plain",)).get_content()
    match = re.search(r"\b(\d{4,10})\b", body)
    assert match, body
    return match.group(1)


def latest_link_token(to: str, path: str) -> str:
    """The token of the newest emailed link ``<site>/<path>/<token>`` sent to ``to``
    (``path``: "signup/confirm" or "password-reset")."""
    messages = outbox_messages(to)
    assert messages, f"no email to {to}"
    body = messages[-1].get_body(preferencelist=("plain",)).get_content()
    match = re.search(rf"https?://\S+/{path}/([A-Za-z0-9_-]+)", body)
    assert match, body
    return match.group(1)


@functools.lru_cache(maxsize=4)
def _key_and_cert(kid: str):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, kid)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=30))
        .sign(key, hashes.SHA256())
    )
    pem_key = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    return pem_key, cert.public_bytes(serialization.Encoding.PEM).decode()


class FakeGoogle:
    """Signs ID tokens with a local key and serves its certificates on 127.0.0.1."""

    def __init__(self) -> None:
        self.kid = "test-key-1"
        self.private_key, cert = _key_and_cert(self.kid)
        self.rogue_key, _ = _key_and_cert("rogue")
        certs = json.dumps({self.kid: cert}).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(certs)

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/oauth2/v1/certs"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()

    def token(self, *, sub="google-sub-1", email="aziz@gmail.com", email_verified=True,
              aud=CLIENT_ID, iss="https://accounts.google.com", expires_in=3600,
              given_name="Aziz", family_name="Karimov", rogue=False) -> str:
        now = int(time.time())
        payload = {
            "iss": iss, "aud": aud, "sub": sub, "email": email, "email_verified": email_verified,
            "given_name": given_name, "family_name": family_name,
            "iat": now - 10, "exp": now + expires_in,
        }
        signer = crypt.RSASigner.from_string(self.rogue_key if rogue else self.private_key, key_id=self.kid)
        return google_jwt.encode(signer, payload).decode()
