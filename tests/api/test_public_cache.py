"""The public API's response cache (ETag / 304) and its expiry by writes, whichever door
they come through: the site's states and the API read through caches that one commit
expires."""

from __future__ import annotations

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
