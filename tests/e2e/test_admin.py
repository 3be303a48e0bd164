"""The organizer back office (/admin/...), signed in as the demo organizer: meetups with a
speaker and a keynote, registration and check-in with the CSV export, news publishing,
the jobs queue, speaker decisions by email, comment hiding, settings; the access gate for
visitors and members; desktop and phone widths. Addresses, reload, back and forward:
test_admin_addresses.py."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import uuid

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import OUTPUT, wait_ready
from tests.e2e.test_auth import log_in

ORGANIZER = "organizer@uzdev.kr"
MEMBER = "member@uzdev.kr"
PASSWORD = "Demo-pass-2026!"
API = "/api/v1"


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (320, 200), (29, 78, 216)).save(out, format="PNG")
    return out.getvalue()


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(OUTPUT / f"admin-{name}.png"), full_page=True)


def _open_admin(page: Page, site, path: str = "/admin", email: str = ORGANIZER) -> None:
    page.goto(f"/login?from={path}")
    wait_ready(page)
    log_in(page, site, email, PASSWORD)
    expect(page).to_have_url(re.compile(re.escape(path) + r"/?$"))
    expect(page.get_by_role("heading", name="Organizer back office")).to_be_visible()


def _nav(page: Page, name: str):
    return page.locator("#admin-nav").get_by_role("link", name=name, exact=True)


def _tab(page: Page, name: str) -> None:
    """Go to an area by the back office's navigation: its own address, marked current."""
    _nav(page, name).click()
    expect(_nav(page, name)).to_have_attribute("aria-current", "page")


def _notice(page: Page, text: str) -> None:
    expect(page.locator("#admin-notice")).to_contain_text(text)


def _token(site, email: str) -> str:
    """A member's access token through the REST API (the code read from the outbox)."""
    before = len(site.emails_to(email))
    started = httpx.post(f"{site.url}{API}/auth/login",
                         json={"email": email, "password": PASSWORD, "ipAddress": "127.0.0.1",
                               "deviceType": "web"}, timeout=20)
    assert started.status_code == 200, started.text
    code = site.latest_code(email, after=before)
    verified = httpx.post(f"{site.url}{API}/auth/verify-login-otp",
                          json={"email": email, "otp": code}, timeout=20)
    assert verified.status_code == 200, verified.text
    return verified.json()["data"]["access_token"]


@pytest.mark.stock_reflex
def test_visitors_go_to_login_and_members_are_refused(page: Page, site):
    page.goto("/admin")
    expect(page).to_have_url(re.compile(r"/login\?from=/admin/?$"))
    wait_ready(page)
    log_in(page, site, MEMBER, PASSWORD)
    expect(page).to_have_url(re.compile(r"/admin/?$"))
    expect(page.get_by_text("This page is for organizers only.")).to_be_visible()
    expect(page.locator("#admin-nav")).to_have_count(0)
    page.goto("/admin/jobs?status=OPEN")  # every address has the same gate
    expect(page.get_by_text("This page is for organizers only.")).to_be_visible()
    expect(page.locator("#admin-nav")).to_have_count(0)
    # The REST calls answer 403 for the same member.
    token = _token(site, MEMBER)
    answer = httpx.get(f"{site.url}{API}/admin/meetups",
                       headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 403
    _shot(page, "not-allowed")


def test_meetup_with_speaker_keynote_registration_check_in_and_csv(page: Page, site):
    title = f"Go Seoul {uuid.uuid4().hex[:6]}"
    day = (dt.date.today() + dt.timedelta(days=12)).isoformat()
    _open_admin(page, site, "/admin/meetups")
    page.get_by_role("button", name="New meetup").click()
    expect(page).to_have_url(re.compile(r"/admin/meetups/new$"))
    page.get_by_label("Title").fill(title)
    page.get_by_label("Description").fill("Go talks and networking.")
    page.get_by_label("Date (Korea time)").fill(day)
    page.get_by_label("Starts").fill("19:00")
    page.get_by_label("Ends").fill("21:00")
    page.get_by_label("Seats", exact=True).fill("5")
    page.get_by_label("Location").fill("Gangnam, Seoul")
    page.get_by_label("What is provided").fill("Pizza")
    page.get_by_role("button", name="Save meetup").click()
    _notice(page, "Meetup created.")
    expect(page).to_have_url(re.compile(r"/admin/meetups/\d+$"))  # its own address now

    page.get_by_label("Full name").fill("Kim Ji-hoon")
    page.get_by_label("Job position").fill("Backend lead")
    page.get_by_label("Company").fill("Naver")
    page.get_by_role("button", name="Save speaker").click()
    _notice(page, "Speaker saved.")
    expect(page.get_by_text("Backend lead · Naver")).to_be_visible()

    page.get_by_label("Subject").fill("Go at scale")
    page.get_by_label("Session starts").fill("19:15")
    page.get_by_label("Session ends").fill("19:45")
    page.get_by_label("Speaker", exact=True).select_option(label="Kim Ji-hoon")
    page.get_by_role("button", name="Save session").click()
    _notice(page, "Session saved.")
    expect(page.get_by_text("19:15–19:45 · Go at scale")).to_be_visible()

    # The image: checked, re-encoded and served publicly as WebP.
    page.locator("#meetup-image input[type=file]").set_input_files(
        files=[{"name": "team.png", "mimeType": "image/png", "buffer": _png()}])
    page.get_by_role("button", name="Upload image").click()
    _notice(page, "Image saved.")
    image = page.get_by_role("img", name=title)
    expect(image).to_have_attribute("src", re.compile(r"^/api/v1/media/public/meetups/[0-9a-f]{32}\.webp$"))
    served = httpx.get(site.url + image.get_attribute("src"))
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    _shot(page, "meetup-form")

    # It is public: the REST API and the events page (whatever its current build) know it.
    listed = httpx.get(f"{site.url}{API}/public/meetups", params={"type": "upcoming", "size": 50})
    mine = [m for m in listed.json()["data"]["content"] if m["title"] == title]
    assert mine and mine[0]["startTime"] == f"{day}T19:00:00+09:00" and mine[0]["meetupDate"] == day
    meetup_id = mine[0]["id"]
    details = httpx.get(f"{site.url}{API}/public/meetups/{meetup_id}/details").json()["data"]
    assert [s["fullName"] for s in details["speakers"]] == ["Kim Ji-hoon"]
    assert details["keynoteSessions"][0]["subject"] == "Go at scale"
    events = page.context.new_page()
    events.goto("/events")
    wait_ready(events)
    if events.get_by_text(title).count():
        expect(events.get_by_text(title).first).to_be_visible()
    events.close()

    # The member (and the organizer) register through the REST API.
    for who in (MEMBER, ORGANIZER):
        registered = httpx.post(
            f"{site.url}{API}/users/meetups/{meetup_id}/registration",
            headers={"Authorization": f"Bearer {_token(site, who)}"},
            json={"attendanceReason": "learning", "interestedField": "backend",
                  "expectation": "Learn how teams run Go in production", "consent": True},
        )
        assert registered.status_code == 201, registered.text

    # Seats cannot go below the two registered people.
    page.get_by_label("Seats", exact=True).fill("1")
    page.get_by_role("button", name="Save meetup").click()
    refused = "Seats cannot be fewer than the 2 people already registered."
    expect(page.locator("#admin-error")).to_contain_text(refused)
    expect(page.locator("#field-maxSeats-error")).to_contain_text(refused)
    expect(page.get_by_label("Title")).to_have_value(title)  # nothing typed is lost
    expect(page.get_by_label("Seats", exact=True)).to_have_value("1")

    page.get_by_role("button", name="Registrations").first.click()
    expect(page).to_have_url(re.compile(rf"/admin/meetups/{meetup_id}\?view=registrations$"))
    expect(page.get_by_role("heading", name="Registrations")).to_be_visible()
    page.get_by_label("Search by name or email").fill("member@uzdev")
    row = page.get_by_role("row").filter(has_text=MEMBER)
    expect(row).to_have_count(1)
    expect(page).to_have_url(re.compile(r"search=member%40uzdev"))  # the filter is kept
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("Search by name or email")).to_have_value("member@uzdev")
    expect(row).to_have_count(1)
    page.get_by_label("Search by name or email").fill("")
    expect(page.locator("#registration-counts")).to_have_text("2 registered · 0 checked in")
    page.get_by_label("Search by name or email").fill("member@uzdev")
    row.get_by_role("button", name=re.compile("Check in")).click()
    _notice(page, "is checked in.")
    expect(row.get_by_role("button", name=re.compile("Undo"))).to_be_visible()
    _shot(page, "registrations")

    with page.expect_download() as info:
        page.get_by_role("button", name="Download CSV").click()
    download = info.value
    assert download.suggested_filename == f"attendees-{meetup_id}-{day}.csv"
    raw = open(download.path(), "rb").read()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0] == ["Name", "Email", "Phone", "Status", "Registered at", "Checked in at",
                       "Seat"]  # then a column per registration question (issue 45)
    assert rows[1][1] == MEMBER and rows[1][3] == "ACCEPTED" and rows[1][5]
    assert rows[2][1] == ORGANIZER and rows[2][5] == ""  # registered, not checked in

    listed = httpx.get(f"{site.url}{API}/public/meetups/{meetup_id}").json()["data"]
    assert (listed["maxSeats"], listed["availableSeats"]) == (5, 3)


@pytest.mark.stock_reflex
def test_publish_news_and_see_it(page: Page, site):
    title = f"Community grant {uuid.uuid4().hex[:6]}"
    _open_admin(page, site)
    _tab(page, "News")
    page.get_by_role("button", name="New news item").click()
    page.get_by_label("Title").fill(title)
    page.get_by_label("Tags (comma separated)").fill("Community")
    page.get_by_role("button", name="python", exact=True).click()
    page.get_by_label("Content").fill("We received a grant to run twelve more meetups next year.")
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("#news-preview")
    expect(preview).to_contain_text(title)
    expect(preview).to_contain_text("python")
    page.get_by_role("button", name="Save news item").click()
    _notice(page, "News item created.")
    assert all(n["title"] != title for n in
               httpx.get(f"{site.url}{API}/public/news").json()["data"]["content"])
    _shot(page, "news-form")
    page.get_by_role("button", name="All news").click()
    row = page.get_by_role("row").filter(has_text=title)
    row.get_by_role("button", name="Publish").click()
    _notice(page, "Published")
    items = httpx.get(f"{site.url}{API}/public/news").json()["data"]["content"]
    item = next(n for n in items if n["title"] == title)
    assert item["tags"] == ["community", "python"]
    news = page.context.new_page()
    news.goto(f"/news/{item['id']}")
    wait_ready(news)
    news.close()


def test_open_a_pending_job_and_see_it_public(page: Page, site):
    title = "QA Tester (3-month contract, Uzbek speaker)"
    public = httpx.get(f"{site.url}{API}/public/job-posts", params={"size": 100}).json()
    assert all(j["title"] != title for j in public["data"]["content"])
    _open_admin(page, site)
    _tab(page, "Jobs")
    row = page.get_by_role("row").filter(has_text=title)
    expect(row).to_contain_text("Pending")
    _shot(page, "jobs")
    row.get_by_role("button", name="Open the post", exact=True).click()
    _notice(page, "Job post opened for 30 days.")
    expect(page.get_by_role("row").filter(has_text=title)).to_have_count(0)  # left the queue
    public = httpx.get(f"{site.url}{API}/public/job-posts", params={"size": 100}).json()
    opened = [j for j in public["data"]["content"] if j["title"] == title]
    assert opened and opened[0]["status"] == "OPEN"


def test_accept_a_speaker_application_emails_the_applicant(page: Page, site):
    email = f"speaker-{uuid.uuid4().hex[:6]}@example.com"
    applied = httpx.post(
        f"{site.url}{API}/speakers/register",
        headers={"Accept-Language": "uz"},
        data={"email": email, "fullName": "Nodira Karimova", "jobPosition": "Data engineer",
              "phone": "01098765432", "yearsOfExperience": "3-5", "expertiseField": "data",
              "topics": "Streaming pipelines with Kafka in Korean fintech",
              "linkedinUrl": "https://linkedin.com/in/nodira",
              "githubUrl": "https://github.com/nodira", "portfolioUrl": "https://nodira.dev"},
    )
    assert applied.status_code == 201, applied.text
    _open_admin(page, site)
    _tab(page, "Speakers")
    page.get_by_label("Expertise").click()
    page.get_by_role("option", name="Data", exact=True).click()
    application = page.locator(".admin-application").filter(has_text="Nodira Karimova")
    expect(application).to_contain_text("New")
    application.get_by_label("New status").select_option("ACCEPTED")
    application.get_by_label("Note (optional, for organizers)").fill("Great fit for March")
    application.get_by_role("button", name="Change status").click()
    _notice(page, "The applicant was emailed in their language.")
    expect(application).to_contain_text("Accepted")
    expect(application).to_contain_text("Great fit for March")
    _shot(page, "speakers")
    [mail] = site.emails_to(email)
    assert mail["Content-Language"] == "uz"
    assert "Nodira Karimova" in mail.get_body(preferencelist=("plain",)).get_content()


def test_hide_a_comment(page: Page, site):
    text = f"Spam spam {uuid.uuid4().hex[:6]}"
    token = _token(site, MEMBER)
    news = httpx.get(f"{site.url}{API}/public/news").json()["data"]["content"][0]
    posted = httpx.post(f"{site.url}{API}/news/{news['id']}/comments",
                        headers={"Authorization": f"Bearer {token}"}, json={"comment": text})
    assert posted.status_code in (200, 201), posted.text
    _open_admin(page, site)
    _tab(page, "Comments")
    row = page.get_by_role("row").filter(has_text=text)
    row.get_by_role("button", name="Hide").click()
    _notice(page, "Comment hidden")
    expect(row).to_contain_text("Hidden")
    thread = httpx.get(f"{site.url}{API}/news/{news['id']}/comments").json()["data"]
    assert all(c["text"] != text for c in thread)
    _shot(page, "comments")


def test_settings_and_audit_log(page: Page, site):
    _open_admin(page, site)
    _tab(page, "Settings")
    page.get_by_label("Community events").fill("24")
    page.get_by_role("button", name="Save settings").click()
    _notice(page, "Settings saved.")
    stats = httpx.get(f"{site.url}{API}/public/statistics").json()["data"]
    assert "24" in str(stats)
    _shot(page, "settings")

    # The maintenance switch: visitors get the maintenance page at once, organizers keep /admin.
    try:
        page.get_by_label("Show the maintenance page to visitors").check()
        page.get_by_role("button", name="Save settings").click()
        _notice(page, "Settings saved.")
        expect(page.get_by_text("Maintenance mode is on")).to_be_visible()
        visitor = page.context.browser.new_page()
        visitor.goto(f"{site.url}/news")
        expect(visitor.locator("#maintenance")).to_be_visible()
        page.reload()
        wait_ready(page)
        expect(_nav(page, "Settings")).to_have_attribute("aria-current", "page")
        page.get_by_label("Show the maintenance page to visitors").uncheck()
        page.get_by_role("button", name="Save settings").click()
        _notice(page, "Settings saved.")
        visitor.reload()
        expect(visitor.get_by_role("banner")).to_be_visible()
        expect(visitor.locator("#maintenance")).to_have_count(0)
        visitor.close()
    finally:
        site.cli("maintenance", "off")
    _tab(page, "Audit log")
    first = page.get_by_role("row").nth(1)
    expect(first).to_contain_text("settings.maintenance_off")
    expect(first).to_contain_text("Turned the maintenance page off")
    expect(first).to_contain_text(ORGANIZER)
    _shot(page, "audit")


def test_back_office_on_a_phone(mobile: Page, site):
    _open_admin(mobile, site)
    _shot(mobile, "mobile-meetups")
    width = mobile.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    _tab(mobile, "Jobs")
    _shot(mobile, "mobile-jobs")
    assert mobile.evaluate("document.documentElement.scrollWidth") <= 390


def test_back_office_in_uzbek_at_both_widths(page: Page, mobile: Page, site):
    """Every text comes from the catalog: with the Uzbek catalog filled the page reads in
    Uzbek (gettext gives the text the build used)."""
    from community_app.i18n import gettext

    for current, name in ((page, "uz"), (mobile, "mobile-uz")):
        _open_admin(current, site)
        current.evaluate("localStorage.setItem('uzdev_lang', 'uz')")
        current.reload()
        wait_ready(current)
        expect(current.get_by_role("heading", level=1)).to_have_text(
            gettext("Organizer back office", "uz"))
        expect(_nav(current, gettext("Jobs", "uz"))).to_be_visible()
        _tab(current, gettext("Speakers", "uz"))
        expect(current.get_by_role("heading", name=gettext("Speaker applications", "uz"))).to_be_visible()
        expect(current.locator(".admin-application").first).to_be_visible()
        _shot(current, f"{name}-speakers")
        _tab(current, gettext("Meetups", "uz"))
        current.get_by_role("button", name=gettext("New meetup", "uz")).click()
        current.get_by_role("button", name=gettext("Save meetup", "uz")).click()
        expect(current.locator("#field-title-error")).to_have_text(
            gettext("Title is required (200 characters at most).", "uz"))
        _shot(current, f"{name}-meetup-errors")
        assert current.evaluate("document.documentElement.scrollWidth") <= current.viewport_size["width"]
        current.evaluate("localStorage.setItem('uzdev_lang', 'en')")
