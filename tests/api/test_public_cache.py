"""The public API's response cache (ETag / 304) and its expiry by writes, whichever door
they come through: the site's states and the API read through caches that one commit
expires."""

from __future__ import annotations

import asyncio

from community_app.api.response_cache import PublicResponseCache
from community_app.core.db import session_scope
from community_app.services import cache
from community_app.state import event_detail
from tests.api.factories import VALID_REGISTRATION, bearer, make_meetup, make_member, make_news


def _seats(client, meetup_id: int) -> int:
    return client.get(f"/api/v1/public/meetups/{meetup_id}").json()["data"]["availableSeats"]


def test_etag_and_not_modified(client, engine):
    make_news(engine, title="First", days_ago=2)
    first = client.get("/api/v1/public/news?size=10")
    assert first.status_code == 200
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    again = client.get("/api/v1/public/news?size=10", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == etag
    # The same answer from the cache carries the same body and tag.
    same = client.get("/api/v1/public/news?size=10")
    assert (same.content, same.headers["etag"]) == (first.content, etag)
    # A change makes the tag stale: the client gets the new list.
    make_news(engine, title="Second")
    changed = client.get("/api/v1/public/news?size=10", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["etag"] != etag
    assert [n["title"] for n in changed.json()["data"]["content"]][:2] == ["Second", "First"]


def test_each_language_and_query_has_its_own_answer(client, engine):
    make_news(engine, title="Only")
    en = client.get("/api/v1/public/news/999", headers={"Accept-Language": "en"})
    uz = client.get("/api/v1/public/news/999", headers={"Accept-Language": "uz"})
    assert en.json()["message"] != uz.json()["message"]
    one = client.get("/api/v1/public/news?size=1").json()["data"]
    two = client.get("/api/v1/public/news?size=2").json()["data"]
    assert (one["size"], two["size"]) == (1, 2)


def test_a_request_with_a_token_is_never_answered_from_the_shared_cache(client, engine):
    meetup = make_meetup(engine)
    member = make_member(engine)
    client.get(f"/api/v1/public/meetups/{meetup.id}")  # cached for everyone
    signed_in = client.get(f"/api/v1/public/meetups/{meetup.id}", headers=bearer(member))
    assert signed_in.status_code == 200
    assert "etag" not in signed_in.headers


def test_a_rest_registration_changes_the_seats_on_the_site_and_in_the_api_at_once(
    client, engine, monkeypatch
):
    # The site's state helper reads the test's database.
    monkeypatch.setattr(event_detail, "session_scope", lambda: session_scope(engine))
    meetup = make_meetup(engine, max_seats=10)
    member = make_member(engine)
    # Both caches hold the seat count.
    assert _seats(client, meetup.id) == 10
    assert event_detail.cached_details(meetup.id).meetup.available_seats == 10
    assert _seats(client, meetup.id) == 10
    r = client.post(
        f"/api/v1/users/meetups/{meetup.id}/registration",
        json=VALID_REGISTRATION,
        headers=bearer(member),
    )
    assert r.status_code == 201
    assert _seats(client, meetup.id) == 9
    assert event_detail.cached_details(meetup.id).meetup.available_seats == 9
    details = client.get(f"/api/v1/public/meetups/{meetup.id}/details").json()["data"]
    assert details["availableSeats"] == 9
    listed = client.get("/api/v1/public/meetups?type=upcoming").json()["data"]["content"]
    assert [m["availableSeats"] for m in listed if m["id"] == meetup.id] == [9]


def test_statistics_follow_a_sign_up_at_once(client, engine):
    before = client.get("/api/v1/public/statistics").json()["data"]["members"]["current"]
    make_member(engine)
    after = client.get("/api/v1/public/statistics").json()["data"]["members"]["current"]
    assert after == before + 1


def test_a_write_that_fails_expires_nothing(engine):
    store = cache.MemoryBackend()
    cache.use_backend(store)
    generations = {t: store.generation(t) for t in cache.TOPICS}
    meetup = make_meetup(engine)
    assert store.generation(cache.MEETUPS_TOPIC) == generations[cache.MEETUPS_TOPIC] + 1
    from sqlmodel import Session

    from community_app.models import Meetup

    with Session(engine) as s:
        row = s.get(Meetup, meetup.id)
        row.title = "Never saved"
        s.flush()
        s.rollback()
    assert store.generation(cache.MEETUPS_TOPIC) == generations[cache.MEETUPS_TOPIC] + 1


# ----------------------------------------------------------------- every ASGI answer
# The public cache captures the answer of what it wraps. An answer sent as a file
# (``http.response.pathsend``, which granian offers: the site's static 404 page) was
# forwarded to the server before the cache's own start: "ASGI flow error: Response not
# started", a 500 (issue 39). A strict server stands in for granian here.


def _strict_get(app, paths: list[str]) -> list[list[dict]]:
    """GET each of ``paths`` through ``app`` as a server offering pathsend and zerocopysend
    would, one event loop for all: the messages each request was answered with. A message
    before the start fails like granian's flow error."""

    async def run_all() -> list[list[dict]]:
        answers = []
        for path in paths:
            messages: list[dict] = []

            async def receive() -> dict:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict, messages=messages) -> None:
                if not messages and message["type"] != "http.response.start":
                    raise RuntimeError("ASGI flow error: Response not started")
                messages.append(message)

            scope = {
                "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
                "query_string": b"", "root_path": "", "headers": [(b"host", b"test")],
                "client": ("127.0.0.1", 1), "server": ("test", 80),
                "extensions": {"http.response.pathsend": {}, "http.response.zerocopysend": {},
                               "http.response.trailers": {}},
            }
            await app(scope, receive, send)
            answers.append(messages)
        return answers

    return asyncio.run(run_all())


def _file_app(tmp_path, status: int, how: str):
    """An app that answers with a file the way ``how`` says, whatever the scope offers."""
    page = tmp_path / "page.json"
    page.write_bytes(b'{"from": "a file"}')
    calls = []

    async def app(scope, receive, send):
        calls.append(scope)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json")]})
        if how == "pathsend":
            await send({"type": "http.response.pathsend", "path": str(page)})
        else:
            with open(page, "rb") as file:
                await send({"type": "http.response.zerocopysend", "file": file.fileno(),
                            "offset": 2, "count": 4})

    return app, calls


def _status_and_body(messages: list[dict]) -> tuple[int, bytes]:
    assert [m["type"] for m in messages] == ["http.response.start", "http.response.body"]
    return messages[0]["status"], b"".join(m.get("body", b"") for m in messages[1:])


def test_an_answer_sent_as_a_file_is_answered_not_a_flow_error(tmp_path):
    app, calls = _file_app(tmp_path, 404, "pathsend")
    cached = PublicResponseCache(app, prefix="/api/v1/public")
    (answer,) = _strict_get(cached, ["/api/v1/public/news/1/x"])
    assert _status_and_body(answer) == (404, b'{"from": "a file"}')
    # The app was asked for bytes: no file extension was offered to it.
    assert not {"http.response.pathsend", "http.response.zerocopysend",
                "http.response.trailers"} & set(calls[0]["extensions"])


def test_a_cacheable_answer_sent_as_a_file_is_kept_and_served_from_the_cache(tmp_path):
    app, calls = _file_app(tmp_path, 200, "pathsend")
    cached = PublicResponseCache(app, prefix="/api/v1/public")
    first, second = _strict_get(cached, ["/api/v1/public/news/7", "/api/v1/public/news/7"])
    assert _status_and_body(first) == _status_and_body(second) == (200, b'{"from": "a file"}')
    assert len(calls) == 1  # the second came from the cache
    assert dict(second[0]["headers"])[b"etag"] == dict(first[0]["headers"])[b"etag"]


def test_an_answer_sent_from_a_descriptor_is_read_into_the_body(tmp_path):
    app, _ = _file_app(tmp_path, 200, "zerocopysend")
    cached = PublicResponseCache(app, prefix="/api/v1/public")
    (answer,) = _strict_get(cached, ["/api/v1/public/meetups/3"])
    assert _status_and_body(answer) == (200, b'from')  # 4 bytes from offset 2


def test_paths_the_cache_does_not_keep_pass_through_untouched(tmp_path):
    app, calls = _file_app(tmp_path, 200, "pathsend")
    cached = PublicResponseCache(app, prefix="/api/v1/public")
    # Not a cached topic: the app answers the server directly (a file, as offered).
    (answer,) = _strict_get(cached, ["/api/v1/public/search"])
    assert [m["type"] for m in answer] == ["http.response.start", "http.response.pathsend"]
    assert "http.response.pathsend" in calls[0]["extensions"]
