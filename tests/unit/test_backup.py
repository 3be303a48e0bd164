"""`make backup` during a write burst gives a consistent copy that restores (SQLite and
PostgreSQL), with the uploaded files, readable by the site's user only."""

from __future__ import annotations

import os
import stat
import subprocess
import sqlite3
import sys
import tarfile
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from community_app.ops import backup
from community_app.core.settings import ROOT
from tests.conftest import POSTGRES_URL
from tests.object_store import object_store, s3_server  # noqa: F401 - fixtures
from tests.waiting import wait_until


def _burst(url: str, stop: threading.Event, written: list[int]) -> None:
    """Writes rows as fast as it can until told to stop (the site taking sign-ups)."""
    engine = sa.create_engine(url)
    i = 0
    while not stop.is_set():
        with engine.begin() as conn:
            conn.execute(
                sa.text("INSERT INTO affiliated_projects (name, url, description_en, description_uz, position) "
                        "VALUES (:n, 'https://example.org', '', '', :i)"),
                {"n": f"project {i}", "i": i},
            )
        i += 1
        written.append(i)
    engine.dispose()


def _count(url: str) -> int:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        n = conn.execute(sa.text("SELECT count(*) FROM affiliated_projects")).scalar_one()
    engine.dispose()
    return n


def _backup_during_burst(url: str, tmp_path) -> tuple:
    uploads = tmp_path / "uploads"
    (uploads / "public" / "news").mkdir(parents=True)
    (uploads / "public" / "news" / "cover.webp").write_bytes(b"RIFF-image")
    stop, written = threading.Event(), []
    writer = threading.Thread(target=_burst, args=(url, stop, written))
    writer.start()
    try:
        wait_until(lambda: len(written) >= 20, every_s=0.01, what="20 writes")
        archive = backup.backup(tmp_path / "backups", database_url=url, upload_dir=uploads)
        # The site kept writing during and after the copy.
        wait_until(lambda: len(written) >= 40, every_s=0.01, what="40 writes")
    finally:
        stop.set()
        writer.join()
    return archive, uploads


def test_sqlite_backup_during_writes_passes_integrity_check_and_restores(engine, tmp_path):
    if engine.dialect.name != "sqlite":
        pytest.skip("the PostgreSQL variant is below")
    url = engine.url.render_as_string(hide_password=False)
    archive, uploads = _backup_during_burst(url, tmp_path)
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600

    with tarfile.open(archive) as tar:
        names = tar.getnames()
        tar.extract(backup.SQLITE_FILE, tmp_path / "out", filter="data")
    assert "uploads/public/news/cover.webp" in names
    copy = sa.create_engine(f"sqlite:///{tmp_path / 'out' / backup.SQLITE_FILE}")
    with copy.connect() as conn:
        assert conn.execute(sa.text("PRAGMA integrity_check")).scalar_one() == "ok"
        saved = conn.execute(sa.text("SELECT count(*) FROM affiliated_projects")).scalar_one()
    copy.dispose()
    assert 20 <= saved < _count(url)

    # Restore into the live database and a wiped uploads folder: back to the copy.
    (uploads / "public" / "news" / "cover.webp").unlink()
    manifest = backup.restore(archive, database_url=url, upload_dir=uploads)
    assert manifest["database"] == "sqlite"
    assert _count(url) == saved
    assert (uploads / "public" / "news" / "cover.webp").read_bytes() == b"RIFF-image"


@pytest.mark.skipif(not POSTGRES_URL, reason="COMMUNITY_TEST_POSTGRES_URL is not set")
def test_postgres_backup_during_writes_restores(postgres_engine, tmp_path):
    from tests.conftest import _truncate_all

    _truncate_all(postgres_engine)
    url = postgres_engine.url.render_as_string(hide_password=False)
    archive, uploads = _backup_during_burst(url, tmp_path)
    after = _count(url)
    manifest = backup.restore(archive, database_url=url, upload_dir=uploads)
    assert manifest["database"] == "postgresql"
    restored = _count(url)
    assert 20 <= restored < after
    _truncate_all(postgres_engine)


def test_an_archive_of_another_database_kind_is_refused(engine, tmp_path):
    if engine.dialect.name != "sqlite":
        pytest.skip("needs a SQLite archive")
    url = engine.url.render_as_string(hide_password=False)
    archive = backup.backup(tmp_path, database_url=url, upload_dir=tmp_path / "none")
    with pytest.raises(backup.BackupError, match="sqlite"):
        backup.restore(archive, database_url="postgresql+psycopg2://nobody@127.0.0.1:1/none")


def _fill(url: str, rows: int) -> None:
    """A database of real size: ``rows`` rows of about 1 KB (several MB in all)."""
    engine = sa.create_engine(url)
    text = "x" * 500
    with engine.begin() as conn:
        conn.execute(
            sa.text("INSERT INTO affiliated_projects (name, url, description_en, description_uz, position) "
                    "VALUES (:n, 'https://example.org', :d, :d, -1)"),
            [{"n": f"old {i}", "d": text} for i in range(rows)],
        )
    engine.dispose()


def _pair_burst(path: str, stop: threading.Event, written: list[int]) -> None:
    """Two rows per transaction, committed back to back (plain sqlite3: as many commits a
    second as the machine allows): a copy holding half a transaction would show an odd
    number of them."""
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    i = 0
    while not stop.is_set():
        conn.execute("BEGIN IMMEDIATE")
        for _ in range(2):
            conn.execute("INSERT INTO affiliated_projects (name, url, description_en, description_uz, position) "
                         "VALUES (?, 'https://example.org', '', '', ?)", (f"new {i}", i))
        conn.execute("COMMIT")
        i += 1
        written.append(i)
    conn.close()


def _cli(env: dict, *args: str, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "community_app.ops.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_make_backup_of_a_several_mb_database_finishes_under_constant_writes_and_restores(engine, tmp_path):
    """`make backup` / `make restore` (the CLI they call) against a ~9 MB SQLite database
    while another connection commits as fast as it can: the command ends, the copy holds
    whole transactions of one point in time, and it restores. (How often SQLite restarts a
    step-by-step copy depends on timing; the next test makes a write between every two
    steps certain.)"""
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite's online backup")
    url = engine.url.render_as_string(hide_password=False)
    _fill(url, 8000)
    assert Path(engine.url.database).stat().st_size > 8_000_000
    uploads = tmp_path / "uploads"
    (uploads / "public").mkdir(parents=True)
    (uploads / "public" / "a.webp").write_bytes(b"RIFF-a")
    env = {**os.environ, "COMMUNITY_DATABASE_URL": url, "COMMUNITY_UPLOAD_DIR": str(uploads),
           "COMMUNITY_VAR_DIR": str(tmp_path / "var")}
    env.pop("COMMUNITY_ENV", None)

    stop, written = threading.Event(), []
    writer = threading.Thread(target=_pair_burst, args=(engine.url.database, stop, written))
    writer.start()
    try:
        wait_until(lambda: len(written) >= 20, every_s=0.01, what="20 writes")
        before = len(written)
        # Generous: the copy itself takes well under a second; Python's start-up and
        # imports a few seconds on a loaded machine. Without the fix it never ends.
        done = _cli(env, "backup", "--to", str(tmp_path / "backups"), timeout=60)
        after = len(written)
        # The writes went on during and after the copy.
        wait_until(lambda: len(written) >= after + 20, every_s=0.01, what="20 more writes")
    finally:
        stop.set()
        writer.join()
    assert done.returncode == 0, done.stderr
    assert after > before  # the writer was not held up for the whole copy
    archive = Path(done.stdout.split("Backup written:", 1)[1].strip())
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600

    with tarfile.open(archive) as tar:
        tar.extract(backup.SQLITE_FILE, tmp_path / "out", filter="data")
    copy = sa.create_engine(f"sqlite:///{tmp_path / 'out' / backup.SQLITE_FILE}")
    with copy.connect() as conn:
        assert conn.execute(sa.text("PRAGMA integrity_check")).scalar_one() == "ok"
        old = conn.execute(sa.text("SELECT count(*) FROM affiliated_projects WHERE name LIKE 'old %'")).scalar_one()
        new = conn.execute(sa.text("SELECT count(*) FROM affiliated_projects WHERE name LIKE 'new %'")).scalar_one()
    copy.dispose()
    assert old == 8000
    assert new % 2 == 0 and 2 * before <= new <= 2 * after + 2  # whole transactions, a point in time

    (uploads / "public" / "a.webp").unlink()
    restored = _cli(env, "restore", str(archive), timeout=120)
    assert restored.returncode == 0, restored.stderr
    assert "Restored the backup" in restored.stdout
    assert _count(url) == old + new
    assert (uploads / "public" / "a.webp").read_bytes() == b"RIFF-a"
    live = sa.create_engine(url)
    with live.connect() as conn:
        assert conn.execute(sa.text("PRAGMA integrity_check")).scalar_one() == "ok"
    live.dispose()


def test_the_sqlite_copy_finishes_even_when_another_connection_writes_between_any_two_steps(
    engine, tmp_path, monkeypatch
):
    """The worst case of a busy site, made certain: a commit lands after every step of the
    copy. SQLite starts a step-by-step backup over after such a write, so it would never
    end (stopped here after 200 steps); the copy must take one consistent snapshot."""
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite's online backup")
    url = engine.url.render_as_string(hide_password=False)
    _fill(url, 3000)
    writer = sqlite3.connect(engine.url.database, timeout=30, isolation_level=None)
    steps = []

    def write_after_each_step(status, remaining, total):
        steps.append(remaining)
        if len(steps) > 200:
            raise RuntimeError(f"the copy restarts for ever ({remaining} of {total} pages left)")
        writer.execute("INSERT INTO affiliated_projects (name, url, description_en, description_uz, position) "
                       "VALUES ('between steps', 'https://example.org', '', '', 0)")

    class Spied(sqlite3.Connection):
        def backup(self, target, **kwargs):
            return super().backup(target, progress=write_after_each_step, **kwargs)

    real_connect = sqlite3.connect
    monkeypatch.setattr(backup.sqlite3, "connect",
                        lambda *args, **kwargs: real_connect(*args, factory=Spied, **kwargs))
    archive = backup.backup(tmp_path / "backups", database_url=url, upload_dir=tmp_path / "none")
    monkeypatch.undo()
    writer.close()
    assert steps and steps[-1] == 0
    with tarfile.open(archive) as tar:
        tar.extract(backup.SQLITE_FILE, tmp_path / "out", filter="data")
    copy = sqlite3.connect(tmp_path / "out" / backup.SQLITE_FILE)
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy.execute("SELECT count(*) FROM affiliated_projects WHERE name LIKE 'old %'").fetchone()[0] == 3000
    copy.close()


def test_with_the_object_store_the_backup_holds_the_stored_uploads_and_puts_them_back(
        engine, tmp_path, object_store):
    if engine.dialect.name != "sqlite":
        pytest.skip("the uploads part is the same for both databases")
    from community_app.services.storage import get_storage

    url = engine.url.render_as_string(hide_password=False)
    storage = get_storage()
    storage.write("uploads/public/news/" + "a" * 32 + ".webp", b"RIFF-news")
    storage.write("uploads/private/speakers/" + "b" * 32 + ".webp", b"RIFF-speaker")
    storage.write("exports/" + "c" * 32 + ".zip", b"PK-not-kept")
    archive = backup.backup(tmp_path / "backups", database_url=url)
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
    assert "uploads/public/news/" + "a" * 32 + ".webp" in names
    assert "uploads/private/speakers/" + "b" * 32 + ".webp" in names
    assert not any(n.startswith("exports") for n in names)
    storage.delete("uploads/public/news/" + "a" * 32 + ".webp")
    backup.restore(archive, database_url=url)
    assert storage.read("uploads/public/news/" + "a" * 32 + ".webp") == b"RIFF-news"
