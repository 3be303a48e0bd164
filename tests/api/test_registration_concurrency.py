"""Seat safety under real concurrency: a real server (granian, two worker processes) on a
real database file (and PostgreSQL when configured), hit by real threads at the same moment.
"""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlmodel import Session, func, select

from community_app.models import Meetup, MeetupRegistration
from tests.api.factories import VALID_REGISTRATION, bearer, make_meetup, make_member
from tests.api.servers import api_server

FULL = "This event is full."
ALREADY = "You are already registered for this event."


@pytest.fixture
def one_worker(engine, tmp_path: Path):
    """The same on one worker: every request competes for one process's threads and pool."""
    with api_server(engine, tmp_path / "server.log", workers=1) as base:
        yield base


def _race(url: str, headers_list: list[dict[str, str]]) -> list[tuple[int, str]]:
    """POST the registration form once per headers entry, all released at the same moment."""
    start = threading.Barrier(len(headers_list))

    def one(headers: dict[str, str]) -> tuple[int, str]:
        with httpx.Client(timeout=60) as http:
            start.wait()
            r = http.post(url, json=VALID_REGISTRATION, headers=headers)
            return r.status_code, r.json()["message"]

    with ThreadPoolExecutor(max_workers=len(headers_list)) as pool:
        return list(pool.map(one, headers_list))


def _state(engine, meetup_id: int) -> tuple[int, int]:
    """(available seats, live registrations) as the database has them."""
    with Session(engine) as s:
        seats = s.get(Meetup, meetup_id).available_seats
        live = s.exec(
            select(func.count())
            .select_from(MeetupRegistration)
            .where(
                MeetupRegistration.meetup_id == meetup_id, MeetupRegistration.status != "CANCELLED"
            )
        ).one()
    return seats, live


@pytest.mark.parametrize("site, racing", [("server", 50), ("one_worker", 100)])
def test_members_racing_for_ten_seats(request, engine, site, racing):
    """Fifty members on two workers, a hundred on one: ten of them get the ten seats, the
    others are told the meetup is full."""
    base = request.getfixturevalue(site)
    meetup = make_meetup(engine, max_seats=10)
    members = [make_member(engine) for _ in range(racing)]
    answers = _race(
        f"{base}/users/meetups/{meetup.id}/registration", [bearer(m) for m in members]
    )
    assert Counter(answers) == Counter(
        {(201, "You are registered for this event."): 10, (409, FULL): racing - 10}
    )
    assert _state(engine, meetup.id) == (0, 10)


def test_one_member_racing_himself_gets_one_seat(server, engine):
    meetup = make_meetup(engine, max_seats=100)
    member = make_member(engine)
    answers = _race(f"{server}/users/meetups/{meetup.id}/registration", [bearer(member)] * 10)
    assert [status for status, _ in answers].count(201) == 1
    assert Counter(answers)[(409, ALREADY)] == 9
    assert _state(engine, meetup.id) == (99, 1)


# --- one worker: no stalls, no 500 (issue 12, item 3) ---------------------------------------


def _all_at_once(n: int, call) -> list[int]:
    """n calls released at the same moment; the status of each."""
    start = threading.Barrier(n)

    def one(i: int) -> int:
        with httpx.Client(timeout=60) as http:
            start.wait()
            return call(http, i)

    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(one, range(n)))


@pytest.mark.parametrize("n", [60, 100, 200])
def test_many_signed_in_requests_at_once_on_one_worker(one_worker, engine, n):
    """Each request needs a thread and a database connection for the signed-in member: none
    may fail (a request that waited for the pool's 30 s timeout fails with a 500)."""
    make_meetup(engine)
    members = [bearer(make_member(engine)) for _ in range(n)]
    answers = _all_at_once(
        n, lambda http, i: http.get(f"{one_worker}/users/meetups", headers=members[i]).status_code
    )
    assert Counter(answers) == Counter({200: n})


# --- commit before the response (issue 12, item 5) ------------------------------------------


def test_a_write_is_readable_by_the_very_next_request(one_worker, engine):
    """100 writes, each read back at once by a new connection: the answer to the write is
    only sent once it is committed."""
    meetup = make_meetup(engine, max_seats=1000)
    member = bearer(make_member(engine))
    url = f"{one_worker}/users/meetups/{meetup.id}/registration"
    misses = []
    for i in range(100):
        with httpx.Client(timeout=30) as http:
            if i % 2 == 0:
                assert http.post(url, json=VALID_REGISTRATION, headers=member).status_code == 201
            else:
                assert http.post(f"{url}/cancel", headers=member).status_code == 200
        with httpx.Client(timeout=30) as http:
            mine = http.get(f"{one_worker}/users/meetups", headers=member).json()["data"]
        registered = any(r["status"] != "CANCELLED" for r in mine)
        if registered != (i % 2 == 0):
            misses.append(i)
    assert misses == []
