"""The talk and speaker pages as a visitor gets them (issue 41): what the page's reader gives
the page (slides, the recording's player only on asking), the head a shared link or a search
engine reads (Open Graph, JSON-LD), the sitemap, and the search's talk results."""

from __future__ import annotations

import contextlib

from sqlmodel import Session

from community_app.services import feeds, search, seo
from community_app.state import talk_page
from community_app.state.page_load import PageRequest
from tests.api.factories import make_meetup, make_session, make_speaker

BASE = "https://uzdev.example"


def _programme(engine):
    meetup = make_meetup(engine, title="Kotlin night", in_days=-3, location="D.CAMP")
    aziz = make_speaker(engine, meetup, "Aziz Karimov", company="Kakao", bio="Kotlin **fan**")
    talk = make_session(engine, meetup, aziz, "Coroutines in anger",
                        abstract="Structured concurrency with *Flow*", language="uz",
                        slides_url="https://example.org/c.pdf",
                        recording_url="https://youtu.be/dQw4w9WgXcQ")
    return meetup, aziz, talk


def _scope(engine):
    @contextlib.contextmanager
    def scope():
        with Session(engine, expire_on_commit=False) as s:
            yield s
            s.commit()
    return scope


def test_the_talk_page_reads_slides_and_a_recording_played_only_on_asking(engine, monkeypatch):
    _, aziz, talk = _programme(engine)
    monkeypatch.setattr(talk_page, "session_scope", _scope(engine))
    data = talk_page.read_talk(PageRequest(f"/talks/{talk.id}-an-old-slug", {}, None))
    assert (data.status, data.title, data.meetup_title) == ("ready", "Coroutines in anger",
                                                            "Kotlin night")
    assert "<em>Flow</em>" in data.abstract_html
    assert data.language["en"] == "Uzbek"
    assert [(s.name, s.href) for s in data.speakers] == [
        ("Aziz Karimov", f"/speakers/{aziz.id}-aziz-karimov")]
    assert data.slides_url == "https://example.org/c.pdf" and not data.slides_pdf
    assert data.recording_provider == "YouTube"
    assert data.recording_embed.startswith("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")
    assert talk_page.read_talk(PageRequest("/talks/999999-x", {}, None)).status == "not_found"
    assert talk_page.read_talk(PageRequest("/talks/abc", {}, None)).status == "not_found"


def test_the_speaker_page_lists_the_talks(engine, monkeypatch):
    _, aziz, talk = _programme(engine)
    monkeypatch.setattr(talk_page, "session_scope", _scope(engine))
    data = talk_page.read_speaker(PageRequest(f"/speakers/{aziz.id}", {}, None))
    assert (data.status, data.name, data.role) == ("ready", "Aziz Karimov", "Kakao")
    assert "<strong>fan</strong>" in data.bio_html
    assert [(t.title, t.href, t.slides_url) for t in data.talks] == [
        ("Coroutines in anger", f"/talks/{talk.id}-coroutines-in-anger", "https://example.org/c.pdf")]


def test_the_heads_of_a_talk_and_a_speaker(engine):
    _, aziz, talk = _programme(engine)
    with Session(engine) as s:
        head = seo.page_head(s, f"/talks/{talk.id}-coroutines-in-anger", "en", BASE)
        assert head.title.startswith("Coroutines in anger |")
        assert head.url == f"{BASE}/talks/{talk.id}-coroutines-in-anger"
        assert head.description.startswith("Aziz Karimov · Kotlin night.")
        (ld,) = head.json_ld
        assert ld["@type"] == "Event" and ld["performer"][0]["name"] == "Aziz Karimov"
        assert ld["recordedIn"]["url"] == "https://youtu.be/dQw4w9WgXcQ"
        person = seo.page_head(s, f"/speakers/{aziz.id}-aziz-karimov", "uz", BASE)
        assert person.json_ld[0]["@type"] == "Person" and person.share_title == "Aziz Karimov"
        assert seo.page_head(s, "/talks/999999", "en", BASE).noindex


def test_talks_and_speakers_are_in_the_sitemap_and_found_by_their_abstract(engine):
    _, aziz, talk = _programme(engine)
    with Session(engine) as s:
        sitemap = feeds.sitemap_xml(s, BASE).decode()
        found = search.search(s, "concurrency")
    assert f"{BASE}/talks/{talk.id}-coroutines-in-anger" in sitemap
    assert f"{BASE}/speakers/{aziz.id}-aziz-karimov" in sitemap
    assert [(h.kind, h.title, h.path) for h in found.items] == [
        ("talk", "Coroutines in anger", f"/talks/{talk.id}")]
