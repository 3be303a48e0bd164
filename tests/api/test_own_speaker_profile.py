"""Issue 41 item 2: a member whose account is linked to a speaker profile reads and edits it
(GET/PUT /api/v1/users/me/speaker-profile), with the back office's rules; the public speaker
page shows the change; anyone else gets 404 or 401, never another's profile (SQLite and
PostgreSQL)."""

from __future__ import annotations

import io

from PIL import Image
from sqlmodel import Session, select

from community_app.models import AuditEntry, SpeakerProfile
from tests.api.factories import bearer, insert, make_member

URL = "/api/v1/users/me/speaker-profile"


def _profile(engine, user=None, **fields) -> SpeakerProfile:
    fields.setdefault("name", "Dilnoza Karimova")
    profile = SpeakerProfile(slug="dilnoza-karimova", user_id=user.id if user else None,
                             photo_url="https://example.com/photo.png", **fields)
    insert(engine, profile)
    return profile


def test_a_linked_member_reads_and_edits_their_profile_and_the_speaker_page_shows_it(client, engine):
    member = make_member(engine)
    profile = _profile(engine, member, bio="Old bio", company="Kakao")
    auth = bearer(member)
    r = client.get(URL, headers=auth)
    assert r.status_code == 200, r.text
    assert {k: r.json()["data"][k] for k in ("id", "name", "company", "bio", "links", "page")} == {
        "id": profile.id, "name": "Dilnoza Karimova", "company": "Kakao", "bio": "Old bio",
        "links": [], "page": f"/speakers/{profile.id}-dilnoza-karimova"}
    r = client.put(URL, headers={**auth, "Accept-Language": "uz"}, json={
        "name": " Dilnoza K. ", "jobPosition": "Backend engineer", "bio": "I write **Rust**.",
        "links": ["https://github.com/dilnoza", "https://dilnoza.dev"],
        "photoUrl": "https://evil.example/x.png", "keepNameAfterErasure": True})
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Ma’ruzachi profilingiz saqlandi."
    data = r.json()["data"]
    assert (data["name"], data["jobPosition"], data["company"]) == (
        "Dilnoza K.", "Backend engineer", "Kakao")  # a field left out stays
    assert data["bioHtml"] == "<p>I write <strong>Rust</strong>.</p>"
    assert data["photoUrl"] == "https://example.com/photo.png"  # not the member's to change
    public = client.get(f"/api/v1/public/speakers/{profile.id}").json()["data"]
    assert (public["name"], public["bio"], public["links"]) == (
        "Dilnoza K.", "I write **Rust**.", ["https://github.com/dilnoza", "https://dilnoza.dev"])
    with Session(engine) as s:
        assert s.get(SpeakerProfile, profile.id).keep_name_after_erasure is False
        [entry] = s.exec(select(AuditEntry).where(
            AuditEntry.action == "speaker_profile.update_own")).all()
        assert (entry.actor_id, entry.target_id, entry.subject_user_id) == (
            member.id, profile.id, member.id)


def test_the_back_offices_rules_refuse_a_bad_edit(client, engine):
    member = make_member(engine)
    _profile(engine, member)
    auth = bearer(member)
    r = client.put(URL, headers=auth, json={"name": " "})
    assert r.status_code == 422
    assert "The speaker's name has 2 to 120 characters." in r.text
    r = client.put(URL, headers=auth, json={"links": ["javascript:alert(1)"]})
    assert r.status_code == 422
    assert "Each link must be an http(s) address (at most 5 links)." in r.text
    r = client.put(URL, headers=auth, json={"bio": "x" * 5001})
    assert r.status_code == 422
    assert client.get(URL, headers=auth).json()["data"]["name"] == "Dilnoza Karimova"


def test_a_member_without_a_profile_gets_404_and_never_anothers(client, engine):
    owner, other = make_member(engine), make_member(engine)
    profile = _profile(engine, owner)
    _profile(engine, None, name="Unlinked Speaker")
    for method in ("get", "put"):
        r = client.request(method.upper(), URL, headers=bearer(other),
                           json={"bio": "Not mine"} if method == "put" else None)
        assert (r.status_code, r.json()["message"]) == (
            404, "Your account is not linked to a speaker profile."), method
    assert client.get(URL).status_code == 401
    assert client.put(URL, json={"bio": "x"}).status_code == 401
    with Session(engine) as s:
        assert s.get(SpeakerProfile, profile.id).bio == ""


PHOTO_URL = URL + "/photo"


def _png(colour=(200, 90, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 12), colour).save(out, format="PNG")
    return out.getvalue()


def test_the_member_uploads_replaces_and_removes_their_speaker_photo(client, engine):
    member = make_member(engine)
    profile = _profile(engine, member)
    auth = bearer(member)
    r = client.put(PHOTO_URL, headers={**auth, "Accept-Language": "uz"},
                   files={"file": ("me.png", _png(), "image/png")})
    assert r.status_code == 200, r.text
    first = r.json()["data"]["photoUrl"]
    assert first.startswith("/api/v1/media/public/speakers/")
    assert r.json()["message"] == "Ma’ruzachi suratingiz saqlandi."
    assert client.get(first).status_code == 200  # served from the object store
    assert client.get(f"/api/v1/public/speakers/{profile.id}").json()["data"]["photoURL"] == first
    r = client.put(PHOTO_URL, headers=auth, files={"file": ("me2.png", _png((1, 2, 3)), "image/png")})
    second = r.json()["data"]["photoUrl"]
    assert second != first and client.get(first).status_code == 404  # the old file went
    r = client.put(PHOTO_URL, headers=auth, files={"file": ("x.png", b"not an image", "image/png")})
    assert r.status_code == 422
    assert r.json()["data"]["errors"] == {
        "photo": "Image must be a JPEG, PNG or WebP picture of at most 5 MB."}
    r = client.delete(PHOTO_URL, headers=auth)
    assert r.status_code == 200, r.text
    assert r.json()["data"]["photoUrl"] is None
    assert client.get(second).status_code == 404
    with Session(engine) as s:
        actions = [(e.action, e.actor_id, e.subject_user_id) for e in s.exec(
            select(AuditEntry).where(AuditEntry.action.startswith("speaker_profile.photo"))
            .order_by(AuditEntry.id)).all()]
    assert actions == [("speaker_profile.photo_own", member.id, member.id)] * 2 + [
        ("speaker_profile.photo_remove_own", member.id, member.id)]


def test_only_a_linked_member_changes_a_speaker_photo(client, engine):
    owner, other = make_member(engine), make_member(engine)
    _profile(engine, owner)
    r = client.put(PHOTO_URL, headers=bearer(other), files={"file": ("me.png", _png(), "image/png")})
    assert r.status_code == 404
    assert client.delete(PHOTO_URL, headers=bearer(other)).status_code == 404
    assert client.put(PHOTO_URL, files={"file": ("me.png", _png(), "image/png")}).status_code == 401
    assert client.get(URL, headers=bearer(owner)).json()["data"]["photoUrl"] == (
        "https://example.com/photo.png")  # untouched
