"""Benchmark section 'api' (see tests/bench/__main__.py): the public API against /ping.

For /ping and each public list and detail: ``wrk -t2 -c32 -d10s`` requests per second, p99
latency, errors, and the ratio of its throughput to /ping's. Then /ping's p99 (a light
probe, ``wrk -t1 -c4``) while 20 members log in at once, over and over, through the REST
API (password check with argon2 and a code sent by mail on every login).

Targets (issue 11): every public list and detail >= 0.5x /ping, p99 < 100 ms, no errors at
32 connections; /ping p99 < 100 ms during 20 concurrent logins.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time

import httpx

DURATION = "10s"
LOGINS = 20
DEMO_EMAIL = "member@uzdev.kr"
DEMO_PASSWORD = "Demo-pass-2026!"


def _wrk(url: str, *, threads: int = 2, connections: int = 32, duration: str = DURATION) -> dict:
    out = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))
    errors = 0
    if m := re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out):
        errors += int(m.group(1))
    if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out):
        errors += sum(int(g) for g in m.groups())
    return {"rps": rps, "p99": p99, "errors": errors}


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def _first_id(http: httpx.Client, path: str) -> int:
    content = http.get(path).json()["data"]["content"]
    return content[0]["id"]


def _targets(base: str) -> list[tuple[str, str]]:
    api = f"{base}/api/v1/public"
    with httpx.Client(base_url=api, timeout=30) as http:
        news_id = _first_id(http, "/news?size=1")
        meetup_id = _first_id(http, "/meetups?type=upcoming&size=1")
        job_id = _first_id(http, "/job-posts?size=1")
    return [
        ("news list", f"{api}/news?size=10"),
        ("meetups list", f"{api}/meetups"),
        ("job posts list", f"{api}/job-posts"),
        ("statistics", f"{api}/statistics"),
        ("a news item", f"{api}/news/{news_id}"),
        ("a meetup's details", f"{api}/meetups/{meetup_id}/details"),
        ("a job post", f"{api}/job-posts/{job_id}"),
    ]


def _logins_running(base: str, stop: threading.Event, counts: list[int]) -> list[threading.Thread]:
    def member() -> None:
        with httpx.Client(timeout=60) as http:
            while not stop.is_set():
                r = http.post(
                    f"{base}/api/v1/auth/login",
                    json={"email": DEMO_EMAIL, "password": DEMO_PASSWORD},
                )
                counts[0 if r.status_code == 200 else 1] += 1

    threads = [threading.Thread(target=member, daemon=True) for _ in range(LOGINS)]
    for t in threads:
        t.start()
    return threads


def run(server) -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed (make bench installs Debian's wrk)")
        return
    base = server.url.rstrip("/")
    targets = _targets(base)
    for _, url in targets:  # warm up: first answers fill the caches
        httpx.get(url, timeout=30)
    ping = _wrk(f"{base}/ping")
    print(f"wrk -t2 -c32 -d{DURATION}")
    print(f"{'':22} {'req/s':>9} {'p99 ms':>8} {'errors':>7} {'x /ping':>8}")
    print(f"{'/ping':22} {ping['rps']:9.0f} {ping['p99']:8.1f} {ping['errors']:7d} {1:8.2f}")
    for name, url in targets:
        r = _wrk(url)
        ratio = r["rps"] / ping["rps"] if ping["rps"] else 0
        ok = ratio >= 0.5 and r["p99"] < 100 and r["errors"] == 0
        print(
            f"{name:22} {r['rps']:9.0f} {r['p99']:8.1f} {r['errors']:7d} {ratio:8.2f}"
            f"  {'ok' if ok else 'BELOW TARGET'}"
        )

    stop = threading.Event()
    counts = [0, 0]
    threads = _logins_running(base, stop, counts)
    time.sleep(1)  # every member is logging in
    try:
        probe = _wrk(f"{base}/ping", threads=1, connections=4, duration="8s")
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
    print(
        f"/ping during {LOGINS} concurrent logins (wrk -t1 -c4 -d8s): p99 {probe['p99']:.1f} ms, "
        f"{probe['rps']:.0f} req/s, {probe['errors']} errors; logins answered {counts[0]} "
        f"(other status: {counts[1]})"
        f"  {'ok' if probe['p99'] < 100 and probe['errors'] == 0 else 'BELOW TARGET'}"
    )
