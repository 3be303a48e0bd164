"""Static files with and without Python (issue 25): one hashed script of the home page,
brotli, ``wrk -c32`` (``STATIC_WRK_THREADS``, default 2) against the app's own port and
against nginx running the repository's deploy/nginx.conf (serving the build from disk,
one worker per core as in production) in the same run, twice: over TLS as the file is
(the client then decrypts every answer on the same cores: on a small machine its rate is
the client's), and without TLS on the same server block (TLS ended by a load balancer in
front, and the app's own port is plain HTTP too: the same transport on both sides).

The two are measured in turns (``STATIC_ROUNDS`` rounds, default 3, of ``STATIC_SECONDS``
each, default 5: app, nginx, app, nginx...), so a change of the machine's load between
them falls on both; printed per round and the median. Beside the rate, each server's CPU
time per 1,000 requests (its processes' user + system time during its turn): on a machine
other work keeps busy, the rate of each is capped by the CPU share it gets, the CPU per
request is not, so the two ratios together tell load from configuration.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

import httpx

from tests.bench.api import _ms
from tests.bench.first_visit import client_dir
from tests.bench.load import cpu_s
from tests.nginx_proxy import available, nginx_proxy

ROUNDS = int(os.environ.get("STATIC_ROUNDS", "3"))
SECONDS = int(os.environ.get("STATIC_SECONDS", "5"))


THREADS = int(os.environ.get("STATIC_WRK_THREADS", "2"))


def _wrk(url: str) -> dict:
    out = subprocess.run(
        ["wrk", f"-t{THREADS}", "-c32", f"-d{SECONDS}s", "--latency", "-H", "Accept-Encoding: br", url],
        capture_output=True, text=True, check=True,
    ).stdout
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"requests": int(re.search(r"(\d+) requests in", out).group(1)),
            "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p99": _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),
            "errors": int(errors.group(1)) if errors else 0}


def nginx_cpu_s(work: Path) -> float:
    """CPU time (user + system) of the nginx master of ``work`` and its workers."""
    master = int((work / "nginx.pid").read_text())
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(entry.name) == master or int(fields[1]) == master:  # field 4: parent
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def _measured(url: str, cpu) -> dict:
    before = cpu()
    result = _wrk(url)
    result["cpu_ms_per_1000"] = (cpu() - before) * 1000 / max(1, result["requests"]) * 1000
    return result


def run(server) -> None:
    from tests.prodserver import server_pgid

    if shutil.which("wrk") is None or not available():
        print("wrk or nginx is not installed (make bench / make setup-test install them)")
        return
    html = httpx.get(server.url + "/").text
    asset = re.search(r'"(/assets/entry\.client-[^"]+\.js)"', html).group(1)
    port = server.url.rsplit(":", 1)[1]
    pgid = server_pgid(server.url)
    work = Path(tempfile.mkdtemp(prefix="uzdev-bench-nginx-"))
    with nginx_proxy([f"127.0.0.1:{port}"], client_dir(server.env), work, workers="auto",
                     plain=True) as proxy:
        rounds, plain = [], []
        for _ in range(ROUNDS):
            app = _measured(server.url + asset, lambda: cpu_s(pgid) or 0.0)
            nginx = _measured(proxy["https"] + asset, lambda: nginx_cpu_s(work))
            rounds.append((app, nginx))
            plain.append((app, _measured(proxy["plain"] + asset, lambda: nginx_cpu_s(work))))
    print(f"{asset} (brotli), wrk -t{THREADS} -c32, {ROUNDS} rounds of {SECONDS} s each in turns, "
          f"load average (1 min) after them {os.getloadavg()[0]:.1f}")
    _table("nginx with TLS (deploy/nginx.conf as it is)", rounds)
    _table("nginx without TLS (the same server block; TLS ended by a load balancer in front)", plain)


def _table(title: str, rounds: list[tuple[dict, dict]]) -> None:
    print(f" {title}:")
    print(f"  {'round':<8}{'app req/s':>11}{'p99 ms':>8}{'nginx req/s':>13}{'p99 ms':>8}{'ratio':>7}"
          f"{'app CPU ms/1k':>15}{'nginx CPU ms/1k':>17}{'CPU ratio':>11}{'errors':>8}")
    for i, (app, nginx) in enumerate(rounds, start=1):
        print(f"  {i:<8}{app['rps']:>11,.0f}{app['p99']:>8.1f}{nginx['rps']:>13,.0f}{nginx['p99']:>8.1f}"
              f"{nginx['rps'] / app['rps']:>6.1f}x{app['cpu_ms_per_1000']:>15.0f}"
              f"{nginx['cpu_ms_per_1000']:>17.0f}"
              f"{app['cpu_ms_per_1000'] / max(nginx['cpu_ms_per_1000'], 1e-9):>10.1f}x"
              f"{app['errors'] + nginx['errors']:>8}")
    ratio = statistics.median(n["rps"] / a["rps"] for a, n in rounds)
    cpu_ratio = statistics.median(a["cpu_ms_per_1000"] / max(n["cpu_ms_per_1000"], 1e-9) for a, n in rounds)
    print(f"  nginx / app, median of the rounds: {ratio:.1f}x the rate, "
          f"{cpu_ratio:.1f}x less server CPU per request")
