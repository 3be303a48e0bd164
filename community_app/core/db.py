"""Database engine, sessions and migrations.

The embedded default is a SQLite file under ``var/`` in WAL mode with a busy timeout,
so readers never block the writer and concurrent writers wait instead of failing.
Any SQLAlchemy URL in ``COMMUNITY_DATABASE_URL`` (PostgreSQL, say) works unchanged.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import Session

from community_app.core.settings import PRIVATE_FILE_MODE, ROOT, VAR_DIR, get_settings

SQLITE_BUSY_TIMEOUT_MS = 10_000

# Threads that may hold a database connection at once in one server worker: FastAPI runs
# sync routes and dependencies on anyio's 40 worker threads, and the site's handlers use
# asyncio's default executor (``asyncio.to_thread``). The pool is sized to both, so a
# thread never waits for a connection held by a request that itself waits for a thread
# (the 30 s stall of issue 12); connections beyond the first 10 are opened only under load.
API_THREADS = 40
HANDLER_THREADS = min(32, (os.cpu_count() or 1) + 4)
POOL_SIZE = 10
POOL_LIMIT = API_THREADS + HANDLER_THREADS + 4


def utcnow() -> dt.datetime:
    """Now, as an aware UTC datetime: the form every timestamp is stored and read in."""
    return dt.datetime.now(dt.UTC)


def _on_sqlite_connect(dbapi_conn, _record) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> sa.Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        in_memory = not path or path.startswith(":memory:") or "mode=memory" in url
        if not in_memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            # Made here, readable by the site's user only; SQLite gives its -wal and -shm
            # files the database file's mode.
            os.close(os.open(path.split("?", 1)[0], os.O_RDWR | os.O_CREAT, PRIVATE_FILE_MODE))
        pool = {} if in_memory else {"pool_size": POOL_SIZE, "max_overflow": POOL_LIMIT - POOL_SIZE}
        engine = sa.create_engine(
            url,
            connect_args={
                "check_same_thread": False,
                "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000,
            },
            **pool,
        )
        sa.event.listen(engine, "connect", _on_sqlite_connect)
        return engine
    return sa.create_engine(
        url, pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=POOL_LIMIT - POOL_SIZE
    )


@lru_cache(maxsize=4)
def get_engine(url: str | None = None) -> sa.Engine:
    return make_engine(url or get_settings().database_url)


@contextlib.contextmanager
def session_scope(engine: sa.Engine | None = None) -> Iterator[Session]:
    """One unit of work: commit on success, roll back on error."""
    with Session(engine or get_engine(), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


def alembic_config(url: str | None = None):
    from alembic.config import Config

    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "alembic"))
    cfg.set_main_option("sqlalchemy.url", (url or get_settings().database_url).replace("%", "%%"))
    return cfg


def migrate(url: str | None = None) -> None:
    """Upgrade the database to the newest revision.

    Several server workers may start at once: a file lock lets one migrate while the
    others wait, then find nothing left to do.
    """
    from alembic import command

    VAR_DIR.mkdir(parents=True, exist_ok=True)
    with open(VAR_DIR / "migrate.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            command.upgrade(alembic_config(url), "head")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
