"""Security headers on the real server: every page keeps working under the
Content-Security-Policy (no violation reported by the browser), and no page can be framed."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import wait_ready
from tests.e2e.site_pages import PAGES, addresses


@pytest.mark.parametrize("path", ["/", "/admin", "/news", "/api/v1/public/news", "/ping"])
def test_headers_on_pages_api_and_backend(site, path):
    answer = httpx.get(site.url + path, follow_redirects=True)
    assert answer.status_code == 200
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert "permissions-policy" in answer.headers


def test_no_page_breaks_the_content_security_policy(page: Page, samples):
    """Every registered page (tests/e2e/site_pages.py), as a visitor."""
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: violations.append(str(e)) if "Content Security Policy" in str(e) else None)
    for path in [address for route in PAGES for address in addresses(route, samples)]:
        page.goto(path)
        wait_ready(page)
    assert violations == []


def test_a_foreign_site_cannot_frame_the_back_office(page: Page, site):
    # Chromium says on the console when a policy refuses the frame: wait for that.
    with page.expect_console_message(
            lambda m: "frame-ancestors" in m.text or "X-Frame-Options" in m.text):
        page.set_content(f'<iframe id="f" src="{site.url}/admin"></iframe>')
    frame = page.frame_locator("#f")
    assert frame.locator("body").count() == 0 or frame.locator("text=UzDev").count() == 0


def _websocket_handshake(site, origin: str) -> str:
    """The status line the site's websocket endpoint answers to an upgrade from ``origin``."""
    import base64
    import os
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(site.url)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        "GET /_event/?EIO=4&transport=websocket HTTP/1.1\r\n"
        f"Host: {parts.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as conn:
        conn.sendall(request.encode())
        return conn.recv(1024).decode(errors="replace").split("\r\n", 1)[0]


def test_the_websocket_refuses_a_foreign_origin(site):
    assert " 101 " in _websocket_handshake(site, site.url)
    assert " 101 " not in _websocket_handshake(site, "https://evil.example")
    assert " 101 " not in _websocket_handshake(site, "null")


def test_the_api_answers_cors_for_allowed_origins_only(site):
    allowed = httpx.get(site.url + "/api/v1/public/news", headers={"Origin": site.url})
    assert allowed.headers.get("access-control-allow-origin") == site.url
    for foreign in ("https://evil.example", "null"):
        answer = httpx.get(site.url + "/api/v1/public/news", headers={"Origin": foreign})
        assert "access-control-allow-origin" not in answer.headers
