"""Limits a client meets: comments in a burst get 429 with Retry-After and a translated
message; control characters never reach a comment."""

from __future__ import annotations

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
