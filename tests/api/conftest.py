"""API tests call the FastAPI app in-process (Starlette's TestClient, an httpx client)
against the test's own database (SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import copy

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from community_app.api import create_api
from community_app.api.deps import get_engine_for_api
from community_app.core.db import utcnow
from community_app.models import User
from community_app.services.passwords import hash_password
from community_app.services.tokens import start_session
from tests.api.servers import api_server

PASSWORD = "Str0ng!pass"


# The OpenAPI document depends on the code only (its routes and models), and making it
# takes 1-6 s: each worker makes it once, and every test's app serves a copy of it.
_OPENAPI: dict = {}


@pytest.fixture
def api(engine):
    app = create_api()
    app.dependency_overrides[get_engine_for_api] = lambda: engine
    make_document = app.openapi

    def openapi() -> dict:
        if "document" not in _OPENAPI:
            _OPENAPI["document"] = make_document()
        return copy.deepcopy(_OPENAPI["document"])

    app.openapi = openapi
    return app


@pytest.fixture
def client(api):
    with TestClient(api, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def server(engine, tmp_path):
    """The API served by granian (two worker processes) against the test's database: the
    concurrency tests race real requests at it (tests/api/servers.py)."""
    with api_server(engine, tmp_path / "server.log", workers=2) as base:
        yield base


@pytest.fixture
def make_user(engine):
    """Create a user; returns (user, auth headers with a valid access token)."""
    counter = iter(range(1, 10_000))

    def _make(role: str = "member", **fields):
        n = next(counter)
        with Session(engine, expire_on_commit=False) as s:
            user = User(
                email=fields.pop("email", f"member{n}@example.com"),
                username=fields.pop("username", f"member{chr(96 + n % 26 or 26)}{'x' * (n // 26)}"),
                first_name=fields.pop("first_name", "Aziz"),
                password_hash=fields.pop("password_hash", hash_password(PASSWORD)),
                verified_at=fields.pop("verified_at", utcnow()),  # an established account
                role=role,
                **fields,
            )
            s.add(user)
            s.commit()
            pair = start_session(s, user)
            s.commit()
        return user, {"Authorization": f"Bearer {pair.access_token}"}

    return _make


@pytest.fixture
def google(monkeypatch):
    """A local Google stand-in; the app is configured to trust it."""
    from community_app.services.google import clear_certificate_cache
    from community_app.core.settings import get_settings
    from tests.api.auth_helpers import CLIENT_ID, FakeGoogle

    fake = FakeGoogle()
    monkeypatch.setenv("COMMUNITY_GOOGLE_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("COMMUNITY_GOOGLE_CERTS_URL", fake.url)
    get_settings.cache_clear()
    clear_certificate_cache()
    yield fake
    fake.close()
    monkeypatch.undo()
    get_settings.cache_clear()
    clear_certificate_cache()
