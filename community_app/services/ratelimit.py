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

**Redis down.** A sign-in must not fail because the counters cannot be read: when Redis does
not answer (within a second), the limits are counted in this process's memory instead, with
the same rules, and a warning says so once per outage. Redis is asked again every
``REDIS_RETRY_SECONDS``; once it answers, the counts are kept there again (what was counted
locally meanwhile is dropped). During an outage each worker counts on its own: a client
whose requests reach several workers gets the budget once per worker at worst.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from community_app.i18n import Np_
from community_app.services.errors import DomainError

TOO_MANY = Np_("Too many attempts. Please try again in {n} minute.",
               "Too many attempts. Please try again in {n} minutes.")

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
        super().__init__(TOO_MANY, n=max(1, math.ceil(retry_after / 60)))
        self.retry_after = retry_after


def rule_limits(rule: str) -> list[RateLimitItem]:
    env = "COMMUNITY_LIMIT_" + rule.upper().replace("-", "_")
    return parse_many(os.environ.get(env, "").strip() or DEFAULT_RULES[rule])


_lock = threading.Lock()
log = logging.getLogger(__name__)

REDIS_TIMEOUT_SECONDS = 1.0  # a Redis that does not answer within this is down
REDIS_RETRY_SECONDS = 5.0  # during an outage, how often Redis is tried again

T = TypeVar("T")


class _Counters:
    """Redis's counters when configured and answering, this process's otherwise."""

    def __init__(self, redis_url: str) -> None:
        self.local = MovingWindowRateLimiter(storage_from_string("memory://"))
        self.shared = MovingWindowRateLimiter(storage_from_string(
            redis_url, key_prefix="uzdev-limits", wrap_exceptions=True,
            socket_timeout=REDIS_TIMEOUT_SECONDS, socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        )) if redis_url else None
        self._outage_since: float | None = None  # time.monotonic() of the first failure
        self._last_try = 0.0
        self._state = threading.Lock()

    @property
    def in_outage(self) -> bool:
        return self._outage_since is not None

    def run(self, action: Callable[[MovingWindowRateLimiter], T]) -> T:
        """``action`` on Redis's counters, or on the local ones while Redis is down."""
        if self.shared is None:
            return action(self.local)
        if self.in_outage and time.monotonic() - self._last_try < REDIS_RETRY_SECONDS:
            return action(self.local)
        try:
            result = action(self.shared)
        except StorageError as exc:
            self._down(exc)
            return action(self.local)
        if self.in_outage:
            self._back()
        return result

    def _down(self, exc: Exception) -> None:
        with self._state:
            self._last_try = time.monotonic()
            if self._outage_since is None:
                self._outage_since = self._last_try
                log.warning("rate limits: Redis does not answer (%s); counting in this process "
                            "until it does", getattr(exc, "storage_error", exc))

    def _back(self) -> None:
        with self._state:
            if self._outage_since is None:
                return
            seconds = time.monotonic() - self._outage_since
            self._outage_since = None
            self.local.storage.reset()  # the next outage starts from nothing, as Redis did
        log.warning("rate limits: Redis answers again after %.0f s; counting there again", seconds)


@lru_cache(maxsize=1)
def _counters() -> _Counters:
    return _Counters(os.environ.get("REFLEX_REDIS_URL", "").strip())


def _key(key: str) -> str:
    return key.strip().lower() or "-"


def _refusal(rule: str, key: str) -> TooManyRequests | None:
    items, key = rule_limits(rule), _key(key)

    def refusal(limiter: MovingWindowRateLimiter) -> TooManyRequests | None:
        for item in items:
            if not limiter.test(item, rule, key):
                reset = limiter.get_window_stats(item, rule, key).reset_time
                return TooManyRequests(max(1, math.ceil(reset - time.time())))
        return None
    return _counters().run(refusal)


def ensure_allowed(rule: str, key: str) -> None:
    """Refuse when ``key`` has used up a limit of ``rule``; counts nothing."""
    refusal = _refusal(rule, key)
    if refusal is not None:
        raise refusal


def _count(rule: str, key: str) -> None:
    items, key = rule_limits(rule), _key(key)

    def count(limiter: MovingWindowRateLimiter) -> None:
        for item in items:
            limiter.hit(item, rule, key)
    _counters().run(count)


def record_failure(rule: str, key: str) -> None:
    """Count one failure against every limit of ``rule``."""
    _count(rule, key)


def forget(rule: str, key: str) -> None:
    """A success: the failures counted so far no longer count."""
    items, key = rule_limits(rule), _key(key)

    def clear(limiter: MovingWindowRateLimiter) -> None:
        for item in items:
            limiter.clear(item, rule, key)
    _counters().run(clear)


def spend(rule: str, key: str) -> None:
    """Count one action; refuse it (counting nothing) when a limit is used up."""
    with _lock:  # one process: test-then-hit as one step (Redis: per-limit atomic hits)
        ensure_allowed(rule, key)
        _count(rule, key)


def reset() -> None:
    """Forget every counter (tests, and after changing the storage)."""
    counters = _counters()
    counters.local.storage.reset()
    if counters.shared is not None:
        try:
            counters.shared.storage.reset()
        except StorageError:  # Redis is down: its counters are reset when the test restarts it
            pass
    _counters.cache_clear()
