"""Operators' counters: counted in memory, shared through Redis across processes, shown in
Prometheus' format at /metrics to the machine itself or a token holder only."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from community_app.core import metrics
from community_app.api import create_api
from community_app.api.observability import RequestMetrics
from tests.conftest import in_process_backend

REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()


def _samples(text: str) -> dict[tuple, float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    yield from in_process_backend(monkeypatch, metrics.reset)


def test_requests_and_login_failures_are_counted_and_rendered():
    api = create_api()
    client = TestClient(RequestMetrics(api), client=("127.0.0.1", 5000))
    client.get("/api/v1/public/nothing-here")
    metrics.inc("uzdev_login_failures", reason="password")
    body = client.get("/metrics")
    assert body.status_code == 200
    samples = _samples(body.text)
    assert samples[("uzdev_http_requests_total", (("method", "GET"), ("status", "4xx")))] == 1
    assert samples[("uzdev_login_failures_total", (("reason", "password"),))] == 1
    assert samples[("uzdev_websocket_connections_total", ())] == 0


def test_metrics_are_hidden_from_other_machines_without_the_token(monkeypatch):
    outside = TestClient(create_api(), client=("203.0.113.9", 5000))
    assert outside.get("/metrics").status_code == 404
    monkeypatch.setenv("COMMUNITY_METRICS_TOKEN", "s3cret-token")
    assert outside.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 404
    assert outside.get("/metrics", headers={"Authorization": "Bearer s3cret-token"}).status_code == 200


@pytest.mark.skipif(not REDIS_URL, reason="COMMUNITY_TEST_REDIS_URL is not set")
def test_with_redis_every_process_adds_to_the_same_counts(monkeypatch):
    monkeypatch.setenv("REFLEX_REDIS_URL", REDIS_URL)
    metrics.reset()
    metrics.inc("uzdev_emails", result="sent")
    code = "from community_app.core import metrics as m; m.inc('uzdev_emails', result='sent'); m.flush()"
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    samples = _samples(metrics.render().decode())
    assert samples[("uzdev_emails_total", (("result", "sent"),))] == 2
