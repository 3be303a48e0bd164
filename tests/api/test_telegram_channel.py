"""Channel announcements through the Telegram queue, against the local Bot API stand-in
(tests/telegram_api.py): once per item however many workers drain, an update per new
date or place, the organizer's switch, retries, and nothing at all without settings."""

from __future__ import annotations


import pytest
from sqlmodel import Session, select

from community_app.models import TelegramMessage
from community_app.services.telegram import queue
from tests.api.factories import make_job, meetup_form
from tests.at_once import at_once
from tests.telegram_api import CHANNEL, telegram, telegram_server  # noqa: F401

ADMIN = "/api/v1/admin"


@pytest.fixture
def org(make_user):
    return make_user("organizer")[1]


def two_workers_drain(engine) -> list[dict]:
    """Two workers (threads with their own connections) drain the queue at once."""
    return at_once(lambda: queue.drain(engine), 2)


def test_a_published_meetup_is_posted_once_and_its_new_date_once(client, engine, org, telegram):
    created = client.post(f"{ADMIN}/meetups", headers=org,
                          json=meetup_form(title="Rust evening", location="Gangnam", maxSeats=40))
    assert created.status_code == 201, created.text
    meetup_id = created.json()["data"]["id"]

    two_workers_drain(engine)
    two_workers_drain(engine)
    posts = telegram.sent(CHANNEL)
    assert len(posts) == 1
    text = posts[0].params["text"]
    assert "Rust evening" in text and "Gangnam" in text and "Seats left: 40" in text
    assert "Korea time" in text and f"/details/{meetup_id}" in text

    moved = meetup_form(title="Rust evening", location="Gangnam", maxSeats=40, in_days=30)
    assert client.put(f"{ADMIN}/meetups/{meetup_id}", headers=org, json=moved).status_code == 200
    # The same values saved again is no new update.
    assert client.put(f"{ADMIN}/meetups/{meetup_id}", headers=org, json=moved).status_code == 200
    two_workers_drain(engine)
    posts = telegram.sent(CHANNEL)
    assert len(posts) == 2
    assert posts[1].params["text"].startswith("Changed: Rust evening")
    assert moved["meetupDate"][-2:].lstrip("0") in posts[1].params["text"]

    # A title-only edit is no news for the channel.
    assert client.put(f"{ADMIN}/meetups/{meetup_id}", headers=org,
                      json={**moved, "title": "Rust night"}).status_code == 200
    queue.drain(engine)
    assert len(telegram.sent(CHANNEL)) == 2

    assert client.delete(f"{ADMIN}/meetups/{meetup_id}", headers=org).status_code in (200, 204)
    queue.drain(engine)
    assert telegram.sent(CHANNEL)[-1].params["text"].startswith("Cancelled: Rust night")


def test_the_channel_speaks_its_configured_language(client, engine, org, telegram, monkeypatch):
    monkeypatch.setenv("COMMUNITY_TELEGRAM_CHANNEL_LANGUAGE", "uz")
    client.post(f"{ADMIN}/meetups", headers=org, json=meetup_form(title="Go kechasi"))
    queue.drain(engine)
    (post,) = telegram.sent(CHANNEL)
    assert "Go kechasi" in post.params["text"] and "Seats left" not in post.params["text"]


def test_news_and_approved_jobs_are_posted_and_the_switch_stops_an_item(client, engine, org, telegram):
    news = client.post(f"{ADMIN}/news", headers=org, json={
        "title": "Draft first", "content": "Body", "type": "TECH", "published": False}).json()["data"]
    queue.drain(engine)
    assert telegram.sent(CHANNEL) == []  # a draft is not announced
    assert client.post(f"{ADMIN}/news/{news['id']}/telegram", headers=org,
                       json={"announce": False}).status_code == 200
    assert client.get(f"{ADMIN}/news/{news['id']}", headers=org).json()["data"]["telegramAnnounce"] is False
    client.post(f"{ADMIN}/news/{news['id']}/publish", headers=org)
    queue.drain(engine)
    assert telegram.sent(CHANNEL) == []  # switched off by the organizer

    job = make_job(engine, status="PENDING", title="Go developer", company_name="Acme")
    assert client.get(f"{ADMIN}/jobs/{job.id}", headers=org).json()["data"]["telegramAnnounce"] is True
    quiet = make_job(engine, status="PENDING", title="Quiet job")
    client.post(f"{ADMIN}/jobs/{quiet.id}/telegram", headers=org, json={"announce": False})
    assert client.get(f"{ADMIN}/jobs/{quiet.id}", headers=org).json()["data"]["telegramAnnounce"] is False
    assert client.post(f"{ADMIN}/jobs/{job.id}/open", headers=org).status_code == 200
    queue.drain(engine)
    (post,) = telegram.sent(CHANNEL)
    assert "Go developer" in post.params["text"] and "Acme" in post.params["text"]
    assert f"/jobs/{job.id}" in post.params["text"]


def test_a_failed_post_is_retried_later_and_sent_once(client, engine, org, telegram):
    client.post(f"{ADMIN}/meetups", headers=org, json=meetup_form())
    telegram.fail_next(1)
    assert queue.drain(engine) == {"retry": 1}
    assert queue.drain(engine) == {}  # not due yet
    with Session(engine) as s:
        row = s.exec(select(TelegramMessage)).one()
        assert row.status == "PENDING" and row.attempts == 1
        later = row.next_attempt_at
    assert queue.drain(engine, now=later) == {"sent": 1}
    assert queue.drain(engine, now=later) == {}
    assert len([c for c in telegram.sent(CHANNEL)]) == 2  # the refused try and the sent one


def test_without_telegram_settings_nothing_is_queued_or_sent(client, engine, org, telegram_server,
                                                             monkeypatch):
    for name in ("COMMUNITY_TELEGRAM_BOT_TOKEN", "COMMUNITY_TELEGRAM_CHANNEL_ID"):
        monkeypatch.delenv(name, raising=False)
    telegram_server.reset()
    assert client.post(f"{ADMIN}/meetups", headers=org, json=meetup_form()).status_code == 201
    assert queue.drain(engine) == {}
    with Session(engine) as s:
        assert s.exec(select(TelegramMessage)).all() == []
    assert telegram_server.calls == []



def test_a_meetup_created_switched_off_posts_nothing_until_switched_on(client, engine, org, telegram):
    created = client.post(f"{ADMIN}/meetups", headers=org,
                          json=meetup_form(title="Quiet one", telegramAnnounce=False))
    assert created.status_code == 201 and created.json()["data"]["telegramAnnounce"] is False
    meetup_id = created.json()["data"]["id"]
    client.put(f"{ADMIN}/meetups/{meetup_id}", headers=org, json=meetup_form(title="Quiet one", in_days=40))
    queue.drain(engine)
    assert telegram.sent(CHANNEL) == []

    on = client.post(f"{ADMIN}/meetups/{meetup_id}/telegram", headers=org, json={"announce": True})
    assert on.status_code == 200 and on.json()["data"] == {"announce": True}
    client.post(f"{ADMIN}/meetups/{meetup_id}/telegram", headers=org, json={"announce": True})
    queue.drain(engine)
    (post,) = telegram.sent(CHANNEL)  # announced now, once
    assert "Quiet one" in post.params["text"]

    off = client.post(f"{ADMIN}/meetups/{meetup_id}/telegram", headers=org, json={"announce": False})
    assert off.json()["data"] == {"announce": False}
    client.put(f"{ADMIN}/meetups/{meetup_id}", headers=org, json=meetup_form(title="Quiet one", in_days=50))
    queue.drain(engine)
    assert len(telegram.sent(CHANNEL)) == 1  # switched off: no update
    for missing in (999999, 2**63):
        assert client.post(f"{ADMIN}/meetups/{missing}/telegram", headers=org,
                           json={"announce": True}).status_code == 404
