"""The API served by a real server (granian) against a test's database, for the tests that
need real concurrency, real worker processes or real timing of the response."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from community_app.core.settings import ROOT, get_settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def api_server(
    engine: sa.Engine, log_path: Path, *, workers: int = 1, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Serve ``create_api`` with granian; yields the base URL (``.../api/v1``)."""
    port = free_port()
    full_env = {
        **os.environ,
        "COMMUNITY_DATABASE_URL": engine.url.render_as_string(hide_password=False),
        "COMMUNITY_SECRET_KEY": get_settings().secret_key,
        **(env or {}),
    }
    if not (env or {}).get("REFLEX_REDIS_URL"):
        full_env.pop("REFLEX_REDIS_URL", None)
    log = log_path.open("wb")
    granian = Path(sys.executable).with_name("granian")
    proc = subprocess.Popen(
        [
            str(granian), "--interface", "asgi", "--factory", "--host", "127.0.0.1",
            "--port", str(port), "--workers", str(workers), "--log-level", "warning",
            "community_app.api:create_api",
        ],
        cwd=ROOT,
        env=full_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail("the server did not start:\n" + log_path.read_text()[-3000:])
            time.sleep(0.2)  # polling the starting server (deadline above), not a fixed wait
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
