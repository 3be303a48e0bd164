"""The mail queue: meetup emails sent exactly once, retried when the mail server fails.

**Queued with the change.** ``enqueue`` writes the email (already rendered in the member's
language, with its attachments) as a row of ``mail_queue`` in the caller's transaction:
an email about a change that rolls back was never queued. The row's key
``(kind, user, meetup, ref)`` is unique, so queueing the same email twice (the same
registration's confirmation, the same reminder) keeps one.

**Claimed once.** A worker sends a row only after moving it PENDING -> SENDING with one
conditional UPDATE (``WHERE status = 'PENDING' AND next_attempt_at <= now``) and committing:
of two workers (the in-app scheduler of several processes, or it and the cron command)
exactly one wins; the other's UPDATE changes nothing (on PostgreSQL it waits for the first
and then finds the row taken; on SQLite the write lock does the same).

**Retried, never twice.** When the mail server refuses or cannot be reached, the row goes
back to PENDING with ``next_attempt_at`` pushed by ``BACKOFF`` (1, 5, 15, 60 minutes, then
3 hours); after ``MAX_ATTEMPTS`` it is FAILED. A sent row is SENT and never claimed again.
A row left SENDING by a worker that died in the middle (``LEASE`` passed) is not retried,
since the server may have taken it: it is marked FAILED with the reason, so no member gets
an email twice (logged for the operator).

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
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import session_scope, utcnow
from community_app.models import MailStatus, QueuedMail, User
from community_app.services import mail, scheduler
from community_app.services.bulk import update_where

log = logging.getLogger(__name__)

BACKOFF = (
    dt.timedelta(minutes=1),
    dt.timedelta(minutes=5),
    dt.timedelta(minutes=15),
    dt.timedelta(hours=1),
    dt.timedelta(hours=3),
)
MAX_ATTEMPTS = len(BACKOFF) + 1
LEASE = dt.timedelta(minutes=10)  # a claim older than this was interrupted
BATCH = 50  # rows one drain looks at

# Send right after the commit that queued a message (tests of the queue itself turn it off
# to drive ``drain`` by hand).
SEND_ON_COMMIT = True
_KICKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail-queue")


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
) -> bool:
    """Queue an email to ``user`` in the caller's transaction; False when the same email
    (kind, member, meetup, ref) was queued before, or the member has no address.
    ``meetup_id`` None: an email about no meetup (a job alert's digest); ``headers``: extra
    headers of the message (List-Unsubscribe)."""
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
        next_attempt_at=now or utcnow(),
    )
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except sa.exc.IntegrityError:
        return False  # queued before: once per member, meetup and kind
    _send_after_commit(session)
    return True


def forget_member(session: Session, user_id: int) -> int:
    """Drop the member's emails not sent yet (an account being erased); how many."""
    gone = session.execute(
        sa.delete(QueuedMail)
        .where(col(QueuedMail.user_id) == user_id,
               col(QueuedMail.status) == MailStatus.PENDING.value)
        .execution_options(synchronize_session=False)
    )
    return gone.rowcount


def _send_after_commit(session: Session) -> None:
    if not SEND_ON_COMMIT or session.info.get("mail_queue_listening"):
        return
    session.info["mail_queue_listening"] = True
    bind = session.get_bind()

    def kick(_session) -> None:
        _session.info.pop("mail_queue_listening", None)
        _KICKER.submit(_drain_quietly, bind)

    def forget(_session) -> None:
        _session.info.pop("mail_queue_listening", None)

    sa.event.listen(session, "after_commit", kick, once=True)
    sa.event.listen(session, "after_rollback", forget, once=True)


def _drain_quietly(engine: sa.Engine) -> None:
    try:
        drain(engine)
    except Exception:  # noqa: BLE001 - the scheduler's next run tries again
        log.exception("the mail queue could not be drained after a commit")


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


def message_of(row: QueuedMail, session: Session):
    """The email of a queued row: its language header, its attachments (made now)."""
    msg = mail.build_message(row.to_address, row.subject, row.body)
    for name, value in json.loads(row.headers or "{}").items():
        msg[name] = value
    for item in _attachments(session, row):
        maintype, subtype = item.content_type.split("/", 1)
        msg.add_attachment(item.data, maintype=maintype, subtype=subtype, filename=item.filename)
    msg["Content-Language"] = row.lang  # after the attachments (they move Content-* down)
    return msg


def claim(session: Session, row_id: int, now: dt.datetime) -> bool:
    """Take one row for sending; True for the one caller that wins it."""
    won = update_where(
        session, QueuedMail,
        col(QueuedMail.id) == row_id, col(QueuedMail.status) == MailStatus.PENDING.value,
        col(QueuedMail.next_attempt_at) <= now,
        status=MailStatus.SENDING.value, claimed_at=now, attempts=col(QueuedMail.attempts) + 1,
    )
    session.commit()
    return won == 1


def _finish(session: Session, row_id: int, **values) -> None:
    update_where(
        session, QueuedMail,
        col(QueuedMail.id) == row_id, col(QueuedMail.status) == MailStatus.SENDING.value,
        **values,
    )
    session.commit()


def _give_up_interrupted(session: Session, now: dt.datetime) -> int:
    gone = update_where(
        session, QueuedMail,
        col(QueuedMail.status) == MailStatus.SENDING.value,
        col(QueuedMail.claimed_at) < now - LEASE,
        status=MailStatus.FAILED.value,
        last_error="interrupted while sending: not sent again (it may have gone)",
    )
    session.commit()
    if gone:
        log.error("%d queued email(s) were interrupted while sending; not retried", gone)
    return gone


def send_one(session: Session, row_id: int, now: dt.datetime) -> str | None:
    """Claim and send one row: "sent", "retry", "failed", or None when another worker has
    it (or it is not due)."""
    if not claim(session, row_id, now):
        return None
    row = session.get(QueuedMail, row_id, populate_existing=True)
    try:
        mail.send_now(message_of(row, session))
    except Exception as exc:  # noqa: BLE001 - any failure of the server: try again later
        attempts = row.attempts
        error = f"{type(exc).__name__}: {exc}"[:500]
        if attempts >= MAX_ATTEMPTS:
            _finish(session, row_id, status=MailStatus.FAILED.value, last_error=error)
            log.error("Mail %s to %s given up after %d attempts: %s",
                      row_id, row.to_address, attempts, error)
            return "failed"
        _finish(session, row_id, status=MailStatus.PENDING.value, last_error=error,
                next_attempt_at=now + BACKOFF[attempts - 1])
        log.warning("Mail %s to %s failed (attempt %d), retried later: %s",
                    row_id, row.to_address, attempts, error)
        return "retry"
    _finish(session, row_id, status=MailStatus.SENT.value, sent_at=utcnow(), last_error="")
    return "sent"


def drain(engine: sa.Engine | None = None, *, now: dt.datetime | None = None) -> dict[str, int]:
    """Send every due row this caller wins; counts by outcome."""
    now = now or utcnow()
    counts: dict[str, int] = {}
    with session_scope(engine) as session:
        if _give_up_interrupted(session, now):
            counts["interrupted"] = 1
        due = session.exec(
            select(QueuedMail.id)
            .where(col(QueuedMail.status) == MailStatus.PENDING.value,
                   col(QueuedMail.next_attempt_at) <= now)
            .order_by(col(QueuedMail.id))
            .limit(BATCH)
        ).all()
        session.commit()
        for row_id in due:
            outcome = send_one(session, row_id, now)
            if outcome:
                counts[outcome] = counts.get(outcome, 0) + 1
    return counts


@scheduler.periodic("mail-queue", every=dt.timedelta(seconds=10))
def _scheduled_drain(session: Session, now: dt.datetime) -> str:
    counts = drain(session.get_bind(), now=now)
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
