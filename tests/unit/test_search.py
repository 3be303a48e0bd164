"""Site-wide search on SQLite (FTS5) and PostgreSQL (tsvector): what a member finds, how
it is ranked and highlighted, and that every write keeps the index in step."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import BlogPost, JobPost, News, SearchDocument, SpeakerProfile, Talk, TalkSpeaker
from community_app.services import search, search_index
from community_app.services.errors import Invalid
from community_app.services.text_search import fold
from tests.api.factories import (
    insert, make_job, make_meetup, make_member, make_news, make_session, make_speaker,
)


def _found(engine, q, **kw) -> list[tuple[str, str]]:
    with Session(engine) as s:
        return [(h.kind, h.title) for h in search.search(s, q, **kw).items]


def test_one_folding_for_uzbek_apostrophes_and_visa_codes():
    assert fold("O‘zbek") == fold("o'zbek") == fold("oʻzbek") == fold("o’zbek") == "ozbek"
    assert fold("G‘ayrat") == fold("g'ayrat") == "gayrat"
    assert fold("D-10 visa") == fold("d10 VISA") == "d10 visa"
    assert fold("서울시 카카오") == "서울시 카카오"


def test_finds_each_kind_by_its_words_in_both_spellings(engine):
    author = make_member(engine)
    make_news(engine, title="D-10 visa rules change in 2027", content="Job seekers get a year.")
    make_job(engine, title="Backend developer", company_name="카카오", location="성남시",
             visas=["D-2", "D-10"], description="O‘zbek tilini biladigan dasturchi")
    insert(engine, BlogPost(author_id=author.id, title="How I passed TOPIK 4",
                            content="Study plan for **topik**.", status="PUBLISHED",
                            published_at=utcnow()))
    meetup = make_meetup(engine, title="Autumn meetup", description="Talks and pizza")
    speaker = make_speaker(engine, meetup, full_name="Jasur Toshmatov")
    make_session(engine, meetup, speaker, "Opening talk", abstract="Why **Ktor** for APIs")

    assert {k for k, _ in _found(engine, "D-10")} == {"news", "job"}
    assert _found(engine, "d10") == _found(engine, "D-10")
    assert _found(engine, "topik") == [("blog", "How I passed TOPIK 4")]
    assert _found(engine, "o'zbek") == _found(engine, "o‘zbek") == [("job", "Backend developer")]
    assert _found(engine, "카카오") == [("job", "Backend developer")]
    # prefix, speaker's name: the meetup with its programme, and the talk itself
    assert sorted(_found(engine, "Toshmat")) == [("meetup", "Autumn meetup"), ("talk", "Opening talk")]
    assert _found(engine, "ktor") == [("talk", "Opening talk")]  # a word of the abstract
    assert _found(engine, "topik", kind="news") == []
    assert _found(engine, "nothing-like-this") == []


def test_title_matches_rank_first_and_matches_are_marked(engine):
    make_news(engine, title="Weekly digest", content="Something about kotlin in passing.")
    make_news(engine, title="Kotlin coroutines deep dive", content="Structured concurrency.")
    with Session(engine) as s:
        found = search.search(s, "kotl")
    assert [h.title for h in found.items] == ["Kotlin coroutines deep dive", "Weekly digest"]
    assert found.items[0].title_html == "<mark>Kotlin</mark> coroutines deep dive"
    assert "<mark>kotlin</mark>" in found.items[1].snippet_html
    assert found.counts == {"news": 2} and found.total == 2
    assert found.items[0].path.startswith("/news/")


def test_counts_per_kind_pages_and_bad_kind(engine):
    for n in range(3):
        make_news(engine, title=f"Seoul news {n}")
    make_job(engine, title="Seoul job")
    with Session(engine) as s:
        page = search.search(s, "seoul", kind="news", size=2, page=1)
        assert page.counts == {"news": 3, "job": 1} and page.total == 3 and len(page.items) == 1
        with pytest.raises(Invalid):
            search.search(s, "seoul", kind="users")
        assert search.search(s, "  ").items == []


def test_counts_stay_exact_past_the_ranked_matches(engine, monkeypatch):
    """Only the newest CANDIDATES matches of the asked kind are ranked (the total says so);
    the counts by kind are every visible match, an expired job post's not among them."""
    monkeypatch.setattr(search, "CANDIDATES", 3)
    for n in range(5):
        make_news(engine, title=f"Busan news {n}")
    make_job(engine, title="Busan job")
    make_job(engine, title="Busan job that expired", expires_at=utcnow() - dt.timedelta(days=1))
    with Session(engine) as s:
        every = search.search(s, "busan", size=10)
        news = search.search(s, "busan", kind="news", size=10)
        jobs = search.search(s, "busan", kind="job", size=10)
    assert every.counts == news.counts == {"news": 5, "job": 1}
    assert (every.total, every.capped) == (3, True) and len(every.items) == 3
    assert (news.total, news.capped) == (3, True)
    assert [h.title for h in news.items] == ["Busan news 4", "Busan news 3", "Busan news 2"]
    assert (jobs.total, jobs.capped, [h.title for h in jobs.items]) == (1, False, ["Busan job"])


def test_snippet_escapes_html():
    assert search.marked("<b>React</b> & co", ["react"]) == "&lt;b&gt;<mark>React</mark>&lt;/b&gt; &amp; co"


def test_every_write_keeps_the_index_in_step(engine):
    job = make_job(engine, title="Flutter developer")
    news = make_news(engine, title="Hidden later")
    meetup = make_meetup(engine, title="Winter meetup")
    assert _found(engine, "flutter") == [("job", "Flutter developer")]
    with Session(engine) as s:
        row = s.get(JobPost, job.id)
        row.title = "Swift developer"
        s.add(row)
        s.get(News, news.id).published = False
        talk = Talk(meetup_id=meetup.id, slug="t", title="Opening")
        speaker = SpeakerProfile(slug="d", name="Dilnoza Karimova")
        s.add_all([talk, speaker])
        s.flush()
        s.add(TalkSpeaker(talk_id=talk.id, speaker_id=speaker.id))
        s.commit()
    assert _found(engine, "flutter") == []
    assert _found(engine, "swift") == [("job", "Swift developer")]
    assert _found(engine, "hidden") == []
    assert sorted(_found(engine, "dilnoza")) == [("meetup", "Winter meetup"), ("talk", "Opening")]
    with Session(engine) as s:
        s.delete(s.get(JobPost, job.id))
        s.commit()
        assert s.exec(select(SearchDocument).where(SearchDocument.kind == "job")).all() == []


def test_closed_and_expired_jobs_are_not_found(engine):
    make_job(engine, title="Closed rust job", status="CLOSED")
    make_job(engine, title="Expired rust job", expires_at=utcnow() - dt.timedelta(days=1))
    make_job(engine, title="Open rust job", expires_at=utcnow() + dt.timedelta(days=1))
    assert _found(engine, "rust") == [("job", "Open rust job")]


def test_reconcile_fills_a_missing_index_and_drops_what_left(engine):
    make_news(engine, title="Reindexed news")
    with Session(engine) as s:
        s.execute(SearchDocument.__table__.delete())
        s.commit()
    assert _found(engine, "reindexed") == []
    with Session(engine) as s:
        assert search_index.reconcile(s) == 1
        s.commit()
    assert _found(engine, "reindexed") == [("news", "Reindexed news")]


def test_a_job_s_korean_level_is_indexed_as_its_card_says_it_and_older_rows_are_rewritten(engine):
    none = make_job(engine, title="Remote Go developer", korean_level="NONE")
    topik = make_job(engine, title="QA engineer", korean_level="TOPIK_3")
    with Session(engine) as s:
        bodies = {d.item_id: d.body for d in s.exec(select(SearchDocument)).all()}
    assert "NONE" not in bodies[none.id] and "TOPIK 3" in bodies[topik.id]
    assert _found(engine, "korean") == []  # asking for none is not a match for "korean"
    # A row indexed before the form changed (it said "NONE") is written again by the
    # next reconcile; the others are left alone.
    before = search_index.FORMAT_CHANGED["job"] - dt.timedelta(days=1)
    with Session(engine) as s:
        s.execute(SearchDocument.__table__.update()
                  .where(SearchDocument.item_id == none.id)
                  .values(body="Remote Go developer · NONE", indexed_at=before))
        s.commit()
    with Session(engine) as s:
        assert search_index.reconcile(s) == 1
        s.commit()
        rows = {d.item_id: d for d in s.exec(select(SearchDocument)).all()}
    assert "NONE" not in rows[none.id].body and rows[none.id].indexed_at > before
    assert _found(engine, "remote go") == [("job", "Remote Go developer")]
