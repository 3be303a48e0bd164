"""Security headers: present on every answer, the CSP allows exactly the build's inline
scripts, and nothing can frame the site."""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from community_app.serving.security_headers import (
    SecurityHeaders,
    content_security_policy,
    inline_script_hashes,
)


def test_inline_scripts_of_the_build_are_hashed_and_external_ones_are_not(tmp_path):
    (tmp_path / "page").mkdir()
    (tmp_path / "page.html").write_text(
        '<html><script>window.a = 1;</script><script type="module" src="/assets/x.js"></script></html>'
    )
    (tmp_path / "page" / "index.html").write_text("<script async>window.a = 1;</script><script>b()</script>")
    hashes = inline_script_hashes(tmp_path)
    expected = {
        "'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'"
        for body in (b"window.a = 1;", b"b()")
    }
    assert set(hashes) == expected


def _policy_of_page(build: Path, monkeypatch) -> str:
    from community_app.serving import security_headers

    monkeypatch.setattr(security_headers, "build_dir", lambda: build)

    async def html(request):
        return HTMLResponse((build / "index.html").read_text())

    client = TestClient(SecurityHeaders(Starlette(routes=[Route("/", html)])))
    return client.get("/").headers["Content-Security-Policy"]


def _sha(body: bytes) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'"


def test_a_rebuild_while_the_server_runs_gets_its_own_scripts_allowed(tmp_path, monkeypatch):
    """The policy follows the build being served: after a rebuild (or a new deploy into the
    same folder) the page's new inline script is allowed and the old one no longer is."""
    build = tmp_path / "client"
    build.mkdir()
    (build / "index.html").write_text("<html><script>old()</script></html>")
    before = _policy_of_page(build, monkeypatch)
    assert _sha(b"old()") in before
    assert _policy_of_page(build, monkeypatch) == before  # unchanged build: the same policy
    page = build / "index.html"
    page.write_text("<html><script>rebuilt(1)</script></html>")
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 1_000_000_000))
    after = _policy_of_page(build, monkeypatch)
    assert _sha(b"rebuilt(1)") in after and _sha(b"old()") not in after
    # A new deploy: the whole folder replaced.
    new = tmp_path / "new"
    new.mkdir()
    (new / "index.html").write_text("<html><script>deployed()</script></html>")
    build.rename(tmp_path / "gone")
    new.rename(build)
    assert _sha(b"deployed()") in _policy_of_page(build, monkeypatch)


def test_policy_refuses_framing_plugins_and_foreign_scripts():
    policy = dict(
        part.split(" ", 1) for part in content_security_policy(("'sha256-abc'",), google=False).split("; ")
    )
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    assert policy["script-src"].split() == ["'self'", "'unsafe-eval'", "'sha256-abc'"]
    assert "unsafe-inline" not in policy["script-src"]
    assert "accounts.google.com" not in content_security_policy((), google=False)
    assert "https://accounts.google.com/gsi/client" in content_security_policy((), google=True)


def test_the_telegram_login_widget_is_allowed_only_when_configured():
    def directives(**kw) -> dict[str, str]:
        policy = content_security_policy((), **kw)
        return dict(part.split(" ", 1) for part in policy.split("; "))

    off = directives(google=False)
    assert "telegram" not in off["script-src"] and off["frame-src"] == "'none'"
    on = directives(google=True, telegram=True)
    assert on["script-src"].endswith("https://accounts.google.com/gsi/client "
                                     "https://telegram.org/js/telegram-widget.js")
    assert on["frame-src"] == "https://accounts.google.com/gsi/ https://oauth.telegram.org"
    assert "https://t.me" in on["img-src"]


def test_every_answer_carries_the_headers():
    async def hello(request):
        return PlainTextResponse("hi")

    app = SecurityHeaders(Starlette(routes=[Route("/x", hello), Route("/api/v1/docs", hello)]))
    client = TestClient(app)
    page = client.get("/x")
    assert page.headers["X-Frame-Options"] == "DENY"
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    assert page.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "camera=(self)" in page.headers["Permissions-Policy"]
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert "Strict-Transport-Security" not in page.headers  # development: no TLS
    docs = client.get("/api/v1/docs")
    assert "Content-Security-Policy" not in docs.headers and docs.headers["X-Frame-Options"] == "DENY"


def test_pages_get_the_page_policy_and_other_answers_a_short_one(monkeypatch):
    """The policy with the build's script hashes goes with pages only; a script, an image or
    JSON gets a short policy that allows nothing (its bytes go with every request), and a
    304 none (the browser keeps the one stored with the page)."""
    from community_app.serving import security_headers

    monkeypatch.setattr(security_headers, "inline_script_hashes", lambda: ("'sha256-abc'",) * 40)

    async def html(request):
        return HTMLResponse("<p>hi</p>")

    async def script(request):
        return Response("x()", media_type="text/javascript")

    async def revalidated(request):
        return Response(status_code=304)

    app = SecurityHeaders(Starlette(routes=[Route("/page", html), Route("/assets/a.js", script),
                                            Route("/again", revalidated)]))
    client = TestClient(app)
    page = client.get("/page").headers["Content-Security-Policy"]
    assert "'sha256-abc'" in page and "frame-ancestors 'none'" in page
    asset = client.get("/assets/a.js").headers["Content-Security-Policy"]
    assert asset == security_headers.NOT_A_PAGE_POLICY
    assert asset.startswith("default-src 'none'") and "frame-ancestors 'none'" in asset
    assert "script-src" not in asset and len(asset) < 120
    again = client.get("/again")
    assert again.status_code == 304 and "Content-Security-Policy" not in again.headers
    assert again.headers["X-Frame-Options"] == "DENY"
