"""Two app nodes behind nginx round-robin (issue 25): separate folders and var/ folders,
one PostgreSQL, one Redis, one object store (moto's S3 server on 127.0.0.1), the
repository's deploy/nginx.conf in front.

Node A serves the client built once in its folder (`make build`'s command, then
``COMMUNITY_PREBUILT=1 reflex run --env prod --backend-only``); node B builds the same
commit itself in another folder (``reflex run --env prod``); nginx serves A's build. So
every page B sends names assets of B's build that nginx and A must have: the two builds
must be identical (and are compared file by file).

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

from tests.e2e.conftest import Site, _empty_database, offline, wait_ready
from tests.nginx_proxy import available, nginx_proxy
from tests.object_store import new_bucket, start_s3_server
from tests.prodserver import ROOT, cli, free_port, production_server

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
    a: Site
    b: Site
    proxy: dict
    folders: tuple[Path, Path]
    var_dirs: tuple[Path, Path]
    bucket: object


def _copy_source(folder: Path) -> None:
    """This commit's files (tracked, and new ones not ignored) in another folder; the
    frontend packages of this checkout's build are reused when there (hard links)."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not name.startswith(".web/"):
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    packages = ROOT / ".web" / "node_modules"
    if packages.is_dir():
        (folder / ".web").mkdir(parents=True, exist_ok=True)
        subprocess.run(["cp", "-al", str(packages), str(folder / ".web" / "node_modules")], check=True)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not available():
        pytest.skip("nginx is not installed (make test installs it)")
    work = tmp_path_factory.mktemp("two-nodes")
    s3, endpoint = start_s3_server()
    store = new_bucket(endpoint)
    folders = (work / "node-a", work / "node-b")
    var_dirs = (work / "var-a", work / "var-b")
    for folder in folders:
        _copy_source(folder)
    https_port, ports = free_port(), (free_port(), free_port())
    _empty_database(POSTGRES_URL)
    shared = {
        **os.environ,
        "COMMUNITY_DATABASE_URL": POSTGRES_URL,
        "REFLEX_REDIS_URL": REDIS_URL,
        "COMMUNITY_SECRET_KEY": secrets.token_urlsafe(48),  # one secret: tokens work on both
        "COMMUNITY_STORAGE_URL": store.url,
        "COMMUNITY_CORS_ORIGINS": f"https://127.0.0.1:{https_port}",
        "COMMUNITY_TRUSTED_PROXY_HOPS": "1",
        "COMMUNITY_WORKERS": "1",
        "REFLEX_USE_SYSTEM_BUN": "1",
        "COMMUNITY_LIMIT_CODE_SENDS_ADDRESS": "10000/hour",
        "COMMUNITY_LIMIT_CODE_SENDS_ACCOUNT": "10000/hour",
        "COMMUNITY_LIMIT_LOGIN_FAILURES_ADDRESS": "10000/hour",
    }
    shared.pop("COMMUNITY_PREBUILT", None)
    # Node A builds the exports (its scheduler runs every second), B never does: an export
    # downloaded through B was built on A.
    env_a = {**shared, "PORT": str(ports[0]), "COMMUNITY_VAR_DIR": str(var_dirs[0]),
             "COMMUNITY_SCHEDULER_INTERVAL": "1", "COMMUNITY_PREBUILT": "1"}
    env_b = {**shared, "PORT": str(ports[1]), "COMMUNITY_VAR_DIR": str(var_dirs[1]),
             "COMMUNITY_SCHEDULER_INTERVAL": "0"}
    cli(env_a, "demo")  # migrate once, then the demo content
    started = time.monotonic()
    subprocess.run([str(Path(sys.executable).parent / "reflex"), "export", "--frontend-only", "--no-zip",
                    "--loglevel", "warning"], cwd=folders[0], env=env_a, check=True,
                   stdout=subprocess.DEVNULL)
    print(f"\nnode A's build: {time.monotonic() - started:.0f} s")
    with production_server(env_a, work / "node-a.log", cwd=folders[0], args=("--backend-only",)) as url_a, \
            production_server(env_b, work / "node-b.log", cwd=folders[1]) as url_b, \
            nginx_proxy([f"127.0.0.1:{ports[0]}", f"127.0.0.1:{ports[1]}"],
                        folders[0] / ".web" / "build" / "client", work / "nginx", https_port) as proxy:
        print(f"two nodes and the proxy up after {time.monotonic() - started:.0f} s")
        yield Cluster(Site(url_a, env_a, None), Site(url_b, env_b, None), proxy, folders, var_dirs, store)
    s3.stop()


def test_the_two_builds_in_two_folders_are_identical(cluster):
    a, b = (folder / ".web" / "build" / "client" for folder in cluster.folders)
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
    tokens = cluster.a.api_sign_in(ORGANIZER, PASSWORD)  # the code is emailed by node A
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
    tokens = cluster.b.api_sign_in(MEMBER, PASSWORD)
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
    """With the object store, a node's var/ holds the development mail outbox (production
    sends by SMTP) and the migration lock; uploads, exports and pictures are in the bucket."""
    for var in cluster.var_dirs:
        written = [p.relative_to(var).as_posix() for p in var.rglob("*") if p.is_file()]
        assert [name for name in written
                if not name.startswith("outbox/") and name != "migrate.lock"] == [], var
    keys = cluster.bucket.keys()
    assert any(k.startswith("images/") for k in keys) or any(k.startswith("uploads/") for k in keys)
