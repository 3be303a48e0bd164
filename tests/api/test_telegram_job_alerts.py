"""Job-alert digests by the bot, against the local Bot API stand-in (tests/telegram_api.py):
a member who linked the bot and chose Telegram gets the digest as one Telegram message and
no email; one who chose both gets each once; a member without the bot gets the email; a
blocked bot gets the email instead (with its one-click unsubscribe); without Telegram
settings every digest is an email, as before."""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session, select

from community_app.models import QueuedMail, SavedJobSearch, TelegramMessage
from community_app.services import job_alerts
from community_app.services.telegram import queue
from tests.api.factories import bearer, make_job, make_member
from tests.api.test_telegram_bot import API, last_text, link
from tests.telegram_api import telegram, telegram_server  # noqa: F401

ALERT = {"filters": {"visa": "D-2"}, "frequency": "DAILY"}


def _alert(client, member) -> int:
    r = client.post(f"{API}/job-alerts", json=ALERT, headers=bearer(member))
    assert r.status_code == 201, r.text
    return r.json()["data"]["id"]


def _choose(client, member, choice: str) -> None:
    r = client.put(f"{API}/users/me/telegram/notifications", headers=bearer(member),
                   json={"confirmation": choice})
    assert r.status_code == 200, r.text


def _due(engine, alert_id: int) -> dt.datetime:
    with Session(engine) as s:
        return s.get(SavedJobSearch, alert_id).next_digest_at


def _run(engine, now) -> dict:
    with Session(engine) as s:
        return job_alerts.send_due_digests(s, now)


def _digests(telegram, chat_id: int, title: str) -> list:
    """The messages the bot sent to the chat that carry ``title`` (linking sends a
    welcome first)."""
    return [c for c in telegram.sent(chat_id) if title in last_text(c)]


def _emails(engine, member) -> list[QueuedMail]:
    with Session(engine) as s:
        return list(s.exec(select(QueuedMail).where(QueuedMail.user_id == member.id)).all())


def test_a_linked_member_who_chose_telegram_gets_the_digest_there_once_and_no_email(
        client, engine, telegram):
    linked, unlinked = make_member(engine, language="en"), make_member(engine, language="en")
    link(client, linked, 7101)
    _choose(client, linked, "telegram")
    first, other = _alert(client, linked), _alert(client, unlinked)
    job = make_job(engine, title="Backend intern (D-2)", visas=["D-2"], days_ago=0)
    now = max(_due(engine, first), _due(engine, other))
    assert _run(engine, now) == {"digests": 2, "jobs": 2}
    assert _run(engine, now) == {"digests": 0, "jobs": 0}  # this period's digests are sent

    assert queue.drain(engine, now=now) == {"sent": 1}
    assert queue.drain(engine, now=now) == {}
    (message,) = _digests(telegram, 7101, "Backend intern (D-2)")
    text = last_text(message)
    assert "Backend intern (D-2)" in text and f"/jobs/{job.id}" in text
    assert "/job-alerts/unsubscribe/" in text
    assert _emails(engine, linked) == []  # Telegram alone: no email
    (mail,) = _emails(engine, unlinked)  # no bot: the email, and nothing by Telegram
    assert mail.kind == "job-digest" and "Backend intern (D-2)" in mail.body
    assert _digests(telegram, None, "Backend intern (D-2)") == [message]


def test_email_and_telegram_each_once_and_a_blocked_bot_sends_the_email_instead(
        client, engine, telegram):
    both, alone = make_member(engine), make_member(engine)
    link(client, both, 7201)
    link(client, alone, 7202)
    _choose(client, alone, "telegram")
    alerts = [_alert(client, both), _alert(client, alone)]
    make_job(engine, title="Data engineer", visas=["D-2"], days_ago=0)
    now = max(_due(engine, a) for a in alerts)
    _run(engine, now)
    telegram.block(7202)
    assert queue.drain(engine, now=now) == {"sent": 1, "failed": 1}
    assert len(_digests(telegram, 7201, "Data engineer")) == 1
    (mail,) = _emails(engine, both)  # "both" (the default): the email too, once
    assert "Data engineer" in mail.body
    (instead,) = _emails(engine, alone)  # blocked: the email instead, still unsubscribable
    assert "Data engineer" in instead.body and "List-Unsubscribe" in instead.headers


def test_without_telegram_settings_every_digest_is_an_email(client, engine):
    member = make_member(engine, telegram_chat_id=7301, notify_confirmation="telegram")
    alert = _alert(client, member)
    make_job(engine, title="Frontend developer", visas=["D-2"], days_ago=0)
    _run(engine, _due(engine, alert))
    (mail,) = _emails(engine, member)
    assert "Frontend developer" in mail.body
    with Session(engine) as s:
        assert s.exec(select(TelegramMessage)).all() == []
