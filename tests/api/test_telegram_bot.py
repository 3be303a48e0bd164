"""The bot's personal messages against the local Bot API stand-in (tests/telegram_api.py):
a member links the bot with the deep link from My Page, then gets the confirmation with
the ticket's QR code, the reminder with "I can't come", and a waitlist offer whose
"Claim the seat" gives the seat (never oversold); /stop and blocking the bot unlink and
the email comes instead; the webhook refuses a request without Telegram's secret."""

from __future__ import annotations

import threading

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import Meetup, MeetupRegistration, QueuedMail, User
from community_app.services.meetups import emails
from community_app.services.telegram import queue
from tests.api.factories import VALID_REGISTRATION, bearer, make_meetup, make_member
from tests.telegram_api import WEBHOOK_SECRET, buttons_of, telegram, telegram_server, updates  # noqa: F401

API = "/api/v1"
HOOK = f"{API}/telegram/webhook"
SECRET = {"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}


def deliver(client, update: dict):
    answer = client.post(HOOK, json=update, headers=SECRET)
    assert answer.status_code == 200, answer.text
    return answer


def link(client, user: User, chat_id: int) -> None:
    """The member opens My Page's deep link and presses Start."""
    made = client.post(f"{API}/users/me/telegram/link", headers=bearer(user))
    assert made.status_code == 200, made.text
    url = made.json()["data"]["url"]
    assert url.startswith("https://t.me/uzdev_test_bot?start=")
    deliver(client, updates.start(chat_id, url.split("start=", 1)[1]))


def last_text(call) -> str:
    return call.params.get("text") or call.params.get("caption") or ""


def test_linking_through_the_deep_link_and_unlinking(client, engine, telegram):
    member = make_member(engine, language="uz")
    link(client, member, 5001)
    (hello,) = telegram.sent(5001)
    assert "/stop" in last_text(hello) and "Done" not in last_text(hello)  # in Uzbek
    status = client.get(f"{API}/users/me/telegram", headers=bearer(member)).json()["data"]
    assert status["chatLinked"] is True and status["notify"]["reminder"] == "both"

    # The same link again (a replay, or another chat) links nothing.
    with Session(engine) as s:
        assert s.get(User, member.id).telegram_chat_id == 5001
    deliver(client, updates.command(5001, "/stop"))
    with Session(engine) as s:
        assert s.get(User, member.id).telegram_chat_id is None
    assert "email" in last_text(telegram.sent(5001)[-1]).lower()

    link(client, member, 5001)
    deliver(client, updates.blocked(5001))  # the member blocks the bot
    assert client.get(f"{API}/users/me/telegram",
                      headers=bearer(member)).json()["data"]["chatLinked"] is False


def test_a_used_or_unknown_start_token_links_nothing(client, engine, telegram):
    member = make_member(engine)
    url = client.post(f"{API}/users/me/telegram/link", headers=bearer(member)).json()["data"]["url"]
    token = url.split("start=", 1)[1]
    deliver(client, updates.start(6001, token))
    deliver(client, updates.start(6002, token))  # used: the second chat gets nothing
    deliver(client, updates.start(6003, "not-a-token"))
    with Session(engine) as s:
        assert s.get(User, member.id).telegram_chat_id == 6001
    assert "expired" in last_text(telegram.sent(6002)[-1])
    assert "expired" in last_text(telegram.sent(6003)[-1])


@pytest.mark.parametrize("headers", [{}, {"X-Telegram-Bot-Api-Secret-Token": "guess"}])
def test_the_webhook_refuses_requests_without_telegrams_secret(client, engine, telegram, headers):
    member = make_member(engine)
    url = client.post(f"{API}/users/me/telegram/link", headers=bearer(member)).json()["data"]["url"]
    answer = client.post(HOOK, json=updates.start(7001, url.split("start=", 1)[1]), headers=headers)
    assert answer.status_code == 401
    with Session(engine) as s:
        assert s.get(User, member.id).telegram_chat_id is None


def test_without_telegram_settings_the_webhook_and_link_are_not_there(client, engine):
    member = make_member(engine)
    assert client.post(HOOK, json=updates.start(1, "x"), headers=SECRET).status_code == 404
    assert client.post(f"{API}/users/me/telegram/link", headers=bearer(member)).status_code == 422
    assert client.get(f"{API}/users/me/telegram",
                      headers=bearer(member)).json()["data"]["available"] is False


def test_confirmation_reminder_release_and_the_offer_claimed_by_button(client, engine, telegram):
    meetup = make_meetup(engine, in_days=1, max_seats=1, requires_approval=False)
    holder, waiting = make_member(engine), make_member(engine, language="uz")
    link(client, holder, 8001)
    link(client, waiting, 8002)
    telegram.reset()

    # The holder registers: the confirmation comes with the ticket's QR code (and by email).
    registered = client.post(f"{API}/users/meetups/{meetup.id}/registration",
                             json=VALID_REGISTRATION, headers=bearer(holder))
    assert registered.status_code in (200, 201), registered.text
    queue.drain(engine)
    (ticket,) = telegram.sent(8001)
    assert ticket.method == "sendPhoto" and ticket.files["photo"].startswith(b"\x89PNG")
    assert "You are registered" in last_text(ticket)
    with Session(engine) as s:
        assert s.exec(select(QueuedMail).where(QueuedMail.kind == "confirmation")).one()

    # The waiting member joins the waitlist of the full meetup.
    assert client.post(f"{API}/users/meetups/{meetup.id}/waitlist", json=VALID_REGISTRATION,
                       headers=bearer(waiting)).status_code == 201

    # The reminder (48 h before) carries "I can't come".
    with Session(engine) as s:
        assert emails.queue_reminders(s, utcnow()) == 1
        assert emails.queue_reminders(s, utcnow()) == 0
    queue.drain(engine)
    reminder = telegram.sent(8001)[-1]
    assert reminder.method == "sendMessage" and "Reminder" in last_text(reminder)
    ((label, data),) = buttons_of(reminder)
    assert label == "I can't come: release my seat" and data.startswith("release:")

    deliver(client, updates.callback(8001, data))
    (answer,) = telegram.answered()
    assert "released" in answer.params["text"]
    with Session(engine) as s:
        reg = s.exec(select(MeetupRegistration).where(MeetupRegistration.user_id == holder.id)).one()
        assert reg.status == "CANCELLED"

    # The freed seat is offered to the waiting member, in Uzbek, with "Claim the seat".
    queue.drain(engine)
    offer = telegram.sent(8002)[-1]
    ((label, claim),) = buttons_of(offer)
    assert claim == f"claim:{meetup.id}" and label != "Claim the seat"  # Uzbek

    # Two taps at once (a double tap, two devices): one seat, one registration.
    def tap():
        deliver(client, updates.callback(8002, claim))

    taps = [threading.Thread(target=tap) for _ in range(2)]
    for t in taps:
        t.start()
    for t in taps:
        t.join(timeout=60)
    with Session(engine) as s:
        regs = s.exec(select(MeetupRegistration).where(
            MeetupRegistration.meetup_id == meetup.id,
            MeetupRegistration.status == "ACCEPTED")).all()
        assert [r.user_id for r in regs] == [waiting.id]
        assert s.get(Meetup, meetup.id).available_seats == 0
    assert len(telegram.answered()) == 3
    queue.drain(engine)
    assert telegram.sent(8002)[-1].method == "sendPhoto"  # the new ticket

    # A tap on a released reminder again changes nothing.
    deliver(client, updates.callback(8001, data))
    assert "already" in telegram.answered()[-1].params["text"]


def test_telegram_alone_and_a_blocked_bot_fall_back_to_email(client, engine, telegram):
    meetup = make_meetup(engine, in_days=5, max_seats=5, requires_approval=False)
    member = make_member(engine)
    link(client, member, 9001)
    chose = client.put(f"{API}/users/me/telegram/notifications", headers=bearer(member),
                       json={"confirmation": "telegram"})
    assert chose.status_code == 200 and chose.json()["data"]["notify"]["confirmation"] == "telegram"
    assert client.put(f"{API}/users/me/telegram/notifications", headers=bearer(member),
                      json={"confirmation": "pigeon"}).status_code == 422

    telegram.block(9001)
    client.post(f"{API}/users/meetups/{meetup.id}/registration", json=VALID_REGISTRATION,
                headers=bearer(member))
    with Session(engine) as s:
        assert s.exec(select(QueuedMail)).all() == []  # Telegram alone: no email queued
    assert queue.drain(engine) == {"failed": 1}
    with Session(engine) as s:
        assert s.get(User, member.id).telegram_chat_id is None  # unlinked
        (mail,) = s.exec(select(QueuedMail)).all()  # and the email instead
        assert mail.kind == "confirmation" and mail.to_address == member.email


@pytest.mark.parametrize("body", [{}, {"update_id": 1}, {"update_id": "x", "message": 5}])
def test_a_body_that_is_no_update_is_acknowledged_and_ignored(client, telegram, body):
    answer = client.post(HOOK, json=body, headers=SECRET)
    assert answer.status_code == 200 and telegram.calls == []


@pytest.mark.parametrize("data", ["claim:²", "claim:" + "9" * 40, "claim:１２", "release:-1"])
def test_a_button_with_an_id_that_is_no_number_is_an_unknown_button(client, engine, telegram, data):
    member = make_member(engine)
    link(client, member, 8099)
    deliver(client, updates.callback(8099, data))  # 200, not a server error
    assert telegram.answered()
