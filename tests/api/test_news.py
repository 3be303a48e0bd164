"""GET /public/news (type, search, tag, paging) and GET /public/news/{id}."""

from __future__ import annotations

import pytest

from tests.api.factories import make_news

URL = "/api/v1/public/news"


def _titles(response) -> list[str]:
    assert response.status_code == 200, response.text
    return [n["title"] for n in response.json()["data"]["content"]]


# title, type, tags, days ago, content, published (the draft is on no public list)
ITEMS = (
    ("Rust meetup recap", "MEETUP", ["Event", "rust"], 5, "We met at Pangyo.", True),
    ("Python 4 rumours", "TECH", ["python", "AI"], 1,
     "Nothing is confirmed. 100% speculation_here.", True),
    ("Football on Saturday", "SOCIAL", ["Sports"], 3,
     "Bring water and a Python-coloured shirt.", True),
    ("Draft: secret plans", "TECH", ["ai"], 0.5, "python", False),
    ("O‘zbek tilida yangiliklar", "SOCIAL", ["O‘zbek", "jamiyat"], 2, "Ma’lumot uchun rahmat.",
     True),
)


@pytest.fixture
def items(engine):
    return [
        make_news(engine, title=title, type=kind, tags=list(tags), days_ago=days_ago,
                  content=content, published=published)
        for title, kind, tags, days_ago, content, published in ITEMS
    ]


def test_published_news_newest_first_with_every_field(client, items):
    r = client.get(URL)
    assert _titles(r) == [
        "Python 4 rumours",
        "O‘zbek tilida yangiliklar",
        "Football on Saturday",
        "Rust meetup recap",
    ]
    first = r.json()["data"]["content"][0]
    assert set(first) == {"id", "title", "content", "type", "tags", "imageURL", "coverURL", "createdAt"}
    assert (
        first["type"] == "TECH" and first["tags"] == ["python", "AI"] and first["imageURL"] is None
    )
    assert first["createdAt"].endswith("Z")


@pytest.mark.parametrize(
    ("news_type", "expected"),
    [
        ("TECH", ["Python 4 rumours"]),
        ("meetup", ["Rust meetup recap"]),
        ("SOCIAL", ["O‘zbek tilida yangiliklar", "Football on Saturday"]),
        (
            "",
            [
                "Python 4 rumours",
                "O‘zbek tilida yangiliklar",
                "Football on Saturday",
                "Rust meetup recap",
            ],
        ),
    ],
)
def test_type_filter(client, items, news_type, expected):
    assert _titles(client.get(URL, params={"type": news_type})) == expected


def test_an_unknown_type_is_refused(client):
    r = client.get(URL, params={"type": "GOSSIP"})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {"type": "News type must be TECH, MEETUP or SOCIAL."}


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("PYTHON", ["Python 4 rumours", "Football on Saturday"]),  # title or content, any case
        ("pangyo", ["Rust meetup recap"]),
        ("100%", ["Python 4 rumours"]),  # LIKE wildcards are plain characters
        ("o_r", []),  # would match "our" if _ were a wildcard
        ("speculation_here", ["Python 4 rumours"]),
        ("ma’lumot", ["O‘zbek tilida yangiliklar"]),
        ("nothing like this", []),
        (
            "   ",
            [
                "Python 4 rumours",
                "O‘zbek tilida yangiliklar",
                "Football on Saturday",
                "Rust meetup recap",
            ],
        ),
    ],
)
def test_search_is_a_case_insensitive_substring_of_title_or_content(
    client, items, search, expected
):
    assert _titles(client.get(URL, params={"search": search})) == expected


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("ai", ["Python 4 rumours"]),  # stored as "AI"; the unpublished "ai" item stays hidden
        ("RUST", ["Rust meetup recap"]),
        ("rus", []),  # the whole tag, not a part of it
        ("o‘zbek", ["O‘zbek tilida yangiliklar"]),
        ("jamiyat", ["O‘zbek tilida yangiliklar"]),
        ('", "', []),
    ],
)
def test_tag_filter_matches_a_whole_tag_ignoring_case(client, items, tag, expected):
    assert _titles(client.get(URL, params={"tag": tag})) == expected


def test_filters_combine(client, items):
    assert _titles(
        client.get(URL, params={"type": "TECH", "tag": "python", "search": "rumour"})
    ) == ["Python 4 rumours"]
    assert _titles(client.get(URL, params={"type": "SOCIAL", "tag": "python"})) == []


def test_paging_stays_exact_with_a_tag_filter(client, engine):
    for i in range(25):
        make_news(
            engine, title=f"Item {i:02}", tags=["go"] if i % 2 == 0 else ["java"], days_ago=30 - i
        )
    data = client.get(URL, params={"tag": "Go", "size": 5, "page": 2}).json()["data"]
    assert data["totalElements"] == 13 and data["totalPages"] == 3
    assert [n["title"] for n in data["content"]] == ["Item 04", "Item 02", "Item 00"]
    assert data["last"] is True and data["numberOfElements"] == 3


def test_default_page_size_is_20(client, engine):
    for i in range(21):
        make_news(engine, days_ago=i + 1)
    data = client.get(URL).json()["data"]
    assert data["size"] == 20 and data["numberOfElements"] == 20 and data["totalPages"] == 2


@pytest.mark.parametrize("params", [{"page": -1}, {"size": 0}, {"size": 500}])
def test_paging_limits(client, params):
    assert client.get(URL, params=params).status_code == 422


def test_a_very_long_search_is_cut_not_refused(client, items):
    assert client.get(URL, params={"search": "x" * 5000}).status_code == 200


def test_one_news_item(client, items):
    r = client.get(f"{URL}/{items[1].id}")
    assert r.status_code == 200
    assert r.json()["data"]["title"] == "Python 4 rumours"
    assert r.json()["data"]["content"] == "Nothing is confirmed. 100% speculation_here."


@pytest.mark.parametrize("which", ["unpublished", "unknown", "zero", "huge"])
def test_missing_or_unpublished_news_answers_404(client, items, which):
    news_id = {"unpublished": items[3].id, "unknown": 9999, "zero": 0, "huge": 10**40}[which]
    r = client.get(f"{URL}/{news_id}")
    assert r.status_code == 404
    assert r.json() == {"data": None, "message": "News article not found.", "status": 404}
