"""Benchmark section 'digest' (see tests/bench/__main__.py; needs no site server): the
personal digest of ``BENCH_DIGEST_MEMBERS`` (10,000) members who gave the news-emails
consent, through the code the scheduler runs, to a local SMTP server (aiosmtpd) that counts
its connections.

A fresh database (SQLite, or PostgreSQL with ``BENCH_DIGEST_POSTGRES_URL``: its schema
``public`` is dropped and made again) is migrated and seeded from a fixed random seed: the
members (English and Uzbek, a visa each, a third with a Korean level of their own), a few
upcoming meetups with seats, news and job posts for several visas. Then, with
every member due at once:

1. **queue**: ``digest.send_due_digests`` as the task ``digests`` runs it, ``PER_RUN``
   members per run, run after run until nobody is due (each run is one minute apart in
   the site; here back to back): the claims, what each member's digest carries, the texts
   in two languages and the queued emails;
2. **send**: the mail queue drained as the site drains it (``mail_queue.drain``, plus the
   drain a commit starts), until every email reached the server.

Prints the time of each step, the emails the server received, the digests per minute the
queue step could make (the site makes at most ``PER_RUN`` a minute) and the server's peak of
simultaneous connections. Run alone: ``python -m tests.bench.digest``.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import tempfile
import threading
import time
from pathlib import Path

import sqlalchemy as sa

MEMBERS = int(os.environ.get("BENCH_DIGEST_MEMBERS") or 10_000)
SEED = 44
VISAS = ("D-2", "D-10", "E-7", "E-9", "F-2", "F-4", "F-5", "F-6", "H-1")
LEVELS = ("NONE", "TOPIK_2", "TOPIK_4", "BUSINESS")


class CountingMailServer:
    """An SMTP server (aiosmtpd) that keeps how many messages it accepted and its peak of
    simultaneous connections."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import SMTP

        from tests.api.servers import free_port

        self.received = 0
        self.open = 0
        self.peak = 0
        self._lock = threading.Lock()
        outer = self

        class Counting(SMTP):
            def connection_made(self, transport):
                with outer._lock:
                    outer.open += 1
                    outer.peak = max(outer.peak, outer.open)
                super().connection_made(transport)

            def connection_lost(self, exc):
                with outer._lock:
                    outer.open -= 1
                super().connection_lost(exc)

        class Keep:
            async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
                with outer._lock:
                    outer.received += 1
                return "250 OK"

        class Counted(Controller):
            def factory(self):
                return Counting(self.handler, **self.SMTP_kwargs)

        self.port = free_port()
        self.url = f"smtp://127.0.0.1:{self.port}"
        self.controller = Counted(Keep(), hostname="127.0.0.1", port=self.port)

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()


def _engine(folder: Path) -> tuple[str, sa.Engine]:
    from community_app.core.db import make_engine, migrate

    pg = (os.environ.get("BENCH_DIGEST_POSTGRES_URL") or "").strip()
    if pg:
        engine = make_engine(pg)
        with engine.begin() as conn:
            conn.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(sa.text("CREATE SCHEMA public"))
        migrate(pg)
        return "postgresql", engine
    url = f"sqlite:///{folder / 'digest-bench.db'}"
    migrate(url)
    return "sqlite", make_engine(url)


def seed(engine: sa.Engine, members: int, now: dt.datetime) -> float:
    from community_app.models import Consent, JobPost, Meetup, News, User

    rng = random.Random(SEED)
    started = time.perf_counter()
    with engine.begin() as conn:
        conn.execute(sa.insert(User), [
            dict(email=f"member{n}@example.com", username=f"member{n}", first_name=f"Member{n}",
                 last_name="", bio="", role="member", language=rng.choice(("en", "uz")),
                 is_active=True, joined_at=now - dt.timedelta(days=30), verified_at=now,
                 visa_status=rng.choice(VISAS), deletion_keeps_content=True,
                 calendar_feed_version=1, public_profile=False, notify_confirmation="both",
                 notify_reminder="both", notify_offer="both", session_version=0)
            for n in range(members)])
        ids = [row[0] for row in conn.execute(sa.select(User.id))]
        conn.execute(sa.insert(Consent), [dict(user_id=i, kind="news_emails", given_at=now)
                                          for i in ids])
        for n in range(4):
            starts = now + dt.timedelta(days=5 + 7 * n)
            conn.execute(sa.insert(Meetup).values(
                title=f"Meetup {n + 1}", description="", location="Seoul", starts_at=starts,
                ends_at=starts + dt.timedelta(hours=2), max_seats=80, available_seats=30 + n,
                created_at=now - dt.timedelta(days=1), updated_at=now))
        conn.execute(sa.insert(News), [
            dict(title=f"News {n + 1}", content="Text.", type="TECH", tags=[], published=True,
                 created_at=now - dt.timedelta(days=2), updated_at=now) for n in range(3)])
        conn.execute(sa.insert(JobPost), [
            dict(title=f"Job {n + 1} for {visa}", company_name="Hanriver", location="Seoul",
                 description="Build.", status="OPEN", visas=[visa], korean_level=rng.choice(LEVELS),
                 created_at=now - dt.timedelta(days=1), technologies=[], keywords=[],
                 working_languages=["en"])
            for n, visa in enumerate(VISAS * 3)])
    return time.perf_counter() - started


def _ensure(engine: sa.Engine, now: dt.datetime, rng: random.Random) -> None:
    """Every member's digest settings (the defaults, as the task makes them), all due now;
    a third choose a Korean level of their own."""
    from sqlmodel import Session

    from community_app.models import DigestSettings
    from community_app.services import digest

    with Session(engine) as session:
        digest.ensure_settings(session, now)
        due = now - dt.timedelta(minutes=1)
        session.execute(sa.update(DigestSettings).values(next_digest_at=due))
        chosen = [uid for uid in session.exec(sa.select(DigestSettings.user_id)).scalars()
                  if rng.random() < 1 / 3]
        session.execute(sa.update(DigestSettings).where(DigestSettings.user_id.in_(chosen))
                        .values(korean_level="TOPIK_4"))
        session.commit()


def run(server=None) -> None:
    from sqlmodel import Session

    from community_app.core.settings import get_settings
    from community_app.services import digest, mail, mail_queue

    folder = Path(tempfile.mkdtemp(prefix="uzdev-digest-bench-"))
    smtp = CountingMailServer()
    smtp.start()
    os.environ["COMMUNITY_SMTP_URL"] = smtp.url
    os.environ["COMMUNITY_MAIL_OUTBOX"] = str(folder / "outbox")
    get_settings.cache_clear()
    try:
        kind, engine = _engine(folder)
        now = dt.datetime.now(dt.UTC)
        seeded = seed(engine, MEMBERS, now)
        _ensure(engine, now, random.Random(SEED))
        print(f"digest: {MEMBERS:,} consenting members on {kind}, seeded in {seeded:.1f} s; "
              f"{digest.PER_RUN} members per run of the task (one run a minute in the site)",
              flush=True)

        started = time.perf_counter()
        runs = digests = 0
        while True:
            with Session(engine) as session:
                counts = digest.send_due_digests(session, now)
            runs += 1
            digests += counts["digests"]
            if counts["digests"] + counts["skipped"] == 0:
                break
        queued = time.perf_counter() - started

        # The scheduler's drain, beside the drains the commits started; at the real time
        # (as both read it in the site: a drain told an older time would take a row
        # another drain claimed minutes ago for one interrupted, and send it again).
        while True:
            counts = mail_queue.drain(engine)
            if not counts:
                break
        mail_queue.QUEUE.wait_idle(120)
        mail.wait_for_sending()
        total = time.perf_counter() - started
        sent = total - queued
        per_minute = digests / queued * 60 if queued else 0
        for line in (
            f"  queue: {digests:,} digests in {runs - 1} runs, {queued:.1f} s "
            f"({per_minute:,.0f} digests a minute of work; the site queues at most "
            f"{digest.PER_RUN} a minute)",
            f"  send:  {smtp.received:,} emails received by the mail server in {sent:.1f} s "
            f"({smtp.received / sent if sent else 0:,.0f} a second)",
            f"  total: {total:.1f} s; the mail server's peak of simultaneous connections: {smtp.peak}",
            f"  once:  {'yes' if smtp.received == digests else 'NO'} ({smtp.received:,} emails "
            f"for {digests:,} digests)",
        ):
            print(line, flush=True)
        engine.dispose()
    finally:
        smtp.stop()
        get_settings.cache_clear()


if __name__ == "__main__":
    run()
