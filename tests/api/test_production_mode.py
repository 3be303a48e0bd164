"""What production mode changes for a client or an operator, built in-process with
production settings: HSTS on every answer (never in development), the API docs and the
OpenAPI document hidden unless COMMUNITY_API_DOCS=1; plus what the OpenAPI document says
about public routes and what /metrics counts through the real code paths."""

from __future__ import annotations

import secrets
import uuid

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlmodel import Session

from community_app.core import metrics
from community_app.api import create_api
from community_app.api.deps import get_engine_for_api
from community_app.api.observability import RequestMetrics
from community_app.serving.security_headers import SecurityHeaders
from community_app.models import User
from community_app.services.passwords import hash_password
from community_app.core.settings import get_settings
from tests.api.conftest import PASSWORD
from tests.api.factories import make_comment, make_member, make_news
from tests.api.servers import free_port
from tests.waiting import wait_until

DOCS = "/api/v1/docs"
OPENAPI = "/api/v1/openapi.json"


@pytest.fixture
def production(monkeypatch):
    """Settings of a production deployment (a random secret, an SMTP server and the public
    address named)."""
    monkeypatch.setenv("COMMUNITY_ENV", "production")
    monkeypatch.setenv("COMMUNITY_SECRET_KEY", secrets.token_urlsafe(48))
    monkeypatch.setenv("COMMUNITY_SMTP_URL", "smtp://127.0.0.1:1")
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.test")
    monkeypatch.delenv("COMMUNITY_API_DOCS", raising=False)
    get_settings.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    get_settings.cache_clear()


def _site_api(engine) -> TestClient:
    """The API as the site serves it: behind the security headers' middleware."""
    api = create_api()
    api.dependency_overrides[get_engine_for_api] = lambda: engine
    return TestClient(SecurityHeaders(api), raise_server_exceptions=False)


def test_hsts_is_sent_in_production_on_every_answer(production, engine):
    assert get_settings().is_production
    client = _site_api(engine)
    for answer in (client.get("/api/v1/health"), client.get("/api/v1/public/nothing-here")):
        assert answer.headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"


def test_hsts_is_not_sent_in_development(engine, monkeypatch):
    monkeypatch.delenv("COMMUNITY_ENV", raising=False)
    get_settings.cache_clear()
    assert not get_settings().is_production
    answer = _site_api(engine).get("/api/v1/health")
    assert answer.status_code == 200
    assert "Strict-Transport-Security" not in answer.headers
    assert answer.headers["X-Frame-Options"] == "DENY"  # the other headers are there


def test_api_docs_are_hidden_in_production(production, engine):
    client = _site_api(engine)
    assert client.get(DOCS).status_code == 404
    assert client.get(OPENAPI).status_code == 404
    assert client.get("/api/v1/health").status_code == 200


def test_api_docs_are_served_in_production_when_enabled(production, engine):
    production.setenv("COMMUNITY_API_DOCS", "1")
    get_settings.cache_clear()
    client = _site_api(engine)
    assert client.get(DOCS).status_code == 200
    assert client.get(OPENAPI).json()["paths"]


def test_news_comments_are_documented_and_served_as_public(client, engine):
    """The OpenAPI document lets an anonymous caller read comments (an empty security
    requirement among the alternatives, no 401 answer) and so does the route."""
    operation = client.get(OPENAPI).json()["paths"]["/api/v1/news/{news_id}/comments"]["get"]
    assert {} in operation.get("security", [{}])
    assert "401" not in operation["responses"]
    news = make_news(engine)
    make_comment(engine, news, make_member(engine), "Read by anyone")
    answer = client.get(f"/api/v1/news/{news.id}/comments")  # no Authorization header
    assert answer.status_code == 200
    assert "Read by anyone" in answer.text


# ---------------------------------------------------------------- /metrics counts


def _counts(client: TestClient) -> dict[tuple, float]:
    body = client.get("/metrics")
    assert body.status_code == 200
    found = {}
    for family in text_string_to_metric_families(body.text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


@pytest.fixture
def operator(engine, monkeypatch):
    """The API with its request counter, called from the machine itself (as Prometheus)."""
    monkeypatch.delenv("REFLEX_REDIS_URL", raising=False)
    metrics.reset()
    api = create_api()
    api.dependency_overrides[get_engine_for_api] = lambda: engine
    with TestClient(RequestMetrics(api), client=("127.0.0.1", 5000), raise_server_exceptions=False) as c:
        yield c
    metrics.reset()


def _member(engine) -> str:
    email = f"counted-{uuid.uuid4().hex[:8]}@example.com"
    with Session(engine) as s:
        s.add(User(email=email, username=f"counted{uuid.uuid4().hex[:8]}", first_name="Aziz", password_hash=hash_password(PASSWORD), phone="01099998888"))
        s.commit()
    return email


FAILURES = ("uzdev_login_failures_total", (("reason", "password"),))


def test_a_failed_login_is_counted(operator, engine):
    email = _member(engine)
    before = _counts(operator).get(FAILURES, 0)
    assert operator.post("/api/v1/auth/login", json={"email": email, "password": "Wrong-pass-1"}).status_code == 401
    assert operator.post("/api/v1/auth/login", json={"email": "nobody@example.com", "password": "x"}).status_code == 401
    assert _counts(operator)[FAILURES] == before + 2


def test_a_sign_in_code_email_is_counted_outbox_and_smtp(operator, engine, monkeypatch):
    """The code email of a login: written to the outbox in development, handed to a real
    SMTP server (a local one) when COMMUNITY_SMTP_URL is set."""
    from aiosmtpd.controller import Controller  # noqa: PLC0415
    from aiosmtpd.handlers import Sink  # noqa: PLC0415

    email = _member(engine)
    login = {"email": email, "password": PASSWORD}
    outbox = ("uzdev_emails_total", (("result", "outbox"),))
    sent = ("uzdev_emails_total", (("result", "sent"),))
    before = _counts(operator)
    assert operator.post("/api/v1/auth/login", json=login).status_code == 200
    after = _counts(operator)
    assert after[outbox] == before.get(outbox, 0) + 1
    assert after.get(sent, 0) == before.get(sent, 0)

    port = free_port()
    smtp = Controller(Sink(), hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        monkeypatch.setenv("COMMUNITY_SMTP_URL", f"smtp://127.0.0.1:{port}")
        get_settings.cache_clear()
        assert operator.post("/api/v1/auth/login", json=login).status_code == 200
        # SMTP is spoken by a background thread.
        wait_until(lambda: _counts(operator).get(sent, 0) >= before.get(sent, 0) + 1,
                   every_s=0.05, what="the email counted as sent")
        final = _counts(operator)
        assert final.get(sent, 0) == before.get(sent, 0) + 1
        assert final[outbox] == after[outbox]
    finally:
        smtp.stop()
        monkeypatch.delenv("COMMUNITY_SMTP_URL")
        get_settings.cache_clear()
