"""Outgoing email: an ``.eml`` file in the outbox by default, SMTP when configured.

``COMMUNITY_SMTP_URL`` = ``smtp://user:pass@host:587`` (STARTTLS when offered) or
``smtps://user:pass@host:465``. Every message is also logged (never its secrets).

SMTP is spoken by a small pool of background threads: the caller (a request, a site
handler, a database transaction) never waits on a mail server, so one that does not answer
holds up nobody. A message that cannot be sent is logged as an error.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from urllib.parse import unquote, urlparse

from community_app.core import metrics
from community_app.core.db import utcnow
from community_app.core.settings import get_settings, private_folder, write_private

log = logging.getLogger(__name__)


def message_domain() -> str:
    """The domain of the site's Message-IDs: the host of COMMUNITY_PUBLIC_URL."""
    return urlparse(get_settings().public_url).hostname or "uzdev.kr"


def build_message(to: str, subject: str, text: str, html: str | None = None) -> EmailMessage:
    settings = get_settings()
    msg = EmailMessage()
    msg["From"] = settings.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=message_domain())
    msg.set_content(text)
    if html:
        msg.add_alternative(html, subtype="html")
    return msg


def _write_outbox(msg: EmailMessage) -> Path:
    # Live sign-in codes and reset links: readable by the site's user only.
    folder = private_folder(get_settings().mail_outbox)
    name = f"{utcnow():%Y%m%dT%H%M%S%f}-{secrets.token_hex(4)}.eml"
    path = folder / name
    write_private(path, bytes(msg))
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


_SENDERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="smtp")
_pending: set[Future] = set()
_pending_lock = threading.Lock()


def _send_logged(msg: EmailMessage, url: str, to: str, subject: str) -> None:
    try:
        _send_smtp(msg, url)
    except Exception:
        metrics.inc("uzdev_emails", result="failed")
        log.exception("Mail to %s could not be sent by SMTP: %s", to, subject)
    else:
        metrics.inc("uzdev_emails", result="sent")
        log.info("Mail sent by SMTP to %s: %s", to, subject)


def send_now(msg: EmailMessage) -> None:
    """Hand ``msg`` over in this thread: to the SMTP server (raising when it fails) or to
    the outbox folder. For the mail queue (services/mail_queue.py), whose worker thread
    needs to know whether the message went."""
    to, subject = msg["To"], msg["Subject"]
    url = get_settings().smtp_url
    if not url:
        path = _write_outbox(msg)
        metrics.inc("uzdev_emails", result="outbox")
        log.info("Mail to %s written to %s: %s", to, path, subject)
        return
    try:
        _send_smtp(msg, url)
    except Exception:
        metrics.inc("uzdev_emails", result="failed")
        raise
    metrics.inc("uzdev_emails", result="sent")
    log.info("Mail sent by SMTP to %s: %s", to, subject)


def _deliver(msg: EmailMessage, to: str, subject: str) -> None:
    url = get_settings().smtp_url
    if url:
        future = _SENDERS.submit(_send_logged, msg, url, to, subject)
        with _pending_lock:
            _pending.add(future)
        future.add_done_callback(_forget)
    else:
        send_now(msg)  # the outbox folder: no server to wait for


def _forget(future: Future) -> None:
    with _pending_lock:
        _pending.discard(future)


def wait_for_sending(timeout: float = 30) -> None:
    """Wait until every message handed to SMTP so far is sent or has failed (tests, and a
    clean shutdown)."""
    with _pending_lock:
        futures = list(_pending)
    for future in futures:
        future.result(timeout=timeout)


def send_mail(to: str, subject: str, text: str, html: str | None = None) -> None:
    _deliver(build_message(to, subject, text, html), to, subject)


def send_mail_in_language(to: str, subject: str, text: str, lang: str) -> None:
    """``send_mail`` for a message written in one language: it also carries a
    ``Content-Language`` header (en or uz), so mail clients and tests can tell."""
    msg = build_message(to, subject, text)
    msg["Content-Language"] = lang
    _deliver(msg, to, subject)
