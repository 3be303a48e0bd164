"""The waitlist under real concurrency: a real server (granian, two worker processes) on the
test's database (SQLite, and PostgreSQL when configured), hit by threads released at the
same moment. Seats are never oversold and each freed seat is offered exactly once."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
from sqlmodel import Session, func, select

from community_app.models import Meetup, MeetupRegistration, WaitlistEntry
from tests.api.factories import (
    VALID_REGISTRATION,
    bearer,
    make_meetup,
    make_member,
    make_registration,
)


def _at_once(calls: list[tuple[str, str, dict]]) -> list[int]:
    """(method, url, headers) each sent by its own thread at the same moment; statuses."""
    start = threading.Barrier(len(calls))

    def one(call: tuple[str, str, dict]) -> int:
        method, url, headers = call
        with httpx.Client(timeout=60) as http:
            start.wait()
            body = VALID_REGISTRATION if url.endswith(("/registration", "/waitlist")) else None
            return http.request(method, url, json=body, headers=headers).status_code

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(one, calls))


def _seats(engine, meetup_id: int) -> tuple[int, int, int, int]:
    """(max seats, available, live registrations, live offers) as the database has them."""
    with Session(engine) as s:
        meetup = s.get(Meetup, meetup_id)
        live = s.exec(select(func.count()).select_from(MeetupRegistration).where(
            MeetupRegistration.meetup_id == meetup_id,
            MeetupRegistration.status.in_(["ACCEPTED", "PENDING"]))).one()
        offers = s.exec(select(func.count()).select_from(WaitlistEntry).where(
            WaitlistEntry.meetup_id == meetup_id, WaitlistEntry.status == "OFFERED")).one()
        return meetup.max_seats, meetup.available_seats, live, offers


def _statuses(engine, meetup_id: int) -> dict[int, str]:
    with Session(engine) as s:
        return {e.user_id: e.status for e in s.exec(
            select(WaitlistEntry).where(WaitlistEntry.meetup_id == meetup_id)).all()}


def test_concurrent_cancels_and_claims_never_oversell(server, engine):
    seats = 8
    meetup = make_meetup(engine, max_seats=seats)
    holders = [make_member(engine) for _ in range(seats)]
    for m in holders:
        make_registration(engine, m, meetup)
    waiting = [make_member(engine) for _ in range(12)]
    base = f"{server}/users/meetups/{meetup.id}"
    joined = _at_once([("POST", f"{base}/waitlist", bearer(m)) for m in waiting])
    assert Counter(joined) == Counter({201: 12})

    # Every holder cancels at the same moment while newcomers try to register: each freed
    # seat goes to one waiting member, none to a newcomer.
    newcomers = [make_member(engine) for _ in range(6)]
    answers = _at_once(
        [("POST", f"{base}/registration/cancel", bearer(m)) for m in holders]
        + [("POST", f"{base}/registration", bearer(m)) for m in newcomers]
    )
    assert answers[:seats] == [200] * seats
    assert set(answers[seats:]) == {409}
    assert _seats(engine, meetup.id) == (seats, 0, 0, seats)
    statuses = _statuses(engine, meetup.id)
    offered = [m for m in waiting if statuses[m.id] == "OFFERED"]
    assert len(offered) == seats
    assert Counter(statuses.values()) == Counter({"OFFERED": seats, "WAITING": 4})

    # Offered members claim while others decline and the rest of the line leaves, all at
    # once; each claim is also raced by the same member declining (one of the two wins).
    claimers, decliners = offered[:5], offered[5:]
    still_waiting = [m for m in waiting if statuses[m.id] == "WAITING"]
    answers = _at_once(
        [("POST", f"{base}/waitlist/claim", bearer(m)) for m in claimers]
        + [("POST", f"{base}/waitlist/decline", bearer(m)) for m in claimers]
        + [("POST", f"{base}/waitlist/decline", bearer(m)) for m in decliners]
        + [("POST", f"{base}/waitlist/leave", bearer(m)) for m in still_waiting[:2]]
        + [("POST", f"{base}/registration", bearer(m)) for m in newcomers]
    )
    max_seats, available, live, offers = _seats(engine, meetup.id)
    assert available + live + offers == max_seats  # every seat counted exactly once
    assert live <= max_seats and available >= 0
    claims, declines = answers[:5], answers[5:10]
    for claim, decline in zip(claims, declines):
        assert sorted([claim, decline]) in ([201, 404], [200, 404]), (claim, decline)
    statuses = _statuses(engine, meetup.id)
    with Session(engine) as s:
        registered = set(s.exec(select(MeetupRegistration.user_id).where(
            MeetupRegistration.meetup_id == meetup.id,
            MeetupRegistration.status == "ACCEPTED")).all())
    # No one holds both a registration and a live offer.
    assert not {u for u, st in statuses.items() if st == "OFFERED"} & registered


def test_a_member_racing_himself_claims_once(server, engine):
    meetup = make_meetup(engine, max_seats=1)
    holder, member = make_member(engine), make_member(engine)
    make_registration(engine, holder, meetup)
    base = f"{server}/users/meetups/{meetup.id}"
    assert httpx.post(f"{base}/waitlist", json=VALID_REGISTRATION,
                      headers=bearer(member)).status_code == 201
    assert httpx.post(f"{base}/registration/cancel", headers=bearer(holder)).status_code == 200
    answers = _at_once([("POST", f"{base}/waitlist/claim", bearer(member))] * 8)
    assert Counter(answers) == Counter({201: 1, 404: 7})
    assert _seats(engine, meetup.id) == (1, 0, 1, 0)
