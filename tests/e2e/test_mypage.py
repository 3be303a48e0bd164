"""My Page journeys: cancel a registration, write and publish a blog post, submit a job
post, change name and photo (SPEC section 2, issue 'Member accounts' item 7)."""

from __future__ import annotations

import io
import itertools
import re

import httpx
import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from tests.e2e.accounts import api_register
from tests.e2e.conftest import wait_ready
from tests.e2e.test_auth import log_in

PASSWORD = "Str0ng!pass"
_n = itertools.count(1)


@pytest.fixture
def member(site):
    """A fresh member (signed up through the API), so tests do not share state."""
    n = next(_n)
    email = f"mypage{n}@example.com"
    r = httpx.post(f"{site.url}/api/v1/auth/register", json={
        "email": email, "phone": f"0104444{n:04d}", "password": PASSWORD, "confirmPassword": PASSWORD,
        "consent": True,  # the Terms and Privacy box, as the site's form sends it
    })
    assert r.status_code == 202, r.text  # "check your email"
    return email


def _api_token(site, email: str) -> str:
    return site.api_sign_in(email, PASSWORD)["access_token"]


def _seats(site, meetup_id: int) -> int:
    return httpx.get(f"{site.url}/api/v1/public/meetups/{meetup_id}").json()["data"]["availableSeats"]


def _open_mypage(page: Page, site, email: str, tab: str = "events") -> None:
    page.goto(f"/mypage?tab={tab}")
    expect(page).to_have_url(re.compile(r"/login"))
    wait_ready(page)
    log_in(page, site, email, PASSWORD)
    expect(page).to_have_url(re.compile(rf"/mypage/?\?tab={tab}"))
    expect(page.locator("#mypage-email")).to_have_text(email)


@pytest.mark.stock_reflex
def test_cancel_from_my_page_gives_the_seat_back(page: Page, site, member):
    meetups = httpx.get(f"{site.url}/api/v1/public/meetups", params={"type": "upcoming", "size": 50}).json()
    meetup = next(m for m in meetups["data"]["content"] if m["availableSeats"] > 3 and not m["requiresApproval"])
    token = _api_token(site, member)
    api_register(site, meetup["id"], token)
    seats = _seats(site, meetup["id"])

    _open_mypage(page, site, member)
    expect(page.get_by_role("link", name=meetup["title"])).to_be_visible()
    ticket = page.locator("#mypage-tickets").get_by_text(meetup["title"], exact=True)
    # The join date as the member's public page writes it (Babel, long, Korea time).
    expect(page.locator("#mypage-joined")).to_have_text(re.compile(r"^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$"))
    expect(ticket).to_be_visible()
    page.get_by_role("button", name="Cancel registration").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(meetup["title"])
    dialog.get_by_role("button", name="Keep my seat").click()
    expect(dialog).to_have_count(0)
    assert _seats(site, meetup["id"]) == seats

    page.get_by_role("button", name="Cancel registration").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Yes, cancel").click()
    expect(page.get_by_text("Cancelled", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Cancel registration")).to_have_count(0)
    expect(ticket).to_have_count(0)  # its ticket is gone at once, without a reload
    assert _seats(site, meetup["id"]) == seats + 1
    again = page.get_by_role("link", name="Register again")
    expect(again).to_have_attribute("href", f"/events/upcoming/register/{meetup['id']}")

    # Registered and cancelled once more (through the API): still one row for the meetup.
    auth = {"Authorization": f"Bearer {token}"}
    url = f"{site.url}/api/v1/users/meetups/{meetup['id']}/registration"
    assert httpx.post(url, headers=auth, json={
        "attendanceReason": "learning", "interestedField": "backend",
        "expectation": "Meet other backend developers.", "consent": True}).status_code == 201
    assert httpx.post(f"{url}/cancel", headers=auth).status_code == 200
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("link", name=meetup["title"])).to_have_count(1)
    expect(page.get_by_text("Cancelled", exact=True)).to_have_count(1)
    expect(page.get_by_role("link", name="Register again")).to_have_count(1)

    page.get_by_role("tab", name="Past").click()
    expect(page.get_by_text("You have no past events yet.")).to_be_visible()
    expect(page.get_by_role("link", name="Browse Events")).to_have_attribute("href", "/events")


def test_write_publish_and_read_a_blog_post_signed_out(page: Page, site, member, browser, base_url):
    _open_mypage(page, site, member, "blogs")
    page.get_by_role("button", name="Save Post").click()
    expect(page.get_by_text("Please give your post a title")).to_be_visible()
    expect(page.get_by_text("Please write some content")).to_be_visible()

    page.get_by_label("Title").fill("Living in Busan as a developer")
    editor = page.locator("#blog-content")
    editor.fill("Busan is calm. ")
    page.get_by_role("button", name="Bold").click()  # inserts **bold text** at the cursor
    editor.press("End")
    editor.type("\n\n<script>alert('x')</script><b>raw html</b> stays text")
    page.get_by_role("button", name="Preview").click()  # rendered on the server, as published
    expect(page.locator("#blog-preview strong")).to_have_text("bold text")
    expect(page.locator("#blog-preview")).to_contain_text("raw html stays text")
    expect(page.locator("#blog-preview script")).to_have_count(0)
    page.get_by_role("button", name="Hide preview").click()
    expect(page.locator("#blog-preview")).to_have_count(0)
    page.get_by_label("Visibility").select_option("PUBLISHED")
    page.get_by_role("button", name="Save Post").click()
    expect(page.get_by_text("Your post is published.")).to_be_visible()
    expect(page.get_by_text("Living in Busan as a developer")).to_be_visible()  # in My posts
    expect(page.get_by_label("Title")).to_have_value("Living in Busan as a developer")
    assert "**bold text**" in editor.input_value()

    visitor = browser.new_context(base_url=base_url)
    visitor.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), lambda r: r.abort())
    dialogs = []
    reader = visitor.new_page()
    reader.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    reader.goto("/blog")
    reader.get_by_role("link", name=re.compile("Living in Busan as a developer")).click()
    expect(reader.get_by_role("heading", name="Living in Busan as a developer")).to_be_visible()
    expect(reader.locator(".uzdev-prose strong")).to_have_text("bold text")
    expect(reader.locator(".uzdev-prose")).to_contain_text("raw html stays text")
    expect(reader.locator(".uzdev-prose script")).to_have_count(0)
    expect(reader.locator(".uzdev-prose b")).to_have_count(0)
    assert dialogs == []
    visitor.close()


def test_submit_a_job_post_that_waits_for_review(page: Page, site, member):
    _open_mypage(page, site, member, "jobs")
    page.get_by_role("button", name="Submit job post").click()
    expect(page.get_by_text("Please correct the highlighted fields.")).to_be_visible()
    expect(page.get_by_text("Please choose a job type")).to_be_visible()

    page.get_by_label("Job title", exact=True).fill("Junior Go developer")
    page.get_by_label("Company", exact=True).fill("Gwangju Robotics")
    page.get_by_label("Location").fill("Gwangju")
    page.get_by_label("Job type").select_option("FULL_TIME")
    page.get_by_label("Category").select_option("BACKEND")
    page.get_by_label("Description", exact=True).fill("Write the services that drive our warehouse robots.")
    page.get_by_label("Contact email").fill("jobs@gwangju-robotics.kr")
    page.get_by_role("button", name="Submit job post").click()
    expect(page.get_by_text("Thank you! Your job post was sent and waits for an organizer's review.")).to_be_visible()
    expect(page.get_by_text("Junior Go developer")).to_be_visible()
    expect(page.get_by_text("Waiting for review")).to_be_visible()
    public = httpx.get(f"{site.url}/api/v1/public/job-posts", params={"search": "Junior Go developer"}).json()
    assert public["data"]["totalElements"] == 0  # pending posts are not public


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (120, 120), (29, 78, 216)).save(out, format="PNG")
    return out.getvalue()


def test_change_name_phone_and_photo(page: Page, site, member):
    _open_mypage(page, site, member, "account")
    page.get_by_label("First name").fill("Madina")
    page.get_by_label("Last name").fill("Rahimova")
    page.get_by_label("Phone").fill("12345")
    page.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_text("Please enter a valid phone number (01012345678)")).to_be_visible()
    expect(page.get_by_label("First name")).to_have_value("Madina")
    page.get_by_label("Phone").fill("01099990001")
    page.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_text("Your changes are saved.")).to_be_visible()
    expect(page.locator("#mypage-name")).to_have_text("Madina Rahimova")

    page.locator("#avatar-upload input[type=file]").set_input_files(
        files=[{"name": "me.png", "mimeType": "image/png", "buffer": _png()}]
    )
    expect(page.get_by_text("Your photo is updated.")).to_be_visible()
    avatar = page.get_by_role("banner").get_by_role("img", name="Madina")
    expect(avatar).to_have_attribute("src", re.compile(r"^/api/v1/media/public/avatars/[0-9a-f]{32}\.webp$"))
    src = avatar.get_attribute("src")
    assert httpx.get(site.url + src).headers["content-type"] == "image/webp"

    page.locator("#avatar-upload input[type=file]").set_input_files(
        files=[{"name": "evil.png", "mimeType": "image/png", "buffer": b"<svg onload=alert(1)>"}]
    )
    expect(page.get_by_text("Photo must be a JPEG, PNG or WebP image of at most 5 MB.")).to_be_visible()

    page.get_by_role("button", name="Delete photo").click()
    expect(page.get_by_text("Your photo is removed.")).to_be_visible()
    expect(page.get_by_role("banner").get_by_role("img", name="Madina")).not_to_have_attribute("src", src)

    page.reload()
    expect(page.locator("#mypage-name")).to_have_text("Madina Rahimova")


@pytest.mark.stock_reflex
def test_my_page_in_uzbek(page: Page, site, member):
    _open_mypage(page, site, member, "events")
    page.get_by_role("button", name="Language").click()
    page.get_by_role("menuitem", name="O‘zbekcha").click()
    expect(page.get_by_role("heading", name="Mening tadbirlarim")).to_be_visible()
    expect(page.get_by_role("button", name="Chiqish")).to_be_visible()
    expect(page.get_by_text("Yaqinlashayotgan tadbirlaringiz yo‘q.")).to_be_visible()
