"""Rate limits: failures lock an account after its budget, a success forgets them,
actions are refused once spent, and with Redis the counters are shared."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from community_app.services import ratelimit
from community_app.services.ratelimit import TooManyRequests
from tests.conftest import in_process_backend

REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    yield from in_process_backend(monkeypatch, ratelimit.reset)


def test_the_hundred_and_first_failure_for_an_account_is_refused(monkeypatch):
    assert "100/day" in ratelimit.DEFAULT_RULES["login-failures-account"].split(";")  # NIST 800-63B
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "100/day")
    for _ in range(100):
        ratelimit.ensure_allowed("login-failures-account", "Member@Example.org")
        ratelimit.record_failure("login-failures-account", "member@example.org")
    with pytest.raises(TooManyRequests) as refused:
        ratelimit.ensure_allowed("login-failures-account", "member@example.org")
    assert refused.value.status == 429
    assert 0 < refused.value.retry_after <= 86400
    # Another account is not affected.
    ratelimit.ensure_allowed("login-failures-account", "other@example.org")


def test_a_success_forgets_the_failures(monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT", "3/hour")
    for _ in range(2):
        ratelimit.record_failure("login-failures-account", "a@example.org")
    ratelimit.forget("login-failures-account", "a@example.org")
    for _ in range(3):
        ratelimit.ensure_allowed("login-failures-account", "a@example.org")
        ratelimit.record_failure("login-failures-account", "a@example.org")
    with pytest.raises(TooManyRequests):
        ratelimit.ensure_allowed("login-failures-account", "a@example.org")


def test_a_burst_is_refused_with_the_minutes_to_wait(monkeypatch):
    monkeypatch.setenv("COMMUNITY_LIMIT_SIGN_UPS_ADDRESS", "2/hour")
    ratelimit.spend("sign-ups-address", "10.0.0.1")
    ratelimit.spend("sign-ups-address", "10.0.0.1")
    with pytest.raises(TooManyRequests) as refused:
        ratelimit.spend("sign-ups-address", "10.0.0.1")
    assert refused.value.params == {"n": 60}  # the plural form's count: 60 minutes
    ratelimit.spend("sign-ups-address", "10.0.0.2")


def test_default_rules_follow_nist_for_accounts():
    limits = ratelimit.rule_limits("login-failures-account")
    assert max(item.amount for item in limits) == 100


@pytest.mark.skipif(not REDIS_URL, reason="COMMUNITY_TEST_REDIS_URL is not set")
def test_with_redis_two_processes_share_the_counters(monkeypatch):
    monkeypatch.setenv("REFLEX_REDIS_URL", REDIS_URL)
    monkeypatch.setenv("COMMUNITY_LIMIT_CODE_SENDS_ACCOUNT", "3/hour")
    ratelimit.reset()
    ratelimit.spend("code-sends-account", "shared@example.org")
    ratelimit.spend("code-sends-account", "shared@example.org")
    other = subprocess.run(  # another worker process spends the last one
        [sys.executable, "-c",
         "from community_app.services import ratelimit as r; r.spend('code-sends-account', 'shared@example.org')"],
        env={**os.environ}, capture_output=True, text=True,
    )
    assert other.returncode == 0, other.stderr
    with pytest.raises(TooManyRequests):
        ratelimit.spend("code-sends-account", "shared@example.org")

