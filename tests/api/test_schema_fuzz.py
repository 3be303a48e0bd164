"""Schemathesis over the whole /api/v1 OpenAPI document (bounded: a dozen generated
requests per operation, deterministic): no answer is a server error, and every status
code answered is one the document declares for that operation.

Runs in-process against a demo database (PostgreSQL when the tests have one, else
SQLite), as a visitor, as a signed-in member (the member's own calls and the organizer
calls, which must answer a documented 403) and as an organizer (every back-office route:
a bad body is a 422, never a 500), with Telegram configured (the bot, the channel, sign-in
with Telegram: the local Bot API stand-in of tests/telegram_api.py), so its routes run
their checks instead of answering "not set up"."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import status_code_conformance
from sqlmodel import Session, select

from community_app.api import create_api
from community_app.api.deps import get_engine_for_api
from community_app.core.db import make_engine, migrate
from community_app.models import User
from community_app.services.tokens import start_session
from tests.postgres import fresh_database
from tests.telegram_api import telegram, telegram_server  # noqa: F401  (fixtures)

MEMBER_EMAIL = "member@uzdev.kr"
ORGANIZER_EMAIL = "organizer@uzdev.kr"


def _database_url() -> str:
    """PostgreSQL when the tests have one (production's database, and the stricter: it
    refuses a NUL in text, where SQLite kept it), in a database of this module's own
    (``<the worker's test database>_fuzz``: the other tests empty theirs); else a SQLite
    file of its own. (A page number or an id past 64 bits, which only SQLite refused with
    an OverflowError, is tested on both databases in test_request_limits.py.)"""
    import os
    import tempfile
    from pathlib import Path

    postgres = os.environ.get("COMMUNITY_TEST_POSTGRES_URL", "").strip()
    if not postgres:
        return f"sqlite:///{Path(tempfile.mkdtemp(prefix='uzdev-fuzz-')) / 'fuzz.db'}"
    return fresh_database(postgres, "fuzz")


def _demo_api():
    """The API over a demo database of its own, and the access tokens of a signed-in member
    and organizer (built when the module loads: Schemathesis reads the document at
    collection)."""
    from community_app.demo.seed import load_demo

    url = _database_url()
    migrate(url)
    engine = make_engine(url)
    with Session(engine, expire_on_commit=False) as session:
        load_demo(session)
        session.commit()
        tokens = [
            start_session(session, session.exec(select(User).where(User.email == email)).one())
            .access_token
            for email in (MEMBER_EMAIL, ORGANIZER_EMAIL)
        ]
        session.commit()
    app = create_api()
    app.dependency_overrides[get_engine_for_api] = lambda: engine
    return app, *tokens


APP, MEMBER_TOKEN, ORGANIZER_TOKEN = _demo_api()
schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", APP)

FUZZ = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
CHECKS = [not_a_server_error, status_code_conformance]
# A busy CI machine can take seconds for one call (argon2, a cold cache); the default
# 10 s read timeout then fails a correct answer. A hang still fails, after two minutes.
TIMEOUT = 120


@schema.parametrize()
@FUZZ
def test_as_a_visitor(case, telegram):
    case.call_and_validate(checks=CHECKS, timeout=TIMEOUT)


@schema.parametrize()
@FUZZ
def test_as_a_member(case, telegram):
    case.call_and_validate(headers={"Authorization": f"Bearer {MEMBER_TOKEN}"}, checks=CHECKS, timeout=TIMEOUT)


@schema.parametrize()
@FUZZ
def test_as_an_organizer(case, telegram):
    case.call_and_validate(headers={"Authorization": f"Bearer {ORGANIZER_TOKEN}"}, checks=CHECKS, timeout=TIMEOUT)


def test_an_id_beyond_64_bits_is_never_a_server_error():
    """Every operation with a numeric id in its path, called as an organizer with an id no
    row can have (2**63, one past the database's largest integer), answers a documented 4xx:
    the id must be refused before it reaches the driver."""
    import re

    from fastapi.testclient import TestClient

    client = TestClient(APP)
    headers = {"Authorization": f"Bearer {ORGANIZER_TOKEN}"}
    document = client.get("/api/v1/openapi.json").json()
    called = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            numeric = {p["name"] for p in operation.get("parameters", [])
                       if p["in"] == "path" and p.get("schema", {}).get("type") == "integer"}
            if not numeric:
                continue
            url = re.sub(r"\{(\w+)\}", lambda m: str(2**63) if m[1] in numeric else "x", path)
            answer = client.request(method.upper(), url, headers=headers, json={})
            called.append(url)
            assert answer.status_code < 500, f"{method.upper()} {url}: {answer.status_code}"
            assert str(answer.status_code) in operation["responses"], f"{method.upper()} {url}"
    assert len(called) > 20


def test_the_fuzzed_routes_see_telegram_configured(telegram):
    """(The fixture the fuzzing runs with does configure Telegram: its routes check
    payloads instead of answering "not set up".)"""
    from fastapi.testclient import TestClient

    status = TestClient(APP).get("/api/v1/users/me/telegram",
                                 headers={"Authorization": f"Bearer {MEMBER_TOKEN}"})
    assert status.status_code == 200
    assert status.json()["data"]["available"] and status.json()["data"]["loginAvailable"]
