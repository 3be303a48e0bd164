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

from community_app.db import utcnow
from community_app.models import User
from community_app.services import scheduler
from tests.api.conftest import PASSWORD
from tests.api.factories import make_meetup
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
    scheduler.run_due(engine, names=["build-data-exports"])
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
            scheduler.run_due(engine, names=["build-data-exports"])
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
    scheduler.run_due(engine, now=utcnow() + dt.timedelta(days=6), names=["erase-deleted-accounts"])
    with Session(engine) as s:
        assert s.get(User, user.id).first_name == "Dilnoza"
    done = scheduler.run_due(engine, now=utcnow() + dt.timedelta(days=7, minutes=1),
                             names=["erase-deleted-accounts"])
    assert done == {"erase-deleted-accounts": "1 accounts erased"}
    with Session(engine) as s:
        erased = s.get(User, user.id)
        assert erased.first_name == "" and erased.email.endswith("@deleted.invalid")
        assert erased.deleted_at is not None and not erased.is_active
    after = client.get(f"/api/v1/public/meetups/{meetup.id}").json()["data"]["availableSeats"]
    assert after == seats + 1
