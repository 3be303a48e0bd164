"""Section ``load``: a meetup opening, hundreds of members loading a page at the same moment.

N simulated browsers, each a socket.io client on ``/_event`` with a token of its own
(python-socketio's AsyncClient, as Reflex's frontend), connect in batches; then all send,
at once, the event a page sends when it opens (``hydrate_and_load`` with the page's
address and the browser's stored language, exactly the payload of Reflex's state.js
``initialEvents``). A page load counts as done when the page's data has arrived (its
state's ``loading`` is false). Printed: page-load p50/p99, ``/ping`` latency during the
burst, the server's CPU time per page load, and the server's memory (RSS of its process tree) before, at the peak and after the
sessions closed and the state expiry time passed.

Settings: ``LOAD_SESSIONS`` (default 300), ``LOAD_BATCH`` (connections per batch, 50),
``LOAD_PAGES`` (``home,register``), ``LOAD_WARMUP`` (sessions per page loaded before the
starting memory is read, 20: a worker's first pages import code and fill caches once), ``LOAD_EXPIRY_WAIT`` (seconds to wait after the
sessions close before the last memory reading; default the server's
``COMMUNITY_SESSION_EXPIRY_SECONDS`` + 15, and ``make bench`` runs the server with 60 s).

Against a running server: ``.venv/bin/python -m tests.bench.load http://127.0.0.1:3000
[pid]`` (the pid, when given, is the server's process group for the memory figures).
"""

from __future__ import annotations

import asyncio
import functools
import os
import ssl
import sys
import time
import uuid
from pathlib import Path

import httpx

ROOT_STATE = "reflex___state____state"
LANG_STATE = f"{ROOT_STATE}.community_app___state___lang____lang_state"
# The page states whose ``loading`` turning false means the page's data has arrived.
PAGE_STATES = {
    "home": f"{ROOT_STATE}.community_app___state___home____home_state",
    "register": (
        f"{ROOT_STATE}.community_app___state___auth____auth_state"
        ".community_app___state___event_register____event_register_state"
    ),
}
LOADING = "loading_rx_state_"
# Reflex's socket.io path and namespace (state.js: the backend's /_event address).
NAMESPACE = "/_event"


def initial_state_hashes(base: str) -> list[str]:
    """The state hashes the built frontend sends with its first hydrate (read from the
    page's scripts, as a browser gets them): the server then sends only what differs."""
    import re

    html = httpx.get(f"{base}/", timeout=30).text
    # The page names its scripts in tags and in the script that preloads them after the
    # first paint; the one holding the hashes may only be imported by them ("./x.js").
    queue = list(dict.fromkeys(re.findall(r"/assets/[\w.-]+\.js", html)))
    seen = set(queue)
    while queue:
        src = queue.pop(0)
        js = httpx.get(f"{base}{src}", timeout=30).text
        found = re.search(r"initialStateHashes=`([0-9a-f.]*)`", js)
        if found:
            return found.group(1).split(".") if found.group(1) else []
        for name in re.findall(r"[\"'`]\./([\w.-]+\.js)[\"'`]", js):
            if (path := f"/assets/{name}") not in seen:
                seen.add(path)
                queue.append(path)
    raise RuntimeError("the compiled state hashes were not found in the page's scripts")


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _group(pgid: int | None):
    """(stat fields, /proc entry) of every process in the server's process group."""
    if not pgid:
        return
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) == pgid:  # field 5: process group
                yield fields, entry
        except (OSError, ValueError, IndexError):
            continue


def rss_mb(pgid: int | None) -> float | None:
    """Resident memory of every process in the server's process group, in MB."""
    if not pgid:
        return None
    page = os.sysconf("SC_PAGE_SIZE")
    total = 0
    for _fields, entry in _group(pgid):
        try:
            total += int((entry / "statm").read_text().split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e6


def cpu_s(pgid: int | None) -> float | None:
    """CPU time (user + system) used so far by the server's processes, in seconds."""
    if not pgid:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(f[11]) + int(f[12]) for f, _ in _group(pgid)) / ticks


@functools.cache
def _unverified_tls() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def hydrate_event(path: str, hashes: list[str]) -> dict:
    """What state.js sends when a page opens (``initialEvents`` + ``withRouterData``) for a
    returning visitor whose language is stored: the first hydrate of the page, with the
    compiled state's hashes."""
    return {
        "name": f"{ROOT_STATE}.hydrate_and_load",
        "payload": {"vars": {f"{LANG_STATE}.lang": "en"}, "hashes": hashes},
        "router_data": {"pathname": path, "asPath": path},
    }


def page_loaded(update: dict, page_state: str) -> bool:
    """Whether a state update from the server says the page's data is in."""
    delta = (update or {}).get("delta") or {}
    return delta.get(page_state, {}).get(LOADING) is False


class Session:
    """One browser tab: a token, a socket, the time its page load finished."""

    def __init__(self, base: str, path: str, page_state: str, hashes: list[str],
                 ssl_verify: bool = True) -> None:
        import socketio

        self.base, self.path, self.page_state, self.hashes = base, path, page_state, hashes
        self.token = str(uuid.uuid4())
        # ssl_verify=False: the benchmark's proxy has a self-signed certificate. One TLS
        # context for every session (engine.io would make one per connection, loading the
        # system's CA list each time: ~1.5 MB and milliseconds of CPU per visitor).
        options = {} if ssl_verify else {"websocket_extra_options": {"ssl": _unverified_tls()}}
        self.client = socketio.AsyncClient(reconnection=False, **options)
        self.done = asyncio.Event()
        self.client.on("event", self._on_update, namespace=NAMESPACE)

    async def _on_update(self, update) -> None:
        if page_loaded(update, self.page_state):
            self.done.set()

    async def connect(self) -> None:
        await self.client.connect(
            f"{self.base}?token={self.token}",
            socketio_path="/_event",
            namespaces=[NAMESPACE],
            transports=["websocket"],
            headers={"Accept-Language": "en-US,en;q=0.9"},
            wait_timeout=60,
        )

    def hydrate_event(self) -> dict:
        return hydrate_event(self.path, self.hashes)

    async def load(self) -> float:
        self.done.clear()
        start = time.perf_counter()
        await self.client.emit("event", self.hydrate_event(), namespace=NAMESPACE)
        await asyncio.wait_for(self.done.wait(), timeout=120)
        return time.perf_counter() - start

    async def close(self) -> None:
        await self.client.disconnect()


async def _ping_during(base: str, stop: asyncio.Event, samples: list[float]) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            start = time.perf_counter()
            await http.get(f"{base}/ping")
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)  # the probe's pace: one /ping every 20 ms


async def burst(base: str, path: str, page_state: str, n: int, batch: int, pgid: int | None) -> dict:
    hashes = initial_state_hashes(base)
    sessions = [Session(base, path, page_state, hashes) for _ in range(n)]
    before = rss_mb(pgid)
    start = time.perf_counter()
    for i in range(0, n, batch):
        await asyncio.gather(*(s.connect() for s in sessions[i:i + batch]))
    connect_s = time.perf_counter() - start
    stop, pings = asyncio.Event(), []
    pinger = asyncio.create_task(_ping_during(base, stop, pings))
    await asyncio.sleep(0.3)  # the prober's first connections settle; their samples are dropped
    pings.clear()
    cpu_start = cpu_s(pgid)
    start = time.perf_counter()
    results = await asyncio.gather(*(s.load() for s in sessions), return_exceptions=True)
    wall = time.perf_counter() - start
    cpu_end = cpu_s(pgid)
    stop.set()
    await pinger
    peak = rss_mb(pgid)
    times = [r for r in results if isinstance(r, float)]
    errors = len(results) - len(times)
    await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)
    return {
        "n": n, "connect_s": connect_s, "wall_s": wall, "errors": errors,
        "p50": _percentile(times, 0.5), "p99": _percentile(times, 0.99),
        "ping_p50": _percentile(pings, 0.5), "ping_max": max(pings) if pings else float("nan"),
        "rss_before": before, "rss_peak": peak,
        # The server's CPU per page load (the /ping probe's share is negligible).
        "cpu_ms": (cpu_end - cpu_start) * 1000 / n if cpu_start is not None else None,
    }


def _register_path(base: str) -> str:
    meetups = httpx.get(f"{base}/api/v1/public/meetups", params={"type": "upcoming"}, timeout=30).json()
    first = meetups["data"]["content"][0]
    return f"/events/upcoming/register/{first['id']}"


def _mb(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f} MB"


def run_against(base: str, pgid: int | None, expiry_s: float, memory: bool = True) -> list[dict]:
    """Prints the burst's figures per page and returns them (``memory=False``: no wait for
    the sessions' expiry, for the A/B runs of single extensions)."""
    n = int(os.environ.get("LOAD_SESSIONS", "300"))
    batch = int(os.environ.get("LOAD_BATCH", "50"))
    pages = [p for p in os.environ.get("LOAD_PAGES", "home,register").split(",") if p]
    wait = float(os.environ.get("LOAD_EXPIRY_WAIT") or expiry_s + 15)
    warm = int(os.environ.get("LOAD_WARMUP", "20"))
    paths = {name: "/" if name == "home" else _register_path(base) for name in pages}
    if warm:
        # A worker's first pages import code and fill its caches once: memory the sessions
        # do not hold. Read the starting memory after that (20 sessions: under 1 % of it).
        print(f"warm-up: {warm} sessions per page")
        for name in pages:
            asyncio.run(burst(base, paths[name], PAGE_STATES[name], warm, batch, None))
    start_rss = rss_mb(pgid)
    print(f"{n} sessions, connected {batch} at a time, then all loading the page at once")
    print(f"server memory at start: {_mb(start_rss)}")
    print(f"{'page':<10}{'p50 s':>8}{'p99 s':>8}{'wall s':>8}{'errors':>8}"
          f"{'/ping p50 ms':>14}{'/ping max ms':>14}{'CPU ms/load':>13}{'RSS before':>12}{'RSS peak':>10}")
    rows = []
    for name in pages:
        r = asyncio.run(burst(base, paths[name], PAGE_STATES[name], n, batch, pgid))
        rows.append({"page": name, **r})
        print(f"{name:<10}{r['p50']:>8.2f}{r['p99']:>8.2f}{r['wall_s']:>8.2f}{r['errors']:>8}"
              f"{r['ping_p50'] * 1000:>14.0f}{r['ping_max'] * 1000:>14.0f}"
              f"{'n/a' if r['cpu_ms'] is None else format(r['cpu_ms'], '.1f'):>13}"
              f"{_mb(r['rss_before']):>12}{_mb(r['rss_peak']):>10}", flush=True)
    if pgid and memory:
        print(f"sessions closed; waiting {wait:.0f} s (state expiry) ...", flush=True)
        time.sleep(wait)  # the sessions' state expiry: the memory after it is the figure
        after = rss_mb(pgid)
        change = (after - start_rss) / start_rss * 100 if after and start_rss else float("nan")
        print(f"server memory after expiry: {_mb(after)} ({change:+.0f} % from the start)")
    return rows


def run(server) -> list[dict]:
    from tests.prodserver import server_pgid

    expiry = float(server.env.get("COMMUNITY_SESSION_EXPIRY_SECONDS") or 600)
    # A run with single extensions left out (tests/bench/ab.py) is for the A/B table only.
    memory = not server.env.get("COMMUNITY_REFLEX_EXTENSIONS_SKIP")
    return run_against(server.url, server_pgid(server.url), expiry, memory)


if __name__ == "__main__":
    base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:3000"
    pid = int(sys.argv[2]) if len(sys.argv) > 2 else None
    run_against(base_url.rstrip("/"), pid, float(os.environ.get("COMMUNITY_SESSION_EXPIRY_SECONDS") or 600))
