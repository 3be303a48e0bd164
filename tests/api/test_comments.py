"""Comments and replies on news items, and the like/dislike toggles."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from community_app.models import Comment, CommentVote
from tests.api.factories import bearer, make_comment, make_member, make_news, make_vote

EMPTY = "Comment cannot be empty."
TOO_LONG = "Comment is too long (2000 characters at most)."
NOT_FOUND = "Comment not found."
COMMENT_KEYS = {
    "id",
    "newsId",
    "parentId",
    "text",
    "authorUsername",
    "authorName",
    "authorAvatar",
    "repliedUsername",
    "likes",
    "dislikes",
    "replyCount",
    "createdAt",
    "myVote",
    # the KO'DJ client's names
    "username",
    "avatarURL",
    "comment",
    "replies",
}


def _comments_url(news_id) -> str:
    return f"/api/v1/news/{news_id}/comments"


def _comment_url(news_id, comment_id, action: str) -> str:
    return f"/api/v1/news/{news_id}/comments/{comment_id}/{action}"


@pytest.fixture
def thread(engine):
    """A news item with two visible comments (one with replies), a hidden one and votes."""
    news = make_news(engine)
    alice = make_member(engine, username="alice", image_url="/avatars/alice.png",
                        first_name="Alisher", last_name="Karimov")
    bob = make_member(engine, username="bob")
    first = make_comment(engine, news, alice, "First!", minutes_ago=90)
    second = make_comment(engine, news, bob, "Second", minutes_ago=30)
    hidden = make_comment(engine, news, bob, "Spam", minutes_ago=60, hidden=True)
    reply_late = make_comment(
        engine, news, bob, "Late reply", minutes_ago=5, parent_id=first.id, replied_username="alice"
    )
    reply_early = make_comment(
        engine, news, alice, "Early reply", minutes_ago=20, parent_id=first.id
    )
    make_comment(engine, news, bob, "Hidden reply", minutes_ago=10, parent_id=first.id, hidden=True)
    make_vote(engine, first, alice, 1)
    make_vote(engine, first, bob, 1)
    make_vote(engine, second, alice, -1)
    return {
        "news": news,
        "alice": alice,
        "bob": bob,
        "first": first,
        "second": second,
        "hidden": hidden,
        "reply_early": reply_early,
        "reply_late": reply_late,
    }


# ---------------------------------------------------------------- reading


def test_top_level_comments_oldest_first_without_hidden_ones(client, thread):
    r = client.get(_comments_url(thread["news"].id))
    assert r.status_code == 200
    data = r.json()["data"]
    assert [c["text"] for c in data] == ["First!", "Second"]
    first = data[0]
    assert set(first) == COMMENT_KEYS
    assert first["id"] == thread["first"].id and first["newsId"] == thread["news"].id
    assert first["parentId"] is None
    assert (first["authorUsername"], first["authorAvatar"]) == ("alice", "/avatars/alice.png")
    assert first["authorName"] == "Alisher Karimov"  # the public name; the username stays the handle
    assert (first["username"], first["avatarURL"], first["comment"], first["replies"]) == (
        "alice", "/avatars/alice.png", "First!", 2,
    )
    assert (first["likes"], first["dislikes"], first["replyCount"], first["myVote"]) == (2, 0, 2, 0)
    assert (data[1]["likes"], data[1]["dislikes"], data[1]["authorAvatar"]) == (0, 1, None)


def test_a_valid_token_adds_my_vote(client, thread):
    data = client.get(_comments_url(thread["news"].id), headers=bearer(thread["alice"])).json()[
        "data"
    ]
    assert [c["myVote"] for c in data] == [1, -1]


@pytest.mark.parametrize("auth", ["Bearer junk", "Basic abc", "Bearer"])
def test_a_bad_token_reads_anonymously(client, thread, auth):
    r = client.get(_comments_url(thread["news"].id), headers={"Authorization": auth})
    assert r.status_code == 200
    assert [c["myVote"] for c in r.json()["data"]] == [0, 0]


def test_replies_oldest_first_without_hidden_ones(client, thread):
    r = client.get(_comment_url(thread["news"].id, thread["first"].id, "replies"))
    assert r.status_code == 200
    data = r.json()["data"]
    assert [c["text"] for c in data] == ["Early reply", "Late reply"]
    assert all(c["parentId"] == thread["first"].id for c in data)
    assert data[1]["repliedUsername"] == "alice"


def test_replies_of_a_comment_without_any(client, thread):
    assert (
        client.get(_comment_url(thread["news"].id, thread["second"].id, "replies")).json()["data"]
        == []
    )


def test_comments_of_unknown_or_unpublished_news_answer_404(client, engine, thread):
    draft = make_news(engine, published=False)
    for news_id in (draft.id, 4242, 10**30):
        r = client.get(_comments_url(news_id))
        assert r.status_code == 404
        assert r.json()["message"] == "News article not found."


def test_replies_of_a_hidden_unknown_or_foreign_comment_answer_404(client, engine, thread):
    other_news = make_news(engine)
    foreign = make_comment(engine, other_news, thread["bob"])
    for comment_id in (thread["hidden"].id, 999_999, foreign.id, 10**30):
        r = client.get(_comment_url(thread["news"].id, comment_id, "replies"))
        assert r.status_code == 404
        assert r.json()["message"] == NOT_FOUND


# ---------------------------------------------------------------- writing


def test_posting_a_comment(client, engine, thread):
    news = thread["news"]
    member = make_member(engine, username="dilnoza")
    r = client.post(
        _comments_url(news.id),
        json={"comment": "  <b>Great</b> read!  ", "repliedUsername": ""},
        headers=bearer(member),
    )
    assert r.status_code == 201
    assert r.json()["message"] == "Your comment has been added."
    c = r.json()["data"]
    assert c["text"] == "<b>Great</b> read!"  # plain text, stored as written (trimmed)
    assert (c["authorUsername"], c["parentId"], c["repliedUsername"]) == ("dilnoza", None, None)
    assert (c["likes"], c["dislikes"], c["replyCount"], c["myVote"]) == (0, 0, 0, 0)
    texts = [x["text"] for x in client.get(_comments_url(news.id)).json()["data"]]
    assert texts[-1] == "<b>Great</b> read!"


def test_a_comment_of_exactly_2000_characters_is_fine(client, thread):
    r = client.post(
        _comments_url(thread["news"].id),
        json={"comment": "x" * 2000},
        headers=bearer(thread["bob"]),
    )
    assert r.status_code == 201


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"comment": ""}, {"comment": EMPTY}),
        ({"comment": "   \n\t "}, {"comment": EMPTY}),
        ({}, {"comment": EMPTY}),
        ({"comment": None}, {"comment": EMPTY}),
        ({"comment": 42}, {"comment": EMPTY}),
        ({"comment": "y" * 2001}, {"comment": TOO_LONG}),
        (
            {"comment": "ok", "repliedUsername": "u" * 51},
            {"repliedUsername": "The replied username is too long (50 characters at most)."},
        ),
    ],
)
def test_comment_rules(client, thread, body, errors):
    for url in (
        _comments_url(thread["news"].id),
        _comment_url(thread["news"].id, thread["first"].id, "replies"),
    ):
        r = client.post(url, json=body, headers=bearer(thread["bob"]))
        assert r.status_code == 422
        assert r.json()["data"]["errors"] == errors


def test_a_malformed_comment_body_answers_422(client, thread):
    r = client.post(
        _comments_url(thread["news"].id),
        content=b"{oops",
        headers={**bearer(thread["bob"]), "Content-Type": "application/json"},
    )
    assert r.status_code == 422


def test_replying_to_a_comment(client, engine, thread):
    first = thread["first"]
    r = client.post(
        _comment_url(thread["news"].id, first.id, "replies"),
        json={"comment": "Agreed"},
        headers=bearer(thread["bob"]),
    )
    assert r.status_code == 201
    reply = r.json()["data"]
    assert reply["parentId"] == first.id
    assert reply["repliedUsername"] == "alice"  # defaults to the author replied to
    top = client.get(_comments_url(thread["news"].id)).json()["data"][0]
    assert top["replyCount"] == 3


def test_a_reply_to_a_reply_joins_the_top_level_thread(client, engine, thread):
    carol = make_member(engine, username="carol")
    url = _comment_url(thread["news"].id, thread["reply_late"].id, "replies")
    r = client.post(
        url, json={"comment": "@bob me too", "repliedUsername": "bob"}, headers=bearer(carol)
    )
    assert r.status_code == 201
    assert r.json()["data"]["parentId"] == thread["first"].id
    assert r.json()["data"]["repliedUsername"] == "bob"
    texts = [
        c["text"]
        for c in client.get(_comment_url(thread["news"].id, thread["first"].id, "replies")).json()[
            "data"
        ]
    ]
    assert texts[-1] == "@bob me too"


def test_replying_to_a_hidden_or_missing_comment_answers_404(client, engine, thread):
    hidden_reply = make_comment(
        engine, thread["news"], thread["bob"], "under hidden", parent_id=thread["hidden"].id
    )
    for comment_id in (thread["hidden"].id, hidden_reply.id, 123456):
        r = client.post(
            _comment_url(thread["news"].id, comment_id, "replies"),
            json={"comment": "hi"},
            headers=bearer(thread["alice"]),
        )
        assert r.status_code == 404 and r.json()["message"] == NOT_FOUND


def test_commenting_on_unknown_or_unpublished_news_answers_404(client, engine, thread):
    draft = make_news(engine, published=False)
    for news_id in (draft.id, 77777):
        r = client.post(
            _comments_url(news_id), json={"comment": "hi"}, headers=bearer(thread["alice"])
        )
        assert r.status_code == 404 and r.json()["message"] == "News article not found."


# ---------------------------------------------------------------- voting


def _vote(client, thread, action: str, member: str = "bob", comment: str = "second"):
    r = client.post(
        _comment_url(thread["news"].id, thread[comment].id, action), headers=bearer(thread[member])
    )
    assert r.status_code == 200, r.text
    data = dict(r.json()["data"])
    # the KO'DJ client's answer shape: success and message beside the tally
    assert data.pop("success") is True and data.pop("message") == r.json()["message"]
    return data


def test_like_toggles(client, thread):
    assert _vote(client, thread, "like") == {"likes": 1, "dislikes": 1, "myVote": 1}
    assert _vote(client, thread, "like") == {"likes": 0, "dislikes": 1, "myVote": 0}
    assert _vote(client, thread, "like") == {"likes": 1, "dislikes": 1, "myVote": 1}


def test_dislike_toggles(client, thread):
    assert _vote(client, thread, "dislike") == {"likes": 0, "dislikes": 2, "myVote": -1}
    assert _vote(client, thread, "dislike") == {"likes": 0, "dislikes": 1, "myVote": 0}


def test_a_vote_moves_between_like_and_dislike(client, engine, thread):
    assert _vote(client, thread, "like") == {"likes": 1, "dislikes": 1, "myVote": 1}
    assert _vote(client, thread, "dislike") == {"likes": 0, "dislikes": 2, "myVote": -1}
    assert _vote(client, thread, "like") == {"likes": 1, "dislikes": 1, "myVote": 1}
    with Session(engine) as s:
        votes = s.exec(
            select(CommentVote).where(CommentVote.comment_id == thread["second"].id)
        ).all()
    assert sorted(v.value for v in votes) == [-1, 1]  # still one vote per member


def test_replies_can_be_voted_on(client, thread):
    assert _vote(client, thread, "like", comment="reply_early") == {
        "likes": 1,
        "dislikes": 0,
        "myVote": 1,
    }


def test_votes_on_hidden_unknown_or_foreign_comments_answer_404(client, engine, thread):
    other_news = make_news(engine)
    foreign = make_comment(engine, other_news, thread["bob"])
    hidden_reply = make_comment(
        engine, thread["news"], thread["bob"], "x", parent_id=thread["hidden"].id
    )
    for comment_id in (thread["hidden"].id, hidden_reply.id, foreign.id, 55555):
        for action in ("like", "dislike"):
            r = client.post(
                _comment_url(thread["news"].id, comment_id, action), headers=bearer(thread["alice"])
            )
            assert r.status_code == 404 and r.json()["message"] == NOT_FOUND


@pytest.mark.parametrize("auth", [None, "Bearer junk", "Basic abc"])
@pytest.mark.parametrize("action", ["comments", "replies", "like", "dislike"])
def test_writing_and_voting_need_a_valid_token(client, engine, thread, auth, action):
    headers = {"Authorization": auth} if auth else {}
    news_id, first = thread["news"].id, thread["first"].id
    url = _comments_url(news_id) if action == "comments" else _comment_url(news_id, first, action)
    body = {"json": {"comment": "hi"}} if action in ("comments", "replies") else {}
    r = client.post(url, headers=headers, **body)
    assert r.status_code == 401
    with Session(engine) as s:
        assert len(s.exec(select(Comment)).all()) == 6
        assert len(s.exec(select(CommentVote)).all()) == 3
