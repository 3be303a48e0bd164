"""The browser side of tests/kodj_journeys.py (a manual check, not a pytest module): its
settings, the API with the site's CORS, and ``Browser``, a Chromium in Korea time that
records the console errors and failed API calls of each journey and prints PASS/FAIL."""

from __future__ import annotations

import email
import os
import re
import time
import traceback
from datetime import date, datetime
from email import policy
from pathlib import Path

from tests.waiting import wait_until

CLIENT = os.environ.get("KODJ_CLIENT_URL", "http://localhost:5173").rstrip("/")
API = os.environ.get("KODJ_API_URL", "http://localhost:3900/api/v1").rstrip("/")
OUTBOX = Path(os.environ.get("COMMUNITY_VAR_DIR", "var")) / "outbox"
SHOTS = Path(os.environ.get("KODJ_SHOTS", "/tmp/kodj-shots"))
CHROMIUM = os.environ.get("KODJ_CHROMIUM", "/usr/bin/chromium")
EMAIL = os.environ.get("KODJ_EMAIL", f"kodj{int(time.time())}@uzdev.test")
PASSWORD = "Kodj-check-2026!"
PHONE = "010" + str(int(time.time()))[-8:]
BAD_TEXT = ("Invalid date", "NaN", "Not given", "API Error", "undefined")


def cors_api():
    """``create_api()`` with the CORS allow-list the site adds around it (Reflex's
    ``_add_cors`` with ``cors_allowed_origins`` from ``COMMUNITY_CORS_ORIGINS``), for serving
    the API alone with granian: ``--factory tests.kodj_journeys:cors_api``."""
    from starlette.middleware.cors import CORSMiddleware

    from community_app.api import create_api
    from community_app.core.settings import cors_origins

    api = create_api()
    api.add_middleware(
        CORSMiddleware,
        allow_credentials=True,
        allow_methods=["*"],
        allow_headers=["*"],
        allow_origins=list(cors_origins()),
    )
    return api


class JourneyFailed(AssertionError):
    pass


def check(cond, what: str) -> None:
    if not cond:
        raise JourneyFailed(what)


def long_date(iso: str) -> str:
    """``2026-12-03`` as the client prints it (en-US): ``December 3, 2026``."""
    d = date.fromisoformat(iso[:10])
    return f"{d:%B} {d.day}, {d.year}"


def clock(iso: str) -> str:
    """The wall-clock ``HH:MM`` of an ISO date-time with its offset (Korea time)."""
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).strftime("%H:%M")


def ampm(iso: str) -> str:
    t = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return f"{(t.hour % 12) or 12}:{t:%M} {'AM' if t.hour < 12 else 'PM'}"


class Browser:
    """The client in Chromium and our API over HTTP; ``journey`` runs one journey."""

    def __init__(self, pw):
        import httpx

        self.http = httpx.Client(base_url=API, timeout=20)
        self.browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, timezone_id="Asia/Seoul", locale="en-US"
        )
        # Only the client and our API: its fonts, maps, widgets and Google script are elsewhere.
        self.context.route(
            re.compile(r"^https?://(?!localhost[:/]|127\.0\.0\.1[:/])"), lambda r: r.abort()
        )
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.calls: list[tuple[str, int, str]] = []
        self.page.on("console", self._console)
        self.page.on("requestfailed", self._failed)
        self.page.on("response", self._response)
        self.results: list[tuple[str, bool, str]] = []

    # --- what the browser reports -------------------------------------------------------
    def _console(self, msg) -> None:
        if msg.type != "error":
            return
        text = msg.text
        if text.startswith("Failed to load resource"):
            return  # the request itself is judged in _failed/_response
        self.problems.append(f"console: {text[:200]}")

    def _failed(self, request) -> None:
        # ERR_ABORTED: a call the browser dropped because the page navigated away.
        if request.url.startswith(API) and "ERR_ABORTED" not in (request.failure or ""):
            self.problems.append(f"failed call {request.method} {request.url}: {request.failure}")

    def _response(self, response) -> None:
        if response.url.startswith(API):
            self.calls.append((response.request.method, response.status, response.url))
            if response.status >= 400:
                self.problems.append(f"{response.status} {response.request.method} {response.url}")

    # --- helpers ------------------------------------------------------------------------
    def api(self, path: str, **params):
        answer = self.http.get(path, params=params)
        answer.raise_for_status()
        return answer.json()["data"]

    def goto(self, path: str) -> None:
        self.page.goto(CLIENT + path, wait_until="networkidle")

    def text(self) -> str:
        return self.page.inner_text("body")

    def wait_text(self, needle: str, timeout: float = 15_000) -> None:
        try:
            self.page.wait_for_function(
                "(n) => document.body.innerText.includes(n)", arg=needle, timeout=timeout
            )
        except Exception:
            raise JourneyFailed(f"{needle!r} not shown") from None

    def no_bad_text(self) -> None:
        body = self.text()
        for bad in BAD_TEXT:
            check(not re.search(rf"\b{re.escape(bad)}\b", body), f"page shows {bad!r}")

    def journey(self, name: str, fn) -> None:
        self.problems.clear()
        self.calls.clear()
        try:
            seen = fn()
            self.settle()
            self.no_bad_text()
            check(not self.problems, "; ".join(self.problems[:4]))
            ok = True
        except Exception as exc:  # noqa: BLE001 - reported per journey
            ok = False
            seen = f"{exc}" if isinstance(exc, JourneyFailed) else traceback.format_exc(limit=3)
            if self.problems and isinstance(exc, JourneyFailed) and self.problems[0] not in seen:
                seen += " | " + "; ".join(self.problems[:4])
        SHOTS.mkdir(parents=True, exist_ok=True)
        try:
            self.page.screenshot(path=str(SHOTS / f"{len(self.results) + 1:02d}-{name}.png"))
        except Exception:  # noqa: BLE001
            pass
        self.results.append((name, ok, seen))
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {seen}", flush=True)

    def settle(self) -> None:
        """Wait until the client's calls are answered (no request for half a second)."""
        self.page.wait_for_load_state("networkidle")

    def newest_code(self, since: float) -> str:
        def code() -> str | None:
            mails = sorted(
                (p for p in OUTBOX.glob("*.eml") if p.stat().st_mtime >= since),
                key=lambda p: p.stat().st_mtime,
            )
            for path in reversed(mails):
                msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
                if EMAIL not in str(msg["To"]):
                    continue
                body = msg.get_body(preferencelist=("plain", "html")).get_content()
                found = re.search(r"\b(\d{5})\b", body)
                if found:
                    return found.group(1)
            return None

        try:
            return wait_until(code, timeout_s=20, every_s=0.5, what="the code email")
        except AssertionError:
            raise JourneyFailed(f"no 5-digit code for {EMAIL} in {OUTBOX}") from None
