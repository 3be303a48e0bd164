"""The member's data over REST (issue 16): consents, export ZIP once, account deletion
with the grace period, refused for the last organizer."""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile

import httpx
import pytest
from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.models import User
from community_app.services import scheduled_tasks
from tests.api.conftest import PASSWORD
from tests.api.factories import make_meetup, make_registration
from tests.api.servers import api_server

ME = "/api/v1/users/me"


@pytest.fixture(autouse=True)
def _var(tmp_path, monkeypatch):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path))


def _register(client, headers, meetup_id):
    r = client.post(f"/api/v1/users/meetups/{meetup_id}/registration", headers=headers, json={
        "attendanceReason": "learning", "interestedField": "backend",
        "expectation": "Meet backend people.", "consent": True})
    assert r.status_code == 201, r.text


def test_export_zip_has_the_members_data_and_downloads_once(client, engine, make_user):
    user, headers = make_user()
    meetup = make_meetup(engine, title="Go meetup")
    _register(client, headers, meetup.id)
    r = client.post(f"{ME}/export", headers=headers)
    assert r.status_code == 202, r.text
    assert r.json()["data"]["status"] == "PENDING" and r.json()["data"]["downloadUrl"] is None
    assert client.get(f"{ME}/export").status_code == 401
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    export = client.get(f"{ME}/export", headers=headers).json()["data"]
    assert export["status"] == "READY" and export["progress"] == 100
    got = client.get(export["downloadUrl"])
    assert got.status_code == 200
    files = zipfile.ZipFile(io.BytesIO(got.content))
    registrations = json.loads(files.read("registrations.json"))
    assert registrations[0]["meetup_title"] == "Go meetup"
    assert registrations[0]["expectation"] == "Meet backend people."
    assert json.loads(files.read("profile.json"))["email"] == user.email
    kinds = {c["kind"] for c in json.loads(files.read("consents.json"))}
    assert kinds == {"attendee_list"}  # a fixture account ticked no sign-up box
    assert client.get(export["downloadUrl"]).status_code == 401  # once
    assert client.get(f"{ME}/export/download", params={"token": "forged"}).status_code == 401


def test_export_downloads_whole_through_the_real_server_and_its_file_is_gone(engine, make_user, tmp_path):
    """granian sends files itself (ASGI pathsend): the ZIP must still be whole when the
    server removes it, every time, and nothing may stay behind under var/exports."""
    with api_server(engine, tmp_path / "server.log") as base:
        for _ in range(5):
            _, headers = make_user()
            assert httpx.post(f"{base}/users/me/export", headers=headers).status_code == 202
            scheduled_tasks.run_due(engine, names=["build-data-exports"])
            url = httpx.get(f"{base}/users/me/export", headers=headers).json()["data"]["downloadUrl"]
            got = httpx.get(f"{base.removesuffix('/api/v1')}{url}")
            assert got.status_code == 200, got.text[:200]
            assert got.headers["content-type"] == "application/zip"
            assert "profile.json" in zipfile.ZipFile(io.BytesIO(got.content)).namelist()
    assert list((tmp_path / "exports").iterdir()) == []


def test_consents_are_listed_and_news_emails_can_be_withdrawn(client, engine, make_user):
    _, headers = make_user()
    assert client.get(f"{ME}/consents", headers=headers).json()["data"] == []  # none given
    given = client.put(f"{ME}/consents/news_emails", headers=headers, json={"given": True})
    assert given.status_code == 200
    (row,) = given.json()["data"]
    assert (row["kind"], row["withdrawnAt"], row["withdrawable"]) == ("news_emails", None, True)
    withdrawn = client.put(f"{ME}/consents/news_emails", headers=headers, json={"given": False})
    (row,) = withdrawn.json()["data"]
    assert row["withdrawnAt"] and row["givenAt"] and row["withdrawable"] is False
    again = client.put(f"{ME}/consents/news_emails", headers=headers, json={"given": True}).json()
    assert [c["withdrawnAt"] is None for c in again["data"]] == [True, False]  # history kept
    refused = client.put(f"{ME}/consents/terms", headers=headers, json={"given": False})
    assert refused.status_code == 400
    assert client.put(f"{ME}/consents/news_emails", json={"given": False}).status_code == 401


def test_deletion_needs_the_password_and_is_refused_for_the_last_organizer(client, engine, make_user):
    _, org_headers = make_user("organizer")
    r = client.post(f"{ME}/deletion", headers=org_headers, json={"password": PASSWORD})
    assert r.status_code == 409, r.text
    _, headers = make_user()
    r = client.post(f"{ME}/deletion", headers=headers, json={"password": "wrong"})
    assert r.status_code == 422
    r = client.post(f"{ME}/deletion", headers=headers, json={"password": PASSWORD, "keepContent": True})
    assert r.status_code == 202, r.text


def test_after_the_grace_period_seats_are_freed_and_the_name_is_gone(client, engine, make_user):
    user, headers = make_user(first_name="Dilnoza")
    meetup = make_meetup(engine, in_days=30)
    _register(client, headers, meetup.id)
    seats = client.get(f"/api/v1/public/meetups/{meetup.id}").json()["data"]["availableSeats"]
    r = client.post(f"{ME}/deletion", headers=headers, json={"password": PASSWORD})
    assert r.status_code == 202
    # within the grace period: nothing erased
    scheduled_tasks.run_due(engine, now=utcnow() + dt.timedelta(days=6), names=["erase-deleted-accounts"])
    with Session(engine) as s:
        assert s.get(User, user.id).first_name == "Dilnoza"
    done = scheduled_tasks.run_due(engine, now=utcnow() + dt.timedelta(days=7, minutes=1),
                             names=["erase-deleted-accounts"])
    assert done == {"erase-deleted-accounts": "1 accounts erased"}
    with Session(engine) as s:
        erased = s.get(User, user.id)
        assert erased.first_name == "" and erased.email.endswith("@deleted.invalid")
        assert erased.deleted_at is not None and not erased.is_active
    after = client.get(f"/api/v1/public/meetups/{meetup.id}").json()["data"]["availableSeats"]
    assert after == seats + 1


# --- issue 27: the deletion password check counts with login failures --------------------


def test_wrong_deletion_passwords_count_with_login_failures_and_answer_429(client, engine, make_user):
    """The default login limit (10 a minute per account): 10 wrong passwords answer 422,
    the 11th 429 with Retry-After; the right password waits too, and so does the login."""
    user, headers = make_user()
    wrong = {"password": "Wrong-pass-1"}
    statuses = [client.post(f"{ME}/deletion", headers=headers, json=wrong).status_code
                for _ in range(10)]
    assert statuses == [422] * 10
    refused = client.post(f"{ME}/deletion", headers=headers, json=wrong)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Too many attempts" in refused.json()["message"]
    assert client.post(f"{ME}/deletion", headers=headers, json={"password": PASSWORD}).status_code == 429
    login = client.post("/api/v1/auth/login", json={"email": user.email, "password": PASSWORD})
    assert login.status_code == 429
    with Session(engine) as s:
        assert s.get(User, user.id).deletion_requested_at is None


def test_login_failures_and_deletion_failures_add_up(client, engine, make_user, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "3/hour")
    user, headers = make_user()
    wrong_login = {"email": user.email, "password": "Wrong-pass-1"}
    assert [client.post("/api/v1/auth/login", json=wrong_login).status_code for _ in range(2)] == [401, 401]
    assert client.post(f"{ME}/deletion", headers=headers, json={"password": "nope"}).status_code == 422
    assert client.post(f"{ME}/deletion", headers=headers, json={"password": PASSWORD}).status_code == 429


# --- issue 27: an export holds the member's own data only, with a readable summary --------


def _export_files(client, engine, headers) -> zipfile.ZipFile:
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    url = client.get(f"{ME}/export", headers=headers).json()["data"]["downloadUrl"]
    got = client.get(url)
    assert got.status_code == 200
    return zipfile.ZipFile(io.BytesIO(got.content))


def test_an_organizers_export_names_no_other_member(client, engine, make_user):
    organizer, org_headers = make_user("organizer", first_name="Organizerjon")
    member, member_headers = make_user(first_name="Gulnoraxon", last_name="Karimova",
                                       email="gulnora.member@example.com")
    meetup = make_meetup(engine, in_days=-1 / 24, hours=3, title="Started meetup")
    registration = make_registration(engine, member, meetup)
    r = client.post(f"/api/v1/admin/meetups/{meetup.id}/registrations/{registration.id}/check-in",
                    headers=org_headers)
    assert r.status_code == 200, r.text
    files = _export_files(client, engine, org_headers)
    everything = "".join(files.read(name).decode("utf-8", "replace") for name in files.namelist()
                         if not name.startswith("images/"))
    for other in ("Gulnoraxon", "Karimova", "gulnora.member", member.username):
        assert other not in everything
    entries = json.loads(files.read("audit_entries.json"))
    assert [(e["action"], e["target_type"], e["target_id"], e["detail"], e["by_me"])
            for e in entries] == [("registration.check_in", "meetup", meetup.id, "", True)]
    # the member's own export says she was checked in, and by no named organizer
    mine = json.loads(_export_files(client, engine, member_headers).read("audit_entries.json"))
    assert [(e["action"], e["by_me"]) for e in mine] == [("registration.check_in", False)]
    assert "Organizerjon" not in json.dumps(mine) and "actor_id" not in mine[0]


@pytest.mark.parametrize(("lang", "heading", "registrations"), [
    ("en", "Your data", "Meetup registrations"),
    ("uz", "Sizning ma’lumotlaringiz", "Tadbirlarga ro‘yxatdan o‘tishlar"),
])
def test_the_export_has_a_readable_summary_in_the_members_language(
        client, engine, make_user, lang, heading, registrations):
    _, headers = make_user(language=lang, first_name="Sardor")
    meetup = make_meetup(engine, title="Go meetup")
    _register(client, headers, meetup.id)
    files = _export_files(client, engine, headers)
    assert "summary.html" in files.namelist() and "registrations.json" in files.namelist()
    page = files.read("summary.html").decode()
    assert f'<html lang="{lang}">' in page
    assert f"<h1>{heading}</h1>" in page and f"<h2>{registrations}</h2>" in page
    assert "Go meetup" in page and "Meet backend people." in page and "Sardor" in page


def test_the_summary_follows_the_language_the_export_was_asked_in(client, engine, make_user):
    _, headers = make_user(language="en")
    assert client.post(f"{ME}/export", headers={**headers, "Accept-Language": "uz"}).status_code == 202
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    url = client.get(f"{ME}/export", headers=headers).json()["data"]["downloadUrl"]
    page = zipfile.ZipFile(io.BytesIO(client.get(url).content)).read("summary.html").decode()
    assert '<html lang="uz">' in page and "<h2>Profil</h2>" in page


# --- issue 39: saved job searches are the member's data too -------------------------------


def test_the_export_holds_the_saved_job_searches_without_their_keys(client, engine, make_user):
    """The audit found them left out; their feed and unsubscribe keys are secrets (a key
    that opens the feed or stops the alert without signing in), never copied into a file."""
    from sqlmodel import select

    from community_app.models import SavedJobSearch

    user, headers = make_user()
    r = client.post("/api/v1/job-alerts", headers=headers, json={
        "filters": {"visa": "D-2"}, "frequency": "WEEKLY", "name": "Student jobs"})
    assert r.status_code == 201, r.text
    with Session(engine) as s:
        saved = s.exec(select(SavedJobSearch)).one()
    files = _export_files(client, engine, headers)
    [alert] = json.loads(files.read("job_alerts.json"))
    assert (alert["name"], alert["frequency"], alert["filters"]["visa"]) == ("Student jobs", "WEEKLY", "D-2")
    assert "feed_token" not in alert and "unsubscribe_token" not in alert
    everything = "".join(files.read(n).decode() for n in files.namelist() if not n.startswith("images/"))
    assert saved.feed_token not in everything and saved.unsubscribe_token not in everything
    page = files.read("summary.html").decode()
    assert "<h2>Job alerts</h2>" in page and "Student jobs" in page and "Weekly" in page


def test_the_deletion_check_asks_nothing_and_says_what_refuses(engine, make_user):
    """What the site checks before its "are you sure?" (issue 42): the wrong password and
    the last organizer are refused; a right one asks for nothing yet."""
    from community_app.services import privacy
    from community_app.services.errors import Conflict, Invalid

    organizer, _ = make_user("organizer")
    member, _ = make_user()
    with Session(engine) as session:
        with pytest.raises(Invalid) as wrong:
            privacy.check_deletion(session, member.id, password="wrong")
        assert (wrong.value.field, wrong.value.message_id) == ("password", privacy.WRONG_PASSWORD)
        with pytest.raises(Conflict):
            privacy.check_deletion(session, organizer.id, password=PASSWORD)
        assert privacy.check_deletion(session, member.id, password=PASSWORD).id == member.id
        session.commit()
        assert privacy.pending_deletion(session, member.id) is None
