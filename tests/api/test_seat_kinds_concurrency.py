"""Seat kinds under real concurrency (issue 45): a real server (granian, two worker
processes) on SQLite and PostgreSQL, twenty members racing for the last in-person and
online seats at the same moment; neither kind is ever oversold."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
from sqlmodel import Session, func, select

from community_app.models import Meetup, MeetupRegistration
from tests.api.factories import (
    VALID_REGISTRATION, bearer, make_meetup, make_member, make_registration,
)

REGISTERED = "You are registered for this event."
IN_PERSON_FULL = "The in-person seats of this event are full."
ONLINE_FULL = "The online seats of this event are full."


def _live(engine, meetup_id: int, kind: str) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(MeetupRegistration).where(
            MeetupRegistration.meetup_id == meetup_id, MeetupRegistration.seat_kind == kind,
            MeetupRegistration.status != "CANCELLED")).one()


def test_twenty_members_race_for_the_last_in_person_and_online_seats(engine, server):
    meetup = make_meetup(engine, max_seats=5, online_max_seats=2, online_available_seats=2)
    for _ in range(2):  # two in-person seats already taken: three are the last ones
        make_registration(engine, make_member(engine), meetup)
    racers = [(make_member(engine), "IN_PERSON" if i % 4 else "ONLINE") for i in range(20)]
    start = threading.Barrier(len(racers))

    def one(racer) -> tuple[str, int, str]:
        member, kind = racer
        with httpx.Client(timeout=60) as http:
            start.wait()
            r = http.post(f"{server}/users/meetups/{meetup.id}/registration",
                          json={**VALID_REGISTRATION, "seatKind": kind}, headers=bearer(member))
            return kind, r.status_code, r.json()["message"]

    with ThreadPoolExecutor(max_workers=len(racers)) as pool:
        answers = Counter(pool.map(one, racers))
    assert answers == Counter({
        ("IN_PERSON", 201, REGISTERED): 3, ("IN_PERSON", 409, IN_PERSON_FULL): 12,
        ("ONLINE", 201, REGISTERED): 2, ("ONLINE", 409, ONLINE_FULL): 3,
    })
    with Session(engine) as s:
        m = s.get(Meetup, meetup.id)
        assert (m.available_seats, m.online_available_seats) == (0, 0)
    assert (_live(engine, meetup.id, "IN_PERSON"), _live(engine, meetup.id, "ONLINE")) == (5, 2)
