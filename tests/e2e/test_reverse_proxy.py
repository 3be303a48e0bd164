"""The README's nginx configuration, run for real in front of the test server: TLS, the
plain-HTTP redirect, pages, the API and the websocket all pass through it, and /metrics
stays on the machine."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_ready
from tests.prodserver import ROOT, free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def readme_nginx_config() -> str:
    text = (ROOT / "README.md").read_text()
    return re.search(r"```nginx\n(.*?)```", text, re.S).group(1)


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as nginx binds
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.fixture(scope="module")
def proxy(site, tmp_path_factory):
    if not shutil.which("nginx") and not shutil.os.path.exists(NGINX):
        pytest.skip("nginx is not installed (make test installs it)")
    work = tmp_path_factory.mktemp("nginx")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(work / "key.pem"), "-out", str(work / "cert.pem")],
        check=True, capture_output=True,
    )
    # The built site reaches its websocket at the page's own host on the standard HTTPS port
    # (Reflex's same-domain rule), as in production: the proxy takes 443 when it is free.
    http_port, https_port = free_port(), (443 if _port_free(443) else free_port())
    site_port = site.url.rsplit(":", 1)[1]
    config = (
        readme_nginx_config()
        .replace("server 127.0.0.1:3000;", f"server 127.0.0.1:{site_port};")
        .replace("listen 80;", f"listen 127.0.0.1:{http_port};")
        .replace("listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;")
        .replace("/etc/letsencrypt/live/uzdev.kr/fullchain.pem", str(work / "cert.pem"))
        .replace("/etc/letsencrypt/live/uzdev.kr/privkey.pem", str(work / "key.pem"))
    )
    (work / "nginx.conf").write_text(
        f"user root;\nworker_processes 1;\npid {work}/nginx.pid;\nerror_log {work}/error.log;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n access_log off;\n client_body_temp_path {work}/body;\n proxy_temp_path {work}/proxy;\n"
        f" fastcgi_temp_path {work}/fcgi;\n uwsgi_temp_path {work}/uwsgi;\n scgi_temp_path {work}/scgi;\n"
        f"{config}\n}}\n"
    )
    proc = subprocess.Popen([NGINX, "-p", str(work), "-c", str(work / "nginx.conf"), "-g", "daemon off;"])
    deadline = time.monotonic() + 20
    while True:
        try:
            httpx.get(f"https://127.0.0.1:{https_port}/ping", verify=False, timeout=2)
            break
        except httpx.HTTPError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError((work / "error.log").read_text())
            time.sleep(0.3)  # polling the starting proxy (deadline above), not a fixed wait
    yield {"http": f"http://127.0.0.1:{http_port}", "https": f"https://127.0.0.1:{https_port}",
           "standard_port": https_port == 443}
    proc.terminate()
    proc.wait(timeout=10)


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
    context.close()
