"""Issue 45's "Accepted when", in both languages (English at 1280 px, Uzbek on a 390 px
phone; screenshots of both widths in tests/output/issue45): an organizer makes a workshop
with 3 in-person and 10 online seats, approval needed and applications holding no seat;
adds two questions and accessibility needs in the back office; four members apply (one on
the site's form, with an accessibility answer); the organizer accepts three at once and
declines one; the three get tickets and the fourth a decline, each in their language; the
CSV holds the answers; the door page shows the accessibility note."""

from __future__ import annotations

import csv
import datetime as dt
import io

import httpx
import pytest
from playwright.sync_api import expect

from community_app.i18n import gettext
from community_app.services.meetups.emails import ACCEPTED_SUBJECT, REJECTED_SUBJECT
from tests.e2e.conftest import OUTPUT, resize, wait_ready
from tests.e2e.test_waitlist_journey import (
    DEMO_PASSWORD, FORM, PASSWORD, _auth, _browser_as, _email, _member, _token,
)

API = "/api/v1"
SHOTS = OUTPUT / "issue45"
ORGANIZER = "organizer@uzdev.kr"
NEED = "Step-free entrance, please"


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for width, height in ((1280, 900), (390, 844)):
        resize(page, width, height)
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    resize(page, size["width"], size["height"])


@pytest.mark.parametrize("lang, width", [("en", 1280), ("uz", 390)])
def test_a_workshop_chooses_its_attendees(browser, site, lang, width):
    say = lambda message_id, **values: gettext(message_id, lang, **values)  # noqa: E731
    organizer = _auth(_token(site, ORGANIZER, DEMO_PASSWORD))
    day = (dt.datetime.now(dt.UTC) + dt.timedelta(days=10)).strftime("%Y-%m-%d")
    title = f"Laptop workshop {lang}"
    r = httpx.post(f"{site.url}{API}/admin/meetups", headers=organizer, timeout=30, json={
        "title": title, "description": "Build a bot.", "meetupDate": day, "startTime": "19:00",
        "endTime": "21:00", "location": "Seoul", "maxSeats": 3, "onlineMaxSeats": 10,
        "streamUrl": "https://stream.example/workshop", "requiresApproval": True,
        "applicationsHoldSeats": False})
    assert r.status_code == 201, r.text
    meetup_id = r.json()["data"]["id"]

    # The organizer adds two questions and accessibility needs in the back office.
    admin = _browser_as(browser, site, ORGANIZER, DEMO_PASSWORD, lang,
                        f"/admin/meetups/{meetup_id}", member=False)
    admin.set_viewport_size({"width": width, "height": 900})
    questions = admin.locator("#registration-questions")
    expect(questions).to_be_visible()
    questions.locator("#question-kind").select_option("YES_NO")
    questions.locator("#field-labelEn").fill("Will you bring a laptop?")
    questions.locator("#field-labelUz").fill("Noutbuk olib kelasizmi?")
    questions.get_by_role("checkbox", name=say("Required")).click()
    questions.locator("#add-question").click()
    expect(admin.locator("#question-list li")).to_have_count(1)
    questions.locator("#question-kind").select_option("ONE_CHOICE")
    questions.locator("#field-labelEn").fill("Your Python level")
    questions.locator("#field-labelUz").fill("Python darajangiz")
    questions.locator("#field-options").fill("New | Yangi\nExperienced | Tajribali")
    questions.locator("#add-question").click()
    expect(admin.locator("#question-list li")).to_have_count(2)
    questions.locator("#builtin-accessibility").click()
    expect(admin.locator("#question-list li")).to_have_count(3)
    expect(admin.locator("#question-list li").nth(2)).to_contain_text(
        say("Accessibility needs (optional)"))
    _shot(admin, f"questions-{lang}")
    form = httpx.get(f"{site.url}{API}/public/meetups/{meetup_id}/questions").json()["data"]
    laptop, level, access = (q["id"] for q in form)

    # Four members apply: the first on the site's form (with her accessibility need), in
    # the test's language; the others through the API, in English and Uzbek.
    langs = [lang, "en", "uz", "en"]
    members = [_member(site, name, member_lang)
               for name, member_lang in zip(("dilnoza", "jasur", "malika", "otabek"), langs)]
    page = _browser_as(browser, site, members[0], PASSWORD, lang,
                       f"/events/upcoming/register/{meetup_id}")
    page.set_viewport_size({"width": width, "height": 900})
    expect(page.locator("#seats-left-online")).to_contain_text("10")
    expect(page.get_by_text(say("Accessibility needs (optional)"))).to_be_visible()
    expect(page.get_by_text(say(
        "Only the organizers see this answer. It is given to them with the attendee list and "
        "deleted {days} days after the event.", days=30))).to_be_visible()
    page.locator("button[role=radio][value=networking]").click()
    page.locator("button[role=radio][value=backend]").click()
    page.locator("#field-expectation").fill("Learn to build a bot.")
    page.locator("#field-consent").click()
    page.get_by_role("button", name=say("Register")).click()
    # Required questions left out: each says so in the page's language.
    expect(page.locator(f"#error-q_{laptop}")).to_have_text(say("Please answer this question."))
    page.locator(f"[aria-labelledby='label-q_{laptop}'] button[value=yes]").click()
    page.locator(f"[aria-labelledby='label-q_{level}'] button[role=radio]").first.click()
    page.locator(f"#field-q_{access}").fill(NEED)
    _shot(page, f"form-{lang}")
    page.get_by_role("button", name=say("Register")).click()
    expect(page.get_by_text(say("Registration received"))).to_be_visible()
    for i, address in enumerate(members[1:], start=1):
        r = httpx.post(f"{site.url}{API}/users/meetups/{meetup_id}/registration",
                       headers=_auth(_token(site, address, PASSWORD, langs[i])), timeout=30,
                       json={**FORM, "answers": {str(laptop): i % 2 == 0,
                                                 str(level): form[1]["options"][1]["key"]}})
        assert r.status_code == 201, r.text

    # The organizer accepts three at once and declines the fourth.
    admin.goto(f"/admin/meetups/{meetup_id}?view=registrations")
    wait_ready(admin)
    boxes = admin.get_by_role("checkbox", name=say("Choose"))
    expect(boxes).to_have_count(4)
    for i in range(3):
        boxes.nth(i).click()
    expect(admin.locator("#chosen-count")).to_have_text(say("{n} chosen", n=3))
    admin.locator("#decision-note").fill("Bring a charger")
    _shot(admin, f"decisions-{lang}")
    admin.locator("#accept-chosen").click()
    expect(admin.get_by_text(say("The decisions are saved and the members told."))).to_be_visible()
    boxes = admin.get_by_role("checkbox", name=say("Choose"))
    expect(boxes).to_have_count(1)
    boxes.first.click()
    admin.locator("#decline-chosen").click()
    expect(admin.get_by_role("checkbox", name=say("Choose"))).to_have_count(0)
    expect(admin.get_by_text(NEED)).to_be_visible()

    # Each member hears in their language: the three a ticket, the fourth a decline.
    for address, member_lang in zip(members[:3], langs[:3]):
        mail = _email(site, address, gettext(ACCEPTED_SUBJECT, member_lang, title=title))
        assert any(part.get_filename("").startswith("ticket-") for part in mail.iter_attachments())
        assert gettext("A note from the organizers: {note}", member_lang, note="Bring a charger") \
            in mail.get_body(preferencelist=("plain",)).get_content()
    _email(site, members[3], gettext(REJECTED_SUBJECT, langs[3], title=title))

    # The CSV holds the answers, accessibility first; the door shows the note.
    text = httpx.get(f"{site.url}{API}/admin/meetups/{meetup_id}/attendees.csv",
                     headers={**organizer, "Accept-Language": lang}, timeout=30).text
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0][7] == say("Accessibility needs (optional)")
    assert [row[7] for row in rows[1:]] == [NEED, "", ""]
    admin.goto(f"/admin/meetups/{meetup_id}/check-in")
    wait_ready(admin)
    admin.get_by_label(say("Find a member")).fill("Dilnoza")
    expect(admin.locator(".door-need").first).to_contain_text(NEED)
    _shot(admin, f"door-{lang}")
