"""The documented production layout, started for real and broken on purpose (issue 40):
app nodes started from ONE copied build, a Redis and an S3 stand-in of the test's own (so
they can be restarted), an SMTP server that records what it receives, nginx as packaged
(tests/nginx_proxy.py). Used by tests/e2e/test_fault_drill.py and tests/e2e/test_two_nodes.py.

The build is made once in a folder of its own (the "build machine": a copy of this commit),
then each node gets a copy of the app's files and of ``.web/build/client`` only, in
another folder, and is started the way docs/operations.md says:
``COMMUNITY_PREBUILT=1 reflex run --env prod --backend-only``. The build folder is removed
before the nodes start, so a node that still named a path of the build machine would fail.
"""

from __future__ import annotations

import contextlib
import dataclasses
import email
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from email import policy
from pathlib import Path

import httpx

from tests.prodserver import ROOT, free_port
from tests.waiting import wait_until

REFLEX = str(Path(sys.executable).parent / "reflex")
# Folders of a checkout that are never part of what is shipped to a node.
NOT_SHIPPED = (".web/", ".states/", "var/", ".make/", "tests/output/", "uploaded_files/")


def source_files() -> list[str]:
    """This commit's files (tracked, and new ones not ignored), relative to the checkout."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    return [name for name in listed if name and not name.startswith(NOT_SHIPPED)
            and (ROOT / name).is_file()]


def copy_source(folder: Path, source: Path = ROOT, names: list[str] | None = None) -> None:
    for name in names if names is not None else source_files():
        if (source / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / name, folder / name)


def build_once(folder: Path, env: dict) -> Path:
    """The build machine: this commit copied to ``folder`` and built there as ``make
    build`` builds (``reflex export --frontend-only --no-zip``); the frontend packages of this
    checkout's own build are reused when there (hard links). Returns the built client."""
    copy_source(folder)
    packages = ROOT / ".web" / "node_modules"
    if packages.is_dir():
        (folder / ".web").mkdir(parents=True, exist_ok=True)
        subprocess.run(["cp", "-al", str(packages), str(folder / ".web" / "node_modules")], check=True)
    subprocess.run([REFLEX, "export", "--frontend-only", "--no-zip", "--loglevel", "warning"],
                   cwd=folder, env={**env, "REFLEX_USE_SYSTEM_BUN": "1"}, check=True,
                   stdout=subprocess.DEVNULL)
    return folder / ".web" / "build" / "client"


def ship(build: Path, node: Path) -> None:
    """Deploy step 2 of docs/operations.md: the app's files and the built client, nothing
    else of the build machine (no node_modules, no Reflex working files)."""
    copy_source(node, build, source_files())
    shutil.copytree(build / ".web" / "build" / "client", node / ".web" / "build" / "client",
                    symlinks=True)


class Node:
    """One app node: ``COMMUNITY_PREBUILT=1 reflex run --env prod --backend-only`` in its
    folder, its own var/ and port; stopped as a supervisor stops it (SIGTERM to every process
    of the service) or killed (SIGKILL to all of them: a crash, an OOM kill)."""

    def __init__(self, name: str, folder: Path, env: dict, log_dir: Path) -> None:
        self.name, self.folder = name, folder
        self.port = free_port()
        self.env = {**env, "PORT": str(self.port), "COMMUNITY_PREBUILT": "1",
                    "COMMUNITY_NODE_NAME": name, "COMMUNITY_VAR_DIR": str(folder.parent / f"var-{name}"),
                    "REFLEX_USE_SYSTEM_BUN": "1"}
        database = env.get("COMMUNITY_DATABASE_URL", "")
        if database.startswith("postgresql"):
            # Its connections carry its name (pg_stat_activity.application_name): the test
            # sees which node a request waiting in the database is on.
            self.env["COMMUNITY_DATABASE_URL"] = (
                database + ("&" if "?" in database else "?") + f"application_name={self.db_name}")
        self.url = f"http://127.0.0.1:{self.port}"
        self.address = f"127.0.0.1:{self.port}"
        self.log_dir = log_dir
        self.process: subprocess.Popen | None = None
        self.starts = 0

    @property
    def db_name(self) -> str:
        return f"uzdev-node-{self.name}"

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"{self.name}-{self.starts}.log"

    def start(self) -> None:
        self.starts += 1
        self.log_dir.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("w") as log:
            self.process = subprocess.Popen(
                [REFLEX, "run", "--env", "prod", "--backend-only", "--loglevel", "info"],
                cwd=self.folder, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)

    def answers(self) -> bool:
        try:
            return (httpx.get(f"{self.url}/ping", timeout=2).status_code == 200
                    and httpx.get(f"{self.url}/api/v1/health", timeout=5).status_code == 200)
        except httpx.HTTPError:
            return False

    def wait_ready(self, timeout_s: float = 180) -> float:
        """Deploy step 4.1: until the node answers /ping and /api/v1/health (seconds taken)."""
        started = time.monotonic()

        def up() -> bool:
            if self.process is None or self.process.poll() is not None:
                raise AssertionError(f"node {self.name} exited; see {self.log_path}:\n"
                                     + self.log_path.read_text()[-3000:])
            return self.answers()

        wait_until(up, timeout_s=timeout_s, every_s=0.2, what=f"node {self.name} answering")
        return time.monotonic() - started

    def stop(self, timeout_s: float = 60) -> float:
        """SIGTERM to every process of the node, as systemd stops a service; the seconds until
        the last one exited (SIGKILL after ``timeout_s``, an AssertionError then)."""
        assert self.process is not None
        started = time.monotonic()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout_s)
            wait_until(lambda: not _group_alive(self.process.pid), timeout_s=timeout_s, every_s=0.05,
                       what=f"every process of node {self.name} gone")
        except (subprocess.TimeoutExpired, AssertionError):
            self.kill()
            raise AssertionError(f"node {self.name} did not stop within {timeout_s} s of SIGTERM") from None
        self.process = None
        return time.monotonic() - started

    def kill(self) -> None:
        """SIGKILL to every process of the node: nothing of it runs another instruction."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        wait_until(lambda: not _group_alive(self.process.pid), timeout_s=30, every_s=0.05,
                   what=f"every process of node {self.name} gone")
        self.process = None


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


class RedisServer:
    """``redis-server`` of the test's own on a free port, without persistence (a restart
    comes back empty, the harder case for the site)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis.from_url(self.url, socket_timeout=1)

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.RedisError:
                return False

        wait_until(answers, timeout_s=20, every_s=0.05, what="redis-server up")

    def stop(self, *, crash: bool = False) -> None:
        """Stop it as ``systemctl restart redis`` does, or (``crash``) kill it: no goodbye
        to the clients."""
        if self.process is not None:
            if crash:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None


class Store:
    """moto's S3 server on a fixed port of 127.0.0.1, stopped and started again at will
    (its objects stay in this process's memory, as a real store keeps them on disk)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.server = None
        self.bucket = None

    def start(self) -> None:
        from moto.server import ThreadedMotoServer

        self.server = ThreadedMotoServer(ip_address="127.0.0.1", port=self.port, verbose=False)
        self.server.start()
        if self.bucket is None:
            from tests.object_store import new_bucket

            self.bucket = new_bucket(self.endpoint)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None


class MailServer:
    """An SMTP server that keeps every message it accepts (aiosmtpd): the recipients'
    confirmation emails, counted by Message-ID."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.port = free_port()
        self.url = f"smtp://127.0.0.1:{self.port}"
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[tuple[tuple[str, ...], email.message.EmailMessage]] = []
        self._lock = threading.Lock()
        outer = self

        class Keep:
            async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
                message = email.message_from_bytes(envelope.content, policy=policy.default)
                with outer._lock:
                    outer.messages.append(message)
                    outer.envelopes.append((tuple(envelope.rcpt_tos), message))
                return "250 OK"

        self.controller = Controller(Keep(), hostname="127.0.0.1", port=self.port)

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def received(self) -> list[email.message.EmailMessage]:
        with self._lock:
            return list(self.messages)

    def to(self, address: str) -> list[email.message.EmailMessage]:
        """The messages whose envelope names ``address`` (what the mail server delivers)."""
        with self._lock:
            return [message for recipients, message in self.envelopes if address in recipients]


@dataclasses.dataclass
class Outcome:
    """One request of the load: when it started and ended (monotonic seconds), what it was,
    and its status (None: no answer at all, ``error`` says why)."""

    started: float
    ended: float
    kind: str
    status: int | None
    error: str = ""
    pair: tuple[int, int] | None = None  # a registration's (member id, meetup id)

    @property
    def failed(self) -> bool:
        return self.status is None or self.status >= 500


class Load:
    """A steady load through the proxy until ``stop``: ``readers`` threads reading pages,
    the API and a meetup's cover without pause, and one thread registering members for
    meetups through the REST API (``registrations``: (member, meetup id) pairs, each sent
    once) every ``every_s`` seconds."""

    def __init__(self, base: str, reads: list[str], registrations, readers: int = 3,
                 every_s: float = 0.05) -> None:
        self.base, self.reads, self.every_s = base, reads, every_s
        self.registrations = iter(registrations)
        self.outcomes: list[Outcome] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.threads = [threading.Thread(target=self._read, args=(i,), daemon=True) for i in range(readers)]
        self.threads.append(threading.Thread(target=self._register, daemon=True))

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> list[Outcome]:
        self._stop.set()
        for thread in self.threads:
            thread.join(timeout=120)
        return list(self.outcomes)

    def _record(self, outcome: Outcome) -> None:
        with self._lock:
            self.outcomes.append(outcome)

    def _send(self, client: httpx.Client, kind: str, method: str, path: str, **kwargs) -> Outcome:
        started = time.monotonic()
        try:
            answer = client.request(method, self.base + path, **kwargs)
            status, error = answer.status_code, "" if answer.status_code < 500 else answer.text[:200]
        except httpx.HTTPError as exc:
            status, error = None, f"{type(exc).__name__}: {exc}"
        return Outcome(started, time.monotonic(), kind, status, error)

    def _read(self, offset: int) -> None:
        with httpx.Client(verify=False, timeout=30) as client:
            i = offset
            while not self._stop.is_set():
                path = self.reads[i % len(self.reads)]
                kind = "api" if path.startswith("/api/v1/public") else "image" if "/media/" in path else "page"
                self._record(self._send(client, kind, "GET", path))
                i += 1

    def _register(self) -> None:
        with httpx.Client(verify=False, timeout=60) as client:
            while not self._stop.is_set():
                pair = next(self.registrations, None)
                if pair is None:
                    return
                member, meetup = pair
                outcome = self._send(client, "registration", "POST",
                                     f"/api/v1/users/meetups/{meetup}/registration",
                                     headers={"Authorization": f"Bearer {member['token']}"},
                                     json=REGISTRATION_ANSWERS)
                outcome.pair = (member["id"], meetup)
                self._record(outcome)
                self._stop.wait(self.every_s)  # the registrations' pace, not a wait for something


REGISTRATION_ANSWERS = {"attendanceReason": "networking", "interestedField": "backend",
                        "expectation": "Meet the people who build the backend here.", "consent": True}
