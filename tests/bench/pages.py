"""Benchmark section 'pages' (see tests/bench/__main__.py).

Lighthouse (npm, installed once by `make bench` into .make/node_modules) with its default
mobile preset (simulated slow 4G, 4x CPU slowdown) against the production build, for the
public pages: performance score, Largest Contentful Paint, accessibility, best practices,
SEO and KiB transferred on a first load. Then the size of the JavaScript chunk every page
loads besides the framework (the frame), and the same Lighthouse figures for an empty
Reflex page (a scratch Reflex app built once under /tmp) as the floor to compare with.

Figures to compare in one run, not a pass/fail test: the machine may be busy. Each page is
measured ``BENCH_RUNS`` times (default 3) and the median run (by performance) is shown,
with what Lighthouse names as its Largest Contentful Paint element, the Cumulative Layout
Shift and the Total Blocking Time. ``BENCH_PAGES`` (labels, comma-separated: ``/jobs,news
item``) measures some pages only; ``BENCH_REPORTS`` (a folder) keeps each run's JSON report.
Nothing leaves the machine: Lighthouse talks to 127.0.0.1 only.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import httpx

from tests.prodserver import ROOT, free_port, production_server

LIGHTHOUSE = ROOT / ".make" / "node_modules" / ".bin" / "lighthouse"
CHROME = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
ONLY = [label for label in os.environ.get("BENCH_PAGES", "").split(",") if label]
REPORTS = Path(os.environ["BENCH_REPORTS"]) if os.environ.get("BENCH_REPORTS") else None
EMPTY_APP = Path(tempfile.gettempdir()) / "uzdev-bench-empty-reflex"


def _lcp_element(audits: dict) -> str:
    """The LCP element as Lighthouse names it (its selector and a snippet of its HTML)."""
    for item in (audits.get("largest-contentful-paint-element", {}).get("details") or {}).get("items", []):
        for node in item.get("items", [item]):
            node = node.get("node", node)
            if node.get("type") == "node":
                return f"{node.get('nodeLabel', '')!r} {node.get('snippet', '')[:120]}"
    # An image: Lighthouse 12 names no element, but says whether its request is in the HTML.
    for item in (audits.get("lcp-discovery-insight", {}).get("details") or {}).get("items", []):
        checks = item.get("items") or {}
        if "requestDiscoverable" in checks:
            return ("an image, in the prerendered HTML" if checks["requestDiscoverable"]["value"]
                    else "an image, not in the prerendered HTML")
    return "?"


def lighthouse(url: str, label: str = "") -> dict:
    """One Lighthouse run: the figures of the table."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
                   f"--chrome-flags={CHROME_FLAGS}", f"--only-categories={','.join(CATEGORIES)}"]
        for attempt in range(3):  # Chromium now and then fails to start or to connect
            done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROME},
                                  timeout=300, capture_output=True, text=True)
            if done.returncode == 0:
                break
            print(f"  (Lighthouse failed on {label or url}, attempt {attempt + 1}: "
                  f"{(done.stderr or done.stdout).strip().splitlines()[-1:]})", flush=True)
        else:
            raise RuntimeError(f"Lighthouse failed three times on {url}")
        report = json.loads(out.read_text())
        if REPORTS:
            REPORTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^a-z0-9]+", "-", (label or url).lower()).strip("-") or "home"
            shutil.copy(out, REPORTS / f"{name}-{len(list(REPORTS.glob(name + '-*.json')))}.json")
    audits, cats = report["audits"], report["categories"]
    return {
        **{name: cats[name]["score"] for name in CATEGORIES},
        "lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "kib": audits["total-byte-weight"]["numericValue"] / 1024,
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "lcp_element": _lcp_element(audits),
    }


def median_run(url: str, label: str = "") -> dict:
    runs = sorted((lighthouse(url, label) for _ in range(RUNS)), key=lambda r: r["performance"] or 0)
    return runs[len(runs) // 2]


def sample_addresses(base: str) -> dict[str, str]:
    """The pages of the issue; a news item, an event's details and a job post from the
    public API."""
    news = httpx.get(f"{base}/api/v1/public/news", params={"size": 1}).json()["data"]["content"]
    meetups = httpx.get(f"{base}/api/v1/public/meetups", params={"size": 1}).json()["data"]["content"]
    jobs = httpx.get(f"{base}/api/v1/public/job-posts", params={"size": 1}).json()["data"]["content"]
    pages = {"/": "/", "/news": "/news", "/events": "/events", "/jobs": "/jobs", "/about": "/about"}
    if news:
        pages["news item"] = f"/news/{news[0]['id']}"
    if meetups:
        pages["event details"] = f"/events/upcoming/details/{meetups[0]['id']}"
    if jobs:
        pages["job post"] = f"/jobs/{jobs[0]['id']}"
    return pages


def shared_chunk(web_dir: Path = ROOT / ".web") -> tuple[str, int, int]:
    """The biggest JavaScript file the home page and /about both load besides the route
    modules: (name, bytes, gzip bytes as served)."""
    client = web_dir / "build" / "client"

    def preloaded(html: Path) -> set[str]:
        # Module preloads: links in the head, or the list the deferred hydration script
        # adds after the first paint (community_app/reflex_ext/first_paint_build.py).
        return set(re.findall(r'"/assets/([^"]+\.js)"', html.read_text()))

    common = preloaded(client / "index.html") & preloaded(client / "about" / "index.html")
    common = {name for name in common if not name.startswith(("_index-", "_about_"))}
    biggest = max(common, key=lambda n: (client / "assets" / n).stat().st_size)
    path = client / "assets" / biggest
    gz = path.with_name(path.name + ".gz")
    return biggest, path.stat().st_size, gz.stat().st_size if gz.exists() else 0


def _row(name: str, r: dict) -> str:
    return (f"{name:<16} {r['performance']:>5.2f} {r['lcp_s']:>6.2f} {r['accessibility']:>5.2f} "
            f"{r['best-practices']:>5.2f} {r['seo']:>5.2f} {r['kib']:>7.0f}"
            f"\n{'':<16} CLS {r['cls']:.3f}, TBT {r['tbt_ms']:.0f} ms, LCP element {r['lcp_element']}")


HEADER = f"{'page':<16} {'perf':>5} {'LCP s':>6} {'a11y':>5} {'bp':>5} {'seo':>5} {'KiB':>7}"


def empty_reflex_page() -> dict | None:
    """Lighthouse for an empty page of a scratch Reflex app (built once under /tmp)."""
    app_dir = EMPTY_APP / "emptyapp"
    app_dir.mkdir(parents=True, exist_ok=True)
    (EMPTY_APP / "rxconfig.py").write_text(
        "import os\nimport reflex as rx\n"
        "port = int(os.environ['PORT'])\n"
        "config = rx.Config(app_name='emptyapp', telemetry_enabled=False, frontend_port=port,\n"
        "                   backend_port=port, show_built_with_reflex=False,\n"
        "                   plugins=[rx.plugins.RadixThemesPlugin()],\n"
        "                   disable_plugins=['reflex.plugins.sitemap.SitemapPlugin'])\n"
    )
    (app_dir / "__init__.py").write_text("")
    (app_dir / "emptyapp.py").write_text(
        "import reflex as rx\n\n"
        "def index():\n    return rx.box(rx.heading('Empty page'), rx.text('Nothing here.'))\n\n"
        "app = rx.App()\napp.add_page(index, route='/', title='Empty')\n"
    )
    env = {**os.environ, "PORT": str(free_port()), "REFLEX_USE_SYSTEM_BUN": "1"}
    for key in [k for k in env if k.startswith("COMMUNITY_")]:
        del env[key]
    try:
        with production_server(env, ROOT / "tests" / "output" / "bench-empty-app.log",
                               loglevel="warning", cwd=EMPTY_APP) as url:
            return median_run(url + "/", "empty reflex")
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        print(f"(empty Reflex page not measured: {exc})")
        return None


def run(server) -> None:
    if not LIGHTHOUSE.exists():
        print(f"lighthouse missing at {LIGHTHOUSE}: run `make bench`")
        return
    name, size, gz = shared_chunk(Path(server.env.get("REFLEX_WEB_WORKDIR") or ROOT / ".web"))
    print(f"chunk shared by every page: {name}  {size / 1024:.0f} KiB ({gz / 1024:.0f} KiB gzip)")
    print(f"Lighthouse {RUNS}x per page, median by performance (mobile preset)")
    print(HEADER)
    for label, path in sample_addresses(server.url).items():
        if ONLY and label not in ONLY:
            continue
        print(_row(label, median_run(server.url + path, label)), flush=True)
    stock = server.env.get("COMMUNITY_REFLEX_EXTENSIONS") == "off"  # the floor once per run
    if (not ONLY or "empty Reflex" in ONLY) and not stock and (
            shutil.which("bun") or os.environ.get("REFLEX_USE_SYSTEM_BUN")):
        empty = empty_reflex_page()
        if empty:
            print(_row("empty Reflex", empty))
