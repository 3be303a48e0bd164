"""My Page rules: profile, photo, blog posts and member job posts."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from sqlmodel import select

from community_app.models import JobPost, User
from community_app.services import blogs, job_submissions, profile
from community_app.services.errors import Forbidden, InvalidMany, NotFound
from community_app.services.uploads import public_file


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "teal").save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def member(session):
    user = User(email="lola@example.com", username="lola", first_name="Lola")
    other = User(email="bek@example.com", username="bek", phone="01022223333")
    session.add_all([user, other])
    session.commit()
    return user


def test_update_profile_validates_and_saves(session, member):
    with pytest.raises(InvalidMany) as err:
        profile.update_profile(session, member.id, first_name=" ", last_name="x" * 101, phone="123")
    assert set(err.value.errors) == {"firstName", "lastName", "phone"}
    with pytest.raises(InvalidMany) as err:
        profile.update_profile(session, member.id, first_name="Lola", last_name="", phone="01022223333")
    assert err.value.errors == {"phone": profile.PHONE_TAKEN}
    user = profile.update_profile(session, member.id, first_name="Lola", last_name="Karimova", phone="010-4444-5555")
    assert (user.last_name, user.phone) == ("Karimova", "01044445555")


def test_photo_is_stored_public_and_replaced(session, member):
    user = profile.set_photo(session, member.id, _png())
    assert user.image_url.startswith("/api/v1/media/public/avatars/")
    name = user.image_url.rsplit("/", 1)[1]
    assert public_file("public/avatars", name) is not None
    user = profile.set_photo(session, member.id, _png())
    assert public_file("public/avatars", name) is None  # the old photo is removed
    new_name = user.image_url.rsplit("/", 1)[1]
    profile.delete_photo(session, member.id)
    assert session.get(User, member.id).image_url is None
    assert public_file("public/avatars", new_name) is None


def test_photo_must_be_an_image(session, member):
    with pytest.raises(Exception) as err:
        profile.set_photo(session, member.id, b"<svg onload=alert(1)>")
    assert getattr(err.value, "field", None) == "photo"


def test_blog_post_draft_publish_and_ownership(session, member):
    with pytest.raises(InvalidMany) as err:
        blogs.save_post(session, member.id, title="", content=" ", published=False)
    assert set(err.value.errors) == {"title", "content"}
    draft = blogs.save_post(session, member.id, title="Seoul notes", content="# Hi", published=False)
    assert draft.status == "DRAFT"
    with pytest.raises(NotFound):
        blogs.get_published(session, draft.id)
    post = blogs.save_post(session, member.id, title="Seoul notes", content="# Hi", published=True,
                           post_id=draft.id, cover=_png())
    assert post.status == "PUBLISHED" and post.published_at is not None
    assert post.cover_url.startswith("/api/v1/media/public/blog/")
    assert blogs.get_published(session, post.id).author_username == "lola"
    other = session.exec(select(User).where(User.username == "bek")).one()
    with pytest.raises(Forbidden):
        blogs.save_post(session, other.id, title="x", content="y", published=True, post_id=post.id)
    with pytest.raises(Forbidden):
        blogs.delete_post(session, other.id, post.id)
    blogs.delete_post(session, member.id, post.id)
    assert blogs.list_my_posts(session, member.id) == []


def test_a_card_excerpt_is_the_posts_words_without_markup_or_html():
    from community_app.services.markdown import plain_excerpt

    text = "# Moving to Seoul\n\n**First** week: [ARC](https://x.kr) & `visa` <script>alert(1)</script><img src=x onerror=alert(1)>"
    assert plain_excerpt(text) == "Moving to Seoul First week: ARC & visa"
    long = plain_excerpt("word " * 100, limit=40)
    assert long.endswith("…") and len(long) <= 40 and "wor…" not in long


def test_member_job_post_is_pending(session, member):
    with pytest.raises(InvalidMany) as err:
        job_submissions.submit_job_post(session, member.id, {"salaryMin": "9", "salaryMax": "1",
                                                            "contactEmail": "x", "contactWebsite": "ftp://x"})
    assert {"title", "companyName", "location", "description", "jobType", "category",
            "salaryMin", "contactEmail", "contactWebsite"} <= set(err.value.errors)
    job = job_submissions.submit_job_post(session, member.id, {
        "title": "Junior Python developer", "companyName": "Hanbit Soft", "location": "Daejeon",
        "description": "Build internal tools.", "jobType": "FULL_TIME", "category": "BACKEND",
        "technologies": "Python, FastAPI", "salaryMin": "40,000,000", "salaryMax": "50000000",
        "contactEmail": "jobs@hanbit.kr",
    })
    assert job.status == "PENDING" and job.technologies == ["Python", "FastAPI"]
    assert job.salary_min == 40_000_000
    assert [j.id for j in job_submissions.list_my_job_posts(session, member.id)] == [job.id]
    assert session.exec(select(JobPost)).one().posted_by_id == member.id


def test_my_page_shows_one_registration_per_meetup_the_latest():
    from types import SimpleNamespace as NS

    from community_app.services.meetups import latest_per_meetup

    views = [  # list_my_registrations' order: newest meetup first, then newest registration
        NS(meetup=NS(id=7), registration=NS(id=30, status="ACCEPTED")),
        NS(meetup=NS(id=7), registration=NS(id=21, status="CANCELLED")),
        NS(meetup=NS(id=7), registration=NS(id=12, status="CANCELLED")),
        NS(meetup=NS(id=3), registration=NS(id=9, status="CANCELLED")),
    ]
    assert [v.registration.id for v in latest_per_meetup(views)] == [30, 9]
