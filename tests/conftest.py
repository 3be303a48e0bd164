"""Shared fixtures. Every test runs against a fresh database of its own.

The database is SQLite by default. Set ``COMMUNITY_TEST_POSTGRES_URL`` (``.ci/run`` sets
it to the local server) and the database tests run on PostgreSQL as well.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def _per_worker_servers() -> None:
    """Under ``pytest -n N`` (pytest-xdist: the unit and API tests run in parallel workers)
    each worker gets a PostgreSQL database and a Redis database of its own, made from the
    ones given, so workers never truncate or count each other's rows and keys."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # gw0, gw1, ...
    if not worker:
        return
    n = int(worker.removeprefix("gw"))
    postgres = os.environ.get("COMMUNITY_TEST_POSTGRES_URL", "").strip()
    if postgres:
        import sqlalchemy

        url = sqlalchemy.engine.make_url(postgres)
        name = f"{url.database}_{worker}"
        admin = sqlalchemy.create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            if not conn.execute(sqlalchemy.text("SELECT 1 FROM pg_database WHERE datname = :n"),
                                {"n": name}).first():
                conn.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        os.environ["COMMUNITY_TEST_POSTGRES_URL"] = url.set(database=name).render_as_string(hide_password=False)
    redis = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()
    if redis:
        base, _, db = redis.rstrip("/").rpartition("/")
        if not db.isdigit():
            base, db = redis.rstrip("/"), "0"
        os.environ["COMMUNITY_TEST_REDIS_URL"] = f"{base}/{int(db) + 1 + n}"


_per_worker_servers()

# Settings are read once: point everything at a scratch folder before the app loads.
_SCRATCH = Path(tempfile.mkdtemp(prefix="uzdev-tests-"))
os.environ["COMMUNITY_VAR_DIR"] = str(_SCRATCH)
os.environ["COMMUNITY_DATABASE_URL"] = f"sqlite:///{_SCRATCH / 'default.db'}"
os.environ.setdefault("COMMUNITY_ENV", "development")

import pytest  # noqa: E402
import sqlalchemy as sa  # noqa: E402
from argon2 import PasswordHasher  # noqa: E402
from sqlmodel import Session, SQLModel  # noqa: E402

from community_app.core.db import make_engine, migrate  # noqa: E402
from community_app.services import session_hooks  # noqa: E402

session_hooks.install()  # as the app and the commands do at start

POSTGRES_URL = os.environ.get("COMMUNITY_TEST_POSTGRES_URL", "").strip()
DATABASES = ["sqlite", *(["postgresql"] if POSTGRES_URL else [])]


@pytest.fixture(scope="session")
def scratch_dir() -> Path:
    return _SCRATCH


@pytest.fixture(scope="session")
def sqlite_template(scratch_dir: Path) -> Path:
    """A SQLite file migrated to head once; each test gets a copy."""
    path = scratch_dir / "template.db"
    migrate(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_engine():
    if not POSTGRES_URL:
        pytest.skip("COMMUNITY_TEST_POSTGRES_URL is not set")
    engine = make_engine(POSTGRES_URL)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    migrate(POSTGRES_URL)
    yield engine
    engine.dispose()


def _truncate_all(engine: sa.Engine) -> None:
    names = ", ".join(f'"{t.name}"' for t in SQLModel.metadata.sorted_tables)
    with engine.begin() as conn:
        conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))


@pytest.fixture(params=DATABASES)
def engine(request, sqlite_template: Path, tmp_path: Path):
    """A migrated, empty database: SQLite always, PostgreSQL when configured."""
    if request.param == "sqlite":
        path = tmp_path / "test.db"
        shutil.copy(sqlite_template, path)
        eng = make_engine(f"sqlite:///{path}")
        yield eng
        eng.dispose()
    else:
        eng = request.getfixturevalue("postgres_engine")
        _truncate_all(eng)
        yield eng


@pytest.fixture
def session(engine):
    with Session(engine, expire_on_commit=False) as s:
        yield s


def in_process_backend(monkeypatch, reset):
    """For a fixture of a store kept in Redis or in the process (rate limits, metrics):
    its in-process backend (``REFLEX_REDIS_URL`` unset), emptied by ``reset`` before and
    after the test. Used as ``yield from in_process_backend(monkeypatch, metrics.reset)``."""
    monkeypatch.delenv("REFLEX_REDIS_URL", raising=False)
    reset()
    yield
    reset()


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Rate-limit counters (in memory without Redis) start empty for every test."""
    from community_app.services import ratelimit

    ratelimit.reset()
    yield


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty in-process cache (tests use many databases)."""
    from community_app.services import cache

    cache.use_backend(cache.MemoryBackend())
    yield
    cache.use_backend(None)


# Argon2id at the site's cost (services/passwords.py: 64 MiB, 3 passes) takes 0.3-1.5 s a
# hash on a busy 2-core machine, and the unit and API tests make and sign in hundreds of
# accounts: in this process they hash with the cheapest cost instead (the same algorithm,
# Argon2id on one lane). The site's own cost is checked by the tests that ask for
# ``site_password_cost`` (tests/unit/test_passwords.py); servers the tests start (the
# end-to-end site, tests/api/servers.py) hash at the site's cost.
_CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
_CHEAP_DUMMY_HASH = _CHEAP_HASHER.hash("not-a-real-password")


@pytest.fixture
def site_password_cost():
    """This test hashes passwords at the site's own Argon2 cost."""


@pytest.fixture(autouse=True)
def _cheap_password_hashes(request, monkeypatch):
    if "site_password_cost" not in request.fixturenames and "tests/e2e" not in str(request.node.fspath):
        from community_app.services import passwords

        monkeypatch.setattr(passwords, "_hasher", _CHEAP_HASHER)
        monkeypatch.setattr(passwords, "_DUMMY_HASH", _CHEAP_DUMMY_HASH)
    yield


@pytest.fixture(autouse=True)
def _mail_queue_by_hand(monkeypatch):
    """The mail queue (and the Telegram queue) is drained by the tests themselves
    (``mail_queue.drain``, ``telegram.queue.drain``), not by a background thread after each
    commit, so what a test reads of it is not racing."""
    from community_app.services import mail_queue
    from community_app.services.telegram import queue as telegram_queue

    monkeypatch.setattr(mail_queue, "SEND_ON_COMMIT", False)
    monkeypatch.setattr(telegram_queue, "SEND_ON_COMMIT", False)
    yield
