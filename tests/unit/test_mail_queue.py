"""The mail queue (services/mail_queue.py) and the meetup emails put on it
(services/meetups/emails.py, release.py): each email sent once, even with two workers
draining at the same moment (SQLite and PostgreSQL); retried with backoff against a local
SMTP server that fails; never sent again once sent. A local aiosmtpd server stands in for
the mail server, as in test_mail.py."""

from __future__ import annotations

import asyncio
import datetime as dt
import email
import socket
import threading
from email import policy

import icalendar
import pytest
from aiosmtpd.controller import Controller
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import Meetup, MeetupRegistration, QueuedMail, WaitlistEntry
from community_app.services import mail_queue, scheduled_tasks
from community_app.services import meetups as service
from community_app.services.meetups import admin_registrations, release
from community_app.core.settings import get_settings
from tests.api.factories import VALID_REGISTRATION, make_meetup, make_member, make_registration
from tests.at_once import at_once

MINUTE = dt.timedelta(minutes=1)


class Server:
    """A local SMTP server: answers 451 to the first ``failures`` messages, then takes
    every message (kept in ``messages``)."""

    def __init__(self, failures: int = 0, delay: float = 0.0):
        self.failures = failures
        self.delay = delay
        self.messages: list[email.message.EmailMessage] = []
        self.refused = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        if self.delay:
            await asyncio.sleep(self.delay)  # a slow mail server, as the test asks
        if self.refused < self.failures:
            self.refused += 1
            return "451 Try again later"
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list:
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def smtp(monkeypatch, tmp_path):
    """Start a local SMTP server and point the site at it: ``smtp(failures=2)``."""
    started: list[Controller] = []

    def start(**kwargs) -> Server:
        handler = Server(**kwargs)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        controller = Controller(handler, hostname="127.0.0.1", port=port)
        controller.start()
        started.append(controller)
        monkeypatch.setenv("COMMUNITY_SMTP_URL", f"smtp://127.0.0.1:{port}")
        monkeypatch.setenv("COMMUNITY_MAIL_OUTBOX", str(tmp_path / "outbox"))
        get_settings.cache_clear()
        return handler

    yield start
    for controller in started:
        controller.stop()
    monkeypatch.undo()
    get_settings.cache_clear()


def _rows(engine) -> list[QueuedMail]:
    with Session(engine) as s:
        return list(s.exec(select(QueuedMail).order_by(QueuedMail.id)).all())


def _queue_many(engine, count: int) -> list[str]:
    meetup = make_meetup(engine)
    addresses = []
    with Session(engine) as s:
        for i in range(count):
            member = make_member(engine, email=f"m{i}@example.com")
            mail_queue.enqueue(s, "confirmation", member, meetup.id, f"Hello {i}", "Body", "en",
                               ref_id=i)
            addresses.append(member.email)
        s.commit()
    return addresses


def test_registering_queues_a_confirmation_with_the_ics_in_the_members_language(engine, session, smtp):
    server = smtp()
    meetup = make_meetup(engine, title="Go kechasi", location="Seoul, Gangnam")
    member = make_member(engine, email="lola@example.com", language="uz", first_name="Lola")
    service.register_for_meetup(session, member.id, meetup.id, VALID_REGISTRATION)
    assert mail_queue.drain(engine) == {"sent": 1}
    [msg] = server.to("lola@example.com")
    assert msg["Content-Language"] == "uz"
    assert "Go kechasi" in msg["Subject"] and msg["Subject"] != f"You are registered: {meetup.title}"
    assert "Lola" in msg.get_body(preferencelist=("plain",)).get_content()
    [ics] = [p for p in msg.iter_attachments() if p.get_content_type() == "text/calendar"]
    event = icalendar.Calendar.from_ical(ics.get_payload(decode=True)).walk("VEVENT")[0]
    assert str(event["summary"]) == "Go kechasi"
    assert event.decoded("dtstart").utcoffset() == dt.timedelta(hours=9)
    assert event.decoded("dtstart") == meetup.starts_at.replace(microsecond=0)
    assert mail_queue.drain(engine) == {}  # nothing left, nothing sent twice
    assert len(server.messages) == 1


def test_two_workers_draining_at_once_send_each_email_once(engine, smtp):
    server = smtp(delay=0.01)
    addresses = _queue_many(engine, 24)
    results = at_once(lambda: mail_queue.drain(engine), 2)
    assert sorted(m["To"] for m in server.messages) == sorted(addresses)  # each exactly once
    assert sum(r.get("sent", 0) for r in results) == 24
    assert {r.status for r in _rows(engine)} == {"SENT"}


def test_of_two_claims_at_the_same_moment_one_wins(engine):
    _queue_many(engine, 1)
    [row] = _rows(engine)
    now = utcnow()
    for _ in range(10):
        with Session(engine) as s:  # put it back for another round
            s.exec(select(QueuedMail)).one().status = "PENDING"
            s.commit()
        start = threading.Barrier(2)
        wins: list[bool] = []

        def worker() -> None:
            with Session(engine) as s:
                start.wait()
                wins.append(mail_queue.claim(s, row.id, now))

        threads = [threading.Thread(target=worker) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(wins) == [False, True]


def test_a_failing_server_is_retried_with_backoff_and_the_email_sent_once(engine, smtp):
    server = smtp(failures=2)
    [address] = _queue_many(engine, 1)
    now = utcnow()
    assert mail_queue.drain(engine, now=now) == {"retry": 1}
    [row] = _rows(engine)
    assert (row.status, row.attempts) == ("PENDING", 1) and "451" in row.last_error
    assert mail_queue.drain(engine, now=now + 30 * dt.timedelta(seconds=1)) == {}  # not yet
    assert mail_queue.drain(engine, now=now + MINUTE) == {"retry": 1}
    assert mail_queue.drain(engine, now=now + 5 * MINUTE) == {}  # the second wait is 5 min
    assert mail_queue.drain(engine, now=now + 6 * MINUTE) == {"sent": 1}
    assert [m["To"] for m in server.messages] == [address] and server.refused == 2
    [row] = _rows(engine)
    assert (row.status, row.attempts, row.last_error) == ("SENT", 3, "")
    # Sent: never again, whoever drains and whenever.
    assert mail_queue.drain(engine, now=now + dt.timedelta(days=2)) == {}
    assert scheduled_tasks.run_due(engine, now=now + dt.timedelta(days=3), names=["mail-queue"]) == {
        "mail-queue": ""}
    assert len(server.messages) == 1


def test_a_server_that_keeps_failing_is_given_up(engine, smtp):
    server = smtp(failures=100)
    _queue_many(engine, 1)
    now = utcnow()
    for step in range(mail_queue.MAX_ATTEMPTS):
        mail_queue.drain(engine, now=now + dt.timedelta(days=step))
    [row] = _rows(engine)
    assert (row.status, row.attempts) == ("FAILED", mail_queue.MAX_ATTEMPTS)
    assert mail_queue.drain(engine, now=now + dt.timedelta(days=30)) == {}
    assert server.messages == [] and server.refused == mail_queue.MAX_ATTEMPTS


def test_an_interrupted_send_is_sent_again_with_the_same_message_id(engine, smtp):
    """A worker that died while sending (issue 40: the node killed mid-registration) must
    not leave the member without their email: past the lease another worker sends it, with
    the Message-ID of every attempt of that row, so a copy that did go out is the same
    message to the mail server and the member's client."""
    server = smtp()
    _queue_many(engine, 1)
    now = utcnow()
    [row] = _rows(engine)
    with Session(engine) as s:
        assert mail_queue.claim(s, row.id, now)  # a worker took it, then died
        first_id = mail_queue.message_of(s.get(QueuedMail, row.id), s)["Message-ID"]
    assert mail_queue.drain(engine, now=now + MINUTE) == {}  # still within its lease
    assert mail_queue.drain(engine, now=now + mail_queue.LEASE + MINUTE) == {
        "interrupted": 1, "sent": 1}
    [row] = _rows(engine)
    assert row.status == "SENT" and row.attempts == 2
    assert [m["Message-ID"] for m in server.messages] == [first_id]
    assert mail_queue.drain(engine, now=now + dt.timedelta(days=1)) == {}  # never again


def test_an_interrupted_send_of_its_last_attempt_is_given_up(engine, smtp):
    server = smtp()
    _queue_many(engine, 1)
    now = utcnow()
    [row] = _rows(engine)
    with Session(engine) as s:
        s.get(QueuedMail, row.id).attempts = mail_queue.MAX_ATTEMPTS - 1
        s.commit()
        assert mail_queue.claim(s, row.id, now)
    assert mail_queue.drain(engine, now=now + mail_queue.LEASE + MINUTE) == {"interrupted": 1}
    [row] = _rows(engine)
    assert row.status == "FAILED" and "interrupted" in row.last_error
    assert server.messages == []


def test_the_same_email_is_queued_once(engine, session):
    meetup = make_meetup(engine)
    member = make_member(engine)
    assert mail_queue.enqueue(session, "offer", member, meetup.id, "S", "B", "en", ref_id=7)
    assert not mail_queue.enqueue(session, "offer", member, meetup.id, "S", "B", "en", ref_id=7)
    session.commit()
    assert len(_rows(engine)) == 1


def test_organizers_decisions_are_emailed(engine, session, smtp):
    server = smtp()
    meetup = make_meetup(engine, requires_approval=True, title="Design night")
    organizer = make_member(engine, role="organizer")
    yes, no = make_member(engine, email="yes@example.com"), make_member(engine, email="no@example.com")
    for member in (yes, no):
        service.register_for_meetup(session, member.id, meetup.id, VALID_REGISTRATION)
    with Session(engine) as s:
        ids = {r.user_id: r.id for r in s.exec(select(MeetupRegistration)).all()}
    admin_registrations.accept_registration(session, organizer.id, meetup.id, ids[yes.id])
    admin_registrations.reject_registration(session, organizer.id, meetup.id, ids[no.id])
    session.commit()
    mail_queue.drain(engine)
    subjects = {m["To"]: [x["Subject"] for x in server.to(m["To"])] for m in server.messages}
    assert subjects["yes@example.com"] == ["Registration received: Design night",
                                           "Your registration is accepted: Design night"]
    assert subjects["no@example.com"] == ["Registration received: Design night",
                                          "Your registration was not accepted: Design night"]


def test_reminder_48_hours_before_with_a_release_link_that_works_once(engine, session, smtp):
    server = smtp()
    meetup = make_meetup(engine, in_days=1.5, max_seats=1, title="Rust night")
    far = make_meetup(engine, in_days=5)
    holder = make_member(engine, email="holder@example.com", language="uz")
    make_registration(engine, holder, meetup)
    make_registration(engine, make_member(engine), far)
    waiting = make_member(engine, email="next@example.com")
    service.join_waitlist(session, waiting.id, meetup.id, VALID_REGISTRATION)
    now = utcnow()
    assert scheduled_tasks.run_due(engine, now=now, names=["meetup-reminders"]) == {
        "meetup-reminders": "queued 1"}
    assert scheduled_tasks.run_due(engine, now=now + 10 * MINUTE, names=["meetup-reminders"]) == {
        "meetup-reminders": "queued 0"}  # once per registration
    mail_queue.drain(engine)
    [reminder] = server.to("holder@example.com")
    assert reminder["Content-Language"] == "uz" and "Rust night" in reminder["Subject"]
    body = reminder.get_body(preferencelist=("plain",)).get_content()
    link = next(w for w in body.split() if "/release-seat/" in w)
    token = link.rsplit("/", 1)[1]

    assert release.release_by_token(session, "not-a-token").outcome == release.INVALID
    done = release.release_by_token(session, token)
    assert (done.outcome, done.meetup_title) == (release.RELEASED, "Rust night")
    with Session(engine) as s:
        assert s.get(Meetup, meetup.id).available_seats == 0  # held for the next in line
        assert s.exec(select(WaitlistEntry)).one().status == "OFFERED"
    assert release.release_by_token(session, token).outcome == release.ALREADY  # single use
    mail_queue.drain(engine)
    assert [m["Subject"] for m in server.to("next@example.com")] == [
        "A seat is free for you: Rust night"]


def test_the_release_link_expires_at_the_start(engine, session):
    started = make_meetup(engine, in_days=-0.01)
    member = make_member(engine)
    registration = make_registration(engine, member, started)
    token = release.release_token(registration, started)
    assert release.release_by_token(session, token).outcome == release.EXPIRED
    with Session(engine) as s:
        assert s.get(MeetupRegistration, registration.id).status == "ACCEPTED"
