"""Issue 45 through the REST API: a meetup's questions answered in the registration call
(each wrong field its translated message, unknown answers 422), in-person and online seats
(each its own limit, switching kind in one call), a workshop's applications decided
several at once (refused when full, or the rest waitlisted), one message per decision in
the member's language, the CSV and the registrations list with the answers."""

from __future__ import annotations

import csv
import io

import pytest
from sqlmodel import Session, select

from community_app.models import AuditEntry, Meetup, MeetupRegistration, QueuedMail, Role
from community_app.services.meetups import questions
from community_app.services.meetups.door_answers import door_answers
from tests.api.factories import (
    LAPTOP, LEVEL, VALID_REGISTRATION, bearer, make_meetup, make_member,
)


def _register(client, meetup_id, headers, **more):
    return client.post(f"/api/v1/users/meetups/{meetup_id}/registration",
                       json={**VALID_REGISTRATION, **more}, headers=headers)


@pytest.fixture
def organizer(engine):
    user = make_member(engine, role=Role.ORGANIZER.value, language="en")
    return user, bearer(user)


def _workshop(client, engine, organizer, **fields):
    """A workshop: 3 in-person and 10 online seats, approval, applications holding no seat,
    two questions and accessibility needs, made through the admin API."""
    _, headers = organizer
    meetup = make_meetup(engine, max_seats=3, requires_approval=True,
                         applications_hold_seats=False, online_max_seats=10,
                         online_available_seats=10, stream_url="https://stream.example/w", **fields)
    base = f"/api/v1/admin/meetups/{meetup.id}/questions"
    laptop = client.post(base, json=LAPTOP, headers=headers).json()["data"]
    level = client.post(base, json=LEVEL, headers=headers).json()["data"]
    r = client.put(f"{base}/built-in/accessibility", json={"on": True}, headers=headers)
    assert r.status_code == 200
    access = r.json()["data"][-1]
    return meetup, laptop, level, access


def test_the_public_form_and_answers_checked_per_field_in_the_members_language(
        client, engine, organizer):
    meetup, laptop, level, access = _workshop(client, engine, organizer)
    form = client.get(f"/api/v1/public/meetups/{meetup.id}/questions").json()["data"]
    assert [q["labelEn"] for q in form] == [
        "Will you bring a laptop?", "Your Python level", "Accessibility needs (optional)"]
    assert form[2]["noteEn"].startswith("Only the organizers see this answer.")
    assert [o["uz"] for o in form[1]["options"]] == ["Yangi", "Tajribali"]

    member = make_member(engine)
    r = _register(client, meetup.id, {**bearer(member), "Accept-Language": "uz"})
    assert r.status_code == 422
    errors = r.json()["data"]["errors"]
    assert set(errors) == {f"answers.{laptop['id']}", f"answers.{level['id']}"}
    assert errors[f"answers.{laptop['id']}"] == "Iltimos, bu savolga javob bering."

    r = _register(client, meetup.id, bearer(member),
                  answers={str(laptop["id"]): True, str(level["id"]): "guru", "99999": "x"})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {
        f"answers.{level['id']}": "Please choose one of the options.",
        "answers": "This event does not ask that question."}

    r = _register(client, meetup.id, bearer(member), seatKind="BALCONY",
                  answers={str(laptop["id"]): True, str(level["id"]): "pro"})
    assert r.json()["data"]["errors"] == {"seatKind": "Choose in-person or online seats."}

    r = _register(client, meetup.id, bearer(member),
                  answers={str(laptop["id"]): True, str(level["id"]): "pro",
                           str(access["id"]): "Wheelchair user"})
    assert r.status_code == 201, r.text
    body = r.json()["data"]
    assert (body["status"], body["seatKind"], body["holdsSeat"]) == ("PENDING", "IN_PERSON", False)


def test_a_meetup_without_questions_registers_as_before(client, engine):
    meetup = make_meetup(engine, max_seats=5)
    r = _register(client, meetup.id, bearer(make_member(engine)))
    assert r.status_code == 201
    assert r.json()["data"]["seatKind"] == "IN_PERSON"
    r = _register(client, meetup.id, bearer(make_member(engine)), answers={"1": "x"})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {"answers": "This event does not ask that question."}


def test_online_and_in_person_seats_each_have_their_limit_and_switching_is_one_call(
        client, engine):
    meetup = make_meetup(engine, max_seats=1, online_max_seats=1, online_available_seats=1)
    a, b, c = (make_member(engine) for _ in range(3))
    assert _register(client, meetup.id, bearer(a)).status_code == 201
    r = _register(client, meetup.id, bearer(b))
    assert (r.status_code, r.json()["message"]) == (
        409, "The in-person seats of this event are full.")
    assert _register(client, meetup.id, bearer(b), seatKind="ONLINE").status_code == 201
    r = _register(client, meetup.id, bearer(c), seatKind="ONLINE")
    assert (r.status_code, r.json()["message"]) == (409, "The online seats of this event are full.")
    listed = client.get(f"/api/v1/public/meetups/{meetup.id}").json()["data"]
    assert (listed["availableSeats"], listed["onlineAvailableSeats"], listed["onlineMaxSeats"]) == (
        0, 0, 1)
    assert "streamUrl" not in listed

    # c waits for an online seat; a moves to online (full: refused), b moves to in person
    # (full: refused); a cancels and b switches: one call, and c gets b's online seat offered.
    url = f"/api/v1/users/meetups/{meetup.id}/waitlist"
    assert client.post(url, json={**VALID_REGISTRATION, "seatKind": "ONLINE"},
                       headers=bearer(c)).status_code == 201
    switch = f"/api/v1/users/meetups/{meetup.id}/registration/seat-kind"
    r = client.post(switch, json={"seatKind": "ONLINE"}, headers=bearer(a))
    assert (r.status_code, r.json()["message"]) == (409, "The online seats of this event are full.")
    client.post(f"/api/v1/users/meetups/{meetup.id}/registration/cancel", headers=bearer(a))
    r = client.post(switch, json={"seatKind": "IN_PERSON"}, headers=bearer(b))
    assert r.status_code == 200, r.text
    assert r.json()["data"]["seatKind"] == "IN_PERSON"
    with Session(engine) as s:
        m = s.get(Meetup, meetup.id)
        assert (m.available_seats, m.online_available_seats) == (0, 0)  # c's offer holds it
        offers = s.exec(select(QueuedMail).where(QueuedMail.kind == "offer")).all()
        assert [o.user_id for o in offers] == [c.id]


def test_a_workshop_decides_several_applications_at_once(client, engine, organizer):
    meetup, laptop, level, access = _workshop(client, engine, organizer)
    members = [make_member(engine, language=lang) for lang in ("en", "uz", "en", "uz")]
    ids = []
    for i, m in enumerate(members):
        answers = {str(laptop["id"]): i % 2 == 0, str(level["id"]): "new"}
        if i == 0:
            answers[str(access["id"])] = "Step-free entrance, please"
        r = _register(client, meetup.id, bearer(m), answers=answers)
        assert r.status_code == 201
        ids.append(r.json()["data"]["id"])
    _, headers = organizer
    decide = f"/api/v1/admin/meetups/{meetup.id}/registrations/decisions"

    r = client.post(decide, json={"registrationIds": ids, "accept": True}, headers=headers)
    assert (r.status_code, r.json()["message"]) == (
        409, "Only 3 seats of this kind are left: accept fewer, or put the others on the "
             "waitlist.")
    r = client.post(decide, json={"registrationIds": ids[:3], "accept": True,
                                  "note": "Bring a charger"}, headers=headers)
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {"accepted": ids[:3], "declined": [], "waitlisted": []}
    r = client.post(decide, json={"registrationIds": ids[3:], "accept": False}, headers=headers)
    assert r.json()["data"]["declined"] == ids[3:]
    with Session(engine) as s:
        assert s.get(Meetup, meetup.id).available_seats == 0
        mails = {m.user_id: m for m in s.exec(select(QueuedMail)).all()
                 if m.kind in ("accepted", "rejected")}
        actions = s.exec(select(AuditEntry.action).where(
            AuditEntry.target_id == meetup.id, AuditEntry.action.like("registration.%"))).all()
    assert [mails[m.id].kind for m in members] == ["accepted", "accepted", "accepted", "rejected"]
    assert "A note from the organizers: Bring a charger" in mails[members[0].id].body
    assert "Tashkilotchilardan izoh: Bring a charger" in mails[members[1].id].body
    assert mails[members[1].id].lang == "uz" and mails[members[3].id].lang == "uz"
    assert "ticket" in mails[members[0].id].attachments
    assert sorted(actions) == ["registration.accept"] * 3 + ["registration.reject"]

    listed = client.get(f"/api/v1/admin/meetups/{meetup.id}/registrations",
                        params={"questionId": laptop["id"], "answer": "yes"},
                        headers=headers).json()["data"]
    assert [r["id"] for r in listed] == [ids[0], ids[2]]
    first = client.get(f"/api/v1/admin/meetups/{meetup.id}/registrations",
                       headers=headers).json()["data"][0]
    assert [a["labelEn"] for a in first["answers"]][0] == "Accessibility needs (optional)"

    rows = list(csv.reader(io.StringIO(client.get(
        f"/api/v1/admin/meetups/{meetup.id}/attendees.csv", headers=headers).text.lstrip("\ufeff"))))
    assert rows[0][6:] == ["Seat", "Accessibility needs (optional)", "Will you bring a laptop?",
                           "Your Python level"]
    assert rows[1][6:] == ["In person", "Step-free entrance, please", "Yes", "New"]
    with Session(engine) as s:
        door = door_answers(s, meetup.id)
    assert door[ids[0]][0].text["en"] == "Step-free entrance, please"


def test_accepting_when_full_can_put_the_rest_on_the_waitlist(client, engine, organizer):
    meetup = make_meetup(engine, max_seats=1, requires_approval=True, applications_hold_seats=False)
    members = [make_member(engine) for _ in range(2)]
    ids = [_register(client, meetup.id, bearer(m)).json()["data"]["id"] for m in members]
    _, headers = organizer
    r = client.post(f"/api/v1/admin/meetups/{meetup.id}/registrations/decisions",
                    json={"registrationIds": ids, "accept": True, "waitlistOverflow": True},
                    headers=headers)
    assert r.json()["data"] == {"accepted": ids[:1], "declined": [], "waitlisted": ids[1:]}
    place = client.get("/api/v1/users/waitlist", headers=bearer(members[1])).json()["data"]
    assert [(p["meetup"]["id"], p["position"]) for p in place] == [(meetup.id, 1)]
    with Session(engine) as s:
        assert s.get(MeetupRegistration, ids[1]).status == "CANCELLED"
        decided = {m.user_id: m.subject for m in s.exec(select(QueuedMail)).all()
                   if m.kind == "accepted"}
    assert decided == {members[0].id: f"Your registration is accepted: {meetup.title}",
                       members[1].id: f"You are on the waitlist: {meetup.title}"}


def test_the_stream_link_goes_to_online_attendees_before_the_start(engine):
    import datetime as dt

    from community_app.core.db import utcnow
    from community_app.services.meetups import emails
    meetup = make_meetup(engine, in_days=1 / 24, online_max_seats=5, online_available_seats=4,
                         stream_url="https://stream.example/live")
    online, there = make_member(engine), make_member(engine)
    from tests.api.factories import make_registration
    r_online = make_registration(engine, online, meetup, seat_kind="ONLINE")
    make_registration(engine, there, meetup)
    with Session(engine) as s:
        assert emails.queue_stream_links(s, utcnow() - dt.timedelta(hours=3)) == 0
        assert emails.queue_stream_links(s, utcnow()) == 1
        assert emails.queue_stream_links(s, utcnow()) == 0  # once
        [mail] = s.exec(select(QueuedMail).where(QueuedMail.kind == "stream")).all()
    assert (mail.user_id, mail.ref_id) == (online.id, r_online.id)
    assert "https://stream.example/live" in mail.body
    assert questions.ANSWER_RETENTION_DAYS == 30
