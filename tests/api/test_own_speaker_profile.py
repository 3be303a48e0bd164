"""Issue 41 item 2: a member whose account is linked to a speaker profile reads and edits it
(GET/PUT /api/v1/users/me/speaker-profile), with the back office's rules; the public speaker
page shows the change; anyone else gets 404 or 401, never another's profile (SQLite and
PostgreSQL)."""

from __future__ import annotations

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
