"""The personal digest (issue 44) against the SMTP stand-in (tests/cluster.MailServer) and
the Bot API stand-in (tests/telegram_api.py): a member who gave the news-emails consent gets
one digest with a job that fits their visa and Korean level and an open meetup, in their
language (text and HTML, one-click unsubscribe headers), and none when nothing is new; one
who withdrew gets none (and a digest waiting in the queue is dropped); two workers send one
digest per member; the one-click unsubscribe works with a POST and no cookies; the choices,
the preview and the organizers' audience and test."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.core.settings import get_settings
from community_app.models import Consent, DigestSettings, QueuedMail, TelegramMessage, User
from community_app.services import mail_queue
from community_app.services.digest import member_choices, sending
from community_app.services.telegram import queue as telegram_queue
from tests.api.factories import bearer, insert, make_job, make_meetup, make_member, make_news
from tests.api.test_telegram_bot import last_text, link
from tests.at_once import at_once
from tests.cluster import MailServer
from tests.telegram_api import telegram, telegram_server  # noqa: F401

API = "/api/v1"


@pytest.fixture
def smtp(monkeypatch, tmp_path):
    """The mail server stand-in, the site's mail pointed at it; the queue drained by hand."""
    server = MailServer()
    server.start()
    monkeypatch.setenv("COMMUNITY_SMTP_URL", server.url)
    monkeypatch.setenv("COMMUNITY_MAIL_OUTBOX", str(tmp_path))
    monkeypatch.setattr(mail_queue, "SEND_ON_COMMIT", False)
    get_settings.cache_clear()
    yield server
    server.stop()
    monkeypatch.undo()
    get_settings.cache_clear()


def _consenting(engine, **fields) -> User:
    member = make_member(engine, **fields)
    insert(engine, Consent(user_id=member.id, kind="news_emails"))
    return member


def _due(engine, member) -> dt.datetime:
    with Session(engine) as s:
        member_choices.ensure_settings(s, utcnow())
        return s.get(DigestSettings, member.id).next_digest_at


def _run(engine, now) -> dict:
    with Session(engine) as s:
        return sending.send_due_digests(s, now)


def _drain(engine, now) -> dict:
    return mail_queue.drain(engine, now=now)


def _digest_mails(smtp, member):
    return [m for m in smtp.to(member.email) if "digest" in m["Message-ID"]]


def test_a_consenting_member_gets_one_digest_with_a_fitting_job_and_an_open_meetup_in_uzbek(
        client, engine, smtp):
    aziza = _consenting(engine, language="uz", visa_status="D-2")
    r = client.put(f"{API}/users/me/digest", headers=bearer(aziza),
                   json={"koreanLevel": "TOPIK_3", "frequency": "DAILY", "hour": 8})
    assert r.status_code == 200, r.text
    assert r.json()["data"]["frequency"] == "DAILY" and r.json()["data"]["hour"] == 8
    silent = make_member(engine)  # no consent: nothing, whatever is new
    fits = make_job(engine, title="QA intern for D-2", visas=["D-2"], korean_level="TOPIK_2",
                    days_ago=0)
    make_job(engine, title="Needs TOPIK 6", visas=["D-2"], korean_level="TOPIK_6", days_ago=0)
    make_job(engine, title="E-7 only", visas=["E-7"], korean_level="NONE", days_ago=0)
    meetup = make_meetup(engine, title="Python Seoul #12", in_days=10, max_seats=40,
                         available_seats=12)
    make_meetup(engine, title="Full meetup", in_days=5, max_seats=10, available_seats=0)

    now = _due(engine, aziza)
    assert _run(engine, now - dt.timedelta(minutes=1)) == {"digests": 0, "skipped": 0}  # not yet
    assert _run(engine, now) == {"digests": 1, "skipped": 0}
    assert _run(engine, now) == {"digests": 0, "skipped": 0}  # this period's is sent
    assert _drain(engine, now) == {"sent": 1}

    (message,) = _digest_mails(smtp, aziza)
    assert smtp.to(silent.email) == []
    assert message["Content-Language"] == "uz"
    text = message.get_body(("plain",)).get_content()
    page = message.get_body(("html",)).get_content()
    for body in (text, page):
        assert "QA intern for D-2" in body and f"/jobs/{fits.id}" in body
        assert "Python Seoul #12" in body and f"/details/{meetup.id}" in body
        assert "Needs TOPIK 6" not in body and "E-7 only" not in body and "Full meetup" not in body
    assert "RO‘YXATGA OLISH OCHIQ TADBIRLAR" in text and "Assalomu alaykum" in text  # Uzbek
    assert "12" in text
    unsubscribe = message["List-Unsubscribe"]
    assert unsubscribe.startswith("<") and "/api/v1/public/digest/unsubscribe/" in unsubscribe
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "token=" not in text.replace("/digest/unsubscribe/", "")  # no sign-in link

    # The next period: nothing new since this digest, nothing sent.
    later = _due(engine, aziza)
    assert later > now
    assert _run(engine, later) == {"digests": 0, "skipped": 1}
    assert _drain(engine, later) == {}
    assert len(_digest_mails(smtp, aziza)) == 1


def test_a_member_who_withdrew_gets_none_and_a_waiting_digest_is_dropped(client, engine, smtp):
    member = _consenting(engine, language="en")
    make_news(engine, title="Community news", days_ago=0)
    now = _due(engine, member)
    assert _run(engine, now) == {"digests": 1, "skipped": 0}
    # Withdrawn before the queue sent it: it never goes.
    r = client.put(f"{API}/users/me/consents/news_emails", headers=bearer(member),
                   json={"given": False})
    assert r.status_code == 200, r.text
    assert _drain(engine, now) == {}
    assert _digest_mails(smtp, member) == []
    make_news(engine, title="More news", days_ago=0)
    later = now + dt.timedelta(days=8)
    assert _run(engine, later) == {"digests": 0, "skipped": 0}  # not even looked at
    assert _drain(engine, later) == {}
    r = client.get(f"{API}/users/me/digest", headers=bearer(member))
    assert r.json()["data"]["consent"] is False and r.json()["data"]["nextDigestAt"] is None


def test_two_workers_send_one_digest_per_member(engine, smtp):
    members = [_consenting(engine, language="en") for _ in range(6)]
    make_job(engine, title="Anyone's job", days_ago=0)
    make_news(engine, title="Fresh news", days_ago=0)
    now = max(_due(engine, m) for m in members)
    results = at_once(lambda: _run(engine, now), 2)
    assert sum(r["digests"] for r in results) == len(members)
    at_once(lambda: _drain(engine, now), 2)
    _drain(engine, now)
    for m in members:
        assert len(_digest_mails(smtp, m)) == 1, m.email
    with Session(engine) as s:
        assert len(s.exec(select(QueuedMail).where(QueuedMail.kind == "digest")).all()) == len(members)


def test_one_click_unsubscribe_with_a_post_and_no_cookies(client, engine, smtp):
    member = _consenting(engine, language="uz")
    make_news(engine, title="News for the unsubscribe", days_ago=0)
    now = _due(engine, member)
    _run(engine, now)
    _drain(engine, now)
    (message,) = _digest_mails(smtp, member)
    target = message["List-Unsubscribe"].strip("<>")
    path = target[target.index("/api/v1/"):]
    client.cookies.clear()
    r = client.post(path, headers={"Accept-Language": "uz"})  # as a mail client does it
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {"unsubscribed": True}
    assert r.json()["message"] and r.json()["message"] != "You will get no more digest emails."
    assert client.post(path).status_code == 200  # twice: harmless
    assert client.post(f"{API}/public/digest/unsubscribe/not-a-token").status_code == 404
    mine = client.get(f"{API}/users/me/digest", headers=bearer(member)).json()["data"]
    assert mine["byEmail"] is False
    make_news(engine, title="After the unsubscribe", days_ago=0)
    later = _due(engine, member)
    _run(engine, later)
    _drain(engine, later)
    assert len(_digest_mails(smtp, member)) == 1  # no second email


def test_telegram_gets_a_short_message_with_links_and_no_email(client, engine, smtp, telegram):
    member = _consenting(engine, language="en")
    link(client, member, 7441)
    r = client.put(f"{API}/users/me/digest", headers=bearer(member), json={"byEmail": False})
    assert r.json()["data"]["telegramLinked"] is True
    job = make_job(engine, title="Bot-delivered job", days_ago=0)
    # No visa or level on My Page: the member's saved search says which jobs (here: all).
    r = client.post(f"{API}/job-alerts", json={"filters": {}, "frequency": "WEEKLY"},
                    headers=bearer(member))
    assert r.status_code == 201, r.text
    now = _due(engine, member)
    assert _run(engine, now) == {"digests": 1, "skipped": 0}
    assert telegram_queue.drain(engine, now=now).get("sent") == 1
    texts = [last_text(c) for c in telegram.sent(7441) if "Bot-delivered job" in last_text(c)]
    assert len(texts) == 1 and f"/jobs/{job.id}" in texts[0] and "/mypage" in texts[0]
    assert len(texts[0]) < 1500
    assert _drain(engine, now) == {}  # Telegram alone: no email
    with Session(engine) as s:
        assert len(s.exec(select(TelegramMessage).where(TelegramMessage.user_id == member.id,
                                                        TelegramMessage.key.like("%digest%"))).all()) == 1


def test_only_if_away_skips_a_member_who_visited_since_the_last_digest(client, engine, smtp):
    member = _consenting(engine, language="en")
    client.put(f"{API}/users/me/digest", headers=bearer(member),
               json={"onlyIfAway": True, "frequency": "DAILY"})
    make_news(engine, title="First news", days_ago=0)
    first = _due(engine, member)
    assert _run(engine, first) == {"digests": 1, "skipped": 0}  # the first: never skipped
    from community_app.models import LoginEvent

    make_news(engine, title="Second news", days_ago=0, created_at=first + dt.timedelta(hours=1))
    insert(engine, LoginEvent(user_id=member.id, at=first + dt.timedelta(hours=2)))
    second = _due(engine, member)
    assert _run(engine, second) == {"digests": 0, "skipped": 1}


def test_preview_audience_and_a_test_to_the_organizer(client, engine, smtp):
    member = _consenting(engine, language="en", visa_status="E-7")
    organizer = _consenting(engine, language="uz", role="organizer")
    never = _consenting(engine)
    client.put(f"{API}/users/me/digest", headers=bearer(never), json={"frequency": "NEVER"})
    make_job(engine, title="E-7 backend", visas=["E-7"], korean_level="NONE", days_ago=0)
    r = client.get(f"{API}/users/me/digest/preview", headers=bearer(member))
    data = r.json()["data"]
    assert data["channels"] == ["email"] and "E-7 backend" in data["text"]
    assert [i["title"] for s in data["sections"] for i in s["items"]] == ["E-7 backend"]
    assert client.get(f"{API}/admin/digest", headers=bearer(member)).status_code == 403
    audience = client.get(f"{API}/admin/digest", headers=bearer(organizer)).json()["data"]
    assert audience["members"] == 2 and audience["byEmail"] == 2
    r = client.post(f"{API}/admin/digest/test", headers=bearer(organizer))
    assert r.status_code == 200, r.text
    from community_app.services import mail

    mail.wait_for_sending()
    (test,) = smtp.to(organizer.email)
    assert test["Subject"].startswith("[") and test["Content-Language"] == "uz"
    with Session(engine) as s:  # the test touched no schedule and queued nothing
        assert s.exec(select(QueuedMail)).all() == []


def test_a_failure_mid_digest_sends_nothing_and_the_next_run_sends_it_once(engine, smtp, monkeypatch):
    """A worker that fails (or dies) after the claim rolls it back with the queued rows: the
    member is due again, and the next run sends the digest once."""
    member = _consenting(engine, language="en")
    make_news(engine, title="News before the crash", days_ago=0)
    now = _due(engine, member)
    real = sending.deliver

    def crash(*args, **kwargs):
        real(*args, **kwargs)  # the email is queued in the transaction ...
        raise RuntimeError("the worker died")  # ... which never commits

    monkeypatch.setattr(sending, "deliver", crash)
    assert _run(engine, now) == {"digests": 0, "skipped": 0}
    assert _drain(engine, now) == {}
    with Session(engine) as s:
        assert s.get(DigestSettings, member.id).next_digest_at == now  # still due
    monkeypatch.setattr(sending, "deliver", real)
    assert _run(engine, now) == {"digests": 1, "skipped": 0}
    assert _drain(engine, now) == {"sent": 1}
    assert _run(engine, now) == {"digests": 0, "skipped": 0}
    assert len(_digest_mails(smtp, member)) == 1
