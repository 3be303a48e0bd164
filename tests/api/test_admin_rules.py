"""The organizers' rules through the REST API: seats, approval, check-in, CSV, news
publishing, the jobs lifecycle with expiry, speaker decisions by email, comment hiding,
settings without a restart, images, and the audit log."""

from __future__ import annotations

import csv
import datetime as dt
import io
import threading
import uuid

import pytest
import sqlalchemy as sa
from PIL import Image
from sqlmodel import Session, func, select

from community_app.db import utcnow
from community_app.i18n import gettext
from community_app.models import JobPost, Meetup, MeetupRegistration, SpeakerApplication
from community_app.services.meetups import admin_edits
from community_app.services.admin_speakers import ACCEPTED_BODY, REJECTED_BODY
from community_app.services.meetups import SEAT_HOLDING, register_for_meetup
from tests.api.auth_helpers import outbox_messages
from tests.api.factories import (
    VALID_REGISTRATION,
    bearer,
    insert,
    make_comment,
    make_job,
    make_member,
    make_news,
)

API = "/api/v1"
ADMIN = f"{API}/admin"


def _form(**changes) -> dict:
    return {
        "title": "Kotlin night",
        "description": "Mobile talks",
        "meetupDate": (utcnow() + dt.timedelta(days=14)).strftime("%Y-%m-%d"),
        "startTime": "19:00",
        "endTime": "21:00",
        "location": "Pangyo",
        "maxSeats": 3,
        "parking": True,
        "provided": "Pizza and drinks",
        "requiresApproval": False,
        **changes,
    }


@pytest.fixture
def org(engine):
    return bearer(make_member(engine, role="organizer", first_name="Olim"))


def _member(engine, **fields):
    user = make_member(engine, **fields)
    return user, bearer(user)


def _create(client, org, **changes) -> dict:
    response = client.post(f"{ADMIN}/meetups", json=_form(**changes), headers=org)
    assert response.status_code == 201, response.text
    return response.json()["data"]


def _register(client, headers, meetup_id) -> dict:
    response = client.post(
        f"{API}/users/meetups/{meetup_id}/registration", json=VALID_REGISTRATION, headers=headers
    )
    assert response.status_code == 201, response.text
    return response.json()["data"]


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (30, 60, 200)).save(out, format="PNG")
    return out.getvalue()


# ---------------------------------------------------------------- meetups


def test_created_meetup_with_speaker_and_keynote_is_public(client, org):
    meetup = _create(client, org)
    # sent as Korea-time HH:MM, answered as ISO 8601 with +09:00 (the public meetup shape)
    assert meetup["startTime"].endswith("T19:00:00+09:00")
    assert (meetup["endTime"][-14:], meetup["maxSeats"]) == ("21:00:00+09:00", 3)
    assert meetup["startsAt"].endswith("10:00:00Z")  # 19:00 in Seoul is 10:00 UTC
    mid = meetup["id"]
    speaker = client.post(f"{ADMIN}/meetups/{mid}/speakers", headers=org,
                          json={"fullName": "Park Ji-sung", "jobPosition": "Android lead",
                                "company": "Kakao", "profileURL": "https://github.com/park"})
    assert speaker.status_code == 201
    talk = client.post(f"{ADMIN}/meetups/{mid}/sessions", headers=org,
                       json={"subject": "Compose in production", "startTime": "19:15",
                             "endTime": "19:45", "speakerId": speaker.json()["data"]["id"]})
    assert talk.status_code == 201 and talk.json()["data"]["startTime"] == "19:15"
    client.post(f"{ADMIN}/meetups/{mid}/notes", headers=org, json={"content": "Doors 18:30"})
    archived = client.post(f"{ADMIN}/meetups/{mid}/notes", headers=org,
                           json={"content": "Old note", "active": False})
    assert archived.json()["data"]["active"] is False

    public = client.get(f"{API}/public/meetups", params={"type": "upcoming"}).json()["data"]
    assert [m["title"] for m in public["content"]] == ["Kotlin night"]
    details = client.get(f"{API}/public/meetups/{mid}/details").json()["data"]
    assert [s["fullName"] for s in details["speakers"]] == ["Park Ji-sung"]
    assert details["keynoteSessions"][0]["speakerName"] == "Park Ji-sung"
    assert [n["content"] for n in details["notes"]] == ["Doors 18:30"]
    admin_view = client.get(f"{ADMIN}/meetups/{mid}", headers=org).json()["data"]
    assert {n["content"] for n in admin_view["notes"]} == {"Doors 18:30", "Old note"}


def test_meetup_form_errors_are_translated_and_listed(client, org):
    response = client.post(f"{ADMIN}/meetups", headers={**org, "Accept-Language": "en"},
                           json=_form(title="", meetupDate="tomorrow", endTime="25:00",
                                      maxSeats="many"))
    assert response.status_code == 422
    errors = response.json()["data"]["errors"]
    assert set(errors) == {"title", "meetupDate", "endTime", "maxSeats"}
    assert errors["maxSeats"] == "Seats must be a whole number from 1 to 100000."


def test_lowering_seats_below_registered_is_refused(client, engine, org):
    meetup = _create(client, org)
    for _ in range(2):
        _register(client, _member(engine)[1], meetup["id"])
    response = client.put(f"{ADMIN}/meetups/{meetup['id']}", headers=org, json=_form(maxSeats=1))
    assert response.status_code == 422
    assert response.json()["message"] == (
        "Seats cannot be fewer than the 2 people already registered."
    )
    assert response.json()["data"]["errors"]["maxSeats"] == response.json()["message"]
    public = client.get(f"{API}/public/meetups/{meetup['id']}").json()["data"]
    assert (public["maxSeats"], public["availableSeats"]) == (3, 1)  # nothing changed

    ok = client.put(f"{ADMIN}/meetups/{meetup['id']}", headers=org, json=_form(maxSeats=2))
    assert ok.status_code == 200
    assert (ok.json()["data"]["maxSeats"], ok.json()["data"]["availableSeats"]) == (2, 0)
    more = client.put(f"{ADMIN}/meetups/{meetup['id']}", headers=org, json=_form(maxSeats=30))
    assert (more.json()["data"]["availableSeats"], more.json()["data"]["registeredCount"]) == (
        28, 2)


def test_seat_changes_race_registrations_safely(engine):
    """Members register while an organizer lowers and raises the seats: the counter always
    equals max - live registrations and never breaks the check constraint."""
    with Session(engine, expire_on_commit=False) as s:
        boss = make_member(engine, role="organizer")
        view = admin_edits.create_meetup(s, boss.id, _form(maxSeats=20))
        s.commit()
    meetup_id = view.meetup.id
    people = [make_member(engine) for _ in range(12)]
    errors: list[BaseException] = []
    start = threading.Barrier(17)

    def register(user_id):
        start.wait()
        try:
            with Session(engine) as s:
                register_for_meetup(s, user_id, meetup_id, VALID_REGISTRATION)
                s.commit()
        except BaseException as exc:  # noqa: BLE001 - full, locked: all fine here
            errors.append(exc)

    def resize(seats):
        start.wait()
        try:
            with Session(engine) as s:
                admin_edits.update_meetup(s, boss.id, meetup_id, _form(maxSeats=seats))
                s.commit()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=register, args=(p.id,)) for p in people]
    threads += [threading.Thread(target=resize, args=(n,)) for n in (4, 15, 6, 20, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with Session(engine) as s:
        meetup = s.get(Meetup, meetup_id)
        live = s.exec(
            select(func.count()).select_from(MeetupRegistration).where(
                MeetupRegistration.meetup_id == meetup_id,
                sa.column("status").in_(SEAT_HOLDING),
            )
        ).one()
        assert meetup.available_seats == meetup.max_seats - live
        assert 0 <= meetup.available_seats <= meetup.max_seats


def test_image_upload_is_public_and_checked(client, org):
    meetup = _create(client, org)
    bad = client.post(f"{ADMIN}/meetups/{meetup['id']}/image", headers=org,
                      files={"image": ("x.png", b"GIF89a....", "image/png")})
    assert bad.status_code == 422
    assert bad.json()["data"]["errors"]["image"] == (
        "Image must be a JPEG, PNG or WebP picture of at most 5 MB."
    )
    good = client.post(f"{ADMIN}/meetups/{meetup['id']}/image", headers=org,
                       files={"image": ("Team photo.png", _png(), "image/png")})
    assert good.status_code == 200
    url = good.json()["data"]["imageURL"]
    assert good.json()["data"]["imageName"] == "Team photo.png"
    served = client.get(url)
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    assert client.get(f"{API}/public/meetups/{meetup['id']}").json()["data"]["imageURL"] == url
    client.delete(f"{ADMIN}/meetups/{meetup['id']}/image", headers=org)
    assert client.get(url).status_code == 404


def test_approval_flow(client, engine, org):
    meetup = _create(client, org, requiresApproval=True, maxSeats=2)
    mid = meetup["id"]
    (a, a_headers), (b, b_headers) = _member(engine), _member(engine)
    assert _register(client, a_headers, mid)["status"] == "PENDING"
    assert _register(client, b_headers, mid)["status"] == "PENDING"
    rows = client.get(f"{ADMIN}/meetups/{mid}/registrations", headers=org).json()["data"]
    assert [r["status"] for r in rows] == ["PENDING", "PENDING"]
    assert rows[0]["expectation"] == VALID_REGISTRATION["expectation"]
    assert rows[0]["attendanceReason"] == "networking" and rows[0]["email"] == a.email

    accepted = client.post(f"{ADMIN}/meetups/{mid}/registrations/{rows[0]['id']}/accept",
                           headers=org)
    assert accepted.json()["data"]["status"] == "ACCEPTED"
    rejected = client.post(f"{ADMIN}/meetups/{mid}/registrations/{rows[1]['id']}/reject",
                           headers=org)
    assert rejected.json()["data"]["status"] == "REJECTED"
    again = client.post(f"{ADMIN}/meetups/{mid}/registrations/{rows[1]['id']}/accept",
                        headers=org)
    assert again.status_code == 409
    public = client.get(f"{API}/public/meetups/{mid}/details").json()["data"]
    assert public["availableSeats"] == 1  # the rejected seat is free again
    assert [r["username"] for r in public["registrations"]] == [a.username]
    mine = client.get(f"{API}/users/meetups", headers=b_headers).json()["data"]
    assert mine[0]["status"] == "REJECTED"


def test_check_in_with_search_and_csv(client, engine, org):
    meetup = _create(client, org, maxSeats=10)
    mid = meetup["id"]
    dilnoza, d_headers = _member(engine, first_name="Dilnoza", last_name="Karimova",
                                 phone="01022223333")
    _, s_headers = _member(engine, first_name="Sardor")
    _register(client, d_headers, mid)
    _register(client, s_headers, mid)

    found = client.get(f"{ADMIN}/meetups/{mid}/registrations", headers=org,
                       params={"search": "karim"}).json()["data"]
    assert [r["name"] for r in found] == ["Dilnoza Karimova"]
    by_email = client.get(f"{ADMIN}/meetups/{mid}/registrations", headers=org,
                          params={"search": dilnoza.email.upper()}).json()["data"]
    assert [r["id"] for r in by_email] == [found[0]["id"]]

    url = f"{ADMIN}/meetups/{mid}/registrations/{found[0]['id']}/check-in"
    checked = client.post(url, headers=org)
    assert checked.status_code == 200 and checked.json()["data"]["checkedInAt"]
    assert client.post(url, headers=org).status_code == 409
    listed = client.get(f"{ADMIN}/meetups", headers=org).json()["data"]["content"][0]
    assert (listed["attendedCount"], listed["checkedInCount"]) == (1, 1)
    assert client.delete(url, headers=org).json()["data"]["checkedInAt"] is None
    assert client.post(url, headers=org).status_code == 200

    response = client.get(f"{ADMIN}/meetups/{mid}/attendees.csv", headers=org)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert "attachment" in response.headers["content-disposition"]
    assert response.content.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Name", "Email", "Phone", "Status", "Registered at", "Checked in at"]
    assert rows[1][:4] == ["Dilnoza Karimova", dilnoza.email, "01022223333", "ACCEPTED"]
    assert rows[1][5] and not rows[2][5]
    assert rows[2][0] == "Sardor"


def test_attendance_feeds_the_admin_statistics(client, engine, org):
    past = utcnow() - dt.timedelta(days=5)
    meetup = Meetup(title="Past", starts_at=past, ends_at=past + dt.timedelta(hours=2),
                    max_seats=10, available_seats=9)
    insert(engine, meetup)
    user = make_member(engine)
    registration = MeetupRegistration(user_id=user.id, meetup_id=meetup.id,
                                      attendance_reason="learning", interested_field="ai",
                                      expectation="Learn things here")
    insert(engine, registration)
    client.post(f"{ADMIN}/meetups/{meetup.id}/registrations/{registration.id}/check-in",
                headers=org)
    stats = client.get(f"{ADMIN}/statistics", headers=org).json()["data"]
    assert (stats["pastMeetups"], stats["attendedTotal"]) == (1, 1)


def test_deleting_a_meetup(client, engine, org):
    meetup = _create(client, org)
    _register(client, _member(engine)[1], meetup["id"])
    assert client.delete(f"{ADMIN}/meetups/{meetup['id']}", headers=org).status_code == 200
    assert client.get(f"{API}/public/meetups/{meetup['id']}").status_code == 404
    assert client.delete(f"{ADMIN}/meetups/{meetup['id']}", headers=org).status_code == 404


# ---------------------------------------------------------------- news


def test_news_publish_unpublish_and_tags(client, org):
    created = client.post(f"{ADMIN}/news", headers=org, json={
        "title": "Community grant", "content": "We got a grant.", "type": "social",
        "tags": ["Community", "Machine Learning"]})
    assert created.status_code == 201
    item = created.json()["data"]
    assert (item["published"], item["type"], item["tags"]) == (
        False, "SOCIAL", ["community", "machine-learning"])
    assert client.get(f"{API}/public/news/{item['id']}").status_code == 404  # a draft

    client.post(f"{ADMIN}/news/{item['id']}/publish", headers=org)
    listed = client.get(f"{API}/public/news").json()["data"]["content"]
    assert [n["title"] for n in listed] == ["Community grant"]
    edited = client.put(f"{ADMIN}/news/{item['id']}", headers=org, json={
        "title": "Community grant 2026", "content": "We got a grant.", "type": "SOCIAL",
        "tags": ["community"]})
    assert edited.json()["data"]["published"] is True  # kept when not sent
    assert client.get(f"{API}/public/news/{item['id']}").json()["data"]["title"] == (
        "Community grant 2026")
    client.post(f"{ADMIN}/news/{item['id']}/unpublish", headers=org)
    assert client.get(f"{API}/public/news").json()["data"]["content"] == []
    drafts = client.get(f"{ADMIN}/news", headers=org, params={"published": False}).json()
    assert [n["id"] for n in drafts["data"]["content"]] == [item["id"]]


def test_news_image(client, org):
    item = client.post(f"{ADMIN}/news", headers=org, json={
        "title": "T", "content": "C", "type": "TECH", "published": True}).json()["data"]
    response = client.post(f"{ADMIN}/news/{item['id']}/image", headers=org,
                           files={"image": ("a.png", _png(), "image/png")})
    url = response.json()["data"]["imageURL"]
    assert url.startswith("/api/v1/media/public/news/")
    assert client.get(f"{API}/public/news/{item['id']}").json()["data"]["imageURL"] == url


# ---------------------------------------------------------------- jobs


def test_job_queue_open_expire_renew_close_fill(client, engine, org):
    poster = make_member(engine)
    job = make_job(engine, status="PENDING", title="Flutter developer", posted_by_id=poster.id)
    queue = client.get(f"{ADMIN}/jobs", headers=org, params={"status": "PENDING"}).json()
    assert [j["job"]["id"] for j in queue["data"]["content"]] == [job.id]
    assert queue["data"]["content"][0]["status"] == "PENDING"
    assert client.get(f"{API}/public/job-posts/{job.id}").status_code == 404

    opened = client.post(f"{ADMIN}/jobs/{job.id}/open", headers=org).json()["data"]
    expires = dt.datetime.fromisoformat(opened["job"]["expiresAt"].replace("Z", "+00:00"))
    assert abs(expires - (utcnow() + dt.timedelta(days=30))) < dt.timedelta(minutes=1)
    public = client.get(f"{API}/public/job-posts").json()["data"]["content"]
    assert [j["id"] for j in public] == [job.id]

    # 30 days later it leaves the public list, until renewed.
    with Session(engine) as s:
        row = s.get(JobPost, job.id)
        row.expires_at = utcnow() - dt.timedelta(minutes=1)
        s.add(row)
        s.commit()
    assert client.get(f"{API}/public/job-posts").json()["data"]["content"] == []
    expired = client.get(f"{ADMIN}/jobs", headers=org, params={"status": "EXPIRED"}).json()
    assert [j["expired"] for j in expired["data"]["content"]] == [True]
    client.post(f"{ADMIN}/jobs/{job.id}/renew", headers=org)
    assert len(client.get(f"{API}/public/job-posts").json()["data"]["content"]) == 1

    assert client.post(f"{ADMIN}/jobs/{job.id}/open", headers=org).status_code == 409
    client.post(f"{ADMIN}/jobs/{job.id}/close", headers=org)
    assert client.get(f"{API}/public/job-posts").json()["data"]["content"] == []
    assert client.get(f"{API}/public/job-posts/{job.id}").json()["data"]["status"] == "CLOSED"
    client.post(f"{ADMIN}/jobs/{job.id}/fill", headers=org)
    assert client.get(f"{API}/public/job-posts/{job.id}").json()["data"]["status"] == "FILLED"
    assert client.post(f"{ADMIN}/jobs/{job.id}/renew", headers=org).status_code == 409


def test_job_edit_and_delete(client, engine, org):
    job = make_job(engine, status="OPEN")
    bad = client.put(f"{ADMIN}/jobs/{job.id}", headers=org,
                     json={"title": "", "companyName": "A", "location": "Seoul",
                           "description": "x", "jobType": "FOREVER", "salaryMin": 9,
                           "salaryMax": 1, "contactWebsite": "javascript:alert(1)"})
    assert bad.status_code == 422
    assert set(bad.json()["data"]["errors"]) == {"title", "jobType", "salaryMax",
                                                  "contactWebsite"}
    good = client.put(f"{ADMIN}/jobs/{job.id}", headers=org, json={
        "title": "Go engineer", "companyName": "Acme", "location": "Busan",
        "description": "Go services", "jobType": "PART_TIME", "category": "BACKEND",
        "technologies": ["Go", "PostgreSQL"], "contactEmail": "jobs@acme.kr"})
    assert good.json()["data"]["job"]["location"] == "Busan"
    assert good.json()["data"]["status"] == "OPEN"
    assert client.delete(f"{ADMIN}/jobs/{job.id}", headers=org).status_code == 200
    assert client.get(f"{API}/public/job-posts/{job.id}").status_code == 404


# ---------------------------------------------------------------- speaker applications


def _application(engine, language: str, **fields) -> SpeakerApplication:
    row = SpeakerApplication(
        email=f"{language}-{uuid.uuid4().hex[:8]}@example.com", full_name="Jasur Toshmatov",
        job_position="ML engineer", phone="01012345678", years_of_experience="5-10",
        expertise_field=fields.pop("expertise_field", "ai"), topics="LLMs for Uzbek",
        linkedin_url="https://linkedin.com/in/j", github_url="https://github.com/j",
        portfolio_url="https://j.dev", language=language, **fields,
    )
    insert(engine, row)
    return row


@pytest.mark.parametrize(("language", "status", "body_id"), [
    ("en", "ACCEPTED", ACCEPTED_BODY), ("uz", "ACCEPTED", ACCEPTED_BODY),
    ("en", "REJECTED", REJECTED_BODY), ("uz", "REJECTED", REJECTED_BODY),
])
def test_decisions_email_the_applicant_in_their_language(
    client, engine, org, language, status, body_id
):
    application = _application(engine, language)
    base = f"{ADMIN}/speaker-applications/{application.id}/status"
    review = client.post(base, headers=org, json={"status": "IN_REVIEW", "note": "Call her"})
    assert review.json()["data"]["statusNote"] == "Call her"
    assert outbox_messages(application.email) == []  # no email for IN_REVIEW
    decided = client.post(base, headers=org, json={"status": status})
    assert decided.status_code == 200 and decided.json()["data"]["status"] == status
    [mail] = outbox_messages(application.email)
    assert mail["Content-Language"] == language
    body = mail.get_body(preferencelist=("plain",)).get_content()
    assert body.strip() == gettext(body_id, language, site="UzDev Korea",
                                   name="Jasur Toshmatov").strip()
    audit = client.get(f"{ADMIN}/audit", headers=org).json()["data"]["content"]
    assert audit[0]["action"] == f"speaker_application.{status.lower()}"
    assert audit[1]["detail"].endswith("Call her")


def test_application_filters_and_transitions(client, engine, org):
    ai = _application(engine, "en", expertise_field="ai")
    _application(engine, "en", expertise_field="backend")
    listed = client.get(f"{ADMIN}/speaker-applications", headers=org,
                        params={"expertise": "ai"}).json()["data"]["content"]
    assert [a["id"] for a in listed] == [ai.id]
    bad = client.post(f"{ADMIN}/speaker-applications/{ai.id}/status", headers=org,
                      json={"status": "NEW"})
    assert bad.status_code == 409
    unknown = client.post(f"{ADMIN}/speaker-applications/{ai.id}/status", headers=org,
                          json={"status": "LATER"})
    assert unknown.status_code == 422
    client.post(f"{ADMIN}/speaker-applications/{ai.id}/status", headers=org,
                json={"status": "IN_REVIEW"})
    in_review = client.get(f"{ADMIN}/speaker-applications", headers=org,
                           params={"status": "IN_REVIEW"}).json()["data"]["content"]
    assert [a["id"] for a in in_review] == [ai.id]


# ---------------------------------------------------------------- comments


def test_hidden_comment_vanishes_from_the_public_thread(client, engine, org):
    news = make_news(engine)
    author = make_member(engine)
    rude = make_comment(engine, news, author, "Rude words")
    make_comment(engine, news, author, "Reply", parent_id=rude.id, minutes_ago=5)
    make_comment(engine, news, author, "Kind words", minutes_ago=30)
    thread = client.get(f"{API}/news/{news.id}/comments").json()["data"]
    assert [c["text"] for c in thread] == ["Rude words", "Kind words"]

    hidden = client.post(f"{ADMIN}/comments/{rude.id}/hide", headers=org)
    assert hidden.json()["data"]["hidden"] is True
    thread = client.get(f"{API}/news/{news.id}/comments").json()["data"]
    assert [c["text"] for c in thread] == ["Kind words"]
    assert client.get(f"{API}/news/{news.id}/comments/{rude.id}/replies").status_code == 404
    only_hidden = client.get(f"{ADMIN}/comments", headers=org, params={"hidden": True}).json()
    assert [c["text"] for c in only_hidden["data"]["content"]] == ["Rude words"]

    client.post(f"{ADMIN}/comments/{rude.id}/unhide", headers=org)
    assert len(client.get(f"{API}/news/{news.id}/comments").json()["data"]) == 2
    client.delete(f"{ADMIN}/comments/{rude.id}", headers=org)
    thread = client.get(f"{API}/news/{news.id}/comments").json()["data"]
    assert [c["text"] for c in thread] == ["Kind words"]


# ---------------------------------------------------------------- settings and audit


def test_settings_apply_without_restart(client, org):
    response = client.put(f"{ADMIN}/settings", headers=org,
                          json={"targetSpeakers": 80, "contactEmail": "team@uzdev.kr"})
    assert response.json()["data"]["targetSpeakers"] == 80
    stats = client.get(f"{API}/public/statistics").json()["data"]
    assert "80" in str(stats)
    bad = client.put(f"{ADMIN}/settings", headers=org, json={"targetEvents": -1,
                                                             "contactEmail": "x"})
    assert bad.status_code == 422
    assert set(bad.json()["data"]["errors"]) == {"targetEvents", "contactEmail"}
    client.put(f"{ADMIN}/settings", headers=org, json={"maintenance": True})
    assert client.get(f"{ADMIN}/settings", headers=org).json()["data"] == {
        "maintenance": True, "contactEmail": "team@uzdev.kr", "targetSpeakers": 80,
        "targetEvents": 20, "targetMembers": 300,
    }
    audit = client.get(f"{ADMIN}/audit", headers=org).json()["data"]["content"]
    assert audit[0]["action"] == "settings.maintenance_on"
    assert audit[0]["actorName"] == "Olim"


def test_audit_log_pages_and_search(client, org):
    for n in range(3):
        _create(client, org, title=f"Meetup {n}")
    page = client.get(f"{ADMIN}/audit", headers=org, params={"size": 2}).json()["data"]
    assert (page["totalElements"], page["numberOfElements"], page["last"]) == (3, 2, False)
    assert [e["detail"] for e in page["content"]] == ["Meetup 2", "Meetup 1"]
    found = client.get(f"{ADMIN}/audit", headers=org, params={"search": "meetup 0"}).json()
    assert [e["action"] for e in found["data"]["content"]] == ["meetup.create"]
