"""End-to-end fixtures: the production build, started once per test session, driven by
Debian's Chromium through pytest-playwright.

The server gets a database and var/ folder of its own (demo content loaded), on a free
port. ``site`` gives tests the base URL and a way to run maintenance commands against
the same database.
"""

from __future__ import annotations

import contextlib
import dataclasses
import email
import os
import re
from pathlib import Path

from email import policy

import httpx
import pytest
from playwright.sync_api import expect
import sqlalchemy as sa

from tests.api.auth_helpers import CLIENT_ID, FakeGoogle
from tests.prodserver import ROOT, cli, free_port, production_server
from tests.telegram_api import start_bot_api, telegram_environment
from tests.waiting import DEFAULT_TIMEOUT_S, wait_until

OUTPUT = ROOT / "tests" / "output"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
HOME_URL = re.compile(r"^https?://[^/]+/$")  # exactly the home page
WELCOMED_URL = re.compile(r"^https?://[^/]+/\?welcome=1$")  # home after the emailed sign-up link
OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1|localhost)")  # any address but this machine

# Generous waits: the suite must pass on a busy or twice slower 2-core machine too.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@dataclasses.dataclass
class Site:
    url: str
    env: dict
    google: FakeGoogle

    def cli(self, *args: str) -> str:
        return cli(self.env, *args)

    @property
    def outbox(self) -> Path:
        return Path(self.env["COMMUNITY_VAR_DIR"]) / "outbox"

    def emails_to(self, address: str) -> list:
        found = []
        for path in sorted(self.outbox.glob("*.eml")) if self.outbox.exists() else []:
            msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            if msg["To"] == address:
                found.append(msg)
        return found

    def latest_code(self, address: str, *, after: int = 0, timeout_s: float = DEFAULT_TIMEOUT_S) -> str:
        """The code of the newest email to ``address``, once more than ``after`` emails
        reached it (pass the count from before the action that sends the code)."""
        messages = wait_until(lambda: (found := self.emails_to(address)) and len(found) > after and found,
                              timeout_s=timeout_s, every_s=0.2, what=f"a new email to {address}")
        body = messages[-1].get_body(preferencelist=("plain",)).get_content()
        return re.search(r"\b(\d{6})\b", body).group(1)

    def link_path(self, address: str, prefix: str, timeout_s: float = DEFAULT_TIMEOUT_S) -> str:
        """The path (``/<prefix>/<token>``) of the newest emailed link to ``address`` whose
        path starts with ``prefix``: "/signup/confirm" or "/password-reset"."""
        def newest() -> str | None:
            for msg in reversed(self.emails_to(address)):
                body = msg.get_body(preferencelist=("plain",)).get_content()
                if found := re.search(rf"https?://[^/\s]+({re.escape(prefix)}/[A-Za-z0-9_-]+)", body):
                    return found.group(1)
            return None

        return wait_until(newest, timeout_s=timeout_s, every_s=0.2,
                          what=f"a {prefix} link emailed to {address}")

    def api_sign_in(self, address: str, password: str, lang: str = "en") -> dict:
        """A sign-in through the REST API, the code read from the outbox: its tokens. The
        member's emails follow the language they sign in with (Accept-Language)."""
        before = len(self.emails_to(address))
        httpx.post(f"{self.url}/api/v1/auth/login", json={"email": address, "password": password},
                   headers={"Accept-Language": lang}, timeout=20)
        r = httpx.post(f"{self.url}/api/v1/auth/verify-login-otp",
                       json={"email": address, "otp": self.latest_code(address, after=before)}, timeout=20)
        assert r.status_code == 200, r.text
        return r.json()["data"]

    def sql(self, statement: str, **params) -> None:
        engine = sa.create_engine(self.env["COMMUNITY_DATABASE_URL"])
        with engine.begin() as conn:
            conn.execute(sa.text(statement), params)
        engine.dispose()


# The production configuration: set both to run the server on PostgreSQL with Reflex's
# Redis state manager (several worker processes). `make test` does this as its last step
# when the machine's PostgreSQL and Redis are given (.ci/run gives them).
E2E_DATABASE_URL = os.environ.get("COMMUNITY_E2E_DATABASE_URL", "").strip()
E2E_REDIS_URL = os.environ.get("COMMUNITY_E2E_REDIS_URL", "").strip()


def _empty_database(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Site:
    var_dir = tmp_path_factory.mktemp("e2e-var")
    port = free_port()
    google = FakeGoogle()  # Google's certificates, served locally
    database_url = E2E_DATABASE_URL or f"sqlite:///{var_dir / 'e2e.db'}"
    if E2E_DATABASE_URL:
        _empty_database(E2E_DATABASE_URL)
    env = {
        **os.environ,
        "PORT": str(port),
        "COMMUNITY_VAR_DIR": str(var_dir),
        "COMMUNITY_DATABASE_URL": database_url,
        "COMMUNITY_GOOGLE_CLIENT_ID": CLIENT_ID,
        "COMMUNITY_GOOGLE_CERTS_URL": google.url,
        "REFLEX_USE_SYSTEM_BUN": "1",
        # Every browser of the suite comes from 127.0.0.1 and the demo accounts log in many
        # times: the limits of services/ratelimit.py are tested in tests/api, not here.
        "COMMUNITY_LIMIT_SIGN_UPS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_PASSWORD_RESETS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_CODE_SENDS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_CODE_SENDS_ACCOUNT": "10000/hour",
        "COMMUNITY_LIMIT_LOGIN_FAILURES_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_SPEAKER_APPLICATIONS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_COMMENTS_MEMBER": "10000/hour",
        "COMMUNITY_LIMIT_COMMENTS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_BLOG_POSTS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_JOB_SUBMISSIONS_ADDRESS": "10000/hour",
        # Check-in opens a year before a meetup (default 3 hours): the suite checks people in
        # at the demo's upcoming meetups; test_check_in_window.py meets the refusal.
        "COMMUNITY_CHECK_IN_OPENS_HOURS": "8760",
        # The address the browsers use (without it the site's own is http://localhost:$PORT).
        "COMMUNITY_PUBLIC_URL": f"http://127.0.0.1:{port}",
        # The site as the TLS proxy of test_reverse_proxy.py presents it (as
        # COMMUNITY_PUBLIC_URL would be in production): its websocket Origin is allowed.
        "COMMUNITY_CORS_ORIGINS": "https://127.0.0.1",
    }
    # Telegram: the site's bot (sign in with Telegram, My Page's card) and its channel (the
    # back office's announcement switches) against the local Bot API stand-in, which keeps
    # whatever is posted.
    bot_api, bot_api_server, bot_api_url = start_bot_api()
    env.update(telegram_environment(bot_api_url))
    if E2E_REDIS_URL:
        env["REFLEX_REDIS_URL"] = E2E_REDIS_URL
    site = Site(url=f"http://127.0.0.1:{port}", env=env, google=google)
    site.cli("demo")

    OUTPUT.mkdir(parents=True, exist_ok=True)
    try:
        with production_server(env, OUTPUT / "e2e-server.log"):
            yield site
    finally:
        google.close()
        bot_api_server.shutdown()


@pytest.fixture(autouse=True)
def _no_internet(request):
    """Nothing leaves the machine: Google's script and any other outside request fail. A
    test without the browser (``page``/``context``) gets no context made for it."""
    if "context" in request.fixturenames:
        offline(request.getfixturevalue("context"))


@pytest.fixture(scope="session")
def base_url(site: Site) -> str:
    return site.url


@pytest.fixture(scope="session")
def samples(site: Site) -> dict:
    """A value of each ``routes.Sample`` on this server, for the addresses of every
    registered page (tests/e2e/site_pages.py)."""
    from tests.e2e.site_pages import read_samples

    return read_samples(site)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "en-US", "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def mobile(browser, base_url):
    """A page at a phone's width (390 px)."""
    context = browser.new_context(
        base_url=base_url, locale="en-US", viewport={"width": 390, "height": 844},
        is_mobile=True, has_touch=True,
    )
    offline(context)
    page = context.new_page()
    yield page
    context.close()


def offline(context):
    """``context`` (a browser context), with every request to anywhere but this machine
    failing: Google's script and any other outside request."""
    context.route(OUTSIDE, lambda route: route.abort())
    return context


@contextlib.contextmanager
def screen(browser, base_url: str, width: int):
    """A page of a new offline browser ``width`` px wide (900 high), closed after the block."""
    context = offline(browser.new_context(base_url=base_url, locale="en-US",
                                          viewport={"width": width, "height": 900}))
    try:
        yield context.new_page()
    finally:
        context.close()


def wait_ready(page) -> None:
    """Wait until the page is hydrated: React runs and the websocket delivered the page's
    state (its load done; marked by the frame), and the language is known."""
    page.wait_for_function("document.getElementById('uzdev-ready')?.dataset.ready === 'true'")
    page.wait_for_function("document.documentElement.lang === 'en' || document.documentElement.lang === 'uz'")
    page.wait_for_function("window.localStorage.getItem('uzdev_lang') !== null")


# Animations that never end (a skeleton's pulse, a spinner) do not count as running.
_ANIMATIONS_DONE = """() => document.getAnimations().every(a =>
    a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)"""


def settled(page) -> None:
    """Wait until no CSS transition or animation is running (a panel slid in, a dialog
    faded in, a layout changed after a resize), and the browser painted twice since: what
    a screenshot or an accessibility check should look at."""
    page.wait_for_function(_ANIMATIONS_DONE)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def resize(page, width: int, height: int) -> None:
    """The page's viewport set to ``width`` x ``height``, once its layout follows."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => window.innerWidth === w && window.innerHeight === h", arg=[width, height])
    settled(page)
