"""GET /api/v1/media/public/{folder}/{name}: public images only, as WebP, nosniff."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from community_app.services.uploads import PUBLIC_FOLDERS, store_image, store_public_image
from community_app.core.settings import get_settings


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (0, 90, 200)).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("folder", PUBLIC_FOLDERS)
def test_public_images_are_served_as_webp(client, folder):
    url = store_public_image(_png(), folder)
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/webp"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "public, max-age=86400"
    assert response.content[:4] == b"RIFF" and response.content[8:12] == b"WEBP"


def test_anything_else_is_not_found(client):
    private = store_image(_png(), "private/speakers")  # a speaker's photo stays private
    name = private.rsplit("/", 1)[1]
    (get_settings().upload_dir / "public" / "news").mkdir(parents=True, exist_ok=True)
    (get_settings().upload_dir / "public" / "news" / "notes.txt").write_text("x")
    for path in (
        f"/api/v1/media/public/speakers/{name}",
        f"/api/v1/media/private/speakers/{name}",
        f"/api/v1/media/public/news/{name}",  # right name, wrong folder: no file
        "/api/v1/media/public/news/notes.txt",
        "/api/v1/media/public/news/" + "A" * 32 + ".webp",
        "/api/v1/media/public/news/..%2F..%2Fsecret_key",
        "/api/v1/media/public/..%2Fprivate/" + name,
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["status"] == 404
