"""How news items are shown: loading through the cache, the list filters, fallback tags,
tag groups, excerpt; and the rows the news states build from them."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
import sqlalchemy as sa
from sqlmodel import select

from community_app.demo import load_demo
from community_app.models import Comment, News
from community_app.services import cache
from community_app.services import comments as comment_service
from community_app.services import news as news_service
from community_app.services import news_display as nd
from community_app.services.errors import Invalid, NotFound
from community_app.state.news import news_card
from community_app.state.news_detail import _news_id, comment_row


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def demo(session):
    load_demo(session)
    session.commit()
    return session


def _item(**changes) -> news_service.NewsView:
    base = news_service.NewsView(
        id=7, title="Title", content="Body", type="TECH", tags=[], image_url=None,
        created_at=dt.datetime(2026, 1, 2, 3, 4, 5),
    )
    return dataclasses.replace(base, **changes)


def test_load_news_reads_every_published_item_of_a_type_through_the_cache(demo, monkeypatch):
    everything = nd.load_news(demo)
    published = demo.exec(select(News).where(News.published == True)).all()  # noqa: E712
    assert [n.id for n in everything] == [n.id for n in news_service.list_news(demo, size=100).items]
    assert len(everything) == len(published)
    tech = nd.load_news(demo, "tech")
    assert tech and all(n.type == "TECH" for n in tech)

    calls = []
    monkeypatch.setattr(nd.news_service, "list_news", lambda *a, **k: calls.append(1))
    assert nd.load_news(demo) == everything  # cached: the service is not asked again
    assert calls == []
    with pytest.raises(Invalid):
        nd.load_news(demo, "OTHER")


def test_load_news_pages_through_long_lists(demo, monkeypatch):
    monkeypatch.setattr(nd, "MAX_PAGE_SIZE", 4)
    assert [n.id for n in nd.load_news(demo)] == [
        n.id for n in news_service.list_news(demo, size=100).items
    ]


def test_load_article_is_cached_and_not_found_is_not(demo):
    first = demo.exec(select(News).where(News.published == True)).first()  # noqa: E712
    assert nd.load_article(demo, first.id).title == first.title
    # Changed behind the services' back (no session write): the cached article is served.
    demo.connection().execute(
        sa.update(News.__table__).where(News.__table__.c.id == first.id).values(title="Hidden")
    )
    demo.commit()
    assert nd.load_article(demo, first.id).title == first.title
    # Changed through a session (what every service does): the next read shows it at once.
    demo.refresh(first)
    first.title = "Changed"
    demo.add(first)
    demo.commit()
    assert nd.load_article(demo, first.id).title == "Changed"
    draft = demo.exec(select(News).where(News.published == False)).first()  # noqa: E712
    with pytest.raises(NotFound):
        nd.load_article(demo, draft.id)
    with pytest.raises(NotFound):
        nd.load_article(demo, 10**6)


@pytest.mark.parametrize(
    ("search", "tag"),
    [("", ""), ("KUBERNETES", ""), ("agglutinative", ""), ("seoul", "backend"), ("", "AI"),
     ("", "data"), ("%", ""), ("_", ""), ("  python  ", ""), ("nothing at all", "")],
)
def test_matches_gives_the_same_items_as_the_sql_filters(demo, search, tag):
    expected = [n.id for n in news_service.list_news(demo, search=search, tag=tag, size=100).items]
    assert [n.id for n in nd.load_news(demo) if nd.matches(n, search=search, tag=tag)] == expected


def test_tag_filter_needs_the_whole_tag():
    item = _item(tags=["machine-learning"])
    assert nd.matches(item, tag="Machine-Learning")
    assert not nd.matches(item, tag="learning")


def test_tags_in_follow_the_vocabulary_order_then_a_to_z():
    items = [_item(tags=["zeta", "python", "AI"]), _item(tags=["javascript", "alpha", " "])]
    assert nd.tags_in(items) == ["javascript", "ai", "python", "alpha", "zeta"]


def test_fallback_tags_are_three_of_the_type_and_stable_per_item():
    for news_type, choices in nd.FALLBACK_TAGS.items():
        for news_id in range(1, 30):
            tags = nd.fallback_tags(news_id, news_type)
            assert len(tags) == 3 == len(set(tags))
            assert set(tags) <= set(choices)
            assert nd.fallback_tags(news_id, news_type) == tags
    assert len({tuple(nd.fallback_tags(i, "TECH")) for i in range(1, 30)}) > 1  # random per item
    assert nd.shown_tags(_item(tags=["ai"])) == (["ai"], False)
    tags, fallback = nd.shown_tags(_item(type="SOCIAL"))
    assert fallback and set(tags) <= set(nd.FALLBACK_TAGS["SOCIAL"])


@pytest.mark.parametrize(
    ("tag", "group"),
    [("javascript", "programming"), ("TypeScript", "programming"), ("React", "programming"),
     ("nodejs", "programming"), ("python", "programming"), ("AI", "ai"),
     ("machine-learning", "ai"), ("data", "ai"), ("frontend", "development"),
     ("devops", "development"), ("database", "development"), ("Meetup", "default"),
     ("News Update", "default")],
)
def test_tag_groups(tag, group):
    assert nd.tag_group(tag) == group


def test_every_vocabulary_tag_has_a_colour_group_or_default():
    assert {nd.tag_group(t) for t in nd.TAG_VOCABULARY} == {"programming", "ai", "development"}


def test_excerpt_is_70_characters_and_an_ellipsis():
    text = "x" * 69 + "yz and more"
    assert nd.excerpt(text) == "x" * 69 + "y..."
    assert len(nd.excerpt(text)) == 73


def test_a_card_shows_the_articles_text_not_its_markdown():
    """Issue 42: cards showed "## Meetup recap **Saturday**" as typed."""
    content = "## Meetup recap\n\n**Saturday** we met at [Seoul Station](https://x.example).\n\n- one\n- two"
    shown = nd.excerpt(content)
    assert shown == "Meetup recap Saturday we met at Seoul Station. one two..."
    assert not any(mark in shown for mark in ("#", "**", "](", "- "))
    card = news_card(_item(content="### Title\n\n" + "*word* " * 20))
    assert card.excerpt.startswith("Title word word") and "*" not in card.excerpt
    assert len(card.excerpt) == 73


def test_the_back_office_preview_summary_is_the_cards_text():
    from community_app.state.admin_news import AdminNewsState

    content = "## Heading\n\nSome **bold** text"
    assert AdminNewsState.excerpt.fget(AdminNewsState(content=content)) == nd.excerpt(content) \
        == "Heading Some bold text..."


def test_news_card_uses_the_default_image_and_fallback_tags_in_both_languages():
    card = news_card(_item(type="MEETUP", content="c" * 100))
    assert card.href == "/news/7"
    assert card.image == "/news-default.svg" and not card.has_image
    assert card.excerpt == "c" * 70 + "..."
    assert card.fallback_tags and len(card.tags) == 3
    assert all(t.group == "default" for t in card.tags)
    assert card.date_en == "Jan 2, 2026"
    own = news_card(_item(tags=["react"], image_url="/uploads/x.png"))
    assert [(t.en, t.uz, t.group) for t in own.tags] == [("react", "react", "programming")]
    assert own.image == "/uploads/x.png" and own.has_image
    covered = news_card(_item(cover_url="/api/v1/media/covers/news/7-k.png"))
    assert covered.image == "/api/v1/media/covers/news/7-k.png" and not covered.has_image


@pytest.mark.parametrize(
    ("path", "news_id"),
    [("/news/12", 12), ("/news/12/", 12), ("/news/abc", 0), ("/news/0", 0), ("/news/-1", 0),
     ("/news/99999999999999999999", 0), ("/news/١٢", 0), ("", 0)],
)
def test_news_id_from_the_path(path, news_id):
    assert _news_id(path) == news_id


def test_comment_rows_of_a_thread(demo):
    commented = demo.exec(select(Comment).where(Comment.parent_id == None)).first()  # noqa: E711
    views = comment_service.list_comments(demo, commented.news_id)
    row = comment_row(views[0], dt.datetime.now(dt.UTC))
    assert not row.is_reply and row.parent_id == 0
    assert row.initial == row.username[:1].upper()
    assert row.ago_en.endswith("ago") and row.ago_uz
    replies = [
        comment_row(v)
        for c in views
        for v in comment_service.list_replies(demo, commented.news_id, c.id)
    ]
    for reply in replies:
        assert reply.is_reply and reply.parent_id and reply.replied_username


def test_demo_replies_to_replies_hang_off_the_top_level_comment(demo):
    for reply in demo.exec(select(Comment).where(Comment.parent_id != None)).all():  # noqa: E711
        assert demo.get(Comment, reply.parent_id).parent_id is None


def test_the_read_time_follows_the_text_one_minute_at_least():
    """A 20-word item says '1 min read', not SPEC's fixed 3 (issue 42, docs/decisions.md)."""
    assert nd.read_minutes(" ".join(["word"] * 20)) == 1
    assert nd.read_minutes("") == 1
    assert nd.read_minutes(" ".join(["word"] * 200)) == 1
    assert nd.read_minutes(" ".join(["word"] * 201)) == 2
    # Markdown marks are not words: what counts is the text a reader sees.
    assert nd.read_minutes("## Title\n\n" + "**bold** " * 599) == 3  # 600 words; "##" would be 601
