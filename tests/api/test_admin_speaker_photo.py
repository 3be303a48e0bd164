"""Issue 41, item 7: an organizer uploads, replaces and removes a speaker profile's photo
(PUT/DELETE /api/v1/admin/speaker-profiles/{id}/photo) with the image checks of the member's
own upload (one rule: services/talks.set_speaker_photo); the speaker page shows it; every
change audited; the profile saved again with its uploaded photo's address keeps it, and a
typed address in its place deletes the uploaded file (SQLite and PostgreSQL)."""

from __future__ import annotations

import io

from PIL import Image
from sqlmodel import Session, select

from community_app.models import AuditEntry, SpeakerProfile
from tests.api.factories import bearer, insert, make_member

API = "/api/v1/admin/speaker-profiles"
BAD_IMAGE = "Image must be a JPEG, PNG or WebP picture of at most 5 MB."


def _png(colour=(200, 90, 20), size=(16, 12)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def _profile(engine, **fields) -> SpeakerProfile:
    profile = SpeakerProfile(slug="nodira-saidova", name="Nodira Saidova", **fields)
    insert(engine, profile)
    return profile


def _photo(client, profile_id: int) -> str | None:
    return client.get(f"/api/v1/public/speakers/{profile_id}").json()["data"]["photoURL"]


def test_an_organizer_uploads_replaces_and_removes_a_speakers_photo(client, engine):
    organizer, member = make_member(engine, role="organizer"), make_member(engine)
    profile = _profile(engine, user_id=member.id, photo_url="https://example.com/typed.png")
    auth, url = bearer(organizer), f"{API}/{profile.id}/photo"

    r = client.put(url, headers=auth, files={"file": ("nodira.png", _png(), "image/png")})
    assert r.status_code == 200, r.text
    first = r.json()["data"]["photoURL"]
    assert first.startswith("/api/v1/media/public/speakers/") and first.endswith(".webp")
    served = client.get(first)
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    assert _photo(client, profile.id) == first  # the speaker page shows it at once

    r = client.put(url, headers=auth,
                   files={"file": ("big.jpg", _png((1, 2, 3), (64, 48)), "image/jpeg")})
    assert r.status_code == 200, r.text
    second = r.json()["data"]["photoURL"]
    assert second != first and client.get(first).status_code == 404  # the old file went

    for name, body, kind in (("x.png", b"not an image", "image/png"),
                             ("anim.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "image/gif"),
                             ("huge.png", b"\x89PNG" + b"\0" * (5 * 1024 * 1024 + 1), "image/png")):
        r = client.put(url, headers=auth, files={"file": (name, body, kind)})
        assert r.status_code == 422, name
        assert r.json()["data"]["errors"] == {"photo": BAD_IMAGE}, name
    assert _photo(client, profile.id) == second  # a refused file changes nothing

    r = client.delete(url, headers=auth)
    assert r.status_code == 200, r.text
    assert r.json()["data"]["photoURL"] is None
    assert client.get(second).status_code == 404
    assert _photo(client, profile.id) is None

    with Session(engine) as s:
        entries = [(e.action, e.actor_id, e.target_id, e.subject_user_id) for e in s.exec(
            select(AuditEntry).where(AuditEntry.action.startswith("speaker_profile.photo"))
            .order_by(AuditEntry.id)).all()]
    assert entries == [("speaker_profile.photo", organizer.id, profile.id, member.id)] * 2 + [
        ("speaker_profile.photo_remove", organizer.id, profile.id, member.id)]


def test_saving_the_profile_keeps_its_uploaded_photo_and_a_typed_address_replaces_it(client, engine):
    organizer = make_member(engine, role="organizer")
    profile = _profile(engine)
    auth = bearer(organizer)
    uploaded = client.put(f"{API}/{profile.id}/photo", headers=auth,
                          files={"file": ("n.png", _png(), "image/png")}).json()["data"]["photoURL"]

    # The back office's form sends every field back, the photo's address as it is.
    r = client.put(f"{API}/{profile.id}", headers=auth,
                   json={"name": "Nodira Saidova", "company": "Naver", "photoUrl": uploaded})
    assert r.status_code == 200, r.text
    assert (r.json()["data"]["company"], r.json()["data"]["photoURL"]) == ("Naver", uploaded)
    assert client.get(uploaded).status_code == 200
    # Another address of the site's own is no address one may type.
    r = client.put(f"{API}/{profile.id}", headers=auth,
                   json={"photoUrl": "/api/v1/media/public/speakers/someone-else.webp"})
    assert r.status_code == 422 and "photoUrl" in r.json()["data"]["errors"]

    r = client.put(f"{API}/{profile.id}", headers=auth,
                   json={"photoUrl": "https://example.com/nodira.png"})
    assert r.status_code == 200, r.text
    assert r.json()["data"]["photoURL"] == "https://example.com/nodira.png"
    assert client.get(uploaded).status_code == 404  # no file left behind


def test_removing_a_profile_deletes_its_uploaded_photo(client, engine):
    auth = bearer(make_member(engine, role="organizer"))
    profile = _profile(engine)
    uploaded = client.put(f"{API}/{profile.id}/photo", headers=auth,
                          files={"file": ("n.png", _png(), "image/png")}).json()["data"]["photoURL"]
    assert client.delete(f"{API}/{profile.id}", headers=auth).status_code == 200
    assert client.get(uploaded).status_code == 404


def test_only_organizers_change_a_speakers_photo_and_only_of_a_profile_that_exists(client, engine):
    member = make_member(engine)
    profile = _profile(engine, user_id=member.id, photo_url="https://example.com/typed.png")
    url = f"{API}/{profile.id}/photo"
    upload = {"files": {"file": ("n.png", _png(), "image/png")}}
    assert client.put(url, headers=bearer(member), **upload).status_code == 403
    assert client.delete(url, headers=bearer(member)).status_code == 403
    assert client.put(url, **upload).status_code == 401
    organizer = bearer(make_member(engine, role="organizer"))
    for missing in (f"{API}/{profile.id + 1000}/photo", f"{API}/0/photo"):
        assert client.put(missing, headers=organizer, **upload).status_code == 404, missing
        assert client.delete(missing, headers=organizer).status_code == 404, missing
    assert _photo(client, profile.id) == "https://example.com/typed.png"  # untouched
