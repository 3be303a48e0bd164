"""Public images are served only as re-encoded WebP from the public folders."""

from __future__ import annotations

import io

from PIL import Image

from community_app.services.uploads import public_url, store_image


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, format="PNG")
    return out.getvalue()


def test_a_stored_public_image_is_served_as_webp(client):
    url = public_url(store_image(_png(), "public/avatars"))
    r = client.get(url)
    assert r.status_code == 200
    assert r.headers["content-type"] == "image/webp"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.content[:4] == b"RIFF"


def test_private_and_malformed_paths_are_not_served(client):
    private = store_image(_png(), "private/speakers")
    folder, name = private.split("/")[1:]
    assert public_url(private) is None
    for path in (
        f"/api/v1/media/public/{folder}/{name}",
        "/api/v1/media/public/avatars/../../secret_key",
        "/api/v1/media/public/avatars/" + "a" * 32 + ".svg",
        "/api/v1/media/public/other/" + "a" * 32 + ".webp",
        "/api/v1/media/public/avatars/" + "a" * 32 + ".webp",  # well-formed but missing
    ):
        r = client.get(path)
        assert r.status_code == 404, path
