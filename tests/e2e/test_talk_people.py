"""Issue 41, part B in the browser: two organizers review three speaker applications
(each sees the other's score only after giving their own) and accept two at once, which
become draft talks; a member stars two talks of an upcoming meetup and finds them on My
Page and in the calendar feed; after a talk an attendee rates it and the speaker sees the
rating on My Page; the organizers' feedback page. English and Uzbek, desktop and phone."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from urllib.parse import quote

import httpx
import icalendar
import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import (
    Meetup, MeetupRegistration, SpeakerProfile, Talk, TalkSpeaker, User,
)
from tests.e2e.conftest import OUTPUT, resize, settled, wait_ready
from tests.e2e.public_site_helpers import query
from tests.e2e.test_auth import log_in

PASSWORD = "Demo-pass-2026!"
ORGANIZER = "organizer@uzdev.kr"
SECOND_ORGANIZER = "jasur.karimov@example.com"
MEMBER = "member@uzdev.kr"
ATTENDEE = "otabek.nazarov@example.com"
SPEAKER = "madina.abdullayeva@example.com"
API = "/api/v1"


def _engine(site) -> sa.Engine:
    return sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])


def _user_id(site, email: str) -> int:
    return query(site, "SELECT id FROM users WHERE email = :e", e=email)[0][0]


def _meetup_with_talks(site, title: str, starts: dt.datetime, talks: list[tuple[str, int]],
                       speaker_email: str | None = None) -> tuple[int, list[int]]:
    """A new meetup (never read, so never cached) with scheduled talks (title, minutes
    from the start, 30 minutes each); the first talk's speaker linked to a member."""
    engine = _engine(site)
    with Session(engine, expire_on_commit=False) as s:
        meetup = Meetup(title=title, starts_at=starts, ends_at=starts + dt.timedelta(hours=3),
                        location="Seoul Startup Hub")
        s.add(meetup)
        s.flush()
        rows = []
        for name, offset in talks:
            start = starts + dt.timedelta(minutes=offset)
            talk = Talk(meetup_id=meetup.id, slug="talk", title=name, status="scheduled",
                        starts_at=start, ends_at=start + dt.timedelta(minutes=30), room="Hall A")
            s.add(talk)
            rows.append(talk)
        s.flush()
        if speaker_email:
            user = s.exec(select(User).where(User.email == speaker_email)).one()
            profile = s.exec(select(SpeakerProfile).where(SpeakerProfile.user_id == user.id)).first()
            if profile is None:
                profile = SpeakerProfile(slug="speaker", name=user.first_name, user_id=user.id)
                s.add(profile)
                s.flush()
            s.add(TalkSpeaker(talk_id=rows[0].id, speaker_id=profile.id))
        s.commit()
        ids = (meetup.id, [t.id for t in rows])
    engine.dispose()
    return ids


def _context(browser: Browser, base_url: str, *, phone: bool = False):
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(base_url=base_url, locale="en-US", viewport=viewport,
                                  is_mobile=phone, has_touch=phone)
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1|localhost)"), lambda route: route.abort())
    # Generous waits: the machine is shared, and a first page of the server can be slow.
    context.set_default_timeout(90_000)
    return context


def _sign_in(page: Page, site, email: str, path: str, lang: str = "en") -> None:
    """Signed in at /login (English, as test_auth.log_in reads it), at ``path``, then in
    ``lang`` as the language menu leaves it (kept in localStorage)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"/login?from={quote(path, safe='/')}")
    wait_ready(page)
    log_in(page, site, email, PASSWORD)
    page.wait_for_url(re.compile(re.escape(path.split("?")[0])))
    try:
        wait_ready(page)
    except Exception:
        page.screenshot(path=str(OUTPUT / "talk-people-not-ready.png"), full_page=True)
        raise AssertionError(f"{page.url} not ready; errors: {errors}") from None
    if lang == "uz":
        page.evaluate("localStorage.setItem('uzdev_lang', 'uz')")
        page.reload()
        wait_ready(page)
        page.wait_for_function("document.documentElement.lang === 'uz'")


def _shot(page: Page, name: str) -> None:
    settled(page)
    page.screenshot(path=str(OUTPUT / f"talk-people-{name}.png"), full_page=True)


def _apply(site, name: str, email: str) -> int:
    r = httpx.post(f"{site.url}{API}/speakers/register", data={
        "email": email, "fullName": name, "jobPosition": "Engineer", "phone": "01012345678",
        "yearsOfExperience": "3-5", "expertiseField": "backend",
        "topics": f"{name}: a talk on testing\nWith details", "linkedinUrl":
        "https://www.linkedin.com/in/x", "githubUrl": "https://github.com/x",
        "portfolioUrl": "https://x.dev"}, timeout=20)
    assert r.status_code == 201, r.text
    return r.json()["data"]["id"]


def _card(page: Page, name: str):
    return page.locator(".admin-review").filter(has=page.get_by_role("heading", name=name))


def _score(page: Page, name: str, score: str, comment: str, button: str) -> None:
    card = _card(page, name)
    card.locator("select[name=score]").select_option(score)
    card.locator("input[name=comment]").fill(comment)
    card.get_by_role("button", name=button).click()


def test_two_organizers_review_three_applications_and_accept_two_at_once(browser, base_url, site):
    run = uuid.uuid4().hex[:6]
    names = [f"Aziz {run}", f"Bobur {run}", f"Dono {run}"]
    ids = [_apply(site, n, f"{n.split()[0].lower()}.{run}@example.org") for n in names]
    site.cli("make-organizer", SECOND_ORGANIZER)
    queue = "/admin/speakers/reviews?status=NEW"

    first = _context(browser, base_url).new_page()
    _sign_in(first, site, ORGANIZER, queue)
    for name in names:
        expect(_card(first, name)).to_contain_text(
            "Give your score to see the other organizers' reviews.")
    for name, score in zip(names, ("5", "4", "2")):
        _score(first, name, score, f"First says {score}", "Save review")
        expect(first.locator("#admin-notice")).to_contain_text("Your review was saved.")
        expect(_card(first, name).locator(".review-average")).to_contain_text(f"{score}.0")
    _shot(first, "queue-desktop-en")

    # The second organizer, on a phone, in Uzbek: nothing of the first's until scoring.
    second = _context(browser, base_url, phone=True).new_page()
    _sign_in(second, site, SECOND_ORGANIZER, queue, lang="uz")
    card = _card(second, names[1])
    expect(card).to_contain_text("Boshqa tashkilotchilarning baholarini ko‘rish uchun")
    expect(card).not_to_contain_text("First says 4")
    _score(second, names[1], "2", "Second says 2", "Bahoni saqlash")
    expect(card.get_by_role("list", name="Boshqa tashkilotchilarning baholari")).to_contain_text(
        "First says 4")
    expect(card.locator(".review-average")).to_contain_text("3.0")
    _score(second, names[0], "4", "", "Bahoni saqlash")
    expect(_card(second, names[0]).locator(".review-average")).to_contain_text("4.5")
    # Sorted by the average: those reviewed first, best first.
    headings = second.locator(".admin-review h3")
    expect(headings.nth(0)).to_have_text(names[0])
    expect(headings.nth(1)).to_have_text(names[1])

    for name in names[:2]:
        _card(second, name).get_by_role("checkbox").click()
    expect(second.locator("#selected-count")).to_contain_text("2")
    _shot(second, "queue-phone-uz")
    second.get_by_role("button", name="Tanlanganlarni qabul qilish").click()
    expect(second.locator("#admin-notice")).to_contain_text("2 ta ariza bo‘yicha qaror")

    drafts = query(site, "SELECT t.title, t.status FROM talks t JOIN speaker_applications a "
                         "ON a.talk_id = t.id WHERE a.id IN (:a, :b, :c) ORDER BY a.id",
                   a=ids[0], b=ids[1], c=ids[2])
    assert [tuple(r) for r in drafts] == [(f"{names[0]}: a talk on testing", "draft"),
                                          (f"{names[1]}: a talk on testing", "draft")]
    # The organizer finds them as draft talks in the queue (accepted, with a draft talk).
    first.goto("/admin/speakers/reviews?status=ACCEPTED")
    wait_ready(first)
    for name in names[:2]:
        expect(_card(first, name)).to_contain_text("Draft talk")
    expect(_card(first, names[2])).to_have_count(0)
    # Each applicant was emailed the speaker page's link; it opens their page.
    [mail] = [m for m in site.emails_to(f"aziz.{run}@example.org")
              if "accepted" in m["Subject"]]
    body = mail.get_body(preferencelist=("plain",)).get_content()
    path = re.search(r"https?://[^/\s]+(/speaker-talk/\S+)", body).group(1)
    first.goto(path)
    wait_ready(first)
    expect(first.locator("#speaker-talk-title")).to_have_text(f"{names[0]}: a talk on testing")
    first.get_by_label("Keep my name on my talks if I delete my account later").check()
    first.get_by_role("button", name="Confirm my talk").click()
    expect(first.get_by_text("Thank you! Your talk is confirmed.")).to_be_visible()
    _shot(first, "speaker-page-desktop-en")


def test_a_member_stars_two_talks_and_finds_them_in_the_calendar_feed(browser, base_url, site):
    run = uuid.uuid4().hex[:6]
    starts = (utcnow() + dt.timedelta(days=9)).replace(microsecond=0)
    titles = [f"Kafka {run}", f"Rust {run}", f"Go {run}"]
    meetup_id, talk_ids = _meetup_with_talks(site, f"Programme {run}", starts,
                                             [(titles[0], 0), (titles[1], 40), (titles[2], 80)])
    page = _context(browser, base_url, phone=True).new_page()
    _sign_in(page, site, MEMBER, f"/events/upcoming/details/{meetup_id}", lang="uz")
    for title in titles[:2]:
        button = page.get_by_role("button", name=f"Belgilash {title}")
        expect(button).to_have_attribute("aria-pressed", "false")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(button).to_contain_text("Belgilangan")
    _shot(page, "stars-phone-uz")

    desktop = _context(browser, base_url).new_page()
    _sign_in(desktop, site, MEMBER, "/mypage?tab=talks")
    starred = desktop.get_by_role("list", name="Starred talks")
    for title in titles[:2]:
        expect(starred).to_contain_text(title)
    expect(starred).not_to_contain_text(titles[2])
    _shot(desktop, "my-talks-desktop-en")

    token = site.api_sign_in(MEMBER, PASSWORD)["access_token"]
    url = httpx.get(f"{site.url}{API}/users/me/calendar-feed",
                    headers={"Authorization": f"Bearer {token}"}).json()["data"]["url"]
    feed = httpx.get(url, timeout=20)
    assert feed.status_code == 200
    events = {str(e["SUMMARY"]): e for e in icalendar.Calendar.from_ical(feed.content).walk("VEVENT")}
    for title, talk_id in zip(titles[:2], talk_ids):
        assert str(events[title]["UID"]).startswith(f"talk-{talk_id}@")
    assert titles[2] not in events


def test_after_the_talk_an_attendee_rates_it_and_the_speaker_sees_the_rating(browser, base_url, site):
    run = uuid.uuid4().hex[:6]
    starts = (utcnow() - dt.timedelta(hours=2)).replace(microsecond=0)
    title = f"Heard talk {run}"
    meetup_id, [talk_id] = _meetup_with_talks(site, f"Past programme {run}", starts,
                                              [(title, 0)], speaker_email=SPEAKER)
    engine = _engine(site)
    with Session(engine) as s:
        s.add(MeetupRegistration(user_id=_user_id(site, ATTENDEE), meetup_id=meetup_id,
                                 attendance_reason="networking", interested_field="backend",
                                 expectation="Learn"))
        s.commit()
    engine.dispose()

    page = _context(browser, base_url).new_page()
    _sign_in(page, site, ATTENDEE, "/mypage?tab=talks")
    form = page.get_by_role("form", name=f"Rate {title}")
    form.get_by_label("4", exact=True).check()
    form.get_by_label("Comment for the speaker (optional)").fill(f"Clear and useful {run}")
    form.get_by_role("button", name="Send rating").click()
    expect(page.get_by_text("Thank you for your feedback!")).to_be_visible()
    expect(page.get_by_role("form", name=f"Rate {title}")).to_have_count(0)  # once
    page.goto(f"/talks/{talk_id}")
    wait_ready(page)
    expect(page.locator("#talk-my-rating")).to_contain_text("4/5")  # the talk page says so

    speaker = _context(browser, base_url, phone=True).new_page()
    _sign_in(speaker, site, SPEAKER, "/mypage?tab=talks", lang="uz")
    feedback = speaker.get_by_role("list", name="Ma’ruzalarim bo‘yicha fikrlar")
    item = feedback.locator("li").filter(has_text=title).first
    expect(item.locator(".my-talk-rating")).to_contain_text("4.0")
    expect(item).to_contain_text(f"Clear and useful {run}")
    _shot(speaker, "speaker-feedback-phone-uz")

    organizer = _context(browser, base_url).new_page()
    _sign_in(organizer, site, ORGANIZER, f"/admin/meetups/{meetup_id}/feedback")
    card = organizer.locator(".admin-talk-feedback").filter(has_text=title)
    expect(card.locator(".talk-feedback-numbers")).to_contain_text("4.0")
    expect(card).to_contain_text(f"Clear and useful {run}")
    with organizer.expect_download() as download:
        organizer.locator("#admin-feedback-csv").click()
    text = open(download.value.path(), encoding="utf-8-sig").read()
    assert title in text and f"Clear and useful {run}" in text
    _shot(organizer, "feedback-desktop-en")
