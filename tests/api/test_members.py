"""Public member pages (opt-in): GET /public/members/{username} and the service behind it."""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session

from community_app.db import utcnow
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
