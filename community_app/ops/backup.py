"""Backups: one archive with a consistent copy of the database and the uploaded files.

``make backup`` (``python -m community_app.ops.cli backup [--to DIR]``) writes
``var/backups/uzdev-<UTC time>.tar.gz`` while the site keeps taking writes:

- SQLite: the online backup API copies the whole live database in one step, inside one
  read transaction: in WAL mode that is a consistent snapshot and writers go on meanwhile.
  (A copy in several steps restarts whenever another connection writes between two steps,
  so under steady writes it may never finish.)
- PostgreSQL: ``pg_dump --format=custom`` (one transaction snapshot, no lock on writers).

``make restore FILE=…`` puts an archive back: SQLite through the same backup API into
the live file (other connections see the restored data at their next transaction),
PostgreSQL with ``pg_restore --clean --if-exists``; the uploads folder is replaced.
The archive and every file in it are readable by the site's user only.

With an object store (``COMMUNITY_STORAGE_URL``), the uploads are read from the bucket into
the archive and written back to it by a restore (objects not in the archive are left
alone). Exports and generated pictures are not kept: exports expire within a day and
pictures are drawn again on request. docs/operations.md says how to back up a large store.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sqlite3
import subprocess
import io
import tarfile
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

from community_app.services.storage import get_storage
from community_app.core.settings import VAR_DIR, get_settings

SQLITE_FILE = "database.sqlite3"
POSTGRES_FILE = "database.pgdump"
UPLOADS = "uploads"
MANIFEST = "manifest.json"
ALL_PAGES = -1  # one backup step: one snapshot, never restarted by a concurrent write


class BackupError(RuntimeError):
    """The archive cannot be made or restored (message says why)."""


def _sqlite_path(url: str) -> Path:
    path = sa.make_url(url).database
    if not path or path == ":memory:":
        raise BackupError("An in-memory SQLite database cannot be backed up.")
    return Path(path)


def _libpq_url(url: str) -> str:
    """The SQLAlchemy URL as pg_dump/pg_restore read it (no '+driver')."""
    parsed = sa.make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


def _run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{cmd[0]} failed: {done.stderr.strip()}")


def _copy_sqlite(source: Path, target: Path, *, read_only: bool = True) -> None:
    """SQLite's online backup API in one step: a consistent copy that always finishes.

    The source is read in a single read transaction (a WAL snapshot: writers are not held
    up); a step-by-step copy would start over after every write made between its steps."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=10) if read_only else sqlite3.connect(source)
    dst = sqlite3.connect(target, timeout=10)
    try:
        src.backup(dst, pages=ALL_PAGES)
    finally:
        dst.close()
        src.close()


def _site_data(database_url: str | None, upload_dir: Path | None) -> tuple[str, Path, str]:
    """What a backup or restore works on: the database URL and the uploads folder (the
    settings' unless given) and the database's kind (``sqlite``, ``postgresql``, ...)."""
    settings = get_settings()
    url = database_url or settings.database_url
    return url, upload_dir or settings.upload_dir, sa.make_url(url).get_backend_name()


def backup(
    to: Path | None = None,
    database_url: str | None = None,
    upload_dir: Path | None = None,
) -> Path:
    """Write the archive into ``to`` (default ``var/backups``) and return its path."""
    url, uploads, kind = _site_data(database_url, upload_dir)
    folder = to or VAR_DIR / "backups"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
    archive = folder / f"uzdev-{stamp}.tar.gz"
    with tempfile.TemporaryDirectory(prefix="uzdev-backup-") as tmp:
        work = Path(tmp)
        if kind == "sqlite":
            _copy_sqlite(_sqlite_path(url), work / SQLITE_FILE)
            check = sqlite3.connect(work / SQLITE_FILE)
            try:
                verdict = check.execute("PRAGMA integrity_check").fetchone()[0]
            finally:
                check.close()
            if verdict != "ok":
                raise BackupError(f"The copy failed its integrity check: {verdict}")
            name = SQLITE_FILE
        elif kind == "postgresql":
            _run(["pg_dump", "--format=custom", "--no-owner", f"--file={work / POSTGRES_FILE}",
                  _libpq_url(url)])
            name = POSTGRES_FILE
        else:
            raise BackupError(f"No backup method for {kind} databases.")
        manifest = {"created": stamp, "database": kind, "file": name}
        (work / MANIFEST).write_text(json.dumps(manifest))
        partial = archive.with_suffix(".partial")
        with tarfile.open(partial, "w:gz") as tar:
            tar.add(work / MANIFEST, arcname=MANIFEST)
            tar.add(work / name, arcname=name)
            if upload_dir is None and get_storage().kind != "local":
                _add_stored_uploads(tar)
            elif uploads.exists():
                tar.add(uploads, arcname=UPLOADS)
        os.chmod(partial, 0o600)
        partial.rename(archive)  # never a half-written archive under the final name
    return archive


def restore(
    archive: Path,
    database_url: str | None = None,
    upload_dir: Path | None = None,
) -> dict:
    """Put the archive's database and uploads back; returns its manifest."""
    url, uploads, kind = _site_data(database_url, upload_dir)
    with tempfile.TemporaryDirectory(prefix="uzdev-restore-") as tmp:
        work = Path(tmp)
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(work, filter="data")
        manifest = json.loads((work / MANIFEST).read_text())
        if manifest["database"] != kind:
            raise BackupError(
                f"This archive holds a {manifest['database']} database; the site uses {kind}."
            )
        if kind == "sqlite":
            target = _sqlite_path(url)
            target.parent.mkdir(parents=True, exist_ok=True)
            _copy_sqlite(work / SQLITE_FILE, target, read_only=False)
        else:
            _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
                  f"--dbname={_libpq_url(url)}", str(work / POSTGRES_FILE)])
        restored = work / UPLOADS
        if restored.exists() and upload_dir is None and get_storage().kind != "local":
            _put_back_stored_uploads(restored)
        elif restored.exists():
            if uploads.exists():
                shutil.rmtree(uploads)
            shutil.copytree(restored, uploads)
    return manifest


def _add_stored_uploads(tar: tarfile.TarFile) -> None:
    """Every object under ``uploads/`` of the object store, as ``uploads/...`` members."""
    storage = get_storage()
    for key in storage.keys("uploads"):
        data = storage.read(key)
        if data is None:  # removed since it was listed
            continue
        info = tarfile.TarInfo(key)  # keys are "uploads/<relative path>"
        info.size, info.mode, info.mtime = len(data), 0o600, int(time.time())
        tar.addfile(info, io.BytesIO(data))


def _put_back_stored_uploads(restored: Path) -> None:
    storage = get_storage()
    for path in sorted(restored.rglob("*")):
        if path.is_file():
            storage.write(f"{UPLOADS}/{path.relative_to(restored).as_posix()}", path.read_bytes(),
                          content_type="image/webp" if path.suffix == ".webp" else "application/octet-stream")
