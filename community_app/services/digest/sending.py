"""Sending the personal digest exactly once per member and period (services/digest/): the
scheduler's task ``digests`` claims each due member and queues the digest in one
transaction.

- **Exactly once per member and period, across workers and nodes**: the scheduler's task
  ``digests`` claims each due member with one conditional UPDATE that moves
  ``next_digest_at`` forward (``WHERE next_digest_at <= now``), in the transaction that
  records the send (``digest_sends``, unique per member and period) and queues the email
  (services/mail_queue.py) and the Telegram message (services/telegram/queue.py), each
  itself sent once and retried by its queue. A second worker's UPDATE waits for the first
  and finds the member no longer due; a failure rolls the claim back and the next run tries
  again; a restart loses nothing and repeats nothing (the claim and the queued rows commit
  together).
- **Paced**: one run handles at most ``PER_RUN`` members and the task runs every minute:
  at most ``PER_RUN`` digests per minute (docs/performance.md); the mail queue then sends
  them one connection at a time per draining thread, the Telegram queue ``BATCH`` rows per
  drain.
"""

from __future__ import annotations

import datetime as dt
import logging

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.core.korea_time import to_korea
from community_app.i18n import normalize_language
from community_app.models import ConsentKind, DigestFrequency, DigestSend, DigestSettings, User
from community_app.services import scheduler
from community_app.services.bulk import update_where
from community_app.services.digest.content import aware, content_for, in_utc, last_visit, since_of
from community_app.services.digest.member_choices import (
    consents_given, ensure_settings, next_digest,
)
from community_app.services.digest.messages import compose, deliver
from community_app.services.privacy import consents

log = logging.getLogger(__name__)

PER_RUN = 500  # members one run of the task handles (the task runs every minute)
RUN_EVERY = dt.timedelta(minutes=1)


# ---------------------------------------------------------------- sending


def claim(session: Session, settings: DigestSettings, now: dt.datetime) -> bool:
    """Take this period's digest of one member; True for the one caller that wins it."""
    won = update_where(
        session, DigestSettings,
        col(DigestSettings.user_id) == settings.user_id,
        col(DigestSettings.next_digest_at) <= now,
        col(DigestSettings.frequency) != DigestFrequency.NEVER.value,
        next_digest_at=next_digest(settings.frequency, settings.hour, now), last_digest_at=now,
    )
    return won == 1


def _period(settings: DigestSettings) -> str:
    return f"{to_korea(aware(settings.next_digest_at)):%Y-%m-%d}"


def send_digest(session: Session, user_id: int, now: dt.datetime,
                memo: dict | None = None) -> int | None:
    """Claim one due member and queue their digest in one transaction: how many new items
    it carried (0: skipped, nothing sent), or None when another worker has it."""
    settings = session.get(DigestSettings, user_id, populate_existing=True)
    if settings is None:
        return None
    since, period = since_of(settings, now), _period(settings)
    if not claim(session, settings, now):
        session.rollback()
        return None
    member = session.get(User, user_id)
    carried = 0
    if (member is not None and member.deleted_at is None and member.is_active
            and consents.has_consent(session, user_id, ConsentKind.NEWS_EMAILS.value)):
        visited = last_visit(session, user_id) if settings.only_if_away else None
        away = visited is None or settings.last_digest_at is None or visited <= since
        content = content_for(session, member, settings, since, now,
                              normalize_language(member.language), memo) if away else None
        if content is not None and content.new_count:
            sent = DigestSend(user_id=user_id, period=period, sent_at=now,
                              items=content.new_count)
            session.add(sent)
            session.flush()  # a second send of this period fails here: nothing twice
            deliver(session, compose(member, content, settings.unsubscribe_token), settings,
                    sent.id, period, now)
            carried = content.new_count
    session.commit()
    return carried


def due_members(session: Session, now: dt.datetime, limit: int = PER_RUN) -> list[int]:
    return list(session.exec(
        select(DigestSettings.user_id)
        .where(col(DigestSettings.next_digest_at) <= now,
               col(DigestSettings.frequency) != DigestFrequency.NEVER.value,
               consents_given(DigestSettings.user_id))
        .order_by(col(DigestSettings.next_digest_at), col(DigestSettings.user_id)).limit(limit)
    ).all())


def send_due_digests(session: Session, now: dt.datetime | None = None,
                     limit: int = PER_RUN) -> dict[str, int]:
    """Every due member's digest this caller wins (at most ``limit``): counts of digests
    sent and skipped."""
    now = in_utc(now or utcnow())
    ensure_settings(session, now)
    due = due_members(session, now, limit)
    session.commit()
    counts = {"digests": 0, "skipped": 0}
    memo: dict = {}  # this run's shared reads (content_for)
    for user_id in due:
        try:
            carried = send_digest(session, user_id, now, memo)
        except sa.exc.IntegrityError:
            session.rollback()  # (this period's digest was recorded by another run)
            continue
        except Exception:  # noqa: BLE001 - one member's failure: retried next run
            session.rollback()
            log.exception("the digest of member %s failed; tried again next run", user_id)
            continue
        if carried:
            counts["digests"] += 1
        elif carried == 0:
            counts["skipped"] += 1
    return counts


@scheduler.periodic("digests", every=RUN_EVERY)
def _scheduled_digests(session: Session, now: dt.datetime) -> str:
    counts = send_due_digests(session, now)
    return ", ".join(f"{k}: {v}" for k, v in counts.items())

