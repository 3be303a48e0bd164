"""GET /public/statistics: speakers, meetups and members against their targets."""

from __future__ import annotations

from sqlmodel import Session

from community_app.models import SiteSettings
from tests.api.factories import make_meetup, make_member, make_speaker

URL = "/api/v1/public/statistics"


def test_an_empty_site_counts_zero_against_the_default_targets(client):
    r = client.get(URL)
    assert r.status_code == 200
    assert r.json()["data"] == {
        "speakers": {"current": 0, "target": 50, "badge": "Active", "percent": 0},
        "meetups": {"current": 0, "target": 20, "badge": "Growing", "percent": 0},
        "members": {"current": 0, "target": 300, "badge": "Expanding", "percent": 0},
        "totalSpeakers": 0,
        "totalEvents": 0,
        "totalUsers": 0,
        "attendance": {"meetups": 0, "registered": 0, "attended": 0, "noShowRate": None},
        "seatsLeft": {"inPerson": 0, "online": 0},
    }


def test_seats_left_per_kind_over_the_upcoming_meetups(client, engine):
    """Issue 45: the in-person and online seats still free, started meetups left out."""
    make_meetup(engine, in_days=3, max_seats=10, available_seats=4, online_max_seats=20,
                online_available_seats=15)
    make_meetup(engine, in_days=9, max_seats=5)
    make_meetup(engine, in_days=-2, max_seats=50, online_max_seats=9, online_available_seats=9)
    assert client.get(URL).json()["data"]["seatsLeft"] == {"inPerson": 9, "online": 15}


def test_counts_distinct_speakers_meetups_and_members(client, engine):
    first, second, third = (make_meetup(engine, in_days=d) for d in (-30, -5, 10))
    make_speaker(engine, first, "Kim Ji-hoon")
    make_speaker(engine, second, "Kim Ji-hoon")  # spoke twice: one speaker
    make_speaker(engine, second, "Aziz Karimov")
    make_speaker(engine, third, "Dilnoza Rahimova")
    for _ in range(6):
        make_member(engine)
    with Session(engine) as s:
        s.add(SiteSettings(id=1, target_speakers=4, target_events=2, target_members=8))
        s.commit()
    data = client.get(URL).json()["data"]
    assert data["speakers"] == {"current": 3, "target": 4, "badge": "Active", "percent": 75}
    assert data["meetups"] == {
        "current": 3,
        "target": 2,
        "badge": "Growing",
        "percent": 100,
    }  # capped
    assert data["members"] == {"current": 6, "target": 8, "badge": "Expanding", "percent": 75}


def test_a_zero_target_counts_as_reached(client, engine):
    with Session(engine) as s:
        s.add(SiteSettings(id=1, target_speakers=0))
        s.commit()
    assert client.get(URL).json()["data"]["speakers"]["percent"] == 100


def test_attendance_of_the_meetups_that_used_check_in(client, engine):
    from community_app.core.db import utcnow
    from community_app.models import MeetupRegistration
    from tests.api.factories import make_registration

    meetup = make_meetup(engine, in_days=-3)
    make_meetup(engine, in_days=-6)  # no check-in used: not counted
    came = make_registration(engine, make_member(engine), meetup)
    for _ in range(3):
        make_registration(engine, make_member(engine), meetup)
    with Session(engine) as s:
        s.get(MeetupRegistration, came.id).checked_in_at = utcnow()
        s.commit()
    assert client.get(URL).json()["data"]["attendance"] == {
        "meetups": 1, "registered": 4, "attended": 1, "noShowRate": 75}
