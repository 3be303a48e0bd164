"""Two app nodes behind nginx round-robin (issues 25 and 40), as docs/operations.md deploys
them: the client built once in a folder of its own (the build machine, removed before the
nodes start: a node that still named one of its paths would fail), the app's files and
that build copied to each node's folder and to the proxy's root, both nodes in production
mode (``COMMUNITY_PREBUILT=1 reflex run --env prod --backend-only``) with their own var/;
one PostgreSQL, one Redis, one object store (moto's S3 server on 127.0.0.1), an SMTP server
(production sends every email), the repository's deploy/nginx.conf in front.

The same commit built a second time in another folder, for another port, gives the same
files: any build machine's build can be shipped.

Runs in a session of its own (it empties the database) with ``COMMUNITY_E2E_TWO_NODES=1``,
``COMMUNITY_TEST_POSTGRES_URL`` and ``COMMUNITY_TEST_REDIS_URL``: ``make
test-production-config`` gives all three. Skipped otherwise (so not in ``make test``'s first
session, which has the database tests of the same PostgreSQL).
"""

from __future__ import annotations

import dataclasses
import filecmp
import io
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import httpx
import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.cluster import MailServer, Node, build_once, ship
from tests.e2e.conftest import _empty_database, offline, wait_ready
from tests.nginx_proxy import available, nginx_proxy
from tests.object_store import new_bucket, start_s3_server
from tests.prodserver import free_port
from tests.waiting import wait_until

POSTGRES_URL = os.environ.get("COMMUNITY_TEST_POSTGRES_URL", "").strip()
REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()
ORGANIZER, MEMBER, PASSWORD = "organizer@uzdev.kr", "member@uzdev.kr", "Demo-pass-2026!"
PAGES = ("/", "/news", "/events", "/jobs", "/", "/about")

pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and REDIS_URL and os.environ.get("COMMUNITY_E2E_TWO_NODES") == "1"),
    reason="make test-production-config runs it (COMMUNITY_E2E_TWO_NODES=1, "
           "COMMUNITY_TEST_POSTGRES_URL, COMMUNITY_TEST_REDIS_URL)")


@pytest.fixture(autouse=True)
def _no_internet():
    """This module makes its own browser contexts (offline, on the proxy's address): it
    never starts the suite's single-node site."""


@dataclasses.dataclass
class Cluster:
    a: Node
    b: Node
    proxy: dict
    shipped: Path  # the built client as a node received it
    rebuilt: Path  # the same commit built again in another folder, for another port
    bucket: object
    mail: MailServer

    def api_sign_in(self, node: Node, address: str, password: str) -> dict:
        """A sign-in through the REST API of ``node``, the code read from the email the
        SMTP server received: its tokens."""
        before = len(self.mail.to(address))
        httpx.post(f"{node.url}/api/v1/auth/login", json={"email": address, "password": password},
                   timeout=20)
        messages = wait_until(lambda: (found := self.mail.to(address)) and len(found) > before and found,
                              what=f"a sign-in code emailed to {address}")
        code = re.search(r"\b(\d{6})\b", messages[-1].get_body(preferencelist=("plain",)).get_content())
        r = httpx.post(f"{node.url}/api/v1/auth/verify-login-otp",
                       json={"email": address, "otp": code.group(1)}, timeout=20)
        assert r.status_code == 200, r.text
        return r.json()["data"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not available():
        pytest.skip("nginx is not installed (make test installs it)")
    work = tmp_path_factory.mktemp("two-nodes")
    s3, endpoint = start_s3_server()
    store = new_bucket(endpoint)
    mail = MailServer()
    mail.start()
    https_port = free_port()
    _empty_database(POSTGRES_URL)
    env = {
        **os.environ,
        "COMMUNITY_ENV": "production",
        "COMMUNITY_DATABASE_URL": POSTGRES_URL,
        "REFLEX_REDIS_URL": REDIS_URL,
        "COMMUNITY_SECRET_KEY": secrets.token_urlsafe(48),  # one secret: tokens work on both
        "COMMUNITY_STORAGE_URL": store.url,
        "COMMUNITY_SMTP_URL": mail.url,
        "COMMUNITY_PUBLIC_URL": f"https://127.0.0.1:{https_port}",
        "COMMUNITY_TRUSTED_PROXY_HOPS": "1",
        "COMMUNITY_WORKERS": "1",
        "COMMUNITY_LIMIT_CODE_SENDS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_CODE_SENDS_ACCOUNT": "10000/hour",
        "COMMUNITY_LIMIT_LOGIN_FAILURES_ADDRESS": "10000/hour",
    }
    for name in ("COMMUNITY_PREBUILT", "COMMUNITY_VAR_DIR", "COMMUNITY_MAIL_OUTBOX"):
        env.pop(name, None)
    # The build machine: this commit, built as `make build` builds, without production secrets.
    build_env = {k: v for k, v in os.environ.items() if k != "COMMUNITY_PREBUILT"}
    started = time.monotonic()
    build_once(work / "build", build_env)
    for name in ("node-a", "node-b", "proxy"):
        ship(work / "build", work / name)
    shutil.rmtree(work / "build")
    print(f"\nthe build, shipped to two nodes and the proxy: {time.monotonic() - started:.0f} s")
    build_once(work / "build-2", {**build_env, "PORT": str(free_port())})
    print(f"the same commit built again in another folder: {time.monotonic() - started:.0f} s")
    subprocess.run([sys.executable, "-m", "community_app.ops.cli", "demo"], cwd=work / "node-a",
                   env=env, check=True, capture_output=True)  # migrate once, then the demo content
    # Node A builds the exports (its scheduler runs every second), B never does: an export
    # downloaded through B was built on A.
    a = Node("a", work / "node-a", {**env, "COMMUNITY_SCHEDULER_INTERVAL": "1"}, work / "logs")
    b = Node("b", work / "node-b", {**env, "COMMUNITY_SCHEDULER_INTERVAL": "0"}, work / "logs")
    for node in (a, b):
        node.start()
    try:
        for node in (a, b):
            node.wait_ready()
        with nginx_proxy([a.address, b.address], work / "proxy" / ".web" / "build" / "client",
                         work / "nginx", https_port) as proxy:
            print(f"two nodes and the proxy up after {time.monotonic() - started:.0f} s")
            yield Cluster(a, b, proxy, work / "node-a" / ".web" / "build" / "client",
                          work / "build-2" / ".web" / "build" / "client", store, mail)
    finally:
        for node in (a, b):
            if node.process is not None:
                node.stop()
        s3.stop()
        mail.stop()


def test_a_build_of_the_same_commit_in_another_folder_is_identical(cluster):
    a, b = cluster.shipped, cluster.rebuilt
    names_a = sorted(p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file())
    names_b = sorted(p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file())
    assert names_a == names_b and len(names_a) > 100
    _, mismatch, errors = filecmp.cmpfiles(a, b, names_a, shallow=False)
    assert mismatch == [] and errors == []


def test_first_page_loads_hydrate_with_no_failed_request(cluster, browser):
    """Round-robin: each try's HTML, scripts and websocket may each come from either node
    (or from nginx's copy of the build): every load hydrates, nothing fails."""
    origin = cluster.proxy["https"]
    for path in PAGES:
        context = offline(browser.new_context(base_url=origin, ignore_https_errors=True, locale="en-US"))
        page = context.new_page()
        failed = []
        page.on("response", lambda r: r.status >= 400 and r.url.startswith(origin)
                and failed.append(f"{r.status} {r.url}"))
        page.on("requestfailed", lambda r: r.url.startswith(origin) and failed.append(f"failed {r.url}"))
        page.on("pageerror", lambda e: failed.append(f"error {e}"))
        console = []
        page.on("console", lambda m: m.type == "error" and console.append(m.text))
        page.goto(path)
        try:
            wait_ready(page)  # hydrated: the websocket through the proxy delivered the state
        except Exception as exc:
            raise AssertionError(f"{path} did not hydrate: {failed} {console}") from exc
        expect(page.get_by_role("banner")).to_be_visible()
        context.close()
        assert failed == [], (path, failed)
    served = cluster.proxy["access_log"].read_text()
    for node in (cluster.a, cluster.b):  # both nodes answered page requests
        assert node.url.removeprefix("http://") in served


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (20, 120, 200)).save(out, format="PNG")
    return out.getvalue()


def test_sign_in_on_one_node_and_upload_on_the_other_and_load_it_anywhere(cluster):
    tokens = cluster.api_sign_in(cluster.a, ORGANIZER, PASSWORD)  # the code is emailed by node A
    headers = {"Authorization": f"Bearer {tokens['access_token']}"}
    news = httpx.get(f"{cluster.b.url}/api/v1/public/news", params={"size": 1}).json()["data"]["content"][0]
    answer = httpx.post(f"{cluster.b.url}/api/v1/admin/news/{news['id']}/image", headers=headers,
                        files={"image": ("photo.png", _png(), "image/png")}, timeout=30)
    assert answer.status_code == 200, answer.text
    url = answer.json()["data"]["imageURL"]
    images = [httpx.get(base + url, verify=False)
              for base in (cluster.a.url, cluster.b.url, cluster.proxy["https"], cluster.proxy["https"])]
    assert [r.status_code for r in images] == [200] * 4
    assert len({r.content for r in images}) == 1 and images[0].content[8:12] == b"WEBP"
    assert any(key.startswith("uploads/public/news/") for key in cluster.bucket.keys())


def test_an_export_built_on_one_node_downloads_through_the_other(cluster):
    tokens = cluster.api_sign_in(cluster.b, MEMBER, PASSWORD)
    headers = {"Authorization": f"Bearer {tokens['access_token']}"}
    me = f"{cluster.b.url}/api/v1/users/me/export"
    assert httpx.post(me, headers=headers).status_code == 202
    deadline = time.monotonic() + 60
    while (export := httpx.get(me, headers=headers).json()["data"])["status"] != "READY":
        assert export["status"] in ("PENDING", "RUNNING"), export
        if time.monotonic() > deadline:
            raise AssertionError(f"the export was not built by node A: {export}")
        time.sleep(0.5)  # polling the export's status (deadline above), not a fixed wait
    download = httpx.get(cluster.b.url + export["downloadUrl"], timeout=30)  # node B never builds
    assert download.status_code == 200
    assert zipfile.ZipFile(io.BytesIO(download.content)).read("profile.json")
    assert httpx.get(cluster.a.url + export["downloadUrl"]).status_code == 401  # spent, on every node
    assert not [k for k in cluster.bucket.keys() if k.startswith("exports/")]


def test_no_file_of_the_site_lands_in_a_nodes_var_folder(cluster):
    """With the object store and SMTP, a node's var/ holds the migration lock at most;
    uploads, exports and pictures are in the bucket, emails went to the mail server."""
    for node in (cluster.a, cluster.b):
        var = Path(node.env["COMMUNITY_VAR_DIR"])
        written = [p.relative_to(var).as_posix() for p in var.rglob("*") if p.is_file()] if var.exists() else []
        assert [name for name in written if name != "migrate.lock"] == [], var
    keys = cluster.bucket.keys()
    assert any(k.startswith("images/") for k in keys) or any(k.startswith("uploads/") for k in keys)
