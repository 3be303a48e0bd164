"""Public member pages (opt-in): GET /public/members/{username} and the service behind it."""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.models import BlogPost, BlogStatus, User
from community_app.services import members
from tests.api.factories import insert, make_meetup, make_registration

URL = "/api/v1/public/members/{}"


def _post(engine, author: User, title: str, status: str = BlogStatus.PUBLISHED.value,
          days_ago: int = 1) -> BlogPost:
    when = utcnow() - dt.timedelta(days=days_ago)
    post = BlogPost(author_id=author.id, title=title, content="Some text", status=status,
                    published_at=when if status == BlogStatus.PUBLISHED.value else None)
    insert(engine, post)
    return post


def _switch(engine, user: User, shown: bool) -> None:
    with Session(engine) as s:
        members.set_public_profile(s, user.id, shown)


def test_a_page_is_off_by_default_and_answers_404(client, make_user):
    user, _ = make_user(username="dilnoza", first_name="Dilnoza", last_name="Karimova")
    assert user.public_profile is False
    r = client.get(URL.format("dilnoza"))
    assert r.status_code == 404
    assert r.json()["message"] == "Member not found."
    r = client.get(URL.format("dilnoza"), headers={"Accept-Language": "uz"})
    assert r.json()["message"] == "A’zo topilmadi."
    assert client.get(URL.format("nobody-here")).status_code == 404


def test_an_opted_in_member_shows_name_posts_and_meetups_attended(client, make_user, engine):
    user, _ = make_user(username="dilnoza", first_name="Dilnoza", last_name="Karimova")
    other, _ = make_user(username="bekzod")
    _post(engine, user, "Older post", days_ago=5)
    newer = _post(engine, user, "Newer post", days_ago=1)
    _post(engine, user, "My draft", status=BlogStatus.DRAFT.value)
    _post(engine, other, "Someone else's post")
    attended = make_meetup(engine, in_days=-10, title="Seoul AI night")
    make_registration(engine, user, attended, checked_in_at=utcnow() - dt.timedelta(days=10))
    no_show = make_meetup(engine, in_days=-3, title="Busan mobile meetup")
    make_registration(engine, user, no_show)  # registered, never checked in
    upcoming = make_meetup(engine, in_days=0.05, title="Tashkent Go night")  # starts in an hour
    make_registration(engine, user, upcoming, checked_in_at=utcnow())  # at the door, early
    _switch(engine, user, True)

    r = client.get(URL.format("dilnoza"))
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert data["username"] == "dilnoza"
    assert data["name"] == "Dilnoza Karimova"
    assert data["url"] == "/members/dilnoza"
    assert [p["title"] for p in data["posts"]] == ["Newer post", "Older post"]
    assert data["posts"][0]["url"] == f"/blog/{newer.id}"
    assert [m["title"] for m in data["meetupsAttended"]] == ["Seoul AI night"]
    assert data["meetupsAttended"][0]["url"] == f"/events/past/details/{attended.id}"
    assert data["meetupsAttended"][0]["startTime"].endswith("+09:00")
    assert "email" not in data and "phone" not in data

    _switch(engine, user, False)
    assert client.get(URL.format("dilnoza")).status_code == 404


def test_a_deactivated_or_erased_member_has_no_page(client, make_user, engine):
    user, _ = make_user(username="gone", public_profile=True, is_active=False)
    assert client.get(URL.format("gone")).status_code == 404
    erased, _ = make_user(username="erased", public_profile=True, deleted_at=utcnow())
    assert client.get(URL.format("erased")).status_code == 404


def test_names_link_only_to_pages_that_are_on(client, make_user, engine):
    """Comments and blog posts carry their author's page address while it is on."""
    from community_app.services import blogs, comments
    from tests.api.factories import make_comment, make_news

    on, _ = make_user(username="shown", public_profile=True)
    off, _ = make_user(username="hidden")
    news = make_news(engine)
    make_comment(engine, news, on, text="Mine")
    make_comment(engine, news, off, text="Theirs")
    post_on, post_off = _post(engine, on, "Shown post"), _post(engine, off, "Hidden post")
    with Session(engine) as s:
        assert members.profile_shown(s, on.id) is True
        assert members.profile_shown(s, off.id) is False
        pages = {c.text: c.author_page for c in comments.list_comments(s, news.id)}
        assert pages == {"Mine": "/members/shown", "Theirs": ""}
        assert blogs.get_published(s, post_on.id).author_page == "/members/shown"
        assert blogs.get_published(s, post_off.id).author_page == ""


def test_the_endpoint_is_documented(client):
    spec = client.get("/api/v1/openapi.json").json()
    operation = spec["paths"]["/api/v1/public/members/{username}"]["get"]
    assert "404" in operation["responses"]
    assert "Opt-in" in operation["description"]


def _sitemap(client) -> list[str]:
    import xml.etree.ElementTree as ET

    answer = client.get("/sitemap.xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    return [e.text for e in ET.fromstring(answer.content).findall("s:url/s:loc", ns)]


def test_the_sitemap_lists_the_pages_that_are_on_and_no_other(client, make_user, engine,
                                                               monkeypatch):
    monkeypatch.setenv("COMMUNITY_PUBLIC_URL", "https://uzdev.test")
    shown, _ = make_user(username="shown", public_profile=True)
    make_user(username="hidden")
    make_user(username="inactive", public_profile=True, is_active=False)
    make_user(username="erased", public_profile=True, deleted_at=utcnow())
    members_listed = [loc for loc in _sitemap(client) if "/members/" in loc]
    assert members_listed == ["https://uzdev.test/members/shown"]

    _switch(engine, shown, False)  # at once, not when the cached sitemap expires
    assert not [loc for loc in _sitemap(client) if "/members/" in loc]


def test_a_members_page_head_names_them_and_a_page_not_on_answers_404(make_user, engine):
    from community_app.services import seo

    shown, _ = make_user(username="dilnoza", first_name="Dilnoza", last_name="Karimova",
                         public_profile=True)
    make_user(username="hidden")
    base = "https://uzdev.test"
    assert seo.has_head("/members/dilnoza") and seo.has_head("/members/nobody/")
    with Session(engine) as s:
        head = seo.page_head(s, "/members/dilnoza", "en", base)
        assert (head.status, head.noindex) == (200, False)
        assert head.title == "Dilnoza Karimova | UzDev Korea"
        assert head.url == "https://uzdev.test/members/dilnoza"
        assert head.description.startswith("Dilnoza Karimova (@dilnoza) on UzDev Korea")
        uzbek = seo.page_head(s, "/members/dilnoza", "uz", base)
        assert uzbek.description != head.description and "@dilnoza" in uzbek.description
        for path in ("/members/hidden", "/members/nobody", "/members/"):
            if not seo.has_head(path):
                continue
            missing = seo.page_head(s, path, "en", base)
            assert (missing.status, missing.noindex) == (404, True), path
            assert missing.title == "Member | UzDev Korea"
    _switch(engine, shown, False)
    with Session(engine) as s:
        assert seo.page_head(s, "/members/dilnoza", "en", base).status == 404


# ---------------------------------------------------------------- the member's own switch

DETAILS = "/api/v1/users/details"


def test_a_member_reads_and_switches_their_page_through_their_details(client, make_user):
    user, headers = make_user(username="dilnoza", first_name="Dilnoza", last_name="Karimova")
    assert client.get(DETAILS, headers=headers).json()["data"]["publicProfile"] is False

    r = client.patch(DETAILS, headers=headers, json={"publicProfile": True})
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Your public profile page is on."
    assert r.json()["data"]["publicProfile"] is True and r.json()["data"]["username"] == "dilnoza"
    assert client.get(DETAILS, headers=headers).json()["data"]["publicProfile"] is True
    assert client.get(URL.format("dilnoza")).json()["data"]["name"] == "Dilnoza Karimova"

    r = client.patch(DETAILS, headers={**headers, "Accept-Language": "uz"},
                     json={"publicProfile": False})
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Ommaviy profil sahifangiz o‘chirildi."
    assert r.json()["data"]["publicProfile"] is False
    assert client.get(URL.format("dilnoza")).status_code == 404


def test_switching_the_page_needs_a_member_and_a_yes_or_no(client, make_user):
    _, headers = make_user(username="bekzod")
    assert client.patch(DETAILS, json={"publicProfile": True}).status_code == 401
    assert client.patch(DETAILS, headers={"Authorization": "Bearer nope"},
                        json={"publicProfile": True}).status_code == 401
    for body in ({}, {"publicProfile": "maybe"}, {"publicProfile": None},
                 {"publicProfile": True, "email": "x@y.z"}):
        assert client.patch(DETAILS, headers=headers, json=body).status_code == 422, body
    assert client.get(DETAILS, headers=headers).json()["data"]["publicProfile"] is False


def test_the_switch_is_documented(client):
    spec = client.get("/api/v1/openapi.json").json()
    patch = spec["paths"]["/api/v1/users/details"]["patch"]
    assert {"200", "401", "422"} <= set(patch["responses"])
    assert "/members/<username>" in patch["description"]
    schemas = spec["components"]["schemas"]
    assert "publicProfile" in schemas["UserDetails"]["properties"]
    # Each field changes only when sent (attendeeName: tests/api/test_attendee_names.py).
    assert "required" not in schemas["DetailsChange"]
    assert {"publicProfile", "attendeeName"} <= set(schemas["DetailsChange"]["properties"])


# ---------------------------------------------------------------- coverURL (news, meetups)


def test_news_and_meetups_give_a_cover_address_always(client, engine):
    from tests.api.factories import make_news

    plain = make_news(engine, title="No picture", type="TECH")
    pictured = make_news(engine, title="With picture", image_url="/uploaded_files/public/news/a.png")
    listed = {n["id"]: n for n in client.get("/api/v1/public/news?size=50").json()["data"]["content"]}
    assert listed[pictured.id]["coverURL"] == "/uploaded_files/public/news/a.png"
    assert listed[pictured.id]["imageURL"] == "/uploaded_files/public/news/a.png"
    cover = listed[plain.id]["coverURL"]
    assert cover.startswith(f"/api/v1/media/covers/news/{plain.id}-tech-") and cover.endswith(".webp")
    assert listed[plain.id]["imageURL"] is None  # unchanged
    detail = client.get(f"/api/v1/public/news/{plain.id}").json()["data"]
    assert detail["coverURL"] == cover
    assert client.get(cover).status_code == 200  # an image that exists

    meetup = make_meetup(engine, title="Cover night")
    pictured_meetup = make_meetup(engine, title="Photo night", image_url="/uploaded_files/public/m.png")
    listed = {m["id"]: m for m in client.get("/api/v1/public/meetups?size=50").json()["data"]["content"]}
    assert listed[meetup.id]["coverURL"].startswith(f"/api/v1/media/covers/meetup/{meetup.id}-")
    assert listed[pictured_meetup.id]["coverURL"] == "/uploaded_files/public/m.png"
    detail = client.get(f"/api/v1/public/meetups/{meetup.id}").json()["data"]
    assert detail["coverURL"] == listed[meetup.id]["coverURL"]
    details = client.get(f"/api/v1/public/meetups/{meetup.id}/details").json()["data"]
    assert details["coverURL"] == listed[meetup.id]["coverURL"]  # the client's top-level fields
