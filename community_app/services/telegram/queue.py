"""The Telegram queue: every message of the bot (channel posts, personal messages) sent
exactly once, retried when Telegram cannot be reached. The claim, the retries and the
draining are the mail queue's (services/db_queue.py, shared with services/mail_queue.py):

**Queued with the change.** ``enqueue`` writes the message (rendered in its reader's
language) as a row of ``telegram_queue`` in the caller's transaction; its ``key`` is unique,
so the same announcement or the same reminder is queued once.

**Claimed once.** A worker sends a row only after moving it PENDING -> SENDING with one
conditional UPDATE and committing: of two workers (the scheduler of several processes on
several nodes, or it and the cron command) exactly one wins.

**Retried, never twice.** A network failure or Telegram's "retry after" puts the row back
to PENDING with ``next_attempt_at`` pushed (the mail queue's back-off, or Telegram's own
wait); after ``MAX_ATTEMPTS`` it is FAILED. A row left SENDING past ``LEASE`` is FAILED,
not sent again. A member who blocked the bot (403) is unlinked at once and, when the
member chose Telegram alone, the email is queued instead (``fallback_mail``).

**Who drains it.** The scheduler task ``telegram-queue`` (every 10 s) and, right after a
commit that queued something, a background thread of the committing process.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Sequence

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import session_scope, utcnow
from community_app.core.settings import telegram_settings
from community_app.models import TelegramMessage, TelegramStatus, User
from community_app.services import db_queue, mail_queue, scheduler
from community_app.services.db_queue import MAX_ATTEMPTS  # noqa: F401
from community_app.services.mail_queue import Rendered

log = logging.getLogger(__name__)

SEND_ON_COMMIT = True  # tests drive ``drain`` by hand


def enqueue(
    session: Session,
    key: str,
    chat_id: str | int,
    text: str,
    *,
    user_id: int | None = None,
    link_url: str = "",
    buttons: Sequence[Sequence[str]] = (),
    photo: Rendered | None = None,
    fallback_mail: dict | None = None,
    now: dt.datetime | None = None,
) -> bool:
    """Queue one message in the caller's transaction; False when ``key`` was queued
    before (or Telegram is off)."""
    if not telegram_settings().enabled:
        return False
    row = TelegramMessage(
        key=key[:200], chat_id=str(chat_id), user_id=user_id, text=text, link_url=link_url[:500],
        buttons=json.dumps([list(b) for b in buttons]),
        photo=json.dumps({"render": photo.name, "args": photo.args}) if photo else "",
        fallback_mail=json.dumps(fallback_mail) if fallback_mail else "",
        next_attempt_at=now or utcnow(),
    )
    return QUEUE.put_once(session, row)  # once per key


def queued(session: Session, key: str) -> bool:
    return session.exec(select(TelegramMessage.id).where(TelegramMessage.key == key)).first() is not None


def _photo(session: Session, row: TelegramMessage) -> bytes | None:
    if not row.photo:
        return None
    spec = json.loads(row.photo)
    made = mail_queue.RENDERERS[spec["render"]](session, **spec["args"])
    return made.data if made is not None else None


def _chat_gone(session: Session, row: TelegramMessage) -> None:
    """The member blocked the bot or the chat no longer exists: unlink it; the email
    instead, when the member chose Telegram alone."""
    if row.user_id is None:
        return
    session.execute(sa.update(User).where(col(User.id) == row.user_id,
                                          col(User.telegram_chat_id) == int(row.chat_id))
                    .values(telegram_chat_id=None))
    if row.fallback_mail:
        user = session.get(User, row.user_id)
        mail = json.loads(row.fallback_mail)
        if user is not None:
            mail_queue.enqueue(
                session, mail["kind"], user, mail["meetup_id"], mail["subject"], mail["body"],
                mail["lang"], ref_id=mail["ref_id"],
                attachments=[mail_queue.from_stored(a) for a in mail.get("attachments", [])],
                headers=mail.get("headers"), html=mail.get("html", ""),
            )
    session.commit()


def send_one(session: Session, bot, row_id: int, now: dt.datetime) -> str | None:
    """Claim and send one row: "sent", "retry", "failed", or None when another worker has it."""
    from community_app.services.telegram import bot_api

    row = QUEUE.claimed(session, row_id, now)
    if row is None:
        return None
    try:
        message_id = bot.send(row.chat_id, row.text, buttons=json.loads(row.buttons or "[]"),
                              link_url=row.link_url, photo=_photo(session, row))
    except bot_api.Forbidden as exc:
        QUEUE.failed(session, row_id, f"blocked: {exc}")
        _chat_gone(session, row)
        return "failed"
    except bot_api.BadRequest as exc:  # a refused message is refused again: no retry
        QUEUE.failed(session, row_id, f"refused: {exc}")
        if "chat not found" in str(exc).lower():
            _chat_gone(session, row)
        log.error("Telegram refused message %s: %s", row_id, exc)
        return "failed"
    except Exception as exc:  # noqa: BLE001 - network, Telegram down, flood control
        wait = None
        if isinstance(exc, bot_api.RetryAfter):
            retry_after = exc.retry_after
            wait = retry_after if isinstance(retry_after, dt.timedelta) else dt.timedelta(seconds=retry_after)
        return QUEUE.retry_or_fail(session, row, exc, now, f"Telegram message {row_id}", wait)
    return QUEUE.sent(session, row_id, message_id=message_id)


def drain(engine: sa.Engine | None = None, *, now: dt.datetime | None = None) -> dict[str, int]:
    """Send every due row this caller wins; counts by outcome."""
    from community_app.services.telegram import bot_api

    cfg = telegram_settings()
    if not cfg.enabled:
        return {}
    now = now or utcnow()
    with session_scope(engine) as session:
        counts, due = QUEUE.due(session, now)
        if not due:
            return counts
        with bot_api.session(cfg) as bot:
            for row_id in due:
                db_queue.tally(counts, send_one(session, bot, row_id, now))
    return counts


QUEUE = db_queue.DbQueue("telegram-queue", TelegramMessage, what="Telegram message",
                         send_on_commit=lambda: SEND_ON_COMMIT, drain=drain)


def forget_member(session: Session, user_id: int) -> int:
    """Drop the member's messages not sent yet (an account being erased)."""
    gone = session.execute(
        sa.delete(TelegramMessage)
        .where(col(TelegramMessage.user_id) == user_id,
               col(TelegramMessage.status) == TelegramStatus.PENDING.value)
        .execution_options(synchronize_session=False))
    return gone.rowcount


@scheduler.periodic("telegram-queue", every=dt.timedelta(seconds=10))
def _scheduled_drain(session: Session, now: dt.datetime) -> str:
    return db_queue.summary(drain(session.get_bind(), now=now))
