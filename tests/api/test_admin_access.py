"""Every /api/v1/admin call: an organizer succeeds, a member gets 403, a visitor 401.

``CALLS`` lists every admin operation once; a test checks it against the OpenAPI
document, so a new admin route without its access tests fails here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io

import pytest
from PIL import Image
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import (
    AuditEntry,
    Comment,
    JobPost,
    Meetup,
    MeetupNote,
    MeetupRegistration,
    News,
    RegistrationQuestion,
    SpeakerApplication,
    SpeakerProfile,
    Talk,
    TalkSpeaker,
    User,
)
from community_app.services.meetups import ticket_codes
from tests.api.factories import bearer, make_member, meetup_form

MEETUP_FORM = meetup_form()
JOB_FORM = {
    "title": "Backend engineer",
    "companyName": "Acme",
    "location": "Seoul",
    "description": "Build APIs",
    "jobType": "FULL_TIME",
    "category": "BACKEND",
    "technologies": ["Python"],
}


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (12, 12), (10, 120, 40)).save(out, format="PNG")
    return out.getvalue()


@dataclasses.dataclass
class World:
    meetup: int
    speaker: int
    session: int
    note: int
    pending: int
    pending2: int
    accepted: int
    checked: int
    news: int
    comment: int
    job_pending: int
    job_open: int
    application: int
    talk: int = 0
    question: int = 0
    past_meetup: int = 0
    member: int = 0
    ticket: str = ""
    scanned_at: str = ""


@pytest.fixture
def world(engine) -> World:
    """One of everything an admin call acts on, inserted in one transaction."""
    now = utcnow()
    with Session(engine, expire_on_commit=False) as s:
        # Starts in an hour: upcoming, with its check-in already open (3 hours before).
        meetup = Meetup(title="Meetup", starts_at=now + dt.timedelta(hours=1),
                        ends_at=now + dt.timedelta(hours=3), max_seats=50,
                        available_seats=46, requires_approval=True)
        people = [User(email=f"w{n}@example.com", username=f"world{n}") for n in range(4)]
        news = News(title="News", content="Something happened.")
        s.add_all([meetup, *people, news])
        s.flush()
        speaker = SpeakerProfile(name="Kim Ji-hoon", slug="kim-ji-hoon")
        talk = Talk(meetup_id=meetup.id, slug="ownership", title="Ownership",
                    starts_at=meetup.starts_at, ends_at=meetup.ends_at)
        s.add_all([speaker, talk])
        s.flush()
        s.add(TalkSpeaker(talk_id=talk.id, speaker_id=speaker.id))
        # A draft without a slot after it (the programme's move swaps the two).
        s.add(Talk(meetup_id=meetup.id, slug="borrowing", title="Borrowing"))
        question = RegistrationQuestion(meetup_id=meetup.id, position=1, kind="SHORT_TEXT",
                                        label_en="Company?", label_uz="Kompaniya?")
        # An earlier meetup whose questions can be copied.
        past = Meetup(title="Past meetup", starts_at=now - dt.timedelta(days=30),
                      ends_at=now - dt.timedelta(days=30, hours=-2), max_seats=20,
                      available_seats=20)
        s.add_all([question, past])
        s.flush()
        s.add(RegistrationQuestion(meetup_id=past.id, position=1, kind="YES_NO",
                                   label_en="Vegetarian?", label_uz="Vegetarianmisiz?"))
        note = MeetupNote(meetup_id=meetup.id, content="Bring ID")
        registrations = [
            MeetupRegistration(user_id=p.id, meetup_id=meetup.id, attendance_reason="learning",
                               interested_field="ai", expectation="Learn something new",
                               status=status, checked_in_at=checked)
            for p, status, checked in zip(
                people, ["PENDING", "PENDING", "ACCEPTED", "ACCEPTED"], [None, None, None, now]
            )
        ]
        comment = Comment(news_id=news.id, user_id=people[0].id, text="Nice")
        job_pending = JobPost(title="Dev", company_name="Acme", location="Seoul",
                              description="Code", status="PENDING")
        job_open = JobPost(title="Dev 2", company_name="Acme", location="Seoul",
                           description="Code", status="OPEN", opened_at=now,
                           expires_at=now + dt.timedelta(days=30))
        application = SpeakerApplication(
            email="applicant@example.com", full_name="Aziza R", job_position="Engineer",
            phone="01012345678", years_of_experience="3-5", expertise_field="backend",
            topics="Databases at scale", linkedin_url="https://linkedin.com/in/a",
            github_url="https://github.com/a", portfolio_url="https://a.dev",
        )
        s.add_all([talk, note, *registrations, comment, job_pending, job_open, application])
        s.commit()
        r = [x.id for x in registrations]
        return World(meetup.id, speaker.id, talk.id, note.id, r[0], r[1], r[2], r[3], news.id,
                     comment.id, job_pending.id, job_open.id, application.id, talk=talk.id,
                     question=question.id, past_meetup=past.id, member=people[0].id,
                     ticket=ticket_codes.ticket_code(r[2]), scanned_at=now.isoformat())


M = "/api/v1/admin/meetups/{meetup}"
R = M + "/registrations"
IMAGE = {"files": {"image": ("photo.png", png(), "image/png")}}
PDF = {"files": {"file": ("slides.pdf", b"%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n",
                          "application/pdf")}}
T = "/api/v1/admin/talks/{talk}"
Q = M + "/questions"
QUESTION = {"kind": "SHORT_TEXT", "labelEn": "Your company?", "labelUz": "Kompaniyangiz?"}

# (method, path, request kwargs, success status)
CALLS = [
    ("get", "/api/v1/admin/meetups", {}, 200),
    ("post", "/api/v1/admin/meetups", {"json": MEETUP_FORM}, 201),
    ("get", M, {}, 200),
    ("put", M, {"json": MEETUP_FORM}, 200),
    ("delete", M, {}, 200),
    ("post", M + "/image", IMAGE, 200),
    ("delete", M + "/image", {}, 200),
    ("post", M + "/speakers", {"json": {"fullName": "Lee Min"}}, 201),
    ("put", M + "/speakers/{speaker}", {"json": {"fullName": "Lee Min-ho"}}, 200),
    ("delete", M + "/speakers/{speaker}", {}, 200),
    ("post", M + "/sessions",
     {"json": {"subject": "Async", "startTime": "19:30", "endTime": "20:00"}}, 201),
    ("put", M + "/sessions/{session}",
     {"json": {"subject": "Async Rust", "startTime": "19:30", "endTime": "20:00",
               "speakerId": None}}, 200),
    ("delete", M + "/sessions/{session}", {}, 200),
    ("post", M + "/notes", {"json": {"content": "Doors open 18:30"}}, 201),
    ("put", M + "/notes/{note}", {"json": {"active": False}}, 200),
    ("delete", M + "/notes/{note}", {}, 200),
    ("get", R, {}, 200),
    ("post", R + "/{pending}/accept", {}, 200),
    ("post", R + "/{pending2}/reject", {}, 200),
    ("post", R + "/{accepted}/check-in", {}, 200),
    ("delete", R + "/{checked}/check-in", {}, 200),
    ("get", M + "/attendees.csv", {}, 200),
    ("post", R + "/decisions",
     {"json": {"registrationIds": ["{pending}"], "accept": True, "note": "Welcome"}}, 200),
    ("get", Q, {}, 200),
    ("post", Q, {"json": QUESTION}, 201),
    ("put", Q + "/{question}", {"json": {**QUESTION, "required": True}}, 200),
    ("delete", Q + "/{question}", {}, 200),
    ("post", Q + "/order", {"json": {"ids": ["{question}"]}}, 200),
    ("post", Q + "/copy", {"json": {"fromMeetupId": "{past_meetup}"}}, 200),
    ("put", Q + "/built-in/dietary", {"json": {"on": True}}, 200),
    ("get", M + "/door", {}, 200),
    ("post", M + "/door/check-ins",
     {"json": {"deviceId": "phone-1",
               "checkIns": [{"code": "{ticket}", "scannedAt": "{scanned_at}"}]}}, 200),
    ("get", M + "/talks", {}, 200),
    ("post", M + "/talks", {"json": {"title": "Async Rust", "durationMinutes": 30,
                                     "speakerIds": ["{speaker}"]}}, 201),
    ("put", T, {"json": {"title": "Ownership in Rust", "level": "advanced"}}, 200),
    ("delete", T, {}, 200),
    ("post", T + "/move", {"json": {"direction": 1}}, 200),
    ("post", T + "/slides", PDF, 200),
    ("delete", T + "/slides", {}, 200),
    ("get", "/api/v1/admin/speaker-profiles", {}, 200),
    ("post", "/api/v1/admin/speaker-profiles",
     {"json": {"name": "Lee Min", "company": "Acme", "links": ["https://lee.dev"]}}, 201),
    ("put", "/api/v1/admin/speaker-profiles/{speaker}", {"json": {"jobPosition": "CTO"}}, 200),
    ("put", "/api/v1/admin/speaker-profiles/{speaker}/photo",
     {"files": {"file": ("photo.png", png(), "image/png")}}, 200),
    ("delete", "/api/v1/admin/speaker-profiles/{speaker}/photo", {}, 200),
    ("delete", "/api/v1/admin/speaker-profiles/{speaker}", {}, 200),
    ("get", M + "/talk-feedback", {}, 200),
    ("get", M + "/talk-feedback.csv", {}, 200),
    ("post", M + "/check-in", {"json": {"code": "{ticket}"}}, 200),
    ("get", M + "/attendance", {}, 200),
    ("get", "/api/v1/admin/attendance", {}, 200),
    ("get", "/api/v1/admin/attendance/placed-last", {}, 200),
    ("post", "/api/v1/admin/members/{member}/clear-no-shows", {}, 200),
    ("get", "/api/v1/admin/news", {}, 200),
    ("post", "/api/v1/admin/news",
     {"json": {"title": "Hello", "content": "World", "type": "TECH", "tags": ["ai"]}}, 201),
    ("get", "/api/v1/admin/news/{news}", {}, 200),
    ("put", "/api/v1/admin/news/{news}",
     {"json": {"title": "Hello", "content": "World", "type": "MEETUP"}}, 200),
    ("delete", "/api/v1/admin/news/{news}", {}, 200),
    ("post", "/api/v1/admin/news/{news}/publish", {}, 200),
    ("post", "/api/v1/admin/news/{news}/telegram", {"json": {"announce": False}}, 200),
    ("post", M + "/telegram", {"json": {"announce": False}}, 200),
    ("post", "/api/v1/admin/jobs/{job_open}/telegram", {"json": {"announce": False}}, 200),
    ("post", "/api/v1/admin/news/{news}/unpublish", {}, 200),
    ("post", "/api/v1/admin/news/{news}/image", IMAGE, 200),
    ("delete", "/api/v1/admin/news/{news}/image", {}, 200),
    ("get", "/api/v1/admin/jobs", {}, 200),
    ("get", "/api/v1/admin/jobs/{job_open}", {}, 200),
    ("put", "/api/v1/admin/jobs/{job_open}", {"json": JOB_FORM}, 200),
    ("delete", "/api/v1/admin/jobs/{job_open}", {}, 200),
    ("post", "/api/v1/admin/jobs/{job_pending}/open", {}, 200),
    ("post", "/api/v1/admin/jobs/{job_open}/renew", {}, 200),
    ("post", "/api/v1/admin/jobs/{job_open}/close", {}, 200),
    ("post", "/api/v1/admin/jobs/{job_open}/fill", {}, 200),
    ("get", "/api/v1/admin/speaker-applications", {}, 200),
    ("get", "/api/v1/admin/speaker-applications/reviews", {}, 200),
    ("put", "/api/v1/admin/speaker-applications/{application}/review",
     {"json": {"score": 4, "comment": "Clear topics"}}, 200),
    ("post", "/api/v1/admin/speaker-applications/decisions",
     {"json": {"ids": ["{application}"], "decision": "accept", "meetupId": "{meetup}"}}, 200),
    ("get", "/api/v1/admin/speaker-applications/{application}", {}, 200),
    ("post", "/api/v1/admin/speaker-applications/{application}/status",
     {"json": {"status": "IN_REVIEW", "note": "Strong topics"}}, 200),
    ("get", "/api/v1/admin/comments", {}, 200),
    ("post", "/api/v1/admin/comments/{comment}/hide", {}, 200),
    ("post", "/api/v1/admin/comments/{comment}/unhide", {}, 200),
    ("delete", "/api/v1/admin/comments/{comment}", {}, 200),
    ("get", "/api/v1/admin/settings", {}, 200),
    ("put", "/api/v1/admin/settings", {"json": {"targetEvents": 25}}, 200),
    ("get", "/api/v1/admin/statistics", {}, 200),
    ("get", "/api/v1/admin/audit", {}, 200),
    ("get", "/api/v1/admin/digest", {}, 200),
    ("post", "/api/v1/admin/digest/test", {}, 200),
]
IDS = [f"{m.upper()} {p.replace('/api/v1/admin', '')}" for m, p, _, _ in CALLS]
READS = {"get"}
# Calls that record nothing: the test digest is the organizer's own, by email to themselves
# (no schedule, queue or row changes); the talk feedback CSV names no one (ratings and
# comments are anonymous, as in its JSON read), unlike the attendees' CSV.
UNRECORDED = {"/api/v1/admin/digest/test", M + "/talk-feedback.csv"}


@pytest.fixture
def make_user(engine):
    """(user, bearer headers) of a new member or organizer (no password: faster)."""

    def _make(role: str = "member"):
        user = make_member(engine, role=role)
        return user, bearer(user)

    return _make


def _path(template: str, world: World) -> str:
    return template.format(**dataclasses.asdict(world))


def _value(v, world: World):
    """``"{name}"`` alone is the world's value as it is (an id stays a number); other
    strings are formatted; lists and objects filled inside."""
    if isinstance(v, str):
        if v.startswith("{") and v.endswith("}") and v[1:-1] in dataclasses.asdict(world):
            return getattr(world, v[1:-1])
        return _path(v, world)
    if isinstance(v, list):
        return [_value(x, world) for x in v]
    if isinstance(v, dict):
        return {k: _value(x, world) for k, x in v.items()}
    return v


def _filled(kwargs: dict, world: World) -> dict:
    """The request's JSON with the world's values in (a ticket's code, ids)."""
    if "json" not in kwargs:
        return kwargs
    return {**kwargs, "json": _value(kwargs["json"], world)}


def _audit_count(engine) -> int:
    with Session(engine) as s:
        return len(s.exec(select(AuditEntry)).all())


def test_calls_cover_every_admin_operation(client):
    spec = client.get("/api/v1/openapi.json").json()
    documented = {
        (method, path.replace("{meetup_id}", "{meetup}"))
        for path, operations in spec["paths"].items()
        if path.startswith("/api/v1/admin")
        for method in operations
    }
    listed = set()
    for method, template, _, _ in CALLS:
        generic = template
        for name in ("speaker", "session", "note", "news", "comment", "application", "talk",
                     "question"):
            generic = generic.replace("{" + name + "}", "{" + name + "_id}")
        for name in ("pending", "pending2", "accepted", "checked"):
            generic = generic.replace("{" + name + "}", "{registration_id}")
        for name in ("job_open", "job_pending"):
            generic = generic.replace("{" + name + "}", "{job_id}")
        generic = generic.replace("{member}", "{user_id}")
        generic = generic.replace("/built-in/dietary", "/built-in/{builtin}")
        listed.add((method, generic))
    assert listed == documented


@pytest.mark.parametrize(("method", "template", "kwargs", "status"), CALLS, ids=IDS)
def test_organizer_succeeds(client, engine, make_user, world, method, template, kwargs, status):
    _, headers = make_user("organizer")
    before = _audit_count(engine)
    response = client.request(method, _path(template, world), headers=headers,
                              **_filled(kwargs, world))
    assert response.status_code == status, response.text
    if template.endswith(".csv"):
        assert response.headers["content-type"].startswith("text/csv")
    else:
        body = response.json()
        assert body["status"] == status and body["message"]
    # Every change is recorded (reads are not; the CSV export of personal data is).
    if template in UNRECORDED:
        assert _audit_count(engine) == before
    elif method not in READS or template.endswith(".csv"):
        assert _audit_count(engine) == before + 1


@pytest.mark.parametrize(("method", "template", "kwargs", "status"), CALLS, ids=IDS)
def test_member_is_forbidden(client, engine, make_user, world, method, template, kwargs, status):
    _, headers = make_user("member")
    before = _audit_count(engine)
    response = client.request(method, _path(template, world), headers=headers,
                              **_filled(kwargs, world))
    assert response.status_code == 403
    assert response.json() == {"data": None, "message": "Only organizers can do this.",
                               "status": 403}
    assert _audit_count(engine) == before


@pytest.mark.parametrize(("method", "template", "kwargs", "status"), CALLS, ids=IDS)
def test_visitor_is_unauthorized(client, world, method, template, kwargs, status):
    response = client.request(method, _path(template, world), **kwargs)
    assert response.status_code == 401
    assert response.json()["status"] == 401
    bad = client.request(method, _path(template, world),
                         headers={"Authorization": "Bearer not-a-token"}, **kwargs)
    assert bad.status_code == 401


def test_forbidden_changes_nothing(client, engine, make_user, world):
    _, headers = make_user("member")
    client.post(_path(R + "/{pending}/accept", world), headers=headers)
    client.delete(_path(M, world), headers=headers)
    with Session(engine) as s:
        assert s.get(MeetupRegistration, world.pending).status == "PENDING"


def test_messages_follow_accept_language(client, make_user, world):
    _, headers = make_user("member")
    response = client.get("/api/v1/admin/meetups",
                          headers={**headers, "Accept-Language": "uz"})
    assert response.status_code == 403
    assert response.json()["message"]  # translated when the catalog has it
