"""Sign-in hardening a client can see: failed logins are limited per account across
workers (NIST 800-63B: the 101st in a row is refused by default), code requests are limited, plain
OPTIONS is answered, concurrent sign-ups never collide on a generated handle, and the
login page's redirect target stays on the site."""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest
from sqlmodel import Session, select

from community_app.models import User
from community_app.services import sign_up as sign_ups
from community_app.services.passwords import hash_password
from community_app.services.validation import same_site_path
from tests.api.conftest import PASSWORD
from tests.api.servers import api_server
from tests.waiting import wait_until

REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()


def _member_with_password(engine, email: str) -> User:
    with Session(engine, expire_on_commit=False) as s:
        user = User(email=email, username=f"m{uuid.uuid4().hex[:8]}".replace("0", "a"),
                    first_name="Aziz", password_hash=hash_password(PASSWORD), phone="01011112222")
        s.add(user)
        s.commit()
        return user


@pytest.mark.skipif(not REDIS_URL, reason="COMMUNITY_TEST_REDIS_URL is not set")
def test_failed_logins_are_counted_across_two_workers(engine, tmp_path: Path):
    """The account's failures are counted in Redis, whichever worker answers: the limit's
    next attempt is refused (the rule's own count, the NIST 101st with the default
    100/day, is tests/unit/test_ratelimit.py's; 20 here keeps 100 password checks out of
    the suite's time)."""
    email = f"target-{uuid.uuid4().hex[:8]}@example.com"
    _member_with_password(engine, email)
    env = {
        "REFLEX_REDIS_URL": REDIS_URL,
        # Only the account rule is under test: bursts and the address rule out of the way.
        "COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT": "20/day",
        "COMMUNITY_LIMIT_LOGIN_FAILURES_ADDRESS": "100000/day",
    }
    with api_server(engine, tmp_path / "server.log", workers=2, env=env) as base:
        wrong = {"email": email, "password": "Wrong-pass-1"}
        statuses = []
        for _ in range(20):  # new connections: the kernel spreads them over both workers
            with httpx.Client(timeout=30) as http:
                statuses.append(http.post(f"{base}/auth/login", json=wrong).status_code)
        assert statuses == [401] * 20
        with httpx.Client(timeout=30) as http:
            refused = http.post(f"{base}/auth/login", json=wrong)
            assert refused.status_code == 429
            assert int(refused.headers["Retry-After"]) > 0
            # Locked out: the right password waits too, for this account only.
            right = http.post(f"{base}/auth/login", json={"email": email, "password": PASSWORD})
            assert right.status_code == 429
            other = http.post(f"{base}/auth/login", json={"email": "nobody@example.com", "password": "x"})
            assert other.status_code == 401


def test_a_success_clears_the_failures_and_code_requests_are_limited(client, engine, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "3/hour")
    monkeypatch.setenv("COMMUNITY_LIMIT_CODE_SENDS_ACCOUNT", "2/hour")
    _member_with_password(engine, "limited@example.com")
    wrong = {"email": "limited@example.com", "password": "Wrong-pass-1"}
    right = {"email": "limited@example.com", "password": PASSWORD}
    assert [client.post("/api/v1/auth/login", json=wrong).status_code for _ in range(2)] == [401, 401]
    assert client.post("/api/v1/auth/login", json=right).status_code == 200  # failures forgotten
    assert [client.post("/api/v1/auth/login", json=wrong).status_code for _ in range(3)] == [401] * 3
    assert client.post("/api/v1/auth/login", json=wrong).status_code == 429
    # Code sends: the second code of the hour was the one above; a third is refused.
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "100/hour")
    assert client.post("/api/v1/auth/login", json=right).status_code == 200
    third = client.post("/api/v1/auth/login", json=right)
    assert third.status_code == 429 and "Too many attempts" in third.json()["message"]


def test_sign_ups_per_address_are_limited(client, monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_SIGN_UPS_ADDRESS", "2/hour")
    body = {"password": "Str0ng!pass", "confirmPassword": "Str0ng!pass"}
    for i in range(2):
        r = client.post("/api/v1/auth/register", json={**body, "email": f"new{i}@example.com", "phone": f"0101234000{i}"})
        assert r.status_code == 202
    r = client.post("/api/v1/auth/register", json={**body, "email": "new9@example.com", "phone": "01012340009"})
    assert r.status_code == 429 and r.headers["Retry-After"]


def test_plain_options_lists_the_methods(client):
    r = client.options("/api/v1/public/news")
    assert r.status_code == 204
    assert set(r.headers["Allow"].replace(" ", "").split(",")) == {"GET", "OPTIONS"}


def test_concurrent_sign_ups_that_reduce_to_one_handle_both_succeed(engine):
    """`ali.v@…` and `aliv@…` both make the handle `aliv`: one gets the next free one."""
    emails = [f"ali.v{'.' * i}@site{i}.org" for i in range(6)]
    results, errors = {}, []
    barrier = threading.Barrier(len(emails))

    def sign_up(i: int, email: str) -> None:
        barrier.wait()
        try:
            with Session(engine, expire_on_commit=False) as s:
                outcome = sign_ups.register(s, email=email, phone=f"010555500{i:02d}", password="Str0ng!pass",
                                         confirm_password="Str0ng!pass")
                s.commit()
                results[email] = outcome
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(repr(exc))

    threads = [threading.Thread(target=sign_up, args=(i, e)) for i, e in enumerate(emails)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(r.user is not None for r in results.values())
    with Session(engine) as s:
        handles = s.exec(select(User.username).where(User.email.in_(emails))).all()
    assert len(handles) == len(set(handles)) == len(emails)


@pytest.mark.parametrize("target, expected", [
    ("/mypage?tab=events", "/mypage?tab=events"),
    ("/events/upcoming/register/3", "/events/upcoming/register/3"),
    ("//evil.example", "/"),
    ("/\t/evil.example", "/"),
    ("/\n/evil.example", "/"),
    ("/\\evil.example", "/"),
    ("https://evil.example/", "/"),
    ("/ /evil.example", "/"),
    ("", "/"),
])
def test_the_login_redirect_stays_on_the_site(target, expected):
    assert same_site_path(target) == expected


def _black_hole_smtp() -> tuple[socket.socket, list[float], list[socket.socket]]:
    """A mail server that accepts connections and never says a word (no greeting): the
    sender waits for its 20 s timeout. Returns the listening socket, the times connections
    were accepted and the accepted sockets (kept open, silent)."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    accepted_at: list[float] = []
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                conn, _ = silent.accept()
            except OSError:  # closed by the test
                return
            accepted_at.append(time.monotonic())
            held.append(conn)

    threading.Thread(target=accept, daemon=True).start()
    return silent, accepted_at, held


def _still_connected(conn: socket.socket) -> bool:
    """True while the other side of ``conn`` has not hung up (and sent nothing)."""
    try:
        return conn.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def test_a_login_while_the_mail_server_does_not_answer_stalls_nobody(engine, tmp_path: Path):
    """One worker, a login whose code email goes to a mail server that never answers: the
    login answers while the sender still waits for the mail server's greeting, and trivial
    requests (GET /api/v1/health, `SELECT 1`) keep being answered meanwhile. A frozen event
    loop would hold every answer until the mail server is closed. (Latency figures are
    `make bench`'s: its API section measures /ping during concurrent logins.)"""
    silent, accepted_at, held = _black_hole_smtp()
    email = f"quiet-mail-{uuid.uuid4().hex[:6]}@example.com"
    _member_with_password(engine, email)
    env = {"COMMUNITY_SMTP_URL": f"smtp://127.0.0.1:{silent.getsockname()[1]}"}
    try:
        with api_server(engine, tmp_path / "server.log", env=env) as base:
            answers: list[int] = []

            def log_in() -> None:
                with httpx.Client(timeout=60) as http:
                    answers.append(http.post(f"{base}/auth/login",
                                             json={"email": email, "password": PASSWORD}).status_code)

            login = threading.Thread(target=log_in)
            login.start()
            # The sender connected to the silent server and waits there (for its 20 s
            # timeout, or until the test closes the server): the login has answered anyway.
            wait_until(lambda: accepted_at and answers, timeout_s=60,
                       what="the login answered while its code email hangs")
            assert answers == [200]
            with httpx.Client(timeout=10) as http:  # a frozen server would time these out
                statuses = [http.get(f"{base}/health").status_code for _ in range(100)]
            assert statuses == [200] * 100
            # All of it happened while the sender still waited on the silent server (it
            # has not given up and hung up): nothing waited for the mail.
            assert held and all(_still_connected(conn) for conn in held)
            login.join(timeout=30)
            # Hang up before the server stops: its sender fails at once instead of holding
            # the shutdown for the rest of its 20 s timeout.
            for conn in held:
                conn.close()
            silent.close()
    finally:
        silent.close()  # the waiting sender fails now, so the server stops at once
        for conn in held:
            conn.close()
