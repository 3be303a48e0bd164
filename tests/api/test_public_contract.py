"""The public and member-meetup endpoints are documented, and no malformed request breaks them."""

from __future__ import annotations

import itertools

import pytest

from tests.api.factories import bearer, make_comment, make_job, make_meetup, make_member, make_news

ENDPOINTS = [
    ("get", "/api/v1/public/meetups"),
    ("get", "/api/v1/public/meetups/{meetup_id}"),
    ("get", "/api/v1/public/meetups/{meetup_id}/details"),
    ("post", "/api/v1/users/meetups/{meetup_id}/registration"),
    ("post", "/api/v1/users/meetups/{meetup_id}/registration/cancel"),
    ("get", "/api/v1/users/meetups"),
    ("get", "/api/v1/public/news"),
    ("get", "/api/v1/public/news/{news_id}"),
    ("get", "/api/v1/news/{news_id}/comments"),
    ("post", "/api/v1/news/{news_id}/comments"),
    ("get", "/api/v1/news/{news_id}/comments/{comment_id}/replies"),
    ("post", "/api/v1/news/{news_id}/comments/{comment_id}/replies"),
    ("post", "/api/v1/news/{news_id}/comments/{comment_id}/like"),
    ("post", "/api/v1/news/{news_id}/comments/{comment_id}/dislike"),
    ("get", "/api/v1/public/job-posts"),
    ("get", "/api/v1/public/job-posts/{job_id}"),
    ("get", "/api/v1/public/statistics"),
    ("post", "/api/v1/speakers/register"),
]


def test_every_endpoint_is_documented_with_its_envelope(client):
    spec = client.get("/api/v1/openapi.json").json()
    for method, path in ENDPOINTS:
        operation = spec["paths"][path][method]
        ok = next(code for code in operation["responses"] if code.startswith("2"))
        ref = operation["responses"][ok]["content"]["application/json"]["schema"]["$ref"]
        assert ref.split("/")[-1].startswith("Envelope"), (path, ref)
    schemas = spec["components"]["schemas"]
    for name in (
        "MeetupOut",
        "MeetupDetailsOut",
        "RegistrationIn",
        "RegistrationOut",
        "MyMeetupOut",
        "NewsOut",
        "CommentIn",
        "CommentOut",
        "VoteOut",
        "JobOut",
        "StatisticsOut",
        "ApplicationOut",
    ):
        assert name in schemas, name
    assert "meetupDate" in schemas["MeetupOut"]["properties"]
    reason = schemas["RegistrationIn"]["properties"]["attendanceReason"]["anyOf"][0]
    assert reason["enum"][0] == "first_time" and "first-time" in reason["enum"]


BAD_IDS = ["abc", "-1", str(10**30), "1;DROP TABLE meetups"]
BAD_QUERIES = [
    {"page": str(10**30), "size": "100"},
    {"page": "-5", "size": "-5"},
    {"page": "NaN"},
    {"type": "<script>", "search": "%_\\'\"", "tag": '"]', "sort": "id;--"},
    {"category": "x" * 10_000, "jobType": "\u0000", "jobOfferStatus": "open ", "location": "%"},
]
BAD_BODIES = [
    b"",
    b"\xff\xfe\x00garbage",
    b"[" * 5000 + b"]" * 5000,
    b'{"comment": ' + b"9" * 5000 + b"}",
    b'{"attendanceReason": {"$gt": ""}, "consent": [true], "expectation": 1e999}',
    '{"comment": "\u0000\ud800"}'.encode("utf-8", "surrogatepass"),
]


@pytest.fixture
def world(engine):
    member = make_member(engine)
    news = make_news(engine)
    comment = make_comment(engine, news, member)
    return {
        "meetup_id": make_meetup(engine).id,
        "news_id": news.id,
        "comment_id": comment.id,
        "job_id": make_job(engine).id,
        "headers": bearer(member),
    }


def _urls(path: str, world: dict) -> list[str]:
    names = [n for n in ("meetup_id", "news_id", "comment_id", "job_id") if "{" + n + "}" in path]
    urls = [path.format(**{n: world[n] for n in names})]
    for name, bad in itertools.product(names, BAD_IDS):
        urls.append(path.format(**{n: (bad if n == name else world[n]) for n in names}))
    return urls


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_no_malformed_request_answers_500(client, world, method, path):
    for url, auth in itertools.product(
        _urls(path, world), [{"Authorization": "Bearer x"}, world["headers"]]
    ):
        for params in BAD_QUERIES:
            r = getattr(client, method)(url, params=params, headers=auth)
            assert r.status_code < 500, (url, params, r.text)
            assert set(r.json()) == {"data", "message", "status"}
        if method == "post":
            for body, ctype in itertools.product(
                BAD_BODIES, ["application/json", "multipart/form-data; boundary=x", "text/plain"]
            ):
                r = client.post(url, content=body, headers={**auth, "Content-Type": ctype})
                assert r.status_code < 500, (url, body[:40], ctype, r.text)
                assert r.json()["status"] == r.status_code
