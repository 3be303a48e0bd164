"""`make bench`: serve the production build once (demo content, a scratch var/ folder) and
run every benchmark section against it, printing figures to compare in one run.

Sections (each a module of this package with ``run(server: BenchServer) -> None``):
- ``pages``: Lighthouse mobile for the public pages, bundle sizes.
- ``api``: wrk throughput and p99 of the public API against /ping; /ping during logins.
- ``static``: one hashed script from the app and from nginx (deploy/nginx.conf), wrk.
- ``load``: hundreds of simulated browsers loading a page at the same moment (page-load
  p50/p99, /ping during the burst, server memory until the sessions expire).

Run one section: ``make bench SECTIONS=api``.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import signal
import sys
import tempfile
from pathlib import Path

from tests.prodserver import ROOT, cli, free_port, production_server

SECTIONS = ("pages", "api", "static", "load")


@dataclasses.dataclass
class BenchServer:
    url: str
    env: dict

    def cli(self, *args: str) -> str:
        return cli(self.env, *args)


def main(argv: list[str]) -> int:
    # A stopped benchmark still stops its server (the `finally` of production_server).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    wanted = [s for s in (os.environ.get("SECTIONS") or ",".join(SECTIONS)).split(",") if s]
    var_dir = Path(tempfile.mkdtemp(prefix="uzdev-bench-"))
    env = {
        **os.environ,
        "PORT": os.environ.get("BENCH_PORT") or str(free_port()),
        "COMMUNITY_VAR_DIR": str(var_dir),
        "COMMUNITY_DATABASE_URL": os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{var_dir / 'bench.db'}",
        # Closed sessions expire after a minute here, so the load section sees memory return.
        "COMMUNITY_SESSION_EXPIRY_SECONDS": os.environ.get("COMMUNITY_SESSION_EXPIRY_SECONDS") or "60",
        # The API section's 20 members log in over and over: with the default limits (5 codes
        # per account in 15 minutes) all but the first few get a 429 and no password is
        # hashed, so /ping would be probed beside refusals instead of logins.
        "COMMUNITY_LIMIT_CODE_SENDS_ACCOUNT": "1000000/minute",
        "COMMUNITY_LIMIT_CODE_SENDS_ADDRESS": "1000000/minute",
    }
    cli(env, "demo")
    with production_server(env, ROOT / "tests" / "output" / "bench-server.log", loglevel="warning") as url:
        server = BenchServer(url=url, env=env)
        for name in wanted:
            print(f"\n=== {name} ===", flush=True)
            importlib.import_module(f"tests.bench.{name}").run(server)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
