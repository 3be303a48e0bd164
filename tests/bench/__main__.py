"""`make bench`: serve the production build once (demo content, a scratch var/ folder) and
run every benchmark section against it, printing figures to compare in one run.

Sections (each a module of this package with ``run(server: BenchServer) -> None``):
- ``pages``: Lighthouse mobile for the public pages, bundle sizes.
- ``api``: wrk throughput and p99 of the public API against /ping; /ping during logins.
- ``static``: one hashed script from the app and from nginx (deploy/nginx.conf), wrk.
- ``visit`` (first_visit.py): N first-time visitors, each fetching the HTML and every file
  Chromium's first visit fetches, then the websocket; the app alone and behind nginx.
- ``load``: hundreds of simulated browsers loading a page at the same moment (page-load
  p50/p99, /ping during the burst, server memory until the sessions expire).
- ``search``: site-wide search p50/p99 at 10,000 items per kind, SQLite and PostgreSQL.
- ``digest``: the personal digest of 10,000 members to a local SMTP server: time and the
  server's peak of connections (no site server: only asked for by name, ``SECTIONS=digest``).

Run one section: ``make bench SECTIONS=api``.

A/B of the Reflex extensions (docs/performance.md): ``BENCH_EXTENSIONS`` (default
``on,off,each,on``, tests/bench/ab.py) serves the site once per run, one after the other:
every extension, stock Reflex (its build in a folder of its own), each run-time extension
left out alone, every extension again (the noise); at the end each section's output of
``on`` and ``off`` side by side, and the A/B table. ``BENCH_EXTENSIONS=on`` measures the
site as deployed only.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import itertools
import os
import signal
import sys
import tempfile
from pathlib import Path

from tests.bench import ab
from tests.prodserver import ROOT, cli, free_port, production_server

SECTIONS = ("pages", "api", "static", "visit", "load", "search")
# Sections that need no site server: run only when
# named in SECTIONS, and without building or serving the site when only they are named.
SERVERLESS = ("digest",)
MODULES = {"visit": "first_visit"}  # a section's module when its name differs


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
    for name in [s for s in wanted if s in SERVERLESS]:
        print(f"\n=== {name} ===", flush=True)
        importlib.import_module(f"tests.bench.{MODULES.get(name, name)}").run(None)
    wanted = [s for s in wanted if s not in SERVERLESS]
    if not wanted:
        return 0
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
    modes = ab.modes()
    printed: dict[tuple[str, str], list[str]] = {}
    loads: dict[str, list[dict] | None] = {}
    built = os.environ.get("BENCH_PREBUILT") == "1"  # `make build` made it: no build here
    for mode in modes:
        mode_env, args = ab.server_for(env, mode, built)
        log = ROOT / "tests" / "output" / f"bench-server-{mode}.log"
        with production_server(mode_env, log, loglevel="warning", args=args) as url:
            built = built or mode.split("#")[0].startswith("on")
            server = BenchServer(url=url, env=mode_env)
            for name in ab.sections(mode, wanted):
                print(f"\n=== {name} ({mode}) ===", flush=True)
                with _Tee() as tee:
                    got = importlib.import_module(f"tests.bench.{MODULES.get(name, name)}").run(server)
                printed[(name, mode)] = tee.lines()
                if name == "load":
                    loads[mode] = got
    pair = [m for m in ("on", "off") if m in modes]
    if len(pair) == 2:
        for name in wanted:
            print_side_by_side(name, pair, [printed[(name, mode)] for mode in pair])
    ab.table(loads)
    return 0


class _Tee(io.StringIO):
    """Prints as usual and keeps a copy of what was printed."""

    def __enter__(self):
        self._stdout = sys.stdout
        sys.stdout = self
        return self

    def __exit__(self, *exc):
        sys.stdout = self._stdout

    def write(self, text: str) -> int:
        self._stdout.write(text)
        self._stdout.flush()
        return super().write(text)

    def lines(self) -> list[str]:
        return self.getvalue().splitlines()


def print_side_by_side(name: str, modes: list[str], outputs: list[list[str]]) -> None:
    """One section's output of each mode in columns, line by line (the sections print the
    same rows in the same order whatever the mode)."""
    width = max((len(line) for out in outputs[:-1] for line in out), default=0)
    print(f"\n=== {name}, side by side: " + " | ".join(
        f"COMMUNITY_REFLEX_EXTENSIONS={mode}" for mode in modes) + " ===")
    for row in itertools.zip_longest(*outputs, fillvalue=""):
        print(" | ".join(cell.ljust(width) for cell in row[:-1]) + " | " + row[-1])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
