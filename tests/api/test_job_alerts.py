"""Saved job searches with alerts: the member's list, digests that carry each fitting post
once (never one that does not fit), one digest per period across concurrent workers, the
one-click unsubscribe without signing in, and the private Atom feed."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import QueuedMail, SavedJobSearch
from community_app.services import job_alerts, mail_queue
from tests.api.auth_helpers import outbox_messages
from tests.api.factories import bearer, make_job, make_member
from tests.at_once import at_once

URL = "/api/v1/job-alerts"
D2_ALERT = {"filters": {"visa": "D-2", "koreanLevelMax": "TOPIK_3"}, "frequency": "DAILY"}


@pytest.fixture
def member(engine):
    return make_member(engine, language="uz")


def _save(client, member, body=D2_ALERT) -> dict:
    r = client.post(URL, json=body, headers=bearer(member))
    assert r.status_code == 201, r.text
    return r.json()["data"]


def _digest_time(engine, alert_id: int) -> dt.datetime:
    with Session(engine) as s:
        return s.get(SavedJobSearch, alert_id).next_digest_at


def _digests(engine, member) -> list[QueuedMail]:
    with Session(engine) as s:
        return list(s.exec(select(QueuedMail).where(QueuedMail.user_id == member.id,
                                                    QueuedMail.kind == "job-digest")
                           .order_by(QueuedMail.id)).all())


def _run(engine, now):
    with Session(engine) as s:
        return job_alerts.send_due_digests(s, now)


def test_save_list_change_and_delete_own_alerts(client, engine, member):
    alert = _save(client, member)
    assert alert["filters"]["visa"] == "D-2" and alert["filters"]["koreanLevelMax"] == "TOPIK_3"
    assert alert["name"].startswith("D-2 · ") and alert["active"] is True
    assert "/api/v1/public/job-alerts/" in alert["feedUrl"]
    r = client.patch(f"{URL}/{alert['id']}", json={"frequency": "WEEKLY"}, headers=bearer(member))
    assert r.json()["data"]["frequency"] == "WEEKLY"
    other = make_member(engine)
    assert client.get(URL, headers=bearer(other)).json()["data"] == []
    assert client.delete(f"{URL}/{alert['id']}", headers=bearer(other)).status_code == 404
    # An id no row can have (beyond 64 bits) is simply not found, never a server error.
    assert client.patch(f"{URL}/{2**63}", json={}, headers=bearer(member)).status_code == 404
    assert client.get(URL).status_code == 401
    assert [a["id"] for a in client.get(URL, headers=bearer(member)).json()["data"]] == [alert["id"]]
    assert client.delete(f"{URL}/{alert['id']}", headers=bearer(member)).status_code == 200
    assert client.get(URL, headers=bearer(member)).json()["data"] == []


def test_bad_filters_are_refused(client, member):
    r = client.post(URL, json={"filters": {"visa": "Z-99"}}, headers=bearer(member))
    assert r.status_code == 422


def test_a_fitting_post_comes_in_exactly_one_digest_and_one_that_does_not_fit_in_none(
        client, engine, member):
    alert = _save(client, member)
    make_job(engine, title="Older post", visas=["D-2"], korean_level="NONE", days_ago=3)
    fits = make_job(engine, title="Part-time QA", visas=["D-2"], korean_level="TOPIK_2", days_ago=0)
    make_job(engine, title="E-7 only", visas=["E-7"], korean_level="NONE", days_ago=0)
    make_job(engine, title="Needs TOPIK 5", visas=["D-2"], korean_level="TOPIK_5", days_ago=0)
    first = _digest_time(engine, alert["id"])
    assert _run(engine, first - dt.timedelta(minutes=1)) == {"digests": 0, "jobs": 0}  # not due
    assert _run(engine, first) == {"digests": 1, "jobs": 1}
    (mail,) = _digests(engine, member)
    assert "Part-time QA" in mail.body and f"/jobs/{fits.id}" in mail.body
    assert "E-7 only" not in mail.body and "TOPIK 5" not in mail.body and "Older" not in mail.body
    assert mail.lang == "uz"
    # The next day: nothing new, nothing sent; then one more post that fits comes alone.
    assert _run(engine, first + dt.timedelta(days=1)) == {"digests": 0, "jobs": 0}
    make_job(engine, title="Junior backend", visas=["D-2"], korean_level="NONE", days_ago=0)
    assert _run(engine, first + dt.timedelta(days=2)) == {"digests": 1, "jobs": 1}
    later = _digests(engine, member)[-1]
    assert "Junior backend" in later.body and "Part-time QA" not in later.body


def test_concurrent_workers_send_one_digest(client, engine, member):
    alert = _save(client, member)
    make_job(engine, title="Fits", visas=["D-2"], korean_level="NONE", days_ago=0)
    now = _digest_time(engine, alert["id"])
    results = at_once(lambda: _run(engine, now), 4)
    assert sum(r["digests"] for r in results) == 1
    assert len(_digests(engine, member)) == 1


def test_the_email_unsubscribes_in_one_click_without_signing_in(client, engine, member):
    alert = _save(client, member)
    make_job(engine, title="Fits", visas=["D-2"], korean_level="NONE", days_ago=0)
    now = _digest_time(engine, alert["id"])
    _run(engine, now)
    mail_queue.drain(engine, now=now)
    (msg,) = outbox_messages(member.email)
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    post_url = msg["List-Unsubscribe"].strip("<>")
    assert "/api/v1/public/job-alerts/unsubscribe/" in post_url
    body = msg.get_body(preferencelist=("plain",)).get_content()
    assert "/job-alerts/unsubscribe/" in body
    path = post_url[post_url.index("/api/v1"):]
    r = client.post(path, content="List-Unsubscribe=One-Click",
                    headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200
    # The outcome only: nothing of the alert (its name, filters, private feed) is told to
    # whoever holds the link (issue 39).
    assert r.json() == {"data": {"unsubscribed": True}, "message": "You are unsubscribed.",
                        "status": 200}
    mine = client.get(URL, headers=bearer(member)).json()["data"]
    assert [a["active"] for a in mine] == [False]
    again = client.post(path, headers={"Accept-Language": "uz"})  # twice: harmless
    assert again.status_code == 200
    assert again.json()["message"] == "Obuna bekor qilindi."
    assert alert["feedUrl"].rsplit("/", 2)[1] not in again.text
    assert client.post("/api/v1/public/job-alerts/unsubscribe/not-a-token").status_code == 404
    make_job(engine, title="Fits too", visas=["D-2"], korean_level="NONE", days_ago=0)
    assert _run(engine, now + dt.timedelta(days=1)) == {"digests": 0, "jobs": 0}


def test_private_atom_feed(client, engine, member):
    alert = _save(client, member)
    make_job(engine, title="Fits the feed", visas=["D-2"], korean_level="TOPIK_1")
    make_job(engine, title="Not in the feed", visas=["E-9"], korean_level="TOPIK_1")
    path = alert["feedUrl"][alert["feedUrl"].index("/api/v1"):]
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/atom+xml")
    assert "Fits the feed" in r.text and "Not in the feed" not in r.text
    assert client.get("/api/v1/public/job-alerts/wrong/feed.atom").status_code == 404


def test_the_unsubscribe_page_still_says_which_alert_stopped(client, engine, member,
                                                            monkeypatch):
    """The page the email's link opens (state/job_alerts.py) reads the service's outcome:
    it names the alert the member stopped, and nothing else of it."""
    from community_app.core.db import session_scope
    from community_app.state import job_alerts as page
    from community_app.state import page_load
    from community_app.state.page_load import PageRequest

    # The page acts on its link's token through page_load.use_link_token's session.
    monkeypatch.setattr(page_load, "session_scope", lambda: session_scope(engine))
    alert = _save(client, member, {**D2_ALERT, "name": "Seoul D-2"})
    with Session(engine) as s:
        token = s.exec(select(SavedJobSearch.unsubscribe_token)
                       .where(SavedJobSearch.id == alert["id"])).one()
    shown = page.read_unsubscribe(PageRequest(f"/job-alerts/unsubscribe/{token}", {}, None))
    assert (shown.done, shown.name) == (True, "Seoul D-2")
    unknown = page.read_unsubscribe(PageRequest("/job-alerts/unsubscribe/nope", {}, None))
    assert (unknown.done, unknown.name) == (False, "")
    assert client.get(URL, headers=bearer(member)).json()["data"][0]["active"] is False
