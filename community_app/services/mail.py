"""Outgoing email: an ``.eml`` file in the outbox by default, SMTP when configured.

``COMMUNITY_SMTP_URL`` = ``smtp://user:pass@host:587`` (STARTTLS when offered) or
``smtps://user:pass@host:465``. Every message is also logged (never its secrets).
"""

from __future__ import annotations

import logging
import secrets
import smtplib
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from urllib.parse import unquote, urlparse

from community_app.db import utcnow
from community_app.settings import get_settings

log = logging.getLogger(__name__)


def build_message(to: str, subject: str, text: str, html: str | None = None) -> EmailMessage:
    settings = get_settings()
    msg = EmailMessage()
    msg["From"] = settings.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain="uzdev.kr")
    msg.set_content(text)
    if html:
        msg.add_alternative(html, subtype="html")
    return msg


def _write_outbox(msg: EmailMessage) -> Path:
    folder = get_settings().mail_outbox
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{utcnow():%Y%m%dT%H%M%S%f}-{secrets.token_hex(4)}.eml"
    path = folder / name
    path.write_bytes(bytes(msg))
    return path


def _send_smtp(msg: EmailMessage, url: str) -> None:
    parts = urlparse(url)
    host = parts.hostname or "localhost"
    if parts.scheme == "smtps":
        client: smtplib.SMTP = smtplib.SMTP_SSL(host, parts.port or 465, timeout=20)
    else:
        client = smtplib.SMTP(host, parts.port or 25, timeout=20)
    with client:
        if parts.scheme != "smtps":
            client.ehlo()
            if client.has_extn("starttls"):
                client.starttls()
                client.ehlo()
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(msg)


def send_mail(to: str, subject: str, text: str, html: str | None = None) -> None:
    msg = build_message(to, subject, text, html)
    url = get_settings().smtp_url
    if url:
        _send_smtp(msg, url)
        log.info("Mail sent by SMTP to %s: %s", to, subject)
    else:
        path = _write_outbox(msg)
        log.info("Mail to %s written to %s: %s", to, path, subject)


def send_mail_in_language(to: str, subject: str, text: str, lang: str) -> None:
    """``send_mail`` for a message written in one language: it also carries a
    ``Content-Language`` header (en or uz), so mail clients and tests can tell."""
    msg = build_message(to, subject, text)
    msg["Content-Language"] = lang
    url = get_settings().smtp_url
    if url:
        _send_smtp(msg, url)
        log.info("Mail sent by SMTP to %s: %s", to, subject)
    else:
        path = _write_outbox(msg)
        log.info("Mail to %s written to %s: %s", to, path, subject)
