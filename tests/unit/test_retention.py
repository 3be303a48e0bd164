"""Retention rules and the scheduler that runs them (issue 16): each rule deletes what is
due and nothing else; a period's run happens once however many workers ask at once."""

from __future__ import annotations

import pytest

import datetime as dt
import threading

from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import Consent, LoginEvent, MeetupRegistration, ScheduledTask, User
from community_app.services import privacy, scheduled_tasks, scheduler
from tests.api.factories import make_member

NOW = dt.datetime(2027, 3, 1, 12, 0, tzinfo=dt.UTC)


def _sign_in_at(engine, user_id: int, at: dt.datetime) -> None:
    with Session(engine) as s:
        s.add(LoginEvent(user_id=user_id, at=at, address="203.0.113.5", method="password"))
        s.commit()


def _sign_ins(engine, user_id: int) -> list[dt.datetime]:
    with Session(engine) as s:
        return sorted(e.at.astimezone(dt.UTC) for e in
                      s.exec(select(LoginEvent).where(LoginEvent.user_id == user_id)))


def test_sign_ins_older_than_180_days_are_deleted(engine):
    member = make_member(engine)
    old, recent = NOW - dt.timedelta(days=181), NOW - dt.timedelta(days=179)
    _sign_in_at(engine, member.id, old)
    _sign_in_at(engine, member.id, recent)
    with Session(engine) as s:
        assert privacy.purge_login_history(s, NOW) == 1
        s.commit()
    assert _sign_ins(engine, member.id) == [recent]


def test_the_login_history_setting_changes_the_cutoff(engine, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LOGIN_HISTORY_DAYS", "30")
    member = make_member(engine)
    _sign_in_at(engine, member.id, NOW - dt.timedelta(days=31))
    _sign_in_at(engine, member.id, NOW - dt.timedelta(days=29))
    with Session(engine) as s:
        assert privacy.purge_login_history(s, NOW) == 1
        s.commit()
    assert _sign_ins(engine, member.id) == [NOW - dt.timedelta(days=29)]


def test_unverified_sign_ups_are_deleted_after_7_days(engine):
    old = make_member(engine, joined_at=NOW - dt.timedelta(days=8), verified_at=None)
    fresh = make_member(engine, joined_at=NOW - dt.timedelta(days=6), verified_at=None)
    # A Telegram sign-up waits for its emailed link like any other: gone too.
    telegram = make_member(engine, joined_at=NOW - dt.timedelta(days=8), verified_at=None,
                           telegram_id=31337)
    verified = make_member(engine, joined_at=NOW - dt.timedelta(days=30),
                           verified_at=NOW - dt.timedelta(days=30))
    google = make_member(engine, joined_at=NOW - dt.timedelta(days=30), google_sub="g-123",
                         verified_at=NOW - dt.timedelta(days=30))
    organizer = make_member(engine, joined_at=NOW - dt.timedelta(days=30), role="organizer",
                            verified_at=None)
    with Session(engine) as s:
        assert privacy.purge_unverified_sign_ups(s, NOW) == 2
        s.commit()
        left = {u.id for u in s.exec(select(User))}
        assert old.id not in left and telegram.id not in left
        assert {fresh.id, verified.id, google.id, organizer.id} <= left
        # their consents went with them (ON DELETE CASCADE)
        assert not s.exec(select(Consent).where(Consent.user_id == old.id)).all()


def test_a_sign_in_proves_no_email_but_an_emailed_code_does(engine):
    """Only a door that proves the address (services/email_proof.py) keeps the account: a
    sign-in recorded through another door leaves it unconfirmed."""
    from community_app.services import email_proof

    member = make_member(engine, joined_at=NOW - dt.timedelta(days=8), verified_at=None)
    proven = make_member(engine, joined_at=NOW - dt.timedelta(days=8), verified_at=None)
    with Session(engine) as s:
        privacy.record_sign_in(s, s.get(User, member.id), "telegram", address="198.51.100.7",
                               user_agent="Firefox", now=NOW - dt.timedelta(days=7, hours=12))
        email_proof.prove_email(s, s.get(User, proven.id), email_proof.LOGIN_CODE,
                                now=NOW - dt.timedelta(days=7, hours=12))
        s.commit()
    with Session(engine) as s:
        event = s.exec(select(LoginEvent).where(LoginEvent.user_id == member.id)).one()
        assert (event.address, event.user_agent, event.method) == ("198.51.100.7", "Firefox", "telegram")
        assert privacy.purge_unverified_sign_ups(s, NOW) == 1
        s.commit()
        assert s.get(User, member.id) is None and s.get(User, proven.id) is not None


def test_sign_up_and_registration_record_their_consents(engine):
    """Consents are recorded only when given: the sign-up's box (terms and privacy) and the
    optional news emails; a registration agrees to the attendee list. The news emails can
    be withdrawn and given again, and the history keeps every date; terms cannot."""
    from community_app.services import sign_up
    from community_app.services.errors import BadRequest
    from tests.api.factories import make_meetup

    member = make_member(engine)  # made without any box ticked: nothing recorded
    meetup = make_meetup(engine)
    with Session(engine, expire_on_commit=False) as s:
        assert privacy.list_consents(s, member.id) == []
        s.add(MeetupRegistration(user_id=member.id, meetup_id=meetup.id, attendance_reason="learning",
                                 interested_field="backend", expectation="Learn."))
        signed = sign_up.register(s, email="boxes@example.com", phone="01022223333",
                               password="Str0ng!pass", confirm_password="Str0ng!pass",
                               consent=True, news_emails=True).user
        s.commit()
        kinds = {(c.kind, c.meetup_title) for c in privacy.list_consents(s, member.id)}
        assert kinds == {("attendee_list", meetup.title)}
        assert {c.kind for c in privacy.list_consents(s, signed.id)} == {"terms", "privacy", "news_emails"}

        privacy.choose_consent(s, signed.id, "news_emails", False)
        privacy.choose_consent(s, signed.id, "news_emails", True)
        s.commit()
        news = [c for c in privacy.list_consents(s, signed.id) if c.kind == "news_emails"]
        assert len(news) == 2 and sum(c.withdrawn_at is not None for c in news) == 1
        assert [c.withdrawable for c in news].count(True) == 1
        with pytest.raises(BadRequest):
            privacy.choose_consent(s, signed.id, "terms", False)


def _count_task(calls: list):
    def run(session, now):
        calls.append(now)
        return "counted"
    return run


def test_a_period_runs_once_however_many_workers_ask(engine):
    calls: list = []
    scheduler.TASKS["test-count"] = scheduler.Task("test-count", dt.timedelta(hours=1), _count_task(calls))
    try:
        barrier = threading.Barrier(6)
        results = []

        def worker():
            barrier.wait()
            results.append(scheduled_tasks.run_due(engine, now=NOW, names=["test-count"]))

        threads = [threading.Thread(target=worker) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(calls) == 1
        assert sum("test-count" in r for r in results) == 1
        # Still within the hour: nothing; after it: once more.
        scheduled_tasks.run_due(engine, now=NOW + dt.timedelta(minutes=59), names=["test-count"])
        assert len(calls) == 1
        assert scheduled_tasks.run_due(engine, now=NOW + dt.timedelta(hours=1), names=["test-count"]) == {
            "test-count": "counted"}
        assert len(calls) == 2
        with Session(engine) as s:
            assert s.get(ScheduledTask, "test-count").last_result == "counted"
    finally:
        scheduler.TASKS.pop("test-count", None)


def test_retention_tasks_are_registered_and_run_by_the_scheduler(engine):
    member = make_member(engine)
    _sign_in_at(engine, member.id, utcnow() - dt.timedelta(days=400))
    done = scheduled_tasks.run_due(engine, names=["purge-login-history", "purge-unverified-sign-ups"])
    assert done["purge-login-history"] == "1 sign-ins deleted"
    assert "purge-unverified-sign-ups" in done
    assert _sign_ins(engine, member.id) == []
