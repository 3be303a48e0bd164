"""Start the production build on a free port with a database and var/ folder of its own.

Shared by the end-to-end suite (tests/e2e/conftest.py) and the benchmark (tests/bench):
one way to serve what `make run` serves, demo content loaded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
BUILD_TIMEOUT_S = 1200


# The process group of each running server, by base URL (the load benchmark reads the
# memory of the server's processes).
_PGIDS: dict[str, int] = {}


def server_pgid(url: str) -> int | None:
    return _PGIDS.get(url)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli(env: dict, *args: str) -> str:
    """Run a maintenance command (community_app.ops.cli) against the server's database."""
    done = subprocess.run(
        [sys.executable, "-m", "community_app.ops.cli", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )
    return done.stdout


@contextlib.contextmanager
def production_server(env: dict, log_path: Path, loglevel: str = "info",
                      cwd: Path = ROOT, args: tuple[str, ...] = ()) -> Iterator[str]:
    """`reflex run --env prod [args]` in ``cwd`` (this project by default) with ``env`` (which
    must set PORT); yields the base URL once
    /ping and / answer, and stops the whole process group afterwards."""
    url = f"http://127.0.0.1:{env['PORT']}"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = log_path.open("w")
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "reflex"), "run", "--env", "prod", "--loglevel", loglevel, *args],
        cwd=cwd, env={**env, "REFLEX_USE_SYSTEM_BUN": "1"}, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + BUILD_TIMEOUT_S
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited with {proc.returncode}; see {log_path}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"server not ready after {BUILD_TIMEOUT_S}s; see {log_path}")
            try:
                if (
                    httpx.get(f"{url}/ping", timeout=2).status_code == 200
                    and httpx.get(f"{url}/", timeout=5).status_code == 200
                ):
                    break
            except httpx.HTTPError:
                pass
            time.sleep(2)  # polling the building server (deadline above), not a fixed wait
        _PGIDS[url] = proc.pid
        yield url
    finally:
        _PGIDS.pop(url, None)
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()
