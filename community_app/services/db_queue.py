"""A queue kept in a database table, sent exactly once: what the mail queue
(services/mail_queue.py) and the Telegram queue (services/telegram/queue.py) share. Each
keeps its own table, its rows' contents and its own way of sending one row; this module
holds the rest:

**Claimed once.** A worker sends a row only after moving it PENDING -> SENDING with one
conditional UPDATE (``WHERE status = 'PENDING' AND next_attempt_at <= now``) and
committing: of two workers (the in-app scheduler of several processes on several nodes, or
it and the cron command) exactly one wins; the other's UPDATE changes nothing (on
PostgreSQL it waits for the first and then finds the row taken; on SQLite the write lock
does the same).

**Retried, never twice.** A failure puts the row back to PENDING with ``next_attempt_at``
pushed by ``BACKOFF`` (1, 5, 15, 60 minutes, then 3 hours) or by the wait the sender was
told; after ``MAX_ATTEMPTS`` it is FAILED. A SENT row is never claimed again. A row left
SENDING by a worker that died in the middle (its queue's ``lease`` passed) may or may not
have gone: a queue whose copies the receiver recognises (``retry_interrupted``: the mail
queue, whose every attempt of a row carries the same Message-ID, which mail servers and
clients use to drop a second copy) sends it again, so the member gets it at least once and
sees it once; any other queue FAILs it with the reason (logged for the operator).

**Who drains it.** The queue's scheduler task (every 10 s) and, right after a commit that
queued something, a background thread of the process that committed; both go through the
same claim.

The table has ``id``, ``status`` (PENDING, SENDING, SENT, FAILED), ``next_attempt_at``,
``claimed_at``, ``attempts``, ``last_error`` and ``sent_at``.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import session_scope, utcnow
from community_app.services.bulk import update_where

log = logging.getLogger(__name__)

PENDING, SENDING, SENT, FAILED = "PENDING", "SENDING", "SENT", "FAILED"
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
INTERRUPTED = "interrupted while sending: not sent again (it may have gone)"
INTERRUPTED_AGAIN = "interrupted while sending: sent again (the same Message-ID)"


class DbQueue:
    """One queue's table and name. ``send_on_commit()`` says whether a commit that queued
    something drains at once (the tests of a queue turn it off to drive ``drain`` by hand);
    ``drain(engine)`` is the queue's own drain, run by that thread."""

    def __init__(self, name: str, model: type, *, what: str,
                 send_on_commit: Callable[[], bool], drain: Callable[[sa.Engine], Any],
                 retry_interrupted: bool = False, lease: dt.timedelta = LEASE) -> None:
        self.name, self.model, self.what = name, model, what
        self.retry_interrupted, self.lease = retry_interrupted, lease
        self._send_on_commit, self._drain = send_on_commit, drain
        self._listening = f"{name}_listening"
        self._kicker = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)

    # --- after the commit that queued a row ---------------------------------------------

    def send_after_commit(self, session: Session) -> None:
        """Drain in the background once the caller's transaction commits (not if it rolls
        back: then nothing was queued)."""
        if not self._send_on_commit() or session.info.get(self._listening):
            return
        session.info[self._listening] = True
        bind = session.get_bind()

        def kick(_session) -> None:
            _session.info.pop(self._listening, None)
            self._kicker.submit(self.drain_quietly, bind)

        def forget(_session) -> None:
            _session.info.pop(self._listening, None)

        sa.event.listen(session, "after_commit", kick, once=True)
        sa.event.listen(session, "after_rollback", forget, once=True)

    def put_once(self, session: Session, row: Any) -> bool:
        """Queue ``row`` in the caller's transaction (a savepoint) and drain once it
        commits; False, with nothing queued, when its unique key was queued before."""
        try:
            with session.begin_nested():
                session.add(row)
                session.flush()
        except sa.exc.IntegrityError:
            return False
        self.send_after_commit(session)
        return True

    def wait_idle(self, timeout: float = 30) -> None:
        """Wait until every drain started by a commit so far has ended (the drains run one
        after another on one thread: tests read what they sent)."""
        self._kicker.submit(lambda: None).result(timeout)

    def drain_quietly(self, engine: sa.Engine) -> None:
        try:
            self._drain(engine)
        except Exception:  # noqa: BLE001 - the scheduler's next run tries again
            log.exception("the %s could not be drained after a commit", self.name)

    # --- claim, finish, give up ---------------------------------------------------------

    def claim(self, session: Session, row_id: int, now: dt.datetime) -> bool:
        """Take one row for sending; True for the one caller that wins it."""
        m = self.model
        won = update_where(
            session, m,
            col(m.id) == row_id, col(m.status) == PENDING, col(m.next_attempt_at) <= now,
            status=SENDING, claimed_at=now, attempts=col(m.attempts) + 1,
        )
        session.commit()
        return won == 1

    def claimed(self, session: Session, row_id: int, now: dt.datetime) -> Any | None:
        """``claim`` and the row as it is now; None when another worker has it (or it is
        not due)."""
        if not self.claim(session, row_id, now):
            return None
        return session.get(self.model, row_id, populate_existing=True)

    def finish(self, session: Session, row_id: int, **values: Any) -> None:
        """Set a claimed row's outcome (only while it is still SENDING)."""
        m = self.model
        update_where(session, m, col(m.id) == row_id, col(m.status) == SENDING, **values)
        session.commit()

    def sent(self, session: Session, row_id: int, **values: Any) -> str:
        self.finish(session, row_id, status=SENT, sent_at=utcnow(), last_error="", **values)
        return "sent"

    def failed(self, session: Session, row_id: int, error: str) -> str:
        self.finish(session, row_id, status=FAILED, last_error=error[:500])
        return "failed"

    def retry_or_fail(self, session: Session, row: Any, exc: Exception, now: dt.datetime,
                      label: str, wait: dt.timedelta | None = None) -> str:
        """A failure of attempt ``row.attempts``: PENDING again after ``wait`` (by default
        the back-off), or FAILED once the attempts are used. "retry" or "failed"."""
        attempts = row.attempts
        error = f"{type(exc).__name__}: {exc}"[:500]
        if attempts >= MAX_ATTEMPTS:
            self.failed(session, row.id, error)
            log.error("%s given up after %d attempts: %s", label, attempts, error)
            return "failed"
        self.finish(session, row.id, status=PENDING, last_error=error,
                    next_attempt_at=now + (wait if wait is not None else BACKOFF[attempts - 1]))
        log.warning("%s failed (attempt %d), retried later: %s", label, attempts, error)
        return "retry"

    def give_up_interrupted(self, session: Session, now: dt.datetime) -> int:
        """Rows whose worker stopped while sending (their lease passed): sent again now when
        the queue allows it (and attempts are left), else FAILED. How many."""
        m = self.model
        stale = [col(m.status) == SENDING, col(m.claimed_at) < now - self.lease]
        again = 0
        if self.retry_interrupted:
            again = update_where(
                session, m, *stale, col(m.attempts) < MAX_ATTEMPTS,
                status=PENDING, next_attempt_at=now, last_error=INTERRUPTED_AGAIN,
            )
        gone = update_where(session, m, *stale, status=FAILED, last_error=INTERRUPTED)
        session.commit()
        if again:
            log.warning("%d queued %s(s) were interrupted while sending; sent again", again,
                        self.what)
        if gone:
            log.error("%d queued %s(s) were interrupted while sending; not retried", gone, self.what)
        return again + gone

    # --- one drain ------------------------------------------------------------------------

    def drain_each(self, engine: sa.Engine | None, now: dt.datetime | None,
                   handle_one: Callable[[Session, int, dt.datetime], str | None]) -> dict[str, int]:
        """Handle every due row this caller wins with ``handle_one(session, row_id, now)``
        (which claims it and says "sent", "retry", "failed" or None); counts by outcome."""
        now = now or utcnow()
        with session_scope(engine) as session:
            counts, due = self.due(session, now)
            for row_id in due:
                tally(counts, handle_one(session, row_id, now))
        return counts

    def due(self, session: Session, now: dt.datetime) -> tuple[dict[str, int], list[int]]:
        """Give up interrupted rows, then the ids of the rows due now (at most ``BATCH``,
        oldest first): the counts so far and the ids."""
        m = self.model
        counts: dict[str, int] = {}
        if self.give_up_interrupted(session, now):
            counts["interrupted"] = 1
        ids = session.exec(
            select(m.id).where(col(m.status) == PENDING, col(m.next_attempt_at) <= now)
            .order_by(col(m.id)).limit(BATCH)
        ).all()
        session.commit()
        return counts, list(ids)


def tally(counts: dict[str, int], outcome: str | None) -> None:
    """Count one row's outcome (None: another worker had it)."""
    if outcome:
        counts[outcome] = counts.get(outcome, 0) + 1


def summary(counts: dict[str, int]) -> str:
    """A drain's counts as the scheduler's run log shows them."""
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
