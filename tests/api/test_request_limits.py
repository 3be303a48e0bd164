"""Bodies over the limit are refused with 413 before the API reads them; a page or a page
size past its bounds is refused with 422 by every paged route."""

from __future__ import annotations

import asyncio

import pytest

from community_app.api.limits import BodySizeLimit
from community_app.services.paging import MAX_PAGE, MAX_PAGE_SIZE
from tests.api.factories import VALID_REGISTRATION, bearer, make_meetup, make_member

TOO_LARGE = {"data": None, "message": "Request is too large.", "status": 413}


def test_a_multipart_body_over_6_mb_is_refused(client):
    r = client.post(
        "/api/v1/speakers/register",
        data={"email": "a@b.co"},
        files={"photo": ("big.jpg", b"\xff" * (6 * 1024 * 1024 + 1), "image/jpeg")},
    )
    assert r.status_code == 413
    assert r.json() == TOO_LARGE


def test_a_json_body_over_64_kb_is_refused(client, engine):
    meetup = make_meetup(engine)
    body = {**VALID_REGISTRATION, "expectation": "x" * (64 * 1024)}
    r = client.post(
        f"/api/v1/users/meetups/{meetup.id}/registration",
        json=body,
        headers=bearer(make_member(engine)),
    )
    assert r.status_code == 413 and r.json() == TOO_LARGE


def test_a_streamed_body_over_the_limit_is_refused(client):
    chunks = (b"x" * 1024 for _ in range(100))  # no Content-Length: sent chunked
    r = client.post(
        "/api/v1/news/1/comments", content=chunks, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413 and r.json() == TOO_LARGE


def test_a_small_streamed_body_still_reaches_the_api(client, engine):
    meetup = make_meetup(engine)
    r = client.post(
        f"/api/v1/users/meetups/{meetup.id}/registration",
        content=iter([b'{"attendanceReason": "learning", ', b'"consent": true}']),
        headers={**bearer(make_member(engine)), "Content-Type": "application/json"},
    )
    assert r.status_code == 422
    assert set(r.json()["data"]["errors"]) == {"interestedField", "expectation"}


def test_the_limit_message_follows_accept_language(client):
    r = client.post(
        "/api/v1/news/1/comments",
        content=b"x" * (65 * 1024),
        headers={"Content-Type": "application/json", "Accept-Language": "uz"},
    )
    assert r.status_code == 413 and r.json()["status"] == 413 and r.json()["message"]


# ---------------------------------------------------------------- the middleware on its own


def _run(scope: dict, receive=None) -> tuple[list[dict], list[str]]:
    """Run the middleware around an app that records what reached it."""
    sent: list[dict] = []
    reached: list[str] = []

    async def app(scope, receive, send):
        reached.append(scope["path"])

    async def send(message):
        sent.append(message)

    asyncio.run(BodySizeLimit(app, prefix="/api/v1")(scope, receive, send))
    return sent, reached


def test_an_endless_stream_is_read_only_up_to_the_limit():
    received = []

    async def receive():
        received.append(1)
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    scope = {
        "type": "http",
        "path": "/api/v1/news/1/comments",
        "headers": [(b"transfer-encoding", b"chunked")],
    }
    sent, reached = _run(scope, receive)
    assert sent[0]["status"] == 413 and reached == []
    assert len(received) == 65  # 64 KB allowed, the 65th kilobyte is refused


@pytest.mark.parametrize("value", [b"abc", b"-1", b"1e3", b"", "²".encode("latin-1")])
def test_an_unreadable_content_length_is_refused(value):
    scope = {
        "type": "http",
        "path": "/api/v1/news/1/comments",
        "headers": [(b"content-length", value)],
    }
    sent, reached = _run(scope)
    assert sent[0]["status"] == 413 and reached == []


def test_paths_outside_the_api_are_not_limited():
    scope = {"type": "http", "path": "/_upload", "headers": [(b"content-length", b"999999999")]}
    assert _run(scope)[1] == ["/_upload"]


def test_websockets_pass_through():
    assert _run({"type": "websocket", "path": "/api/v1/x", "headers": []})[1] == ["/api/v1/x"]


# ----------------------------------------------------------------- paged lists


def _paged_routes(client) -> list[str]:
    """Every GET of the OpenAPI document that reads ``page`` and ``size``."""
    doc = client.get("/api/v1/openapi.json").json()
    found = []
    for path, operations in doc["paths"].items():
        names = {p["name"] for p in (operations.get("get") or {}).get("parameters", [])}
        if {"page", "size"} <= names:
            found.append(path)
    return found


def test_every_paged_route_reads_the_same_bounded_page_and_size(client):
    paths = _paged_routes(client)
    assert {"/api/v1/public/meetups", "/api/v1/public/news", "/api/v1/public/job-posts",
            "/api/v1/public/search", "/api/v1/admin/audit"} <= set(paths)
    doc = client.get("/api/v1/openapi.json").json()
    for path in paths:
        params = {p["name"]: p["schema"] for p in doc["paths"][path]["get"]["parameters"]}
        assert (params["page"]["minimum"], params["page"]["maximum"]) == (0, MAX_PAGE), path
        assert (params["size"]["minimum"], params["size"]["maximum"]) == (1, MAX_PAGE_SIZE), path


PAGE_TOO_FAR = f"Page must be {MAX_PAGE} or less."
SIZE_INVALID = "Page size must be between 1 and 100."


@pytest.mark.parametrize(("query", "errors"), [
    ({"page": MAX_PAGE + 1}, {"page": PAGE_TOO_FAR}),
    ({"page": 100000000000000000, "size": 100}, {"page": PAGE_TOO_FAR}),  # issue 39: a 500
    ({"page": 10**30}, {"page": PAGE_TOO_FAR}),
    ({"page": -1}, {"page": "Page must be 0 or greater."}),
    ({"size": MAX_PAGE_SIZE + 1}, {"size": SIZE_INVALID}),
    ({"size": 0, "page": 2**63}, {"size": SIZE_INVALID, "page": PAGE_TOO_FAR}),
])
def test_a_page_or_size_past_its_bounds_is_refused_by_every_paged_route(
    client, engine, query, errors
):
    organizer = bearer(make_member(engine, role="organizer"))
    for path in _paged_routes(client):
        r = client.get(path, params={"q": "a", **query}, headers=organizer)
        assert r.status_code == 422, (path, r.status_code, r.text[:200])
        assert r.json()["status"] == 422 and r.json()["data"]["errors"] == errors, path


def test_the_last_page_allowed_is_answered_empty(client, engine):
    organizer = bearer(make_member(engine, role="organizer"))
    make_meetup(engine)
    for path in _paged_routes(client):
        r = client.get(path, params={"q": "a", "page": MAX_PAGE, "size": MAX_PAGE_SIZE},
                       headers=organizer)
        assert r.status_code == 200, (path, r.text[:200])
        data = r.json()["data"]
        page = data.get("results", data)  # the search's page is under "results"
        assert page["content"] == [] and page["number"] == MAX_PAGE, path


def test_the_limit_messages_are_translated(client):
    r = client.get("/api/v1/public/search", params={"q": "a", "page": MAX_PAGE + 1},
                   headers={"Accept-Language": "uz"})
    assert r.status_code == 422
    assert r.json()["data"]["errors"]["page"] == f"Sahifa raqami {MAX_PAGE} dan katta bo‘lmasligi kerak."


# ----------------------------------------------------------------- NUL characters
# PostgreSQL cannot store a NUL in text ("A string literal cannot contain NUL"): fuzzing
# found a news title of "\u0000" answered 500 there (issue 39). Every route's texts lose
# their NULs before the route runs (api/routing.py), the same on both databases.


def _schema(doc: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _is_text(doc: dict, schema: dict) -> bool:
    schema = _schema(doc, schema)
    options = schema.get("anyOf", [schema])
    return any(_schema(doc, o).get("type") == "string" and "enum" not in _schema(doc, o)
               and _schema(doc, o).get("format") not in ("binary", "date", "date-time", "email")
               for o in options)


def test_a_nul_in_any_text_of_any_route_is_never_a_server_error(client, engine):
    organizer = bearer(make_member(engine, role="organizer"))
    meetup = make_meetup(engine)
    doc = client.get("/api/v1/openapi.json").json()
    calls = 0
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            params = operation.get("parameters", [])
            url = path
            for p in params:
                if p["in"] == "path":
                    value = "a%00b" if _is_text(doc, p["schema"]) else str(meetup.id)
                    url = url.replace("{" + p["name"] + "}", value)
            query = {p["name"]: "a\x00b" for p in params
                     if p["in"] == "query" and _is_text(doc, p["schema"])}
            body = None
            content = (operation.get("requestBody") or {}).get("content", {})
            if "application/json" in content:
                schema = _schema(doc, content["application/json"]["schema"])
                body = {name: "a\x00b" for name, prop in schema.get("properties", {}).items()
                        if _is_text(doc, prop)}
            if not query and not body and "%00" not in url:
                continue
            r = client.request(method.upper(), url, params=query, json=body, headers=organizer)
            calls += 1
            assert r.status_code < 500, (method.upper(), url, query, body, r.text[:300])
    assert calls > 40


def test_a_text_loses_its_nul_characters(client, engine):
    organizer = bearer(make_member(engine, role="organizer"))
    only_nul = client.post("/api/v1/admin/news", headers=organizer,
                           json={"title": "\u0000", "content": "0"})
    assert only_nul.status_code == 422  # nothing left of the title: required
    assert "title" in only_nul.json()["data"]["errors"]
    found = client.get("/api/v1/public/search", params={"q": "a\x00b"})
    assert found.status_code == 200 and found.json()["data"]["query"] == "ab"
