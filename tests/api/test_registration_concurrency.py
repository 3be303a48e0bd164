"""Seat safety under real concurrency: a real server (granian, two worker processes) on a
real database file (and PostgreSQL when configured), hit by real threads at the same moment.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlmodel import Session, func, select

from community_app.models import Meetup, MeetupRegistration
from community_app.settings import ROOT, get_settings
from tests.api.factories import VALID_REGISTRATION, bearer, make_meetup, make_member

FULL = "This event is full."
ALREADY = "You are already registered for this event."


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(engine, tmp_path: Path):
    """The API served by granian against the test's database; yields its base URL."""
    port = _free_port()
    env = {
        **os.environ,
        "COMMUNITY_DATABASE_URL": engine.url.render_as_string(hide_password=False),
        "COMMUNITY_SECRET_KEY": get_settings().secret_key,
    }
    log = (tmp_path / "server.log").open("wb")
    granian = Path(sys.executable).with_name("granian")
    proc = subprocess.Popen(
        [
            str(granian),
            "--interface",
            "asgi",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "2",
            "--log-level",
            "warning",
            "community_app.api:create_api",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail(
                    "the server did not start:\n" + (tmp_path / "server.log").read_text()[-3000:]
                )
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


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


def test_fifty_members_racing_for_ten_seats(server, engine):
    meetup = make_meetup(engine, max_seats=10)
    members = [make_member(engine) for _ in range(50)]
    answers = _race(
        f"{server}/users/meetups/{meetup.id}/registration", [bearer(m) for m in members]
    )
    assert Counter(answers) == Counter(
        {(201, "You are registered for this event."): 10, (409, FULL): 40}
    )
    assert _state(engine, meetup.id) == (0, 10)


def test_one_member_racing_himself_gets_one_seat(server, engine):
    meetup = make_meetup(engine, max_seats=100)
    member = make_member(engine)
    answers = _race(f"{server}/users/meetups/{meetup.id}/registration", [bearer(member)] * 10)
    assert [status for status, _ in answers].count(201) == 1
    assert Counter(answers)[(409, ALREADY)] == 9
    assert _state(engine, meetup.id) == (99, 1)
