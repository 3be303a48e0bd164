"""`make bench`: serve the production build once (demo content, a scratch var/ folder) and
run every benchmark section against it, printing figures to compare in one run.

Sections (each a module of this package with ``run(server: BenchServer) -> None``):
- ``pages``: Lighthouse mobile for the public pages, bundle sizes.
- ``api``: wrk throughput and p99 of the public API against /ping; /ping during logins.
- ``static``: one hashed script from the app and from nginx (deploy/nginx.conf), wrk.
- ``load``: hundreds of simulated browsers loading a page at the same moment (page-load
  p50/p99, /ping during the burst, server memory until the sessions expire).
- ``search``: site-wide search p50/p99 at 10,000 items per kind, SQLite and PostgreSQL.

Run one section: ``make bench SECTIONS=api``.

A/B of the Reflex extensions (docs/reflex-extensions.md): ``BENCH_EXTENSIONS`` (default
``on,off``) serves the site once per value of ``COMMUNITY_REFLEX_EXTENSIONS``, one after
the other (the ``off`` build in a folder of its own), and runs the sections against each,
so both come from one run on the same machine; at the end each section's output of both
is printed side by side. ``BENCH_EXTENSIONS=on`` measures
the site as deployed only.
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

from tests.prodserver import ROOT, cli, free_port, production_server

SECTIONS = ("pages", "api", "static", "load", "search")


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
    modes = [m for m in (os.environ.get("BENCH_EXTENSIONS") or "on,off").split(",") if m]
    printed: dict[tuple[str, str], list[str]] = {}
    for mode in modes:
        mode_env = {**env, "COMMUNITY_REFLEX_EXTENSIONS": mode}
        if mode == "off":  # its own build folder: the project's .web keeps the extensions' build
            mode_env["REFLEX_WEB_WORKDIR"] = str(ROOT / ".make" / "web-stock")
        log = ROOT / "tests" / "output" / f"bench-server-{mode}.log"
        with production_server(mode_env, log, loglevel="warning") as url:
            server = BenchServer(url=url, env=mode_env)
            for name in wanted:
                print(f"\n=== {name} (COMMUNITY_REFLEX_EXTENSIONS={mode}) ===", flush=True)
                with _Tee() as tee:
                    importlib.import_module(f"tests.bench.{name}").run(server)
                printed[(name, mode)] = tee.lines()
    if len(modes) > 1:
        for name in wanted:
            print_side_by_side(name, modes, [printed[(name, mode)] for mode in modes])
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
