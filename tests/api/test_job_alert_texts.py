"""Issue 42, item 3: job alerts a newcomer understands. When a digest comes and what it
would hold now; the same filters cannot be saved twice; names read naturally and in the
member's language (My Page, the API, the digest, the private feed)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import feedparser
import pytest
from sqlmodel import Session

from community_app.models import SavedJobSearch
from community_app.services import job_alerts
from tests.api.factories import bearer, make_job, make_member

URL = "/api/v1/job-alerts"
NO_KOREAN = {"filters": {"visa": "D-2", "koreanLevelMax": "NONE"}, "frequency": "WEEKLY"}


@pytest.fixture
def member(engine):
    return make_member(engine, language="uz")


def _save(client, member, body=NO_KOREAN):
    return client.post(URL, json=body, headers=bearer(member))


def test_no_korean_needed_reads_naturally_in_both_languages():
    """Not "Korean: No Korean needed at most" (nor "Koreys tili: ko‘pi bilan Koreys tili
    shart emas")."""
    filters = {"visa": "D-2", "korean_max": "NONE"}
    assert job_alerts.describe(filters, "en") == "D-2 · No Korean needed"
    assert job_alerts.describe(filters, "uz") == "D-2 · Koreys tili shart emas"
    assert job_alerts.describe({"korean_max": "TOPIK_3"}, "en") == "Korean: TOPIK 3 at most"
    assert job_alerts.describe({"korean_max": "BUSINESS"}, "en") == "Korean: any level"


def test_an_alert_is_named_in_the_language_of_whoever_reads_it(client, engine, member):
    """Saved from an English page, shown to the Uzbek member in Uzbek; an alert saved before
    issue 42 with the old name is named anew; a name of the member's own stays."""
    saved = _save(client, member).json()["data"]
    assert saved["name"] == "D-2 · Koreys tili shart emas"
    with Session(engine) as s:
        row = s.get(SavedJobSearch, saved["id"])
        row.name = "D-2 · Korean: No Korean needed at most"  # as issue 42 found it
        s.add(row)
        s.commit()
    names = [a["name"] for a in client.get(URL, headers=bearer(member)).json()["data"]]
    assert names == ["D-2 · Koreys tili shart emas"]
    own = _save(client, member, {"filters": {"visa": "E-7"}, "name": "Seoul, E-7"}).json()["data"]
    assert own["name"] == "Seoul, E-7"


def test_the_same_filters_cannot_be_saved_twice(client, member, engine):
    assert _save(client, member).status_code == 201
    again = _save(client, member, {**NO_KOREAN, "frequency": "DAILY"})
    assert again.status_code == 409
    assert again.json()["message"] == (
        "You already have an alert with these filters: “D-2 · Koreys tili shart emas”. "
        "Change its frequency on My Page instead.")
    uz = client.post(URL, json=NO_KOREAN, headers={**bearer(member), "Accept-Language": "uz"})
    assert uz.json()["message"].startswith("Sizda shu filtrlar bilan bildirishnoma bor")
    assert len(client.get(URL, headers=bearer(member)).json()["data"]) == 1
    # Other filters, or another member's same filters, are fine.
    assert _save(client, member, {"filters": {"visa": "D-2"}}).status_code == 201
    assert _save(client, make_member(engine)).status_code == 201


def test_the_preview_says_when_the_next_digest_comes_and_what_it_would_hold(client, engine, member):
    saved = _save(client, member).json()["data"]
    fits = make_job(engine, title="Barista-friendly QA", visas=["D-2"], korean_level="NONE", days_ago=0)
    make_job(engine, title="Needs TOPIK 4", visas=["D-2"], korean_level="TOPIK_4", days_ago=0)
    with Session(engine) as s:
        (preview,) = job_alerts.previews(s, member.id)
    assert [j.id for j in preview.jobs] == [fits.id] and preview.total == 1
    local = preview.next_at.replace(tzinfo=dt.UTC).astimezone(ZoneInfo("Asia/Seoul"))
    assert (local.weekday(), local.hour, local.minute) == (0, 9, 0)  # weekly: Monday 09:00
    client.patch(f"{URL}/{saved['id']}", json={"active": False}, headers=bearer(member))
    with Session(engine) as s:
        assert job_alerts.previews(s, member.id)[0].next_at is None  # paused: none comes


def test_the_private_feed_is_titled_in_the_members_language(client, engine, member):
    saved = _save(client, member).json()["data"]
    feed = feedparser.parse(client.get(saved["feedUrl"][saved["feedUrl"].index("/api/v1"):]).text)
    assert feed.feed.title.endswith("Vakansiya bildirishnomasi: D-2 · Koreys tili shart emas")
    assert feed.feed.get("language") == "uz"
