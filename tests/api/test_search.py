"""GET /api/v1/public/search: every kind of content, ranked, highlighted, by kind."""

from __future__ import annotations

import pytest

from community_app.core.db import utcnow
from community_app.models import BlogPost
from tests.api.factories import (
    insert, make_job, make_meetup, make_member, make_news, make_session, make_speaker,
)

URL = "/api/v1/public/search"


@pytest.fixture
def site(engine):
    author = make_member(engine)
    make_news(engine, title="D-10 visa: what changes", content="Job seekers get a longer stay.")
    make_news(engine, title="Draft about D-10", published=False)
    make_job(engine, title="Java developer", company_name="네이버", location="성남시",
             visas=["D-10", "E-7"], description="O‘zbek va ingliz tillari")
    insert(engine, BlogPost(author_id=author.id, title="TOPIK 6 in one year",
                            content="What worked for me.", status="PUBLISHED", published_at=utcnow()))
    meetup = make_meetup(engine, title="Year-end meetup", in_days=10)
    speaker = make_speaker(engine, meetup, full_name="Bekzod Aliyev", company="Coupang")
    make_session(engine, meetup, speaker, "Search with PostgreSQL")


def _found(client, **params):
    r = client.get(URL, params=params)
    assert r.status_code == 200, r.text
    return r.json()["data"]


def test_finds_every_kind_with_highlights_and_links(client, site):
    data = _found(client, q="D-10")
    assert data["counts"] == {"news": 1, "job": 1}
    hits = {h["kind"]: h for h in data["results"]["content"]}
    assert hits["news"]["titleHtml"] == "<mark>D-10</mark> visa: what changes"
    assert hits["news"]["url"] == f"/news/{hits['news']['id']}"
    assert hits["job"]["url"] == f"/jobs/{hits['job']['id']}" and "<mark>D-10</mark>" in hits["job"]["snippetHtml"]
    assert data["results"]["totalElements"] == 2


@pytest.mark.parametrize("q, kind, title", [
    ("topik", "blog", "TOPIK 6 in one year"),
    ("o'zbek", "job", "Java developer"),
    ("o‘zbek", "job", "Java developer"),
    ("네이버", "job", "Java developer"),
    ("bekzod", "meetup", "Year-end meetup"),
    ("postgre", "meetup", "Year-end meetup"),
])
def test_what_a_member_types_finds_the_item(client, site, q, kind, title):
    content = _found(client, q=q)["results"]["content"]
    found = [(h["kind"], h["title"]) for h in content]
    if kind == "meetup":  # the meetup with its programme, and the talk on its own
        assert sorted(found) == [(kind, title), ("talk", "Search with PostgreSQL")]
        urls = {h["kind"]: h["url"] for h in content}
        assert urls["meetup"].startswith("/events/upcoming/details/")
        assert urls["talk"].startswith("/talks/")
    else:
        assert found == [(kind, title)]


def test_a_talk_is_found_by_a_word_of_its_abstract_and_opens_its_page(client, engine):
    meetup = make_meetup(engine, title="Spring meetup", in_days=-10)
    speaker = make_speaker(engine, meetup, full_name="Malika Yusupova")
    talk = make_session(engine, meetup, speaker, "Observability on a budget",
                        abstract="Tracing with **OpenTelemetry** and Grafana Tempo")
    make_session(engine, meetup, speaker, "Draft idea", abstract="OpenTelemetry later",
                 status="draft")
    content = _found(client, q="opentelemetry", kind="talk")["results"]["content"]
    assert [(h["kind"], h["title"], h["url"]) for h in content] == [
        ("talk", "Observability on a budget", f"/talks/{talk.id}")]


def test_filter_by_kind_and_empty_query(client, site):
    data = _found(client, q="D-10", kind="job")
    assert [h["kind"] for h in data["results"]["content"]] == ["job"]
    assert data["counts"] == {"news": 1, "job": 1} and data["kind"] == "job"
    empty = _found(client, q="")
    assert empty["results"]["content"] == [] and empty["counts"] == {}


@pytest.mark.parametrize("lang, message", [
    ("en", "Unknown kind of result. Use one of: meetup, news, job, blog, talk."),
    ("uz", "Noma’lum natija turi. Quyidagilardan birini tanlang: meetup, news, job, blog, talk."),
])
def test_unknown_kind_is_refused_in_the_asked_language(client, site, lang, message):
    r = client.get(URL, params={"q": "x", "kind": "users"}, headers={"Accept-Language": lang})
    assert r.status_code == 422
    got = r.json()["data"]["errors"]["kind"]
    assert got == message
    assert client.get(URL, params={"q": "x", "size": 101}).status_code == 422
