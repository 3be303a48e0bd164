"""Talks and speakers in the REST API (issue 41): public reads with slides and recordings,
the programme feeds valid against voc/schedule's validators (the JSON schema and the frab
XSD, copies in tests/schedule_validators/), every demo meetup's feeds, and organizers'
writes (audited; members refused)."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import jsonschema_rs
import pytest
from lxml import etree
from sqlmodel import Session, select

from community_app.demo import load_demo
from community_app.demo.slides import slides_pdf
from community_app.models import AuditEntry, Meetup
from community_app.core.db import utcnow
from tests.api.factories import make_meetup, make_session, make_speaker

API = "/api/v1"
VALIDATORS = Path(__file__).resolve().parents[1] / "schedule_validators"


def _schema_validator():
    # The published schema carries two "// TODO" comment lines that JSON does not allow.
    text = "\n".join(line for line in (VALIDATORS / "schema.json").read_text().splitlines()
                     if not line.strip().startswith("//"))
    return jsonschema_rs.validator_for(json.loads(text))


JSON_SCHEMA = _schema_validator()
XSD = etree.XMLSchema(etree.parse(str(VALIDATORS / "schedule.xml.xsd")))


def assert_valid_feeds(client, base: str) -> tuple[dict, etree._Element]:
    r = client.get(f"{base}/schedule.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    data = r.json()
    errors = [f"{e.instance_path}: {e.message}" for e in JSON_SCHEMA.iter_errors(data)]
    assert errors == [], errors
    r = client.get(f"{base}/schedule.xml")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/xml")
    doc = etree.fromstring(r.content)
    assert XSD.validate(doc), XSD.error_log
    return data, doc


def _evening(in_days: int) -> dt.datetime:
    """19:00 in Korea ``in_days`` from today there (10:00 UTC): a programme that starts at
    the hour of the run could cross midnight in Korea and make its feed two days long."""
    korea_today = (utcnow() + dt.timedelta(hours=9)).date()
    day = korea_today + dt.timedelta(days=in_days)
    return dt.datetime(day.year, day.month, day.day, 10, tzinfo=dt.UTC)


@pytest.fixture
def programme(engine):
    meetup = make_meetup(engine, title="Kotlin night", starts_at=_evening(-3))
    aziz = make_speaker(engine, meetup, "Aziz Karimov", company="Kakao",
                        profile_url="https://github.com/aziz")
    dilnoza = make_speaker(engine, meetup, "Dilnoza Rahimova")
    first = make_session(engine, meetup, aziz, "Coroutines in anger", offset_min=0,
                         abstract="Structured **concurrency** <script>alert(1)</script>",
                         language="uz", level="intermediate", room="Hall A",
                         slides_url="https://example.org/coroutines.pdf",
                         recording_url="https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    second = make_session(engine, meetup, dilnoza, "Ktor at Toss", offset_min=40,
                          recording_url="https://vimeo.com/76979871")
    make_session(engine, meetup, dilnoza, "Not yet placed", status="draft")
    later = make_meetup(engine, title="Spring night", starts_at=_evening(20))
    make_session(engine, later, aziz, "Coroutines, again", offset_min=10)
    return {"meetup": meetup, "aziz": aziz, "first": first, "second": second, "later": later}


def test_a_talk_with_its_speakers_slides_and_recording(client, programme):
    r = client.get(f"{API}/public/talks/{programme['first'].id}")
    assert r.status_code == 200
    t = r.json()["data"]
    assert (t["title"], t["language"], t["level"], t["room"]) == (
        "Coroutines in anger", "uz", "intermediate", "Hall A")
    assert "<strong>concurrency</strong>" in t["abstractHtml"] and "<script" not in t["abstractHtml"]
    assert [s["name"] for s in t["speakers"]] == ["Aziz Karimov"]
    assert t["speakers"][0]["page"] == f"/speakers/{programme['aziz'].id}-aziz-karimov"
    assert t["slides"] == {"url": "https://example.org/coroutines.pdf", "uploaded": False}
    assert t["recording"] == {
        "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "provider": "YouTube",
        "embedURL": "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"}
    assert t["page"] == f"/talks/{programme['first'].id}-coroutines-in-anger"
    assert t["startTime"].endswith("+09:00")


def test_a_draft_is_not_public(client, programme, engine):
    listed = client.get(f"{API}/public/talks", params={"meetupId": programme["meetup"].id})
    assert [t["title"] for t in listed.json()["data"]] == ["Coroutines in anger", "Ktor at Toss"]
    with Session(engine) as s:
        from community_app.models import Talk
        draft = s.exec(select(Talk).where(Talk.status == "draft")).one()
    assert client.get(f"{API}/public/talks/{draft.id}").status_code == 404
    assert client.get(f"{API}/public/talks/999999").status_code == 404


def test_a_speaker_page_lists_every_talk_newest_first(client, programme):
    r = client.get(f"{API}/public/speakers/{programme['aziz'].id}")
    assert r.status_code == 200
    d = r.json()["data"]
    assert d["name"] == "Aziz Karimov" and d["links"] == ["https://github.com/aziz"]
    assert [t["title"] for t in d["talks"]] == ["Coroutines, again", "Coroutines in anger"]
    assert client.get(f"{API}/public/speakers/999999").status_code == 404


def test_the_meetup_feeds_are_valid_and_list_the_scheduled_talks(client, programme):
    data, doc = assert_valid_feeds(client, f"{API}/public/meetups/{programme['meetup'].id}")
    conference = data["schedule"]["conference"]
    assert conference["acronym"] == f"uzdev_meetup_{programme['meetup'].id}"
    assert conference["time_zone_name"] == "Asia/Seoul" and conference["daysCount"] == 1
    events = [e for day in conference["days"] for room in day["rooms"].values() for e in room]
    assert [(e["title"], e["room"], e["persons"][0]["name"]) for e in events] == [
        ("Coroutines in anger", "Hall A", "Aziz Karimov"),
        ("Ktor at Toss", "Main room", "Dilnoza Rahimova")]
    assert {link["title"] for link in events[0]["links"]} == {"Talk page", "Slides", "Recording"}
    assert doc.xpath("//event/title/text()") == ["Coroutines in anger", "Ktor at Toss"]
    assert doc.xpath("//event[title='Ktor at Toss']/persons/person/text()") == ["Dilnoza Rahimova"]
    assert client.get(f"{API}/public/meetups/999999/schedule.json").status_code == 404


def test_the_upcoming_feeds_hold_only_upcoming_meetups(client, programme):
    data, doc = assert_valid_feeds(client, f"{API}/public/meetups/upcoming")
    titles = [e["title"] for day in data["schedule"]["conference"]["days"]
              for room in day["rooms"].values() for e in room]
    assert titles == ["Coroutines, again"]
    assert doc.xpath("//event/title/text()") == ["Coroutines, again"]


def test_an_empty_programme_is_still_a_valid_feed(client, engine):
    meetup = make_meetup(engine, title="No talks yet")
    data, _ = assert_valid_feeds(client, f"{API}/public/meetups/{meetup.id}")
    assert data["schedule"]["conference"]["days"][0]["rooms"] == {}


def test_every_demo_meetup_feed_validates(client, engine):
    with Session(engine) as s:
        load_demo(s)
        s.commit()
        ids = s.exec(select(Meetup.id)).all()
    counted = 0
    for meetup_id in ids:
        data, _ = assert_valid_feeds(client, f"{API}/public/meetups/{meetup_id}")
        counted += sum(len(r) for d in data["schedule"]["conference"]["days"]
                       for r in d["rooms"].values())
    assert counted >= 10
    assert_valid_feeds(client, f"{API}/public/meetups/upcoming")


def test_organizers_write_talks_and_speakers_members_cannot(client, make_user, programme, engine):
    _, member = make_user()
    _, organizer = make_user(role="organizer")
    meetup_id = programme["meetup"].id
    body = {"title": "Observability", "abstract": "Tracing", "startTime": "20:30",
            "durationMinutes": 25, "speakerIds": [programme["aziz"].id]}
    assert client.post(f"{API}/admin/meetups/{meetup_id}/talks", json=body,
                       headers=member).status_code == 403
    assert client.post(f"{API}/admin/meetups/{meetup_id}/talks", json=body).status_code == 401
    r = client.post(f"{API}/admin/meetups/{meetup_id}/talks", json=body, headers=organizer)
    assert r.status_code == 201, r.text
    talk = r.json()["data"]
    assert (talk["durationMinutes"], talk["startTime"][11:16], talk["speakers"][0]["name"]) == (
        25, "20:30", "Aziz Karimov")
    bad = client.put(f"{API}/admin/talks/{talk['id']}", headers=organizer,
                     json={"recordingUrl": "https://evil.example/video", "language": "ko",
                           "speakerIds": [999999]})
    assert bad.status_code == 422
    assert set(bad.json()["data"]["errors"]) >= {"recordingUrl", "speakerIds"}
    r = client.put(f"{API}/admin/talks/{talk['id']}", headers=organizer,
                   json={"title": "Observability on a budget", "status": "cancelled"})
    assert r.json()["data"]["slug"] == "observability"  # the address stays
    speaker = client.post(f"{API}/admin/speaker-profiles", headers=organizer,
                          json={"name": "Malika Yusupova", "links": ["https://malika.dev"]})
    assert speaker.status_code == 201
    with Session(engine) as s:
        actions = [a.action for a in s.exec(select(AuditEntry)).all()]
    assert {"talk.add", "talk.update", "speaker_profile.add"} <= set(actions)


def test_an_edit_changes_only_the_fields_sent(client, make_user, programme):
    """A draft scheduled with its status and slot alone keeps its title and abstract (the
    title was required on every edit: 422 "Title is required")."""
    _, organizer = make_user(role="organizer")
    draft = next(t for t in client.get(f"{API}/admin/meetups/{programme['meetup'].id}/talks",
                                       headers=organizer).json()["data"]
                 if t["title"] == "Not yet placed")
    r = client.put(f"{API}/admin/talks/{draft['id']}", headers=organizer,
                   json={"status": "scheduled", "startTime": "21:00"})
    assert r.status_code == 200, r.text
    talk = r.json()["data"]
    assert (talk["title"], talk["abstract"], talk["status"], talk["startTime"][11:16]) == (
        "Not yet placed", draft["abstract"], "scheduled", "21:00")
    assert client.get(f"{API}/public/talks/{draft['id']}").status_code == 200  # public now
    r = client.put(f"{API}/admin/talks/{draft['id']}", headers=organizer, json={"title": " "})
    assert r.status_code == 422 and set(r.json()["data"]["errors"]) == {"title"}


def test_slides_upload_checks_the_pdf_and_serves_it(client, make_user, programme):
    _, organizer = make_user(role="organizer")
    talk_id = programme["second"].id
    url = f"{API}/admin/talks/{talk_id}/slides"
    not_pdf = client.post(url, headers=organizer,
                          files={"file": ("x.pdf", b"<html>not a pdf</html>", "application/pdf")})
    assert not_pdf.status_code == 422
    pdf = slides_pdf("Ktor at Toss", "Dilnoza Rahimova")
    r = client.post(url, headers=organizer, files={"file": ("ktor.pdf", pdf, "application/pdf")})
    assert r.status_code == 200, r.text
    assert r.json()["data"]["slides"] == {"url": f"/api/v1/public/talks/{talk_id}/slides.pdf",
                                          "uploaded": True}
    served = client.get(f"{API}/public/talks/{talk_id}/slides.pdf")
    assert served.status_code == 200 and served.content == pdf
    assert served.headers["content-type"] == "application/pdf"


def test_moving_a_talk_swaps_slots(client, make_user, programme):
    _, organizer = make_user(role="organizer")
    r = client.post(f"{API}/admin/talks/{programme['second'].id}/move", headers=organizer,
                    json={"direction": -1})
    assert r.status_code == 200
    scheduled = [t for t in r.json()["data"] if t["status"] == "scheduled"]
    assert [t["title"] for t in scheduled] == ["Ktor at Toss", "Coroutines in anger"]
    assert re.match(r"\d{4}-\d\d-\d\dT", scheduled[0]["startsAt"])


@pytest.mark.parametrize("ref", ["0", "-1", str(2**64)])
def test_ids_out_of_range_are_not_found(client, ref):
    for path in (f"/public/talks/{ref}", f"/public/speakers/{ref}",
                 f"/public/talks/{ref}/slides.pdf", f"/public/meetups/{ref}/schedule.xml"):
        assert client.get(f"{API}{path}").status_code in (404, 422), path
    assert client.get(f"{API}/public/talks", params={"meetupId": ref}).status_code in (200, 422)
