"""`make backup` during a write burst gives a consistent copy that restores (SQLite and
PostgreSQL), with the uploaded files, readable by the site's user only."""

from __future__ import annotations

import stat
import tarfile
import threading
import time

import pytest
import sqlalchemy as sa

from community_app import backup
from tests.conftest import POSTGRES_URL


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
        while len(written) < 20:
            time.sleep(0.01)
        archive = backup.backup(tmp_path / "backups", database_url=url, upload_dir=uploads)
        while len(written) < 40:  # the site kept writing during and after the copy
            time.sleep(0.01)
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
