"""Static files with and without Python (issue 25): one hashed script of the home page,
brotli, ``wrk -t2 -c32 -d10s`` against the app's own port and against nginx running the
repository's deploy/nginx.conf (TLS, serving the build from disk, one worker per core as
in production) in the same run."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import httpx

from tests.bench.api import DURATION, _ms
from tests.nginx_proxy import available, nginx_proxy
from tests.prodserver import ROOT


def _wrk(url: str) -> dict:
    out = subprocess.run(
        ["wrk", "-t2", "-c32", f"-d{DURATION}", "--latency", "-H", "Accept-Encoding: br", url],
        capture_output=True, text=True, check=True,
    ).stdout
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p99": _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),
            "errors": int(errors.group(1)) if errors else 0}


def run(server) -> None:
    if shutil.which("wrk") is None or not available():
        print("wrk or nginx is not installed (make bench / make setup-test install them)")
        return
    html = httpx.get(server.url + "/").text
    asset = re.search(r'"(/assets/entry\.client-[^"]+\.js)"', html).group(1)
    port = server.url.rsplit(":", 1)[1]
    with nginx_proxy([f"127.0.0.1:{port}"], ROOT / ".web" / "build" / "client",
                     Path(tempfile.mkdtemp(prefix="uzdev-bench-nginx-")), workers="auto") as proxy:
        app = _wrk(server.url + asset)
        nginx = _wrk(proxy["https"] + asset)
    print(f"{asset} (brotli), wrk -t2 -c32 -d{DURATION}")
    for name, r in (("app (one port)", app), ("nginx (deploy/nginx.conf)", nginx)):
        print(f"  {name:28} {r['rps']:>10,.0f} req/s   p99 {r['p99']:7.1f} ms   errors {r['errors']}")
    print(f"  nginx / app: {nginx['rps'] / app['rps']:.1f}x")
