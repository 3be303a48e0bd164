"""Issue 41, part B through the REST API: starred talks, feedback on talks, organizers'
reviews of speaker applications and decisions on several at once, the per-meetup
feedback and its CSV (SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.models import SpeakerApplication, SpeakerProfile, Talk, TalkSpeaker
from tests.api.factories import bearer, insert, make_meetup, make_member, make_registration


def _talk(engine, meetup, title, *, status="scheduled", offset=0, length=30, speaker=None) -> Talk:
    starts = meetup.starts_at + dt.timedelta(minutes=offset)
    talk = Talk(meetup_id=meetup.id, slug="t", title=title, status=status, starts_at=starts,
                ends_at=starts + dt.timedelta(minutes=length), room="Hall A")
    profile = SpeakerProfile(slug="s", name=f"Speaker of {title}",
                             user_id=speaker.id if speaker else None)
    insert(engine, talk, profile)
    insert(engine, TalkSpeaker(talk_id=talk.id, speaker_id=profile.id))
    return talk


def _application(engine, name: str, email: str) -> SpeakerApplication:
    row = SpeakerApplication(email=email, full_name=name, job_position="Engineer",
                             phone="01012345678", years_of_experience="3-5",
                             expertise_field="backend", topics=f"{name} on testing\nMore",
                             linkedin_url="", github_url="", portfolio_url="")
    insert(engine, row)
    return row


# --- stars ----------------------------------------------------------------------------------


def test_star_list_and_unstar(client, engine):
    member = make_member(engine)
    meetup = make_meetup(engine, in_days=3, title="Upcoming")
    first, second = _talk(engine, meetup, "First"), _talk(engine, meetup, "Second", offset=40)
    auth = bearer(member)
    r = client.put(f"/api/v1/users/talks/{second.id}/star", headers=auth)
    assert r.status_code == 200
    assert r.json()["data"] == {"talkId": second.id, "starred": True}
    assert r.json()["message"] == "Talk starred."
    client.put(f"/api/v1/users/talks/{first.id}/star", headers=auth)
    client.put(f"/api/v1/users/talks/{first.id}/star", headers=auth)  # twice is once
    listed = client.get("/api/v1/users/talks/starred", headers=auth).json()["data"]
    assert [(t["title"], t["meetupTitle"], t["room"]) for t in listed] == [
        ("First", "Upcoming", "Hall A"), ("Second", "Upcoming", "Hall A")]
    r = client.delete(f"/api/v1/users/talks/{first.id}/star",
                      headers={**auth, "Accept-Language": "uz"})
    assert r.json()["data"] == {"talkId": first.id, "starred": False}
    assert [t["title"] for t in client.get("/api/v1/users/talks/starred",
                                           headers=auth).json()["data"]] == ["Second"]


def test_a_draft_or_missing_talk_is_404_and_a_visitor_401(client, engine):
    member = make_member(engine)
    meetup = make_meetup(engine)
    draft = _talk(engine, meetup, "Draft", status="draft")
    assert client.put(f"/api/v1/users/talks/{draft.id}/star",
                      headers=bearer(member)).status_code == 404
    assert client.put("/api/v1/users/talks/999999/star", headers=bearer(member)).status_code == 404
    assert client.put(f"/api/v1/users/talks/{draft.id}/star").status_code == 401
    assert client.get("/api/v1/users/talks/starred").status_code == 401


# --- feedback -------------------------------------------------------------------------------


def test_feedback_after_the_talk_once_and_the_speaker_sees_it(client, engine):
    attendee, stranger, speaker = make_member(engine), make_member(engine), make_member(engine)
    meetup = make_meetup(engine, in_days=-1 / 24, hours=3)
    ended = _talk(engine, meetup, "Ended", speaker=speaker)
    later = _talk(engine, meetup, "Later", offset=150)
    make_registration(engine, attendee, meetup)
    url = f"/api/v1/users/talks/{ended.id}/feedback"
    r = client.post(f"/api/v1/users/talks/{later.id}/feedback", json={"rating": 5},
                    headers=bearer(attendee))
    assert (r.status_code, r.json()["message"]) == (403, "You can rate a talk once it has ended.")
    r = client.post(url, json={"rating": 5}, headers=bearer(stranger))
    assert r.status_code == 403
    r = client.post(url, json={"rating": 9}, headers=bearer(attendee))
    assert r.status_code == 422
    r = client.post(url, json={"rating": 4, "comment": " Clear slides "}, headers=bearer(attendee))
    assert r.status_code == 201, r.text
    assert r.json()["message"] == "Thank you for your feedback!"
    assert {k: r.json()["data"][k] for k in ("talkId", "rating", "comment")} == {
        "talkId": ended.id, "rating": 4, "comment": "Clear slides"}
    again = client.post(url, json={"rating": 5}, headers=bearer(attendee))
    assert (again.status_code, again.json()["message"]) == (409, "You have already rated this talk.")
    [mine] = client.get("/api/v1/users/talks/feedback", headers=bearer(speaker)).json()["data"]
    assert (mine["title"], mine["average"], mine["count"]) == ("Ended", 4.0, 1)
    assert [c["comment"] for c in mine["comments"]] == ["Clear slides"]
    assert "user" not in str(mine).lower()  # no rater named
    assert client.get("/api/v1/users/talks/feedback",
                      headers=bearer(attendee)).json()["data"] == []


def test_organizers_see_a_meetups_talk_feedback_and_its_csv(client, engine):
    organizer = make_member(engine, role="organizer")
    attendee = make_member(engine)
    meetup = make_meetup(engine, in_days=-2)
    talk = _talk(engine, meetup, "Rated talk")
    _talk(engine, meetup, "Unrated talk", offset=40)
    make_registration(engine, attendee, meetup)
    client.post(f"/api/v1/users/talks/{talk.id}/feedback", json={"rating": 3, "comment": "ok"},
                headers=bearer(attendee))
    rows = client.get(f"/api/v1/admin/meetups/{meetup.id}/talk-feedback",
                      headers=bearer(organizer)).json()["data"]
    assert [(r["title"], r["average"], r["count"]) for r in rows] == [
        ("Rated talk", 3.0, 1), ("Unrated talk", None, 0)]
    csv = client.get(f"/api/v1/admin/meetups/{meetup.id}/talk-feedback.csv",
                     headers=bearer(organizer))
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert len(lines) == 3 and "Rated talk" in lines[1] and ",3,ok," in lines[1]
    assert client.get(f"/api/v1/admin/meetups/{meetup.id}/talk-feedback",
                      headers=bearer(attendee)).status_code == 403
    assert client.get("/api/v1/admin/meetups/999999/talk-feedback",
                      headers=bearer(organizer)).status_code == 404


# --- reviews and decisions ------------------------------------------------------------------


def test_two_organizers_review_and_accept_two_at_once(client, engine):
    olim = make_member(engine, role="organizer", first_name="Olim")
    nodira = make_member(engine, role="organizer", first_name="Nodira")
    meetup = make_meetup(engine, in_days=12)
    apps = [_application(engine, n, e) for n, e in (
        ("Ali Valiyev", "ali@example.com"), ("Bek Tursunov", "bek@example.com"),
        ("Sora Kim", "sora@example.com"))]
    for app, score in zip(apps, (5, 3, 1)):
        r = client.put(f"/api/v1/admin/speaker-applications/{app.id}/review",
                       json={"score": score, "comment": f"Olim says {score}"}, headers=bearer(olim))
        assert r.status_code == 200 and r.json()["message"] == "Your review was saved."
    queue = client.get("/api/v1/admin/speaker-applications/reviews",
                       headers=bearer(nodira)).json()["data"]
    assert all(q["mine"] is None and q["others"] == [] and q["average"] is None
               and q["reviewCount"] == 1 for q in queue)
    r = client.put(f"/api/v1/admin/speaker-applications/{apps[1].id}/review",
                   json={"score": 5}, headers=bearer(nodira))
    seen = r.json()["data"]
    assert [(o["organizerName"], o["score"], o["comment"]) for o in seen["others"]] == [
        ("Olim", 3, "Olim says 3")]
    assert seen["average"] == 4.0
    queue = client.get("/api/v1/admin/speaker-applications/reviews?sort=average",
                       headers=bearer(olim)).json()["data"]
    assert [q["application"]["fullName"] for q in queue] == ["Ali Valiyev", "Bek Tursunov",
                                                             "Sora Kim"]
    r = client.put(f"/api/v1/admin/speaker-applications/{apps[0].id}/review",
                   json={"score": 0}, headers=bearer(olim))
    assert r.status_code == 422
    r = client.post("/api/v1/admin/speaker-applications/decisions",
                    json={"ids": [apps[0].id, apps[1].id], "decision": "accept",
                          "meetupId": meetup.id}, headers=bearer(nodira))
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "2 applications decided; each applicant was emailed."
    assert [a["status"] for a in r.json()["data"]] == ["ACCEPTED", "ACCEPTED"]
    with Session(engine) as s:
        drafts = s.exec(select(Talk).where(Talk.status == "draft").order_by(Talk.id)).all()
        assert [(t.title, t.meetup_id) for t in drafts] == [
            ("Ali Valiyev on testing", meetup.id), ("Bek Tursunov on testing", meetup.id)]
    member = make_member(engine)
    assert client.post("/api/v1/admin/speaker-applications/decisions",
                       json={"ids": [apps[2].id], "decision": "decline"},
                       headers=bearer(member)).status_code == 403
    assert client.post("/api/v1/admin/speaker-applications/decisions",
                       json={"ids": [], "decision": "decline"},
                       headers=bearer(olim)).status_code == 422


def test_each_starred_talk_is_its_own_event_in_the_private_feed(client, engine):
    import icalendar

    member = make_member(engine)
    meetup = make_meetup(engine, in_days=4, title="Feed meetup", location="Seoul Hub")
    first, second = _talk(engine, meetup, "Feed one"), _talk(engine, meetup, "Feed two", offset=45)
    _talk(engine, meetup, "Not starred", offset=90)
    make_registration(engine, member, meetup)
    auth = bearer(member)
    for talk in (second, first):
        client.put(f"/api/v1/users/talks/{talk.id}/star", headers=auth)
    url = client.get("/api/v1/users/me/calendar-feed", headers=auth).json()["data"]["url"]
    feed = client.get(url.split("localhost:3000")[1])
    events = icalendar.Calendar.from_ical(feed.content).walk("VEVENT")
    by_uid = {str(e["UID"]).split("@")[0]: e for e in events}
    assert sorted(by_uid) == sorted([f"meetup-{meetup.id}", f"talk-{first.id}",
                                     f"talk-{second.id}"])
    talk_event = by_uid[f"talk-{second.id}"]
    assert str(talk_event["SUMMARY"]) == "Feed two"
    assert str(talk_event["LOCATION"]) == "Hall A, Seoul Hub"
    start = talk_event.decoded("DTSTART")
    assert start.utcoffset() == dt.timedelta(hours=9)
    assert start == (meetup.starts_at + dt.timedelta(minutes=45)).replace(microsecond=0)
    assert f"/talks/{second.id}" in str(talk_event["URL"])
