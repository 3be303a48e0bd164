"""Section ``visit``: the real first visit (issue 25). A first-time visitor's load of ``/``
is one HTML page, every file the page makes the browser fetch, then the websocket and the
page's first event; a meetup opening brings a thousand of them within seconds.

1. **Recorded once with Chromium**: Debian's Chromium (Playwright) opens ``/`` with an
   empty cache and waits until the network is idle; every same-origin request it made
   except the page and the websocket is the list (scripts, styles, fonts, pictures...).
   Printed: how many files and their bytes as sent (brotli where the browser asks for it).
2. **N first-time visitors** (``VISIT_VISITORS``, default 1,000) arrive evenly over
   ``VISIT_ARRIVAL_S`` seconds (default 10: a meetup opening announced in a chat). Each is a
   browser without a cache, connecting as Chromium does: to the app's own port (HTTP/1.1)
   6 connections, each asking for the next file when its last one came; to the proxy
   (which offers HTTP/2) one TLS connection with every file asked for at once (HTTP/1.1
   pipelining here: the answers in order, as one HTTP/2 connection's). It fetches the
   HTML, then every recorded file, then opens the websocket (socket.io on engine.io, as
   Reflex's state.js) and sends the page's first event (``hydrate_and_load``,
   tests/bench/load.py) until the page's data has arrived. Each phase is timed from the
   visitor's arrival: **HTML**, **assets** (all files), **hydrate** (websocket connected
   + first event answered), and the **total**. The client is written by hand on asyncio
   streams (HTTP and the websocket's frames): it shares the machine with the servers, and
   an HTTP library's CPU per request (aiohttp, python-socketio: 21 CPU-seconds for the
   1,000 visitors against the proxy, as much as the servers) was most of what it measured.
3. The same visitors against **the app alone** (its own port: Python serves every file) and
   **behind the proxy** (nginx with deploy/nginx.conf, as tests/nginx_proxy.py runs it, one
   worker per core: it serves the files from disk, the app the HTML and the websocket).

The visitors run in ``VISIT_PROCESSES`` client processes (default 2) on the same machine as
the servers: printed beside the figures, the CPU time of the clients and of the servers
(the app's processes; behind the proxy, nginx's as well) during the burst.

Settings: ``VISIT_VISITORS``, ``VISIT_ARRIVAL_S``, ``VISIT_PROCESSES``, ``VISIT_TARGETS``
(``app,proxy``), ``VISIT_CONNECTIONS`` (6, to the app), ``VISIT_PROXY_CONNECTIONS`` (1).
"""

from __future__ import annotations

import asyncio
import base64
import collections
import json
import multiprocessing
import os
import resource
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from tests.bench.load import (
    NAMESPACE, PAGE_STATES, _percentile, _unverified_tls, hydrate_event, initial_state_hashes,
    page_loaded,
)
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


class _Connection:
    """One keep-alive HTTP/1.1 connection of a visitor, as lean as a Python client gets
    (asyncio streams, the status line and the body's length read by hand): the client's
    CPU per request is a fraction of an HTTP library's, and it shares the machine with the
    servers it measures. Bodies are read as sent (brotli): a browser's decoding is its own
    CPU, not the server's."""

    def __init__(self, base: str) -> None:
        url = urlsplit(base)
        self.host, self.port = url.hostname, url.port or (443 if url.scheme == "https" else 80)
        self.tls = _unverified_tls() if url.scheme == "https" else None
        self.head = "".join(f"{k}: {v}\r\n" for k, v in {**HEADERS, "Host": url.netloc}.items())
        self.reader = self.writer = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port, ssl=self.tls)

    def _request(self, path: str) -> bytes:
        return f"GET {path} HTTP/1.1\r\n{self.head}\r\n".encode()

    async def _response(self) -> int:
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        lower = head.lower()
        at = lower.find(b"\r\ncontent-length:")
        if at >= 0:
            await self.reader.readexactly(int(lower[at + 17:lower.index(b"\r\n", at + 2)]))
        elif b"\r\ntransfer-encoding: chunked" in lower:
            while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
                await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        return status

    async def get(self, paths: list[str], pipelined: bool) -> list[tuple[str, int]]:
        """Each path's status, one after the other (``pipelined``: every request sent at
        once, the answers read in order, as HTTP/2 lets a browser ask for them all)."""
        if self.reader is None:
            await self.open()
        got = []
        if pipelined:
            self.writer.write(b"".join(self._request(p) for p in paths))
            for path in paths:
                got.append((path, await self._response()))
            return got
        for path in paths:
            self.writer.write(self._request(path))
            got.append((path, await self._response()))
        return got

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class _PageSocket(_Connection):
    """The page's websocket as Reflex's state.js opens it (socket.io on engine.io 4 at
    ``/_event``), written by hand like ``_Connection``: the upgrade, socket.io's connect to
    the ``/_event`` namespace with the page's first event in it, read until the page's data
    is in. Frames are unmasked from the server and masked (with a zero key, which the protocol
    allows) from the client; no compression is offered."""

    async def load(self, path: str, hashes: list[str]) -> None:
        await self.open()
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write((
            f"GET /_event/?token={uuid.uuid4()}&EIO=4&transport=websocket HTTP/1.1\r\n"
            f"{self.head}Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            "Accept-Language: en-US,en;q=0.9\r\n\r\n").encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        if head[9:12] != b"101":
            raise ConnectionError(f"websocket upgrade answered {head[9:12].decode()}")
        await self._expect(b"0")  # engine.io's open packet
        # socket.io's connect to the namespace, the page's first event in its payload as
        # state.js sends it (``bootAuth``: the server processes it on connect, without a
        # second round trip nor a save of the state for the connect alone). Without the
        # state schema's hash (state.js sends it too): one cached comparison on the server.
        self._send(f"40{NAMESPACE},{json.dumps({'event': hydrate_event(path, hashes)})}")
        prefix = f"42{NAMESPACE},".encode()
        while True:
            message = await self._message()
            if message.startswith(b"44"):  # socket.io: the connect refused
                raise ConnectionError(f"websocket: {message[:80]!r}")
            if message.startswith(prefix):
                name, update = json.loads(message[len(prefix):])
                if name == "event" and page_loaded(update, PAGE_STATES["home"]):
                    return

    def _send(self, text: str) -> None:
        data = text.encode()
        n = len(data)
        size = bytes([0x80 | n]) if n < 126 else (
            bytes([0x80 | 126]) + n.to_bytes(2, "big") if n < 65536 else bytes([0x80 | 127]) + n.to_bytes(8, "big"))
        self.writer.write(b"\x81" + size + b"\0\0\0\0" + data)

    async def _message(self) -> bytes:
        parts = []
        while True:
            first, second = await self.reader.readexactly(2)
            n = second & 0x7F
            if n == 126:
                n = int.from_bytes(await self.reader.readexactly(2), "big")
            elif n == 127:
                n = int.from_bytes(await self.reader.readexactly(8), "big")
            payload = await self.reader.readexactly(n)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the server closed the websocket")
            if opcode == 0x9:  # ping: pong
                self.writer.write(b"\x8a" + bytes([0x80 | n]) + b"\0\0\0\0" + payload)
                continue
            parts.append(payload)
            if first & 0x80:  # the message's last frame
                return b"".join(parts)

    async def _expect(self, start: bytes) -> None:
        message = await self._message()
        if not message.startswith(start):
            raise ConnectionError(f"websocket: expected {start!r}, got {message[:80]!r}")


async def _visit(base: str, files: list[str], hashes: list[str], start_at: float,
                 connections: int) -> dict:
    await asyncio.sleep(max(0.0, start_at - time.perf_counter()))  # this visitor's arrival
    arrived = time.perf_counter()
    result = {"errors": 0, "failed": ""}
    # Chromium: 6 connections of one request at a time to an HTTP/1.1 server (the app's
    # port); one connection with every request in flight to an HTTP/2 server (the proxy):
    # here one keep-alive connection with the requests pipelined.
    pool = [_Connection(base) for _ in range(connections)]
    pipelined = connections == 1

    def count(answers: list[tuple[str, int]]) -> None:
        for path, status in answers:
            if status != 200:
                result["errors"] += 1
                result["failed"] = f"{status} {path}"

    try:
        count(await pool[0].get(["/"], pipelined=False))
        result["html"] = time.perf_counter() - arrived
        if pipelined:
            count(await pool[0].get(files, pipelined=True))
        else:  # each connection takes the next file as it is free, as a browser's do
            waiting = collections.deque(files)

            async def take(connection: _Connection) -> None:
                while waiting:
                    count(await connection.get([waiting.popleft()], pipelined=False))

            await asyncio.gather(*(take(c) for c in pool))
        result["assets"] = time.perf_counter() - arrived
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
        result["errors"] += 1
        result["failed"] = f"{type(exc).__name__} {exc}"
        return result
    finally:
        for c in pool:
            c.close()
    socket = _PageSocket(base)
    try:
        await asyncio.wait_for(socket.load("/", hashes), timeout=120)
        result["hydrate"] = time.perf_counter() - arrived
    except Exception as exc:  # noqa: BLE001 - counted and printed, the burst goes on
        result["errors"] += 1
        result["failed"] = f"websocket: {type(exc).__name__} {exc}"
    finally:
        socket.close()
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
          processes: int, connections: int, servers_cpu=lambda: {}) -> dict:
    """``servers_cpu``: each server's CPU seconds so far, by name (the app, nginx)."""
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
    time.sleep(max(0.0, start_wall - time.time()))  # until the burst starts: its CPU from then
    servers_before = servers_cpu()
    for receive, worker in zip(pipes, workers):
        got, cpu = receive.recv()
        results += got
        client_cpu += cpu
        worker.join()
    wall = time.time() - start_wall
    servers = {name: cpu - servers_before.get(name, 0.0) for name, cpu in servers_cpu().items()}
    complete = [r for r in results if not r["errors"]]
    summary = {"n": n, "wall_s": wall, "client_cpu_s": client_cpu, "servers_cpu_s": sum(servers.values()),
               "servers_cpu_by_name": servers,
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
            f"{r['client_cpu_s']:>9.1f}{r['servers_cpu_s']:>9.1f}")


def run(server) -> None:
    from tests.bench.load import cpu_s
    from tests.bench.static import nginx_cpu_s
    from tests.nginx_proxy import available, nginx_proxy
    from tests.prodserver import server_pgid

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
    print(f"  {'':<8}" + "".join(f"{p:>14}" for p in PHASES) + f"{'visitors':>10}{'':>8}{'client':>9}{'servers':>9}")
    print(f"  {'target':<8}" + "".join(f"{'p50':>7}{'p99':>7}" for _ in PHASES)
          + f"{'failed':>10}{'wall s':>8}{'CPU s':>9}{'CPU s':>9}")
    pgid = server_pgid(server.url)

    def app_cpu() -> dict[str, float]:
        return {"app": cpu_s(pgid) or 0.0}

    if "app" in targets:
        print(_row("app", burst(server.url, files, hashes, n, arrival_s, processes, APP_CONNECTIONS,
                                app_cpu)), flush=True)
    if "proxy" in targets:
        if not available():
            print("  proxy: nginx is not installed (make setup-test installs it)")
            return
        port = server.url.rsplit(":", 1)[1]
        work = Path(tempfile.mkdtemp(prefix="uzdev-bench-nginx-"))
        with nginx_proxy([f"127.0.0.1:{port}"], client_dir(server.env), work, workers="auto") as proxy:
            r = burst(proxy["https"], files, hashes, n, arrival_s, processes, PROXY_CONNECTIONS,
                      lambda: {**app_cpu(), "nginx": nginx_cpu_s(work)})
        print(_row("proxy", r), flush=True)
        print("  servers' CPU s behind the proxy: " + ", ".join(
            f"{name} {cpu:.1f}" for name, cpu in r["servers_cpu_by_name"].items()), flush=True)
        if r["failed_example"]:
            print(f"  a failure behind the proxy: {r['failed_example']}")
