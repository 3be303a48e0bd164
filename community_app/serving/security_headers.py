"""Security headers on every HTTP answer of the site, the API and the static build.

- Content-Security-Policy: scripts only from this origin plus the exact inline scripts of
  the production build being served (their SHA-256 hashes, read from ``.web/build/client``
  again whenever that build changes: ``build_fingerprint``);
  ``frame-ancestors 'none'`` so no other site can frame a page (``/admin`` included);
  Google's sign-in script and frame only when Google sign-in is configured.
  ``'unsafe-eval'`` stays: Reflex's ``rx.call_script`` events run their JavaScript with
  ``eval`` in the browser (state.js), and the site uses them (focus, scrolling, language).
- X-Frame-Options DENY (older browsers), X-Content-Type-Options nosniff,
  Referrer-Policy strict-origin-when-cross-origin, Permissions-Policy (camera for the
  site itself only: the door check-in scans tickets), Cross-Origin-Opener-Policy.
- Strict-Transport-Security in production (the site is served over TLS by the proxy).

The page policy (with a hash of every inline script of the build, 2 KB and growing with
the pages) goes on HTML answers only: a policy rules the document it comes with, so on a
script, a stylesheet, an image or a JSON answer it did nothing but add 2 KB to each of the
~40 requests of a page load. Those get a short policy that forbids everything should one be
opened as a document (``NOT_A_PAGE_POLICY``). A ``304 Not Modified`` gets none: the browser
keeps the policy stored with the answer it revalidated.

The interactive API docs (``/api/v1/docs``) get every header but the CSP: Swagger UI is an
inline page of FastAPI's own.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from community_app.core.settings import get_settings, telegram_settings

GOOGLE = "https://accounts.google.com"
# The Telegram Login Widget: its script, the frame it draws the button in, and the member's
# Telegram photo (kept as the account's picture on a first sign-in).
TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-widget.js"
TELEGRAM_FRAME = "https://oauth.telegram.org"
TELEGRAM_PHOTOS = "https://t.me"
# For answers that are not pages (scripts, styles, images, JSON), opened on their own.
NOT_A_PAGE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'"
# A service worker's fetches follow its script's policy: the check-in page's worker
# (assets/check_in_sw.js, issue 47) fetches the page's files from this origin.
SERVICE_WORKER_POLICIES = {"/check_in_sw.js": "default-src 'self'; frame-ancestors 'none'"}
_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)


def build_dir() -> Path:
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir() / "build" / "client"


def _scan(root: Path) -> tuple[str, ...]:
    found: set[str] = set()
    for page in root.rglob("*.html") if root.exists() else ():
        try:
            content = page.read_bytes()
        except OSError:  # removed by a rebuild while we read
            continue
        for body in _INLINE_SCRIPT.findall(content):
            digest = base64.b64encode(hashlib.sha256(body).digest()).decode()
            found.add(f"'sha256-{digest}'")
    return tuple(sorted(found))


def build_fingerprint(root: Path) -> tuple:
    """What changes when the build in ``root`` is replaced (a rebuild, a new deploy): the
    folder and its home page (identity, time and size). Two ``stat`` calls: cheap enough
    for every page answer."""
    marks = []
    for path in (root, root / "index.html"):
        try:
            st = path.stat()
        except OSError:
            marks.append(None)
        else:
            marks.append((st.st_ino, st.st_mtime_ns, st.st_size))
    return (str(root), *marks)


_HASHES: dict[str, tuple[tuple, tuple[str, ...]]] = {}


def inline_script_hashes(folder: Path | None = None) -> tuple[str, ...]:
    """Every distinct inline script of the built pages being served, as CSP hash sources:
    read again whenever the build changes (``build_fingerprint``), so a rebuild while the
    server runs or a new deploy never serves a page its own policy blocks."""
    root = folder or build_dir()
    fingerprint = build_fingerprint(root)
    cached = _HASHES.get(str(root))
    if cached is not None and cached[0] == fingerprint:
        return cached[1]
    hashes = _scan(root)
    if build_fingerprint(root) == fingerprint:  # not in the middle of a rebuild
        _HASHES[str(root)] = (fingerprint, hashes)
    return hashes


def content_security_policy(script_hashes: tuple[str, ...], google: bool,
                            telegram: bool = False) -> str:
    google_script = f" {GOOGLE}/gsi/client" if google else ""
    google_frame = f" {GOOGLE}/gsi/" if google else ""
    telegram_script = f" {TELEGRAM_SCRIPT}" if telegram else ""
    frames = (google_frame + (f" {TELEGRAM_FRAME}" if telegram else "")).strip()
    directives = {
        "default-src": "'self'",
        "script-src": (f"'self' 'unsafe-eval' {' '.join(script_hashes)}{google_script}"
                       f"{telegram_script}").replace("  ", " "),
        # Radix Themes and Emotion set style attributes and tags at run time.
        "style-src": f"'self' 'unsafe-inline'{' ' + GOOGLE + '/gsi/style' if google else ''}",
        "img-src": "'self' data: blob:" + (f" {TELEGRAM_PHOTOS}" if telegram else ""),
        "font-src": "'self' data:",
        "connect-src": f"'self'{google_frame}",
        "frame-src": frames or "'none'",
        "media-src": "'self' blob:",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp, docs_path: str = "/api/v1/docs") -> None:
        self.app = app
        self.docs_path = docs_path
        settings = get_settings()
        self.production = settings.is_production
        self.google = bool(settings.google_client_id)
        self.telegram = telegram_settings().login_enabled

    def _headers(self, path: str) -> list[tuple[str, str]]:
        headers = [
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "strict-origin-when-cross-origin"),
            ("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(), usb=()"),
            ("Cross-Origin-Opener-Policy", "same-origin-allow-popups"),
        ]
        if self.production:
            headers.append(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
        return headers

    def _policy(self, content_type: str) -> str:
        if content_type.startswith("text/html"):
            return content_security_policy(inline_script_hashes(), self.google, self.telegram)
        return NOT_A_PAGE_POLICY

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        extra = self._headers(path)
        with_policy = not path.startswith(self.docs_path)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in extra:
                    if name not in headers:
                        headers[name] = value
                if with_policy and message["status"] != 304 and "content-security-policy" not in headers:
                    headers["Content-Security-Policy"] = SERVICE_WORKER_POLICIES.get(path) or self._policy(
                        headers.get("content-type", ""))
            await send(message)

        await self.app(scope, receive, send_with_headers)
