"""The repository's nginx configuration (deploy/nginx.conf), run for real in front of the
test server: TLS, the plain-HTTP redirect, pages, the API and the websocket all pass through
it, the built client comes from disk with the app's headers, and /metrics stays on the
machine."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_ready
from tests.nginx_proxy import WORKER_USER, available, nginx_proxy, port_free, unreadable_by_workers
from tests.prodserver import ROOT


@pytest.fixture(scope="module")
def proxy(site, tmp_path_factory):
    if not available():
        pytest.skip("nginx is not installed (make test installs it)")
    # The test site allows the websocket Origin https://127.0.0.1 (tests/e2e/conftest.py):
    # the proxy takes 443 when it is free.
    site_port = site.url.rsplit(":", 1)[1]
    with nginx_proxy([f"127.0.0.1:{site_port}"], ROOT / ".web" / "build" / "client",
                     tmp_path_factory.mktemp("nginx"), 443 if port_free(443) else None) as proxy:
        yield proxy


def test_plain_http_redirects_to_https(proxy):
    answer = httpx.get(proxy["http"] + "/news", follow_redirects=False)
    assert answer.status_code == 301
    assert answer.headers["location"].startswith("https://") and answer.headers["location"].endswith("/news")


def test_api_and_pages_through_tls(proxy):
    api = httpx.get(proxy["https"] + "/api/v1/public/statistics", verify=False)
    assert api.status_code == 200 and "speakers" in api.json()["data"]
    home = httpx.get(proxy["https"] + "/", verify=False)
    assert home.status_code == 200 and "frame-ancestors 'none'" in home.headers["content-security-policy"]


def test_metrics_are_not_served_to_the_outside(proxy):
    assert httpx.get(proxy["https"] + "/metrics", verify=False).status_code == 404


def test_the_site_hydrates_over_the_proxied_websocket(proxy, browser):
    if not proxy["standard_port"]:
        pytest.skip("port 443 is taken on this machine")
    context = browser.new_context(base_url=proxy["https"], ignore_https_errors=True, locale="en-US")
    page = context.new_page()
    page.goto("/about")
    wait_ready(page)  # language detected by the server: the websocket works through nginx
    expect(page.get_by_role("banner")).to_be_visible()
    # The page and its files came over one HTTP/2 connection (the websocket beside it).
    protocols = page.evaluate("""() => [...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource')].map(e => e.nextHopProtocol)""")
    assert protocols[0] == "h2" and set(protocols) - {""} == {"h2"}, protocols
    context.close()


def test_the_build_is_readable_by_the_proxys_user(proxy):
    """Issue 40: the build made by the server's process is readable by nginx's workers
    (www-data), whatever the umask the app runs with."""
    assert unreadable_by_workers(ROOT / ".web" / "build" / "client") == [], WORKER_USER


def _served_from_disk(access_log, path: str) -> list[str]:
    """The access log's lines for ``path``: ``$upstream_addr $status "$request"``, where
    ``-`` means nginx answered without passing the request to a node."""
    return [line for line in access_log.read_text().splitlines() if f" {path} " in line]


def test_the_built_client_comes_from_disk_with_the_apps_headers(proxy, site):
    """nginx answers for the built files itself (its access log names no node for them, and
    its own ETag form), precompressed, with the headers the app sends for the same file;
    pages stay with the app."""
    home = httpx.get(site.url + "/").text
    script = re.search(r'"(/assets/entry\.client-[^"]+\.js)"', home).group(1)
    for encoding in ("br", "gzip"):
        direct = httpx.get(site.url + script, headers={"Accept-Encoding": encoding})
        proxied = httpx.get(proxy["https"] + script, verify=False, headers={"Accept-Encoding": encoding})
        assert proxied.status_code == 200 and proxied.headers["content-encoding"] == encoding
        assert proxied.content == direct.content
        assert re.fullmatch(r'"[0-9a-f]+-[0-9a-f]+"', proxied.headers["etag"])  # nginx's, from disk
        for name in ("cache-control", "x-content-type-options", "x-frame-options", "referrer-policy",
                     "permissions-policy", "cross-origin-opener-policy", "content-security-policy"):
            assert proxied.headers[name] == direct.headers[name], name
    assert "immutable" in proxied.headers["cache-control"]
    # The stylesheet (rewritten by the build's purge after Vite named it) is revalidated by
    # both, and answered 304 when the browser holds it already.
    sheet = re.search(r'"(/assets/[^"]+\.css)"', home).group(1)
    for base, options in ((site.url, {}), (proxy["https"], {"verify": False})):
        first = httpx.get(base + sheet, **options)
        assert first.status_code == 200 and first.headers["cache-control"] == "no-cache", base
        again = httpx.get(base + sheet, headers={"If-None-Match": first.headers["etag"]}, **options)
        assert again.status_code == 304, base
    icon = httpx.get(proxy["https"] + "/favicon.ico", verify=False)
    assert icon.status_code == 200 and icon.headers["cache-control"] == "no-cache"
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert httpx.get(site.url + "/favicon.ico").content == icon.content  # and the app has it too
    page = httpx.get(proxy["https"] + "/about", verify=False)
    assert page.status_code == 200 and "sha256-" in page.headers["content-security-policy"]  # the app's
    for path in (script, "/favicon.ico"):  # from disk: no node named, 200 each time
        lines = _served_from_disk(proxy["access_log"], path)
        assert lines and all(line.startswith('- 200 "GET ') for line in lines), lines
    about = _served_from_disk(proxy["access_log"], "/about")
    assert about and all(line.startswith(site.url.removeprefix("http://")) for line in about), about
