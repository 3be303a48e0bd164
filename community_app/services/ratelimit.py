"""Limits on what can be tried over and over: password guessing, code sends, sign-ups,
password reset links, speaker applications, comments, blog posts and job submissions.

Built on the `limits` library (moving windows). The counters live in Redis when
``REFLEX_REDIS_URL`` is set, so every worker shares them; the embedded set-up (one
process) keeps them in memory. Each rule is a list of limits such as ``10/minute;100/day``
and can be changed with ``COMMUNITY_LIMIT_<RULE>`` (e.g. ``COMMUNITY_LIMIT_LOGIN_FAILURES_ACCOUNT``);
the README lists the defaults.

Two ways to use a rule:
- failures (a wrong password): ``ensure_allowed`` before trying, ``record_failure`` after a
  failure, ``forget`` after a success (NIST 800-63B: at most 100 consecutive failures
  per account);
- actions (send a code, sign up, apply, comment): ``spend`` counts the action and refuses
  it when the rule's budget is used up.
A refusal is ``TooManyRequests`` with the seconds to wait (the API answers 429 with
``Retry-After``; the site shows the message).
"""

from __future__ import annotations

import math
import os
import threading
import time
from functools import lru_cache

from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from community_app.i18n import N_
from community_app.services.errors import DomainError

TOO_MANY = N_("Too many attempts. Please try again in {minutes} minutes.")

# rule -> default limits. Keys: an account is the normalised email (or user id), an
# address is the client's IP address.
DEFAULT_RULES: dict[str, str] = {
    "login-failures-account": "10/minute;100/day",
    "login-failures-address": "30/minute;300/day",
    "code-sends-account": "5/15minutes;20/day",
    "code-sends-address": "30/hour",
    "sign-ups-address": "10/hour;50/day",
    # Telegram sign-ups per Telegram account (its widget payload is spent on first use too).
    "telegram-sign-ups-account": "5/hour;10/day",
    # Password reset links asked for: per address typed (known or not) and per client.
    "password-resets-account": "3/15minutes;10/day",
    "password-resets-address": "10/hour;50/day",
    "speaker-applications-address": "5/hour;20/day",
    "comments-member": "10/minute;200/day",
    # Per address too: ten accounts signed up from one address must not comment, post or
    # submit ten times as much. Generous enough for a campus or office behind one address.
    "comments-address": "30/minute;600/day",
    "blog-posts-address": "30/hour;200/day",  # each save (new post or edit)
    "job-submissions-address": "10/hour;30/day",
}


class TooManyRequests(DomainError):
    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(TOO_MANY, minutes=max(1, math.ceil(retry_after / 60)))
        self.retry_after = retry_after


def rule_limits(rule: str) -> list[RateLimitItem]:
    env = "COMMUNITY_LIMIT_" + rule.upper().replace("-", "_")
    return parse_many(os.environ.get(env, "").strip() or DEFAULT_RULES[rule])


_lock = threading.Lock()


@lru_cache(maxsize=1)
def _limiter() -> MovingWindowRateLimiter:
    redis_url = os.environ.get("REFLEX_REDIS_URL", "").strip()
    storage = (
        storage_from_string(redis_url, key_prefix="uzdev-limits")
        if redis_url
        else storage_from_string("memory://")
    )
    return MovingWindowRateLimiter(storage)


def _key(key: str) -> str:
    return key.strip().lower() or "-"


def _refusal(rule: str, key: str) -> TooManyRequests | None:
    limiter = _limiter()
    for item in rule_limits(rule):
        if not limiter.test(item, rule, _key(key)):
            reset = limiter.get_window_stats(item, rule, _key(key)).reset_time
            return TooManyRequests(max(1, math.ceil(reset - time.time())))
    return None


def ensure_allowed(rule: str, key: str) -> None:
    """Refuse when ``key`` has used up a limit of ``rule``; counts nothing."""
    refusal = _refusal(rule, key)
    if refusal is not None:
        raise refusal


def _count(rule: str, key: str) -> None:
    limiter = _limiter()
    for item in rule_limits(rule):
        limiter.hit(item, rule, _key(key))


def record_failure(rule: str, key: str) -> None:
    """Count one failure against every limit of ``rule``."""
    _count(rule, key)


def forget(rule: str, key: str) -> None:
    """A success: the failures counted so far no longer count."""
    limiter = _limiter()
    for item in rule_limits(rule):
        limiter.clear(item, rule, _key(key))


def spend(rule: str, key: str) -> None:
    """Count one action; refuse it (counting nothing) when a limit is used up."""
    with _lock:  # one process: test-then-hit as one step (Redis: per-limit atomic hits)
        ensure_allowed(rule, key)
        _count(rule, key)


def reset() -> None:
    """Forget every counter (tests, and after changing the storage)."""
    limiter = _limiter()
    limiter.storage.reset()
    _limiter.cache_clear()
