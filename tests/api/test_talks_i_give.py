"""Issue 41: "Talks I give" (GET /api/v1/users/talks/speaking, My Page's list): every talk
of the speaker profile linked to the member's account, whoever made it (an organizer in
the back office too), with its page, meetup and status, newest meetup first; then the
member's applications not yet a talk. Never another's talks (SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt

from community_app.models import SpeakerApplication, SpeakerProfile, Talk, TalkSpeaker
from tests.api.factories import bearer, insert, make_meetup, make_member

URL = "/api/v1/users/talks/speaking"


def _talk(engine, meetup, title: str, profile: SpeakerProfile, status: str) -> Talk:
    talk = Talk(meetup_id=meetup.id, slug=title.lower().replace(" ", "-"), title=title,
                status=status, starts_at=meetup.starts_at + dt.timedelta(minutes=30),
                ends_at=meetup.starts_at + dt.timedelta(minutes=60))
    insert(engine, talk)
    insert(engine, TalkSpeaker(talk_id=talk.id, speaker_id=profile.id))
    return talk


def test_the_member_lists_the_talks_of_their_profile_and_their_waiting_applications(
        client, engine):
    member, other = make_member(engine, email="lola@example.com"), make_member(engine)
    mine = SpeakerProfile(slug="lola", name="Lola Saidova", user_id=member.id)
    theirs = SpeakerProfile(slug="bek", name="Bek Tursunov", user_id=other.id)
    insert(engine, mine, theirs)
    past = make_meetup(engine, in_days=-30, title="November meetup")
    upcoming = make_meetup(engine, in_days=10, title="December meetup")
    old = _talk(engine, past, "Typed Python", mine, "scheduled")
    draft = _talk(engine, upcoming, "Rust for web", mine, "draft")
    cancelled = _talk(engine, upcoming, "Go services", mine, "cancelled")
    _talk(engine, upcoming, "Not hers", theirs, "scheduled")
    waiting = SpeakerApplication(
        email="lola@example.com", full_name="Lola Saidova", job_position="Engineer",
        phone="01012345678", years_of_experience="3-5", expertise_field="backend",
        topics="Kafka in practice\nDetails", linkedin_url="", github_url="https://github.com/lola",
        portfolio_url="")
    insert(engine, waiting)

    r = client.get(URL, headers=bearer(member))
    assert r.status_code == 200, r.text
    got = [(d["title"], d["status"], d["talkId"], d["talkPage"], d["meetupTitle"])
           for d in r.json()["data"]]
    # draft and cancelled by talk id within the same meetup (no slot order difference)
    assert got == [
        ("Rust for web", "draft", draft.id, "", "December meetup"),
        ("Go services", "cancelled", cancelled.id, f"/talks/{cancelled.id}-go-services",
         "December meetup"),
        ("Typed Python", "scheduled", old.id, f"/talks/{old.id}-typed-python",
         "November meetup"),
        ("Kafka in practice", "NEW", None, "", ""),
    ]
    assert r.json()["data"][-1]["applicationId"] == waiting.id
    assert all(d["speakerPage"] == "" for d in r.json()["data"])  # no application made them

    assert [d["title"] for d in client.get(URL, headers=bearer(other)).json()["data"]] == [
        "Not hers"]
    assert client.get(URL, headers=bearer(make_member(engine))).json()["data"] == []
    assert client.get(URL).status_code == 401
