"""Limits a client meets: comments in a burst get 429 with Retry-After and a translated
message, per member and per address (many accounts from one address share its budget), and
so do blog posts and job submissions; control characters never reach a comment."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from community_app.i18n import gettext
from community_app.services import blogs, job_submissions
from community_app.services.errors import InvalidMany
from community_app.services.ratelimit import TOO_MANY, TooManyRequests
from tests.api.factories import bearer, make_member, make_news


def test_a_burst_of_comments_is_refused_with_retry_after(client, engine, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_COMMENTS_MEMBER", "3/minute")
    news = make_news(engine)
    member = make_member(engine, username="talkative")
    url = f"/api/v1/news/{news.id}/comments"
    for i in range(3):
        assert client.post(url, json={"comment": f"note {i}"}, headers=bearer(member)).status_code == 201
    refused = client.post(url, json={"comment": "one more"}, headers={**bearer(member), "Accept-Language": "uz"})
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.json()["message"] == "Urinishlar juda ko‘p. Iltimos, 1 daqiqadan so‘ng qayta urinib ko‘ring."
    # Another member is not held back.
    other = make_member(engine, username="quiet")
    assert client.post(url, json={"comment": "hello"}, headers=bearer(other)).status_code == 201


def test_many_accounts_from_one_address_share_its_comment_budget(client, engine, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_COMMENTS_ADDRESS", "4/minute")
    news = make_news(engine)
    url = f"/api/v1/news/{news.id}/comments"
    accounts = [make_member(engine, username=f"sock{i}") for i in range(3)]
    answers = [client.post(url, json={"comment": f"spam {i}"}, headers=bearer(member)).status_code
               for i in range(2) for member in accounts]
    assert answers == [201, 201, 201, 201, 429, 429]
    first_id = client.get(url).json()["data"][0]["id"]
    refused = client.post(f"{url}/{first_id}/replies", json={"comment": "and a reply"},
                          headers={**bearer(accounts[0]), "Accept-Language": "en"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert refused.json()["message"] == gettext(TOO_MANY, "en", n=1)  # "in 1 minute."
    assert len(client.get(url).json()["data"]) == 4


def _job(title: str) -> dict[str, str]:
    return {"title": title, "companyName": "Kakao", "location": "Seoul", "jobType": "FULL_TIME",
            "category": "BACKEND", "description": "Build services."}


def test_blog_saves_and_job_submissions_are_limited_per_address(engine, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_BLOG_POSTS_ADDRESS", "2/hour")
    monkeypatch.setenv("COMMUNITY_LIMIT_JOB_SUBMISSIONS_ADDRESS", "1/hour")
    first, second = make_member(engine, username="writer1"), make_member(engine, username="writer2")
    with Session(engine) as session:
        post = blogs.save_post(session, first.id, title="One", content="x", published=True,
                               client="203.0.113.7")
        blogs.save_post(session, first.id, title="One, edited", content="x", published=True,
                        post_id=post.id, client="203.0.113.7")
        with pytest.raises(TooManyRequests):  # another account, the same address
            blogs.save_post(session, second.id, title="Two", content="y", published=False,
                            client="203.0.113.7")
        blogs.save_post(session, second.id, title="Two", content="y", published=False,
                        client="198.51.100.2")

        job_submissions.submit_job_post(session, first.id, _job("Go developer"), client="203.0.113.7")
        with pytest.raises(TooManyRequests):
            job_submissions.submit_job_post(session, second.id, _job("Rust developer"),
                                            client="203.0.113.7")
        # A refused form is not counted: its fields are checked first.
        with pytest.raises(InvalidMany):
            job_submissions.submit_job_post(session, second.id, {}, client="198.51.100.2")
        job_submissions.submit_job_post(session, second.id, _job("Rust developer"),
                                        client="198.51.100.2")


def test_control_characters_are_removed_from_comments(client, engine):
    news = make_news(engine)
    member = make_member(engine, username="sneaky")
    url = f"/api/v1/news/{news.id}/comments"
    r = client.post(url, json={"comment": "a\x00b\x1b[31mc\u202ed\nline two"}, headers=bearer(member))
    assert r.status_code == 201
    texts = str(client.get(url).json()["data"])
    assert "ab[31mcd" in texts and "\\x00" not in texts and "\u202e" not in texts
    only_controls = client.post(url, json={"comment": "\x00\x07\u202e"}, headers=bearer(member))
    assert only_controls.status_code == 422
