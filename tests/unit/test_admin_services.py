"""The organizers' services: role check, audit, meetups and registrations, news, jobs,
speaker applications, comments, settings, cache expiry and public images."""

from __future__ import annotations

import csv
import datetime as dt
import io
import uuid

import pytest
from PIL import Image
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import (
    AuditEntry, Comment, JobPost, Meetup, MeetupRegistration, News, SpeakerApplication, User,
)
from community_app.services import cache
from community_app.services.admin import comments as admin_comments
from community_app.services.admin import jobs as admin_jobs
from community_app.services.admin import news as admin_news
from community_app.services.admin import settings as admin_settings
from community_app.services.admin import speakers as admin_speakers
from community_app.services.audit import list_audit, require_organizer
from community_app.services.comments import list_comments
from community_app.services.errors import Conflict, Forbidden, Invalid, InvalidMany
from community_app.services.jobs import get_job, list_jobs
from community_app.services.meetups import get_meetup_details, register_for_meetup
from community_app.services.news import list_news
from community_app.services.uploads import public_file, public_path_of_url, public_url
from tests.api.auth_helpers import outbox_messages
from tests.api.factories import meetup_form
from community_app.services.meetups import (
    admin_edits, admin_program, admin_registrations, admin_views,
)

FORM = meetup_form(in_days=10, title="Go meetup", description="Talks about Go", endTime="21:30",
                   location="Gangnam", maxSeats=3, parking=True, provided="Pizza",
                   requiresApproval=False)
ANSWERS = {
    "attendanceReason": "learning",
    "interestedField": "backend",
    "expectation": "Learn about Go",
    "consent": True,
}


def _user(session: Session, name: str, role: str = "member", **fields) -> User:
    fields.setdefault("first_name", name.title())
    user = User(email=f"{name}@example.com", username=name, role=role, **fields)
    session.add(user)
    session.commit()
    return user


@pytest.fixture
def org(session) -> User:
    return _user(session, "boss", "organizer")


def _png(size=(40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 10, 10)).save(out, format="PNG")
    return out.getvalue()


def _meetup(session, org, **changes) -> int:
    view = admin_edits.create_meetup(session, org.id, {**FORM, **changes})
    session.commit()
    return view.meetup.id


def test_only_organizers_pass(session, org):
    member = _user(session, "plain")
    assert require_organizer(session, org.id).id == org.id
    for who in (member.id, None, 0, 999_999):
        with pytest.raises(Forbidden):
            require_organizer(session, who)
    with pytest.raises(Forbidden):
        admin_edits.create_meetup(session, member.id, FORM)
    inactive = _user(session, "gone", "organizer", is_active=False)
    with pytest.raises(Forbidden):
        require_organizer(session, inactive.id)


def test_create_meetup_stores_korea_time_as_utc_and_is_audited(session, org):
    view = admin_edits.create_meetup(session, org.id, FORM)
    session.commit()
    m = view.meetup
    assert m.starts_at.hour == 10 and m.starts_at.minute == 0  # 19:00 KST = 10:00 UTC
    assert (m.ends_at - m.starts_at) == dt.timedelta(hours=2, minutes=30)
    assert (m.max_seats, m.available_seats, m.parking, m.provided) == (3, 3, True, "Pizza")
    entries = list_audit(session, org.id).items
    assert entries[0].action == "meetup.create" and entries[0].actor_email == "boss@example.com"
    assert entries[0].target_id == m.id and entries[0].detail == "Go meetup"


def test_meetup_form_errors_are_reported_together(session, org):
    with pytest.raises(InvalidMany) as err:
        admin_edits.create_meetup(
            session, org.id,
            {**FORM, "title": "", "meetupDate": "2026-13-01", "startTime": "7pm", "maxSeats": 0},
        )
    assert set(err.value.errors) == {"title", "meetupDate", "startTime", "maxSeats"}
    with pytest.raises(InvalidMany) as err:
        admin_edits.create_meetup(session, org.id, {**FORM, "endTime": "18:00"})
    assert err.value.errors == {"endTime": admin_views.END_BEFORE_START}


def test_lowering_seats_below_the_registered_is_refused(session, org):
    meetup_id = _meetup(session, org)
    people = [_user(session, f"guest{n}") for n in range(2)]
    for person in people:
        register_for_meetup(session, person.id, meetup_id, ANSWERS)
    session.commit()
    with pytest.raises(Invalid) as err:
        admin_edits.update_meetup(session, org.id, meetup_id, {**FORM, "maxSeats": 1})
    assert err.value.field == "maxSeats"
    assert err.value.params == {"n": 2}
    session.rollback()
    view = admin_edits.update_meetup(session, org.id, meetup_id, {**FORM, "maxSeats": 2})
    session.commit()
    assert (view.meetup.max_seats, view.meetup.available_seats) == (2, 0)
    view = admin_edits.update_meetup(session, org.id, meetup_id, {**FORM, "maxSeats": 10})
    session.commit()
    assert (view.meetup.max_seats, view.meetup.available_seats) == (10, 8)


def test_seat_recount_repairs_a_drifted_counter(session, org):
    meetup_id = _meetup(session, org)
    member = _user(session, "solo")
    register_for_meetup(session, member.id, meetup_id, ANSWERS)
    session.get(Meetup, meetup_id).available_seats = 3  # drifted
    session.commit()
    view = admin_edits.update_meetup(session, org.id, meetup_id, {**FORM, "maxSeats": 3})
    assert view.meetup.available_seats == 2


def test_approval_flow_and_rejection_frees_the_seat(session, org):
    meetup_id = _meetup(session, org, requiresApproval=True, maxSeats=2)
    a, b = _user(session, "alpha"), _user(session, "beta")
    ra = register_for_meetup(session, a.id, meetup_id, ANSWERS)
    rb = register_for_meetup(session, b.id, meetup_id, ANSWERS)
    session.commit()
    assert ra.status == rb.status == "PENDING"
    assert session.get(Meetup, meetup_id, populate_existing=True).available_seats == 0
    accepted = admin_registrations.accept_registration(session, org.id, meetup_id, ra.id)
    rejected = admin_registrations.reject_registration(session, org.id, meetup_id, rb.id)
    session.commit()
    assert (accepted.status, rejected.status) == ("ACCEPTED", "REJECTED")
    assert session.get(Meetup, meetup_id, populate_existing=True).available_seats == 1
    with pytest.raises(Conflict):
        admin_registrations.reject_registration(session, org.id, meetup_id, ra.id)
    details = get_meetup_details(session, meetup_id)
    assert [(x.user_id, x.name) for x in details.attendees] == [(a.id, "Alpha")]


def test_check_in_search_undo_and_attendance(session, org):
    meetup_id = _meetup(session, org)
    a = _user(session, "dilnoza", last_name="Karimova", phone="01012341234")
    b = _user(session, "bobur")
    ra = register_for_meetup(session, a.id, meetup_id, ANSWERS)
    register_for_meetup(session, b.id, meetup_id, ANSWERS)
    session.commit()
    found = admin_registrations.list_registrations(session, org.id, meetup_id, search="dilnoza kari")
    assert [r.email for r in found] == ["dilnoza@example.com"]
    found = admin_registrations.list_registrations(session, org.id, meetup_id, search="BOBUR@")
    assert [r.username for r in found] == ["bobur"]
    assert found[0].expectation == "Learn about Go" and found[0].attendance_reason == "learning"

    door = session.get(Meetup, meetup_id).starts_at  # check-in is open from before the start
    view = admin_registrations.check_in(session, org.id, meetup_id, ra.id, now=door)
    session.commit()
    assert view.checked_in_at is not None
    assert session.get(Meetup, meetup_id, populate_existing=True).attended_count == 1
    with pytest.raises(Conflict):
        admin_registrations.check_in(session, org.id, meetup_id, ra.id, now=door)
    admin_registrations.undo_check_in(session, org.id, meetup_id, ra.id)
    session.commit()
    assert session.get(Meetup, meetup_id, populate_existing=True).attended_count == 0
    admin_registrations.check_in(session, org.id, meetup_id, ra.id, now=door)
    session.commit()

    text = admin_registrations.export_attendees_csv(session, org.id, meetup_id)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert rows[0] == ["Name", "Email", "Phone", "Status", "Registered at", "Checked in at",
                       "Seat"]  # then a column per registration question (issue 45)
    assert rows[1][:4] == ["Dilnoza Karimova", "dilnoza@example.com", "01012341234", "ACCEPTED"]
    assert rows[1][5] != "" and rows[2][5] == ""
    assert len(rows) == 3


def test_pending_cannot_be_checked_in(session, org):
    meetup_id = _meetup(session, org, requiresApproval=True)
    person = _user(session, "waiting")
    r = register_for_meetup(session, person.id, meetup_id, ANSWERS)
    session.commit()
    with pytest.raises(Conflict):
        admin_registrations.check_in(session, org.id, meetup_id, r.id)


def test_csv_cells_never_become_formulas(session, org):
    meetup_id = _meetup(session, org)
    person = _user(session, "evil", first_name="=HYPERLINK(\"x\")")
    register_for_meetup(session, person.id, meetup_id, ANSWERS)
    session.commit()
    text = admin_registrations.export_attendees_csv(session, org.id, meetup_id)
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert rows[1][0].startswith("'=")


def test_speakers_sessions_and_notes(session, org):
    meetup_id = _meetup(session, org)
    speaker = admin_program.add_speaker(
        session, org.id, meetup_id,
        {"fullName": "Kim Ji-hoon", "jobPosition": "Engineer", "company": "Naver",
         "profileURL": "https://github.com/kim"},
    )
    talk = admin_program.add_session(
        session, org.id, meetup_id,
        {"subject": "Go at scale", "startTime": "19:10", "endTime": "19:40",
         "speakerId": speaker.id},
    )
    note = admin_program.add_note(session, org.id, meetup_id, {"content": "Bring your ID"})
    session.commit()
    assert talk.speaker_name == "Kim Ji-hoon" and talk.starts_at.hour == 10
    details = get_meetup_details(session, meetup_id)
    assert [s.full_name for s in details.speakers] == ["Kim Ji-hoon"]
    assert [k.subject for k in details.sessions] == ["Go at scale"]
    assert [n.content for n in details.notes] == ["Bring your ID"]

    admin_program.update_note(session, org.id, meetup_id, note.id, {"active": False})
    session.commit()
    assert get_meetup_details(session, meetup_id).notes == []
    assert admin_edits.get_meetup_admin(session, org.id, meetup_id).notes[0].is_active is False

    other = _meetup(session, org, title="Other")
    with pytest.raises(InvalidMany):  # no such speaker profile
        admin_program.add_session(
            session, org.id, other,
            {"subject": "x", "startTime": "19:00", "endTime": "19:30", "speakerId": 999_999},
        )
    # One speaker across meetups: the same profile speaks at the other meetup too.
    again = admin_program.add_session(
        session, org.id, other,
        {"subject": "Go at scale, again", "startTime": "19:00", "endTime": "19:30",
         "speakerId": speaker.id})
    session.commit()
    assert (again.speaker_id, again.speaker_name) == (speaker.id, "Kim Ji-hoon")
    assert [s.full_name for s in get_meetup_details(session, other).speakers] == ["Kim Ji-hoon"]
    admin_program.remove_speaker(session, org.id, meetup_id, speaker.id)
    session.commit()
    assert get_meetup_details(session, meetup_id).sessions[0].speaker_id is None


def test_delete_meetup_removes_everything(session, org):
    meetup_id = _meetup(session, org)
    person = _user(session, "attendee")
    register_for_meetup(session, person.id, meetup_id, ANSWERS)
    admin_program.add_speaker(session, org.id, meetup_id, {"fullName": "Speaker One"})
    session.commit()
    admin_edits.delete_meetup(session, org.id, meetup_id)
    session.commit()
    assert session.get(Meetup, meetup_id) is None
    assert session.exec(select(MeetupRegistration)).all() == []


def test_meetup_image_is_public_and_replaced(session, org):
    meetup_id = _meetup(session, org)
    first = admin_edits.set_meetup_image(session, org.id, meetup_id, _png(), "../../etc/x.png")
    url = first.meetup.image_url
    assert url.startswith("/api/v1/media/public/meetups/") and url.endswith(".webp")
    assert first.meetup.image_name == "x.png"
    folder, name = public_path_of_url(url).rsplit("/", 1)
    assert public_file(folder, name) is not None
    second = admin_edits.set_meetup_image(session, org.id, meetup_id, _png((20, 20)))
    assert public_file(folder, name) is None  # the old file is gone
    assert second.meetup.image_url != url
    with pytest.raises(Invalid):
        admin_edits.set_meetup_image(session, org.id, meetup_id, b"<svg></svg>")


def test_public_url_accepts_only_public_folders():
    assert public_url("public/news/" + "a" * 32 + ".webp") == (
        "/api/v1/media/public/news/" + "a" * 32 + ".webp"
    )
    for bad in ("private/speakers/" + "a" * 32 + ".webp", "public/news/x.webp",
                "public/other/" + "a" * 32 + ".webp"):
        with pytest.raises(ValueError):
            public_url(bad)
    assert public_file("private/speakers", "a" * 32 + ".webp") is None
    assert public_file("public/news", "../secret_key") is None


def test_meetup_changes_expire_the_public_caches_after_commit(session, org):
    meetup_id = _meetup(session, org)
    loads = []
    cache.cached(cache.EVENT_DETAILS, meetup_id, lambda: loads.append(1) or "old")
    admin_edits.update_meetup(session, org.id, meetup_id, {**FORM, "title": "New"})
    # Somebody reads (and caches) before the commit...
    cache.cached(cache.EVENT_DETAILS, meetup_id, lambda: loads.append(2) or "stale")
    session.commit()
    # ... the commit expires again.
    assert cache.cached(cache.EVENT_DETAILS, meetup_id, lambda: "fresh") == "fresh"


def test_news_lifecycle_and_tags(session, org):
    item = admin_news.create_news(
        session, org.id,
        {"title": "Release", "content": "We shipped it.", "type": "social",
         "tags": [" AI ", "Machine Learning", "ai", "python"]},
    )
    session.commit()
    assert item.tags == ["ai", "machine-learning", "python"] and item.type == "SOCIAL"
    assert item.published is False
    assert list_news(session).items == []
    admin_news.set_published(session, org.id, item.id, True)
    session.commit()
    assert [n.title for n in list_news(session).items] == ["Release"]
    admin_news.update_news(session, org.id, item.id, {"title": "Release 2", "content": "x",
                                                      "type": "TECH", "tags": "web, react"})
    session.commit()
    public = list_news(session).items[0]
    assert (public.title, public.tags) == ("Release 2", ["web", "react"])
    with pytest.raises(InvalidMany) as err:
        admin_news.update_news(session, org.id, item.id, {"title": "", "content": "",
                                                          "type": "SPORT", "tags": ["x" * 31]})
    assert set(err.value.errors) == {"title", "content", "type", "tags"}
    session.rollback()
    admin_news.delete_news(session, org.id, item.id)
    session.commit()
    assert session.get(News, item.id) is None


def test_job_lifecycle_and_expiry(session, org):
    member = _user(session, "poster")
    job = JobPost(title="Go dev", company_name="Acme", location="Seoul", description="Go",
                  status="PENDING", posted_by_id=member.id)
    session.add(job)
    session.commit()
    queue = admin_jobs.list_jobs_admin(session, org.id, "pending").items
    assert [j.job.id for j in queue] == [job.id]
    assert list_jobs(session).items == []

    now = utcnow()
    opened = admin_jobs.open_job(session, org.id, job.id, now=now)
    session.commit()
    assert opened.raw_status == "OPEN"
    assert opened.job.expires_at == now + dt.timedelta(days=30)
    assert [j.id for j in list_jobs(session).items] == [job.id]

    later = now + dt.timedelta(days=31)
    assert list_jobs(session, now=later).items == []  # expired: off the public list
    assert get_job(session, job.id, now=later).status == "CLOSED"
    expired = admin_jobs.list_jobs_admin(session, org.id, "expired", now=later).items
    assert [j.job.id for j in expired] == [job.id] and expired[0].is_expired
    renewed = admin_jobs.renew_job(session, org.id, job.id, now=later)
    session.commit()
    assert renewed.job.expires_at == later + dt.timedelta(days=30)
    assert [j.id for j in list_jobs(session, now=later).items] == [job.id]

    with pytest.raises(Conflict):
        admin_jobs.open_job(session, org.id, job.id)
    admin_jobs.fill_job(session, org.id, job.id)
    session.commit()
    assert get_job(session, job.id).status == "FILLED"
    with pytest.raises(Conflict):
        admin_jobs.renew_job(session, org.id, job.id)
    edited = admin_jobs.update_job(
        session, org.id, job.id,
        {"title": "Senior Go dev", "companyName": "Acme", "location": "Busan",
         "description": "Go and SQL", "jobType": "contract", "category": "backend",
         "technologies": "Go, SQL", "salaryMin": "45,000,000", "salaryMax": "60 000 000"},
    )
    assert (edited.job.title, edited.job.job_type, edited.job.technologies) == (
        "Senior Go dev", "CONTRACT", ["Go", "SQL"])
    # Salaries are typed with thousands separators as often as without.
    assert (edited.job.salary_min, edited.job.salary_max) == (45_000_000, 60_000_000)
    with pytest.raises(InvalidMany) as err:
        admin_jobs.update_job(session, org.id, job.id, {"title": "", "salaryMin": 5,
                                                        "salaryMax": 1, "contactEmail": "x"})
    assert {"title", "companyName", "location", "description", "salaryMax",
            "contactEmail"} <= set(err.value.errors)
    session.rollback()
    admin_jobs.delete_job(session, org.id, job.id)
    session.commit()
    assert session.get(JobPost, job.id) is None


def _application(session, language="en", **fields) -> SpeakerApplication:
    row = SpeakerApplication(
        email=fields.pop("email", f"speaker-{language}@example.com"), full_name="Aziza Rahimova",
        job_position="Engineer", phone="01012345678", years_of_experience="3-5",
        expertise_field=fields.pop("expertise_field", "backend"), topics="Postgres tuning",
        linkedin_url="https://linkedin.com/in/a", github_url="https://github.com/a",
        portfolio_url="https://a.dev", language=language, **fields,
    )
    session.add(row)
    session.commit()
    return row


@pytest.mark.parametrize("language", ["en", "uz"])
def test_speaker_decisions_email_the_applicant_in_their_language(session, org, language):
    app = _application(session, language, email=f"decide-{language}-{uuid.uuid4().hex[:8]}@example.com")
    view = admin_speakers.change_status(session, org.id, app.id, "in_review", "Looks good")
    session.commit()
    assert (view.status, view.status_note) == ("IN_REVIEW", "Looks good")
    assert outbox_messages(app.email) == []
    admin_speakers.change_status(session, org.id, app.id, "ACCEPTED")
    session.commit()
    [mail] = outbox_messages(app.email)
    _, subject, body = admin_speakers.application_email(app, "ACCEPTED")
    assert mail["Content-Language"] == language
    assert mail["Subject"] == subject
    assert mail.get_body(preferencelist=("plain",)).get_content().strip() == body.strip()
    assert "Aziza Rahimova" in body
    entries = [e.action for e in list_audit(session, org.id).items]
    assert entries[:2] == ["speaker_application.accepted", "speaker_application.in_review"]


def test_speaker_status_rules_and_filters(session, org):
    ai_email = f"ai-{uuid.uuid4().hex[:8]}@example.com"
    a = _application(session, expertise_field="ai", email=ai_email)
    _application(session, expertise_field="backend", email="be@example.com")
    with pytest.raises(Conflict):
        admin_speakers.change_status(session, org.id, a.id, "NEW")
    with pytest.raises(Invalid):
        admin_speakers.change_status(session, org.id, a.id, "MAYBE")
    admin_speakers.change_status(session, org.id, a.id, "REJECTED", "Not this time")
    session.commit()
    assert len(outbox_messages(ai_email)) == 1
    found = admin_speakers.list_applications(session, org.id, status="rejected")
    assert [x.email for x in found.items] == [ai_email]
    found = admin_speakers.list_applications(session, org.id, expertise="backend")
    assert [x.email for x in found.items] == ["be@example.com"]
    assert admin_speakers.count_by_status(session, org.id)["NEW"] == 1


def test_hidden_comments_vanish_from_the_public_thread(session, org):
    author = _user(session, "writer")
    news = News(title="N", content="C", published=True)
    session.add(news)
    session.commit()
    top = Comment(news_id=news.id, user_id=author.id, text="Rude")
    session.add(top)
    session.commit()
    reply = Comment(news_id=news.id, user_id=author.id, parent_id=top.id, text="Reply")
    session.add(reply)
    session.commit()
    assert [c.text for c in list_comments(session, news.id)] == ["Rude"]
    hidden = admin_comments.hide_comment(session, org.id, top.id)
    session.commit()
    assert hidden.hidden and hidden.news_title == "N"
    assert list_comments(session, news.id) == []
    listed = admin_comments.list_comments_admin(session, org.id, hidden=True)
    assert [c.id for c in listed.items] == [top.id]
    admin_comments.unhide_comment(session, org.id, top.id)
    session.commit()
    assert [c.text for c in list_comments(session, news.id)] == ["Rude"]
    admin_comments.delete_comment(session, org.id, top.id)
    session.commit()
    assert session.exec(select(Comment)).all() == []


def test_settings_change_without_restart(session, org):
    view = admin_settings.change_settings(
        session, org.id,
        {"contactEmail": "Team@UzDev.kr", "targetSpeakers": 70, "targetEvents": "30",
         "maintenance": True},
    )
    session.commit()
    assert (view.contact_email, view.target_speakers, view.target_events, view.maintenance) == (
        "team@uzdev.kr", 70, 30, True)
    entry = session.exec(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
    assert entry.action == "settings.maintenance_on" and "target_speakers: 50 -> 70" in entry.detail
    with pytest.raises(InvalidMany) as err:
        admin_settings.change_settings(session, org.id, {"contactEmail": "nope",
                                                          "targetMembers": 0})
    assert set(err.value.errors) == {"contactEmail", "targetMembers"}


def test_attendance_summary(session, org):
    past = _meetup(session, org, meetupDate=(utcnow() - dt.timedelta(days=3)).strftime("%Y-%m-%d"))
    session.get(Meetup, past).attended_count = 12
    session.commit()
    summary = admin_registrations.attendance_summary(session, org.id)
    assert (summary.past_meetups, summary.total_attended) == (1, 12)
