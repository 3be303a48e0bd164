"""The organizers' rules through the REST API, beyond meetups (test_admin_rules.py): news
publishing, the jobs lifecycle with expiry, speaker decisions by email, comment hiding,
settings without a restart, and the audit log."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.i18n import gettext
from community_app.models import JobPost, SpeakerApplication
from community_app.services.admin.speakers import ACCEPTED_BODY, REJECTED_BODY
from tests.api.auth_helpers import outbox_messages
from tests.api.factories import insert, make_comment, make_job, make_member, make_news
from tests.api.test_admin_rules import ADMIN, API, _create, _png, org  # noqa: F401 - org: fixture


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
