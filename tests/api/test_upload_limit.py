"""Reflex's upload endpoint (used by the speaker photo) has the API's 6 MB body cap."""

from __future__ import annotations

TOO_LARGE = {"data": None, "message": "Request is too large.", "status": 413}


def test_an_upload_over_6_mb_is_refused_before_reflex_reads_it(client):
    r = client.post(
        "/_upload",
        files={"files": ("big.jpg", b"\xff" * (6 * 1024 * 1024 + 1), "image/jpeg")},
    )
    assert r.status_code == 413
    assert r.json() == TOO_LARGE


def test_a_photo_sized_upload_passes_the_cap(client):
    r = client.post("/_upload", files={"files": ("ok.jpg", b"\xff" * 1024, "image/jpeg")})
    assert r.status_code != 413  # reaches the app behind (no Reflex here: not found)
