"""A rolling restart behind deploy/nginx.conf, measured (issue 40): two short-lived app
nodes (granian, as the site's server, running a small ASGI app that answers every request
after 5 ms) behind the repository's nginx as the tests run it; a steady load of GETs and
POSTs through the proxy while node B is stopped, started again, and then node A, as
docs/operations.md's deploy steps say. Prints the requests and failures of each way of
waiting between the two nodes.

    .venv/bin/python -m tests.bench.rolling_restart

The app is not the site (its start takes seconds more, and the site's own drain is not
measured here): this measures what nginx's upstream settings do with a node that stops and
comes back.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from tests import nginx_proxy
from tests.prodserver import free_port

APP = '''
import asyncio

async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    await asyncio.sleep(0.005)  # a request takes a moment: a stopping node has some in flight
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"pong"})
'''


class Node:
    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(Path(sys.executable).parent / "granian"), "--interface", "asgi", "--host", "127.0.0.1",
             "--port", str(self.port), "--workers", "1", "node_app:app"],
            cwd=self.folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)  # as systemd stops it
            self.process.wait(timeout=30)
            self.process = None

    def answers(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.port}/ping", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def wait_until_it_answers(self) -> None:
        deadline = time.monotonic() + 30
        while not self.answers():
            if time.monotonic() > deadline:
                raise RuntimeError("the node did not start")
            time.sleep(0.05)  # polling the starting node (deadline above)


def _load(base: str, stop: threading.Event, counts: collections.Counter, lock: threading.Lock) -> None:
    with httpx.Client(verify=False, timeout=10) as client:
        n = 0
        while not stop.is_set():
            n += 1
            try:
                if n % 3:
                    status = f"GET {client.get(f'{base}/api/v1/public/news').status_code}"
                else:
                    status = f"POST {client.post(f'{base}/api/v1/auth/login', json={'email': 'a@b.c'}).status_code}"
            except httpx.HTTPError as exc:
                status = type(exc).__name__
            with lock:
                counts[status] += 1


def measure(config_text: str | None, settle_s: float, clients: int = 8) -> collections.Counter:
    """One rolling restart under load: B, then A; ``settle_s`` seconds waited after the
    restarted node answers /ping before the next one is stopped."""
    work = Path(tempfile.mkdtemp(prefix="uzdev-roll-"))
    (work / "node_app.py").write_text(APP)
    build = work / "client"
    build.mkdir()
    (build / "favicon.ico").write_bytes(b"\0\0\1\0")
    os.chmod(work, 0o755)
    a, b = Node(work), Node(work)
    for node in (a, b):
        node.start()
        node.wait_until_it_answers()
    original = nginx_proxy.CONFIG
    if config_text is not None:
        (work / "nginx-site.conf").write_text(config_text)
        nginx_proxy.CONFIG = work / "nginx-site.conf"
    counts: collections.Counter = collections.Counter()
    lock, stop = threading.Lock(), threading.Event()
    try:
        with nginx_proxy.nginx_proxy([f"127.0.0.1:{a.port}", f"127.0.0.1:{b.port}"], build,
                                     work / "nginx") as proxy:
            threads = [threading.Thread(target=_load, args=(proxy["https"], stop, counts, lock))
                       for _ in range(clients)]
            for thread in threads:
                thread.start()
            time.sleep(2)  # steady load before the roll
            for node in (b, a):
                node.stop()
                node.start()
                node.wait_until_it_answers()
                time.sleep(settle_s)  # what the deploy steps wait before the next node
            time.sleep(2)  # steady load after the roll
            stop.set()
            for thread in threads:
                thread.join()
    finally:
        nginx_proxy.CONFIG = original
        for node in (a, b):
            node.stop()
        shutil.rmtree(work, ignore_errors=True)
    return counts


def _old_config() -> str:
    """deploy/nginx.conf with the upstream settings it had before issue 40: nginx's defaults
    (max_fails=1 fail_timeout=10s, no keepalive use, a 60 s connect timeout) and only
    ``proxy_next_upstream error timeout``."""
    text = nginx_proxy.CONFIG.read_text()
    text = re.sub(r"(server 127\.0\.0\.1:3000)[^;]*;", r"\1;", text)
    text = text.replace("    keepalive_timeout 30s;\n", "").replace("''      '';", "''      close;")
    text = text.replace("proxy_next_upstream error timeout http_502 http_503;", "proxy_next_upstream error timeout;")
    for line in ("proxy_connect_timeout", "proxy_next_upstream_tries", "proxy_next_upstream_timeout"):
        text = re.sub(rf"\n *{line} [^\n]*", "", text)
    return text


def main() -> None:
    if not nginx_proxy.available():
        print("nginx is not installed")
        return
    runs = [("before issue 40, ping then next", _old_config(), 0.0),
            ("deploy/nginx.conf, ping then next", None, 0.0),
            ("deploy/nginx.conf, ping + 3 s then next", None, 3.0)]
    for label, config, settle in runs:
        counts = measure(config, settle)
        total = sum(counts.values())
        failed = total - counts.get("GET 200", 0) - counts.get("POST 200", 0)
        print(f"{label}: {total} requests, {failed} failed {dict(counts)}")


if __name__ == "__main__":
    main()
