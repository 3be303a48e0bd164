"""The file store's interface (services/storage.py): keys, and the same behaviour from the
local folders and from an S3 API server (moto on 127.0.0.1)."""

from __future__ import annotations

import io

import pytest

from community_app.services import storage
from tests.object_store import object_store, s3_server  # noqa: F401 - fixtures


@pytest.mark.parametrize("key", ["", "uploads", "/uploads/a", "uploads/../secret_key", "other/a",
                                 "uploads//a", "uploads/./a", "uploads\\a"])
def test_only_area_and_relative_path_keys(key):
    with pytest.raises(ValueError):
        storage.check_key(key)


@pytest.mark.parametrize("where", ["local", "object store"])
def test_write_read_stream_list_delete(where, request, tmp_path, monkeypatch):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path))
    if where == "object store":
        request.getfixturevalue("object_store")
    store = storage.get_storage()
    assert store.kind == ("local" if where == "local" else "s3")
    assert store.read("exports/none.zip") is None and not store.exists("exports/none.zip")
    assert store.open_chunks("exports/none.zip") is None
    store.write("images/covers/news/a.webp", b"RIFF-a", content_type="image/webp")
    store.write_file("exports/b.zip", io.BytesIO(b"PK" + b"x" * 300_000), private=True)
    assert store.read("images/covers/news/a.webp") == b"RIFF-a"
    assert b"".join(store.open_chunks("exports/b.zip")) == b"PK" + b"x" * 300_000
    assert list(store.keys("exports")) == ["exports/b.zip"]
    if where == "local":
        path = store.local_path("exports/b.zip")
        assert path.is_relative_to(tmp_path) and path.stat().st_mode & 0o777 == 0o600
    else:
        assert store.local_path("exports/b.zip") is None
    store.delete("exports/b.zip")
    store.delete("exports/b.zip")  # gone already: no error
    assert not store.exists("exports/b.zip") and list(store.keys("exports")) == []
