"""The mail queue: meetup emails sent exactly once, retried when the mail server fails.

**Queued with the change.** ``enqueue`` writes the email (already rendered in the member's
language, with its attachments) as a row of ``mail_queue`` in the caller's transaction:
an email about a change that rolls back was never queued. The row's key
``(kind, user, meetup, ref)`` is unique, so queueing the same email twice (the same
registration's confirmation, the same reminder) keeps one.

**Claimed once, retried, never twice** (services/db_queue.py, shared with the Telegram
queue): a worker sends a row only after claiming it with one conditional UPDATE; when the
mail server refuses or cannot be reached, the row is tried again later (1, 5, 15, 60
minutes, then 3 hours) until ``MAX_ATTEMPTS``; a row left SENDING by a worker that died is
FAILED, not sent again, so no member gets an email twice.

**Who drains it.** The scheduler task ``mail-queue`` (every 10 s, in the app's loop or
``make run-scheduled``), and, right after a commit that queued something, a background
thread of the process that committed (so a confirmation arrives in seconds, not at the
next tick). Both go through the same claim.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import json
from collections.abc import Callable, Iterable

import sqlalchemy as sa
from sqlmodel import Session, col

from community_app.core.db import utcnow
from community_app.models import MailStatus, QueuedMail, User
from community_app.services import db_queue, mail, scheduler
from community_app.services.db_queue import BACKOFF, MAX_ATTEMPTS  # noqa: F401

# Send right after the commit that queued a message (tests of the queue itself turn it off
# to drive ``drain`` by hand).
SEND_ON_COMMIT = True


@dataclasses.dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str  # "text/calendar", "image/png"
    data: bytes


@dataclasses.dataclass(frozen=True)
class Rendered:
    """An attachment made when the email is sent, by the renderer registered under
    ``name`` (``@renderer``), from ``args`` (plain JSON values): a calendar file or a QR
    code costs its time in the sending thread, never in the transaction that queued it
    (a registration holds its seat's lock)."""

    name: str
    args: dict


RENDERERS: dict[str, Callable[..., Attachment | None]] = {}


def renderer(name: str):
    """Register ``fn(session, **args) -> Attachment | None`` as the renderer ``name``."""

    def decorator(fn: Callable[..., Attachment | None]):
        RENDERERS[name] = fn
        return fn

    return decorator


def _stored(item: Attachment | Rendered) -> dict:
    if isinstance(item, Rendered):
        return {"render": item.name, "args": item.args}
    return {"filename": item.filename, "type": item.content_type,
            "data": base64.b64encode(item.data).decode("ascii")}


def stored(item: Attachment | Rendered) -> dict:
    """An attachment as the plain JSON a queue row keeps (``from_stored`` reads it back)."""
    return _stored(item)


def from_stored(part: dict) -> Attachment | Rendered:
    if "render" in part:
        return Rendered(part["render"], part["args"])
    return Attachment(part["filename"], part["type"], base64.b64decode(part["data"]))


def enqueue(
    session: Session,
    kind: str,
    user: User,
    meetup_id: int | None,
    subject: str,
    body: str,
    lang: str,
    *,
    ref_id: int = 0,
    attachments: Iterable[Attachment | Rendered] = (),
    now: dt.datetime | None = None,
    headers: dict[str, str] | None = None,
    html: str = "",
) -> bool:
    """Queue an email to ``user`` in the caller's transaction; False when the same email
    (kind, member, meetup, ref) was queued before, or the member has no address.
    ``meetup_id`` None: an email about no meetup (a job alert's digest); ``headers``: extra
    headers of the message (List-Unsubscribe); ``html``: an HTML part beside the text."""
    if not user.email or user.deleted_at is not None:
        return False
    row = QueuedMail(
        kind=kind,
        user_id=user.id,
        meetup_id=meetup_id,
        ref_id=ref_id,
        to_address=user.email,
        lang=lang,
        subject=subject[:300],
        body=body,
        attachments=json.dumps([_stored(a) for a in attachments]),
        headers=json.dumps(headers or {}),
        html=html,
        next_attempt_at=now or utcnow(),
    )
    return QUEUE.put_once(session, row)  # once per member, meetup, kind and ref


def forget_member(session: Session, user_id: int) -> int:
    """Drop the member's emails not sent yet (an account being erased); how many."""
    gone = session.execute(
        sa.delete(QueuedMail)
        .where(col(QueuedMail.user_id) == user_id,
               col(QueuedMail.status) == MailStatus.PENDING.value)
        .execution_options(synchronize_session=False)
    )
    return gone.rowcount


def _attachments(session: Session, row: QueuedMail) -> list[Attachment]:
    made = []
    for part in json.loads(row.attachments or "[]"):
        if "render" in part:
            item = RENDERERS[part["render"]](session, **part["args"])
            if item is not None:  # (what it shows is gone: the email goes without it)
                made.append(item)
        else:
            made.append(Attachment(part["filename"], part["type"], base64.b64decode(part["data"])))
    return made


def message_id(row: QueuedMail) -> str:
    """The Message-ID of every attempt of ``row``: a copy sent again after a worker died
    mid-send is the same message to the mail server and the member's mail client."""
    created = row.created_at.replace(tzinfo=None) if row.created_at else None
    stamp = f"{created:%Y%m%d%H%M%S}" if created else "0"
    return f"<uzdev-{row.kind}-{row.id}-{stamp}@{mail.message_domain()}>"


def message_of(row: QueuedMail, session: Session):
    """The email of a queued row: its language header, its attachments (made now), and
    the same Message-ID at every attempt."""
    msg = mail.build_message(row.to_address, row.subject, row.body, row.html or None)
    del msg["Message-ID"]
    msg["Message-ID"] = message_id(row)
    for name, value in json.loads(row.headers or "{}").items():
        msg[name] = value
    for item in _attachments(session, row):
        maintype, subtype = item.content_type.split("/", 1)
        msg.add_attachment(item.data, maintype=maintype, subtype=subtype, filename=item.filename)
    msg["Content-Language"] = row.lang  # after the attachments (they move Content-* down)
    return msg


def claim(session: Session, row_id: int, now: dt.datetime) -> bool:
    """Take one row for sending; True for the one caller that wins it."""
    return QUEUE.claim(session, row_id, now)


def send_one(session: Session, row_id: int, now: dt.datetime) -> str | None:
    """Claim and send one row: "sent", "retry", "failed", or None when another worker has
    it (or it is not due)."""
    row = QUEUE.claimed(session, row_id, now)
    if row is None:
        return None
    try:
        mail.send_now(message_of(row, session))
    except Exception as exc:  # noqa: BLE001 - any failure of the server: try again later
        return QUEUE.retry_or_fail(session, row, exc, now, f"Mail {row_id} to {row.to_address}")
    return QUEUE.sent(session, row_id)


def drain(engine: sa.Engine | None = None, *, now: dt.datetime | None = None) -> dict[str, int]:
    """Send every due row this caller wins; counts by outcome."""
    return QUEUE.drain_each(engine, now, send_one)


# A send takes at most a few SMTP timeouts (20 s each): a row SENDING for longer was
# interrupted, and is sent again with the same Message-ID (services/db_queue.py).
LEASE = dt.timedelta(minutes=2)
QUEUE = db_queue.DbQueue("mail-queue", QueuedMail, what="email",
                         send_on_commit=lambda: SEND_ON_COMMIT, drain=drain,
                         retry_interrupted=True, lease=LEASE)


@scheduler.periodic("mail-queue", every=dt.timedelta(seconds=10))
def _scheduled_drain(session: Session, now: dt.datetime) -> str:
    return db_queue.summary(drain(session.get_bind(), now=now))
