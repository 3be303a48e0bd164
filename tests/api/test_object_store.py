"""Files in an S3-compatible object store (issue 25): with ``COMMUNITY_STORAGE_URL`` set,
every file the site writes goes to the bucket (a real S3 API server on 127.0.0.1: moto)
and is served from it; nothing lands in the node's var/. And, with either store, a
data export survives a broken download and its file goes when it expires."""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import DataExport, User
from community_app.services import images, privacy, scheduled_tasks, seo
from community_app.services.storage import get_storage
from community_app.services.uploads import (
    PUBLIC_AVATARS, public_path_of_url, store_image, store_public_image,
)
from community_app.core.settings import get_settings
from tests.object_store import either_store, object_store, s3_server  # noqa: F401 - fixtures

ME = "/api/v1/users/me"


@pytest.fixture(autouse=True)
def _var(tmp_path, monkeypatch):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path / "var"))


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 12), (200, 90, 20)).save(out, format="PNG")
    return out.getvalue()


def _files(*folders: Path) -> set[Path]:
    return {p for folder in folders if folder.exists() for p in folder.rglob("*") if p.is_file()}


def _ready_export(client, engine, headers) -> dict:
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    export = client.get(f"{ME}/export", headers=headers).json()["data"]
    assert export["status"] == "READY", export
    return export


def test_with_the_object_store_every_file_goes_to_the_bucket_and_none_to_var(
        client, engine, make_user, object_store, tmp_path):
    var = tmp_path / "var"
    before = _files(var, get_settings().upload_dir)
    user, headers = make_user()
    # A member's photo (public), a speaker's photo (private), both in the bucket.
    avatar_url = store_public_image(_png(), PUBLIC_AVATARS)
    private = store_image(_png(), "private/speakers")
    with Session(engine) as s:
        row = s.get(User, user.id)
        row.image_url = avatar_url
        s.add(row)
        s.commit()
    got = client.get(avatar_url)
    assert got.status_code == 200 and got.headers["content-type"] == "image/webp"
    assert got.headers["x-content-type-options"] == "nosniff"
    stored = object_store.client.get_object(
        Bucket=object_store.bucket, Key=f"uploads/{public_path_of_url(avatar_url)}")["Body"].read()
    assert got.content == stored and stored[8:12] == b"WEBP"
    # Generated pictures: a cover and a page's link preview, drawn once into the bucket.
    cover = client.get(images.cover_url("news", 12))
    assert cover.status_code == 200 and cover.content[8:12] == b"WEBP"
    page = next(iter(seo.PAGES_BY_KEY))
    with Session(engine) as s:
        card = seo.share_card(s, "page", page, "en")
    preview = client.get(images.share_url("en", page, card))
    assert preview.status_code == 200 and preview.content[:8] == b"\x89PNG\r\n\x1a\n"
    # The data export: built into the bucket (with the avatar read from it), sent from it.
    export = _ready_export(client, engine, headers)
    keys = object_store.keys()
    assert [k for k in keys if k.startswith("exports/")], keys
    zip_bytes = client.get(export["downloadUrl"])
    assert zip_bytes.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(zip_bytes.content))
    assert json.loads(archive.read("profile.json"))["email"] == user.email
    assert archive.read(f"images/{avatar_url.rsplit('/', 1)[1]}") == stored
    keys = object_store.keys()
    assert f"uploads/{public_path_of_url(avatar_url)}" in keys and f"uploads/{private}" in keys
    assert any(k.startswith("images/covers/news/") for k in keys)
    assert any(k.startswith("images/share/page/") for k in keys)
    assert not [k for k in keys if k.startswith("exports/")]  # sent, then removed
    assert _files(var, get_settings().upload_dir) - before == set()


def test_a_broken_download_does_not_spend_the_link(client, engine, make_user, either_store,
                                                   monkeypatch):
    _, headers = make_user()
    export = _ready_export(client, engine, headers)
    kind = type(get_storage())
    real = kind.open_chunks

    def breaks_after_one_block(self, key):
        chunks = real(self, key)

        def gen():
            yield b"".join(chunks)[:100]
            raise ConnectionResetError("the connection broke")
        return gen()

    monkeypatch.setattr(kind, "open_chunks", breaks_after_one_block)
    try:
        broken = client.get(export["downloadUrl"])
    except ConnectionResetError:
        broken = None
    assert broken is None or not zipfile.is_zipfile(io.BytesIO(broken.content))
    monkeypatch.setattr(kind, "open_chunks", real)
    again = client.get(export["downloadUrl"])  # the link still works
    assert again.status_code == 200
    assert "profile.json" in zipfile.ZipFile(io.BytesIO(again.content)).namelist()
    assert client.get(export["downloadUrl"]).status_code == 401  # now it is spent
    with Session(engine) as s:
        row = s.exec(select(DataExport)).one()
        assert row.status == "DOWNLOADED"
        assert not get_storage().exists(privacy.export_key(row.file_name))


def test_an_expired_export_file_is_removed_downloaded_or_not(client, engine, make_user,
                                                              either_store):
    _, headers = make_user()
    _ready_export(client, engine, headers)
    with Session(engine) as s:
        row = s.exec(select(DataExport)).one()
        # Marked downloaded while its file stayed (a node that failed to remove it).
        row.status = "DOWNLOADED"
        s.add(row)
        s.commit()
        key, expires_at = privacy.export_key(row.file_name), row.expires_at
    assert get_storage().exists(key)
    with Session(engine) as s:
        assert privacy.expire_exports(s, expires_at - dt.timedelta(minutes=1)) == 0
        s.commit()
    assert get_storage().exists(key)
    with Session(engine) as s:
        assert privacy.expire_exports(s, expires_at + dt.timedelta(minutes=1)) == 1
        s.commit()
        assert privacy.expire_exports(s, expires_at + dt.timedelta(minutes=2)) == 0
        s.commit()
    assert not get_storage().exists(key)


def test_the_hourly_cleanup_removes_export_files_no_export_names(client, engine, make_user,
                                                                 either_store):
    _, headers = make_user()
    _ready_export(client, engine, headers)
    with Session(engine) as s:
        kept = privacy.export_key(s.exec(select(DataExport)).one().file_name)
    # Written before expired files were removed whatever their status, or for a row that is
    # gone, or half-written by a worker that stopped: no export names them.
    storage = get_storage()
    left = ["exports/0123456789abcdef0123456789abcdef.zip", "exports/.stopped.zip.77.1.tmp"]
    for key in left:
        storage.write(key, b"PK old", private=True)
    assert {key for key, _ in storage.listing("exports")} == {kept, *left}
    # A file just written is never taken (its build names it in its row a moment later).
    assert scheduled_tasks.run_due(engine, names=["remove-orphan-exports"]) == {
        "remove-orphan-exports": "0 orphaned export files removed"}
    assert all(storage.exists(key) for key in left)
    later = utcnow() + dt.timedelta(hours=2)
    assert scheduled_tasks.run_due(engine, now=later, names=["remove-orphan-exports"]) == {
        "remove-orphan-exports": "2 orphaned export files removed"}
    assert {key for key, _ in storage.listing("exports")} == {kept}
    # The member's ready export still downloads.
    export = client.get(f"{ME}/export", headers=headers).json()["data"]
    assert zipfile.is_zipfile(io.BytesIO(client.get(export["downloadUrl"]).content))
