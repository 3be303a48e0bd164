"""Section ``visit``: the real first visit (issue 25). A first-time visitor's load of ``/``
is one HTML page, every file the page makes the browser fetch, then the websocket and the
page's first event; a meetup opening brings a thousand of them within seconds.

1. **Recorded once with Chromium**: Debian's Chromium (Playwright) opens ``/`` with an
   empty cache and waits until the network is idle; every same-origin request it made
   except the page and the websocket is the list (scripts, styles, fonts, pictures...).
   Printed: how many files and their bytes as sent (brotli where the browser asks for it).
2. **N first-time visitors** (``VISIT_VISITORS``, default 1,000) arrive evenly over
   ``VISIT_ARRIVAL_S`` seconds (default 10: a meetup opening announced in a chat). Each is a
   browser without a cache: 6 connections to the app's own port (HTTP/1.1, as Chromium), one
   TLS connection to the proxy (which offers HTTP/2: Chromium then opens one); it fetches the HTML, then every recorded file (6 at a time), then
   opens the websocket (socket.io, as Reflex's state.js) and sends the page's first event
   (``hydrate_and_load``, tests/bench/load.py) until the page's data has arrived. Each
   phase is timed from the visitor's arrival: **HTML**, **assets** (all files), **hydrate**
   (websocket connected + first event answered), and the **total**.
3. The same visitors against **the app alone** (its own port: Python serves every file) and
   **behind the proxy** (nginx with deploy/nginx.conf, as tests/nginx_proxy.py runs it, one
   worker per core: it serves the files from disk, the app the HTML and the websocket).

The visitors run in ``VISIT_PROCESSES`` client processes (default 2) on the same machine as
the servers: their CPU is part of what the figures measure (printed: the client's CPU).

Settings: ``VISIT_VISITORS``, ``VISIT_ARRIVAL_S``, ``VISIT_PROCESSES``, ``VISIT_TARGETS``
(``app,proxy``), ``VISIT_CONNECTIONS`` (6, to the app), ``VISIT_PROXY_CONNECTIONS`` (1).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from tests.bench.load import PAGE_STATES, Session, _percentile, initial_state_hashes
from tests.prodserver import ROOT

CHROME = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# Chromium's connections per host: 6 over HTTP/1.1 (the app's own port); one over HTTP/2,
# which deploy/nginx.conf offers (`listen 443 ssl http2`). This client speaks HTTP/1.1, so
# behind the proxy it uses one keep-alive connection, one request at a time: no faster
# than the browser's one multiplexed HTTP/2 connection (the same single TLS handshake).
APP_CONNECTIONS = int(os.environ.get("VISIT_CONNECTIONS", "6"))
PROXY_CONNECTIONS = int(os.environ.get("VISIT_PROXY_CONNECTIONS", "1"))
# What Chromium sends: the proxy and the app answer with the brotli copy.
HEADERS = {"Accept-Encoding": "gzip, deflate, br, zstd",
           "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) uzdev-bench first visit"}
PHASES = ("html", "assets", "hydrate", "total")


def client_dir(env: dict) -> Path:
    """The built client the server in ``env`` serves (the off build has a folder of its own)."""
    web = env.get("REFLEX_WEB_WORKDIR")
    return (Path(web) if web else ROOT / ".web") / "build" / "client"


def record_first_visit(base: str) -> list[dict]:
    """Every same-origin file Chromium fetches for a first visit of ``/`` (the page itself
    and the websocket left out), in the order it asked for them."""
    from playwright.sync_api import sync_playwright

    origin = urlsplit(base).netloc
    seen: list[dict] = []
    failed: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROME)
        try:
            page = browser.new_context().new_page()

            def finished(request) -> None:
                url = urlsplit(request.url)
                response = request.response()
                if url.netloc == origin and request.resource_type not in ("document", "websocket"):
                    seen.append({"path": url.path + (f"?{url.query}" if url.query else ""),
                                 "type": request.resource_type,
                                 "bytes": request.sizes()["responseBodySize"],
                                 "status": response.status if response else 0})

            page.on("requestfinished", finished)
            page.on("requestfailed", lambda r: failed.append(r.url))
            page.goto(base + "/", wait_until="networkidle")
        finally:
            browser.close()
    if failed:
        raise RuntimeError(f"Chromium's first visit had failed requests: {failed}")
    first: dict[str, dict] = {}
    for request in seen:  # a file asked for again (the page loaded twice) counts once
        first.setdefault(request["path"], request)
    if len(first) < len(seen):
        print(f"  Chromium asked for {len(seen) - len(first)} files twice (a second load of "
              "the page, revalidated from its cache): counted once")
    return list(first.values())


# ------------------------------------------------------------------------- the visitors


async def _visit(base: str, files: list[str], hashes: list[str], start_at: float,
                 connections: int) -> dict:
    import aiohttp

    await asyncio.sleep(max(0.0, start_at - time.perf_counter()))  # this visitor's arrival
    arrived = time.perf_counter()
    result = {"errors": 0, "failed": ""}
    connector = aiohttp.TCPConnector(limit=connections, ssl=False)
    timeout = aiohttp.ClientTimeout(total=600)
    # Bodies are read as sent (brotli): a browser's decoding is its own CPU, not the server's.
    async with aiohttp.ClientSession(base, connector=connector, timeout=timeout,
                                     headers=HEADERS, auto_decompress=False) as http:

        async def fetch(path: str) -> None:
            try:
                async with http.get(path) as response:
                    await response.read()
                    if response.status != 200:
                        result["errors"] += 1
                        result["failed"] = f"{response.status} {path}"
            except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
                result["errors"] += 1
                result["failed"] = f"{type(exc).__name__} {path}"

        await fetch("/")
        result["html"] = time.perf_counter() - arrived
        await asyncio.gather(*(fetch(path) for path in files))
        result["assets"] = time.perf_counter() - arrived
    session = Session(base, "/", PAGE_STATES["home"], hashes, ssl_verify=False)
    try:
        await session.connect()
        await session.load()
        result["hydrate"] = time.perf_counter() - arrived
    except Exception as exc:  # noqa: BLE001 - counted and printed, the burst goes on
        result["errors"] += 1
        result["failed"] = f"websocket: {type(exc).__name__} {exc}"
    finally:
        await session.close()
    result["total"] = time.perf_counter() - arrived
    return result


async def _visitors(base: str, files: list[str], hashes: list[str], arrivals: list[float],
                    connections: int) -> list[dict]:
    now = time.perf_counter()
    return await asyncio.gather(*(_visit(base, files, hashes, now + a, connections)
                                  for a in arrivals))


def _client_process(base: str, files: list[str], hashes: list[str], arrivals: list[float],
                    start_wall: float, connections: int, out) -> None:
    """One client process: its share of the visitors, arriving at their times."""
    time.sleep(max(0.0, start_wall - time.time()))  # every process starts the burst together
    results = asyncio.run(_visitors(base, files, hashes, arrivals, connections))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.send((results, usage.ru_utime + usage.ru_stime))
    out.close()


def burst(base: str, files: list[str], hashes: list[str], n: int, arrival_s: float,
          processes: int, connections: int) -> dict:
    arrivals = [arrival_s * i / max(1, n - 1) for i in range(n)] if n > 1 else [0.0]
    context = multiprocessing.get_context("spawn")
    start_wall = time.time() + 3.0  # the processes are started and import before it
    pipes, workers = [], []
    for k in range(processes):
        receive, send = context.Pipe(duplex=False)
        worker = context.Process(target=_client_process,
                                 args=(base, files, hashes, arrivals[k::processes], start_wall,
                                       connections, send))
        worker.start()
        pipes.append(receive)
        workers.append(worker)
    results, client_cpu = [], 0.0
    for receive, worker in zip(pipes, workers):
        got, cpu = receive.recv()
        results += got
        client_cpu += cpu
        worker.join()
    wall = time.time() - start_wall
    complete = [r for r in results if not r["errors"]]
    summary = {"n": n, "wall_s": wall, "client_cpu_s": client_cpu,
               "errors": sum(r["errors"] for r in results),
               "visitors_failed": n - len(complete),
               "failed_example": next((r["failed"] for r in results if r["failed"]), "")}
    for phase in PHASES:
        values = [r[phase] for r in complete]
        summary[phase] = (_percentile(values, 0.5), _percentile(values, 0.99))
    return summary


def _row(name: str, r: dict) -> str:
    cells = "".join(f"{r[p][0]:>7.2f}{r[p][1]:>7.2f}" for p in PHASES)
    return (f"  {name:<8}{cells}{r['visitors_failed']:>10}{r['wall_s']:>8.1f}"
            f"{r['client_cpu_s']:>9.0f}")


def run(server) -> None:
    from tests.nginx_proxy import available, nginx_proxy

    n = int(os.environ.get("VISIT_VISITORS", "1000"))
    arrival_s = float(os.environ.get("VISIT_ARRIVAL_S", "10"))
    processes = int(os.environ.get("VISIT_PROCESSES", "2"))
    targets = [t for t in os.environ.get("VISIT_TARGETS", "app,proxy").split(",") if t]
    recorded = record_first_visit(server.url)
    files = [f["path"] for f in recorded]
    kinds: dict[str, int] = {}
    for f in recorded:
        kinds[f["type"]] = kinds.get(f["type"], 0) + 1
    print(f"Chromium's first visit of /: 1 HTML + {len(files)} files "
          f"({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}; "
          f"{sum(f['bytes'] for f in recorded) / 1024:.0f} KB as sent) + the websocket")
    bad = [f for f in recorded if f["status"] != 200]
    if bad:
        print(f"  not 200 in Chromium's visit: {bad}")
    hashes = initial_state_hashes(server.url)
    print(f"{n} first-time visitors arriving over {arrival_s:.0f} s ({APP_CONNECTIONS} connections "
          f"each to the app, {PROXY_CONNECTIONS} to the proxy), {processes} client processes; "
          "seconds from each visitor's arrival")
    print(f"  {'':<8}" + "".join(f"{p:>14}" for p in PHASES) + f"{'visitors':>10}{'':>8}{'client':>9}")
    print(f"  {'target':<8}" + "".join(f"{'p50':>7}{'p99':>7}" for _ in PHASES)
          + f"{'failed':>10}{'wall s':>8}{'CPU s':>9}")
    if "app" in targets:
        print(_row("app", burst(server.url, files, hashes, n, arrival_s, processes, APP_CONNECTIONS)), flush=True)
    if "proxy" in targets:
        if not available():
            print("  proxy: nginx is not installed (make setup-test installs it)")
            return
        port = server.url.rsplit(":", 1)[1]
        with nginx_proxy([f"127.0.0.1:{port}"], client_dir(server.env),
                         Path(tempfile.mkdtemp(prefix="uzdev-bench-nginx-")), workers="auto") as proxy:
            r = burst(proxy["https"], files, hashes, n, arrival_s, processes, PROXY_CONNECTIONS)
        print(_row("proxy", r), flush=True)
        if r["failed_example"]:
            print(f"  a failure behind the proxy: {r['failed_example']}")
