"""/events and the event details page: filters, sorts, cards, details content, the
register button's states, wrong addresses, Uzbek, keyboard and phone widths."""

from __future__ import annotations

import datetime as dt
import re

import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session, func, select

from community_app.core.db import utcnow
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import Meetup, MeetupRegistration
from tests.e2e.conftest import settled, wait_ready

SEOUL_13 = 1  # upcoming: speakers, sessions, 2 active notes, the demo member registered
BUSAN = 3  # upcoming, parking
KAIST = 4  # upcoming, made full below
SEOUL_12 = 5  # past: reviews


def db(site):
    return Session(sa.create_engine(site.env["COMMUNITY_DATABASE_URL"]))


def meetup_counts(site) -> tuple[int, int]:
    now = utcnow()
    with db(site) as s:
        upcoming = s.exec(select(func.count()).select_from(Meetup).where(Meetup.starts_at >= now)).one()
        past = s.exec(select(func.count()).select_from(Meetup).where(Meetup.starts_at < now)).one()
    return upcoming, past


def get_meetup(site, meetup_id: int) -> Meetup:
    with db(site) as s:
        return s.get(Meetup, meetup_id)


def cards(page: Page):
    return page.get_by_test_id("event-card")


def open_events(page: Page) -> None:
    page.goto("/events")
    wait_ready(page)
    expect(page.locator("#events-count")).to_be_visible()


def test_filters_match_the_database(page: Page, site):
    upcoming, past = meetup_counts(site)
    open_events(page)
    expect(page.get_by_role("heading", name="Events", level=1)).to_be_visible()
    all_ = page.get_by_role("radio", name=re.compile(r"^All"))
    expect(all_).to_have_attribute("aria-checked", "true")
    expect(page.locator("#events-count")).to_have_text(f"{upcoming + past} events")
    expect(cards(page)).to_have_count(min(10, upcoming + past))

    page.get_by_role("radio", name=re.compile(r"^Upcoming")).click()
    expect(page.locator("#events-count")).to_have_text(f"{upcoming} events")
    expect(cards(page)).to_have_count(min(10, upcoming))
    expect(cards(page).filter(has_text="Past")).to_have_count(0)
    for i in range(min(10, upcoming)):
        expect(cards(page).nth(i).get_by_text("Upcoming", exact=True)).to_be_visible()

    page.get_by_role("radio", name=re.compile(r"^Past")).click()
    expect(page.locator("#events-count")).to_have_text(f"{past} events")
    expect(cards(page)).to_have_count(min(10, past))
    for i in range(min(10, past)):
        expect(cards(page).nth(i).get_by_text("Past", exact=True)).to_be_visible()
        expect(cards(page).nth(i).get_by_role("link", name="View details")).to_have_attribute(
            "href", re.compile(r"^/events/past/details/\d+$")
        )

    page.goto("/events?type=upcoming")  # a filter can be linked to
    expect(page.get_by_role("radio", name=re.compile(r"^Upcoming"))).to_have_attribute("aria-checked", "true")
    expect(page.locator("#events-count")).to_have_text(f"{upcoming} events")


def _card_dates(page: Page, site) -> list[str]:
    """The cards' dates, once the first page of cards (all meetups, ten a page) is there."""
    expect(cards(page)).to_have_count(min(10, sum(meetup_counts(site))))
    return page.locator("[data-testid=event-card] time").evaluate_all(
        "els => els.map(e => e.getAttribute('datetime'))"
    )


def _wait_for_order(page: Page, ascending: bool) -> None:
    compare = "d[0] <= d[d.length - 1]" if ascending else "d[0] >= d[d.length - 1]"
    page.wait_for_function(
        "() => { const d = [...document.querySelectorAll('[data-testid=event-card] time')]"
        f".map(e => e.getAttribute('datetime')); return d.length > 1 && {compare}; }}"
    )


def test_the_next_meetup_comes_first_by_default(page: Page, site):
    """Soonest First: the upcoming meetups from the next one, then the past from the latest."""
    upcoming, _past = meetup_counts(site)
    open_events(page)
    expect(page.get_by_label("Sort by")).to_contain_text("Soonest First")
    dates = _card_dates(page, site)
    ahead = dates[: min(upcoming, len(dates))]
    assert len(ahead) >= 2 and ahead == sorted(ahead)
    assert all(d < ahead[0] for d in dates[len(ahead):])


def test_sort_newest_and_oldest_first(page: Page, site):
    open_events(page)
    page.get_by_label("Sort by").click()
    page.get_by_role("option", name="Newest First").click()
    expect(page.get_by_label("Sort by")).to_contain_text("Newest First")
    _wait_for_order(page, ascending=False)
    newest = _card_dates(page, site)
    assert len(newest) >= 2
    assert newest == sorted(newest, reverse=True)

    page.get_by_label("Sort by").click()
    page.get_by_role("option", name="Oldest First").click()
    expect(page.get_by_label("Sort by")).to_contain_text("Oldest First")
    page.wait_for_function(
        "() => { const d = [...document.querySelectorAll('[data-testid=event-card] time')]"
        ".map(e => e.getAttribute('datetime')); return d.length > 1 && d[0] <= d[d.length - 1]; }"
    )
    oldest = _card_dates(page, site)
    assert oldest == sorted(oldest)
    assert oldest[0] < newest[0]


def test_filters_work_from_the_keyboard(page: Page, site):
    upcoming, past = meetup_counts(site)
    open_events(page)
    page.get_by_role("heading", name="Events", level=1).click()
    page.keyboard.press("Tab")  # the selected filter is the group's tab stop
    expect(page.get_by_role("radio", name=re.compile(r"^All"))).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name=re.compile(r"^Upcoming"))).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name=re.compile(r"^Past"))).to_be_focused()
    page.keyboard.press("Space")
    expect(page.get_by_role("radio", name=re.compile(r"^Past"))).to_have_attribute("aria-checked", "true")
    expect(page.locator("#events-count")).to_have_text(f"{past} events")


def test_card_shows_title_date_time_place_seats_and_links_to_details(page: Page, site):
    m = get_meetup(site, SEOUL_13)
    open_events(page)
    page.get_by_role("radio", name=re.compile(r"^Upcoming")).click()
    card = cards(page).filter(has_text=m.title)
    expect(card).to_have_count(1)
    expect(card.get_by_role("heading", name=m.title)).to_be_visible()
    expect(card).to_contain_text(date_texts(m.starts_at)["en"])
    expect(card).to_contain_text(f"{time_texts(m.starts_at)['en']} – {time_texts(m.ends_at)['en']}")
    expect(card).to_contain_text(m.location)
    expect(card).to_contain_text(f"{m.available_seats} seats left")
    expect(card.get_by_text("Upcoming", exact=True)).to_be_visible()
    # No picture uploaded: the meetup's own generated cover (services/images.py).
    expect(card.locator("img")).to_have_attribute(
        "src", re.compile(rf"^/api/v1/media/covers/meetup/{m.id}-[0-9a-f]{{20}}\.webp$"))
    link = card.get_by_role("link", name="View details")
    expect(link).to_have_attribute("href", f"/events/upcoming/details/{SEOUL_13}")
    link.click()
    expect(page).to_have_url(re.compile(rf"/events/upcoming/details/{SEOUL_13}$"))
    expect(page.get_by_role("heading", name=m.title, level=1)).to_be_visible()


def test_details_show_speakers_sessions_notes_registrations_parking_and_provided(page: Page, site):
    m = get_meetup(site, SEOUL_13)
    with db(site) as s:
        accepted = s.exec(
            select(func.count()).select_from(MeetupRegistration).where(
                MeetupRegistration.meetup_id == SEOUL_13, MeetupRegistration.status == "ACCEPTED"
            )
        ).one()
    page.goto(f"/events/upcoming/details/{SEOUL_13}")
    wait_ready(page)
    expect(page.get_by_role("heading", name=m.title, level=1)).to_be_visible()
    expect(page.get_by_text("Everyone has a chatbot demo", exact=False)).to_be_visible()
    speakers = page.get_by_role("region", name="Speakers")
    expect(speakers.get_by_role("heading", name="Kim Ji-hoon")).to_be_visible()
    expect(speakers).to_contain_text("Machine Learning Engineer · Naver Cloud")
    expect(speakers).to_contain_text("Rustam Aliqulov")
    sessions = page.get_by_role("region", name="Keynote sessions")
    expect(sessions.get_by_role("listitem")).to_have_count(3)
    expect(sessions).to_contain_text("Guardrails, evals and cost control for LLM features")
    expect(sessions.get_by_role("listitem").first).to_contain_text("Kim Ji-hoon")
    expect(sessions.get_by_role("listitem").first).to_contain_text(re.compile(r"\d+:\d\d\s?PM – \d+:\d\d\s?PM"))
    notes = page.get_by_role("region", name="Notes")
    expect(notes).to_contain_text("Please bring an ID")
    expect(notes.get_by_role("listitem")).to_have_count(2)
    registrations = page.get_by_role("region", name="Registrations")
    expect(registrations).to_contain_text(f"{accepted} people registered")
    expect(registrations.get_by_role("listitem").filter(has_text="Dilnoza")).to_have_count(1)
    expect(page.locator("#event-parking")).to_have_text("No parking")
    expect(page.locator("#event-provided")).to_contain_text("Pizza, drinks, Wi-Fi")
    registered = m.max_seats - m.available_seats
    expect(page.locator("#event-seats-registered")).to_have_text(f"{registered} / {m.max_seats} registered")
    expect(page.locator("#event-seats-left")).to_have_text(f"{m.available_seats} seats left")
    register = page.get_by_role("link", name="Register now")
    expect(register).to_have_attribute("href", f"/events/upcoming/register/{SEOUL_13}")

    page.goto(f"/events/upcoming/details/{BUSAN}")
    expect(page.locator("#event-parking")).to_have_text("Parking available")


def test_an_upcoming_event_offers_its_calendar_file_in_korea_time(page: Page, site):
    import httpx
    import icalendar

    page.goto(f"/events/upcoming/details/{BUSAN}")
    wait_ready(page)
    link = page.get_by_role("link", name="Add to calendar")
    expect(link).to_have_attribute("href", f"/api/v1/public/meetups/{BUSAN}/calendar.ics")
    answer = httpx.get(site.url + link.get_attribute("href"))
    assert answer.headers["content-type"].startswith("text/calendar")
    # A click gets the file (the browser fetches it; the site's router would show the 404 page).
    with page.expect_download() as clicked:
        link.click()
    assert clicked.value.suggested_filename.endswith(".ics")
    expect(page).to_have_url(re.compile(rf"/events/upcoming/details/{BUSAN}$"))
    [event] = icalendar.Calendar.from_ical(answer.content).walk("VEVENT")
    start = event.decoded("DTSTART")
    with db(site) as s:
        meetup = s.get(Meetup, BUSAN)
    assert str(start.tzinfo) == "Asia/Seoul"
    assert start.timestamp() == meetup.starts_at.replace(tzinfo=dt.UTC).timestamp()
    assert str(event["SUMMARY"]) == meetup.title


def test_past_event_has_reviews_and_registration_is_closed(page: Page):
    page.goto(f"/events/past/details/{SEOUL_12}")
    wait_ready(page)
    expect(page.get_by_role("link", name="Add to calendar")).to_have_count(0)
    expect(page.get_by_text("Past", exact=True).first).to_be_visible()
    closed = page.get_by_role("button", name="Registration closed")
    expect(closed).to_be_disabled()
    expect(page.get_by_role("link", name="Register now")).to_have_count(0)
    reviews = page.get_by_role("region", name="Reviews")
    expect(reviews.get_by_role("listitem")).to_have_count(4)
    review = reviews.get_by_role("listitem").filter(has_text="the room got a bit crowded")
    expect(review).to_contain_text("Nilufar")
    expect(review.get_by_role("img", name="Rated 4 out of 5")).to_be_visible()
    expect(reviews.get_by_role("img", name=re.compile(r"^Rated [1-5] out of 5$"))).to_have_count(4)
    expect(page.get_by_role("region", name="Notes")).to_have_count(0)  # its only note is inactive


def test_full_event_disables_the_register_button(page: Page, site):
    # KAIST's details are not read before this in the session (5-minute cache).
    site.sql("UPDATE meetups SET available_seats = 0 WHERE id = :id", id=KAIST)
    page.goto(f"/events/upcoming/details/{KAIST}")
    wait_ready(page)
    full = page.get_by_role("button", name="This event is full")
    expect(full).to_be_disabled()
    expect(page.locator("#event-seats-left")).to_have_text("Full")
    expect(page.get_by_role("link", name="Register now")).to_have_count(0)
    # ... and leads to its waitlist (issue 15).
    expect(page.get_by_role("link", name="Join the waitlist")).to_have_attribute(
        "href", f"/events/upcoming/register/{KAIST}")


def test_wrong_type_goes_to_the_right_address_and_unknown_ids_say_not_found(page: Page):
    page.goto(f"/events/past/details/{SEOUL_13}")
    expect(page).to_have_url(re.compile(rf"/events/upcoming/details/{SEOUL_13}$"))
    expect(page.get_by_role("link", name="Register now")).to_be_visible()
    page.goto(f"/events/anything/details/{SEOUL_12}")
    expect(page).to_have_url(re.compile(rf"/events/past/details/{SEOUL_12}$"))

    page.goto("/events/upcoming/details/987654")
    expect(page.get_by_role("heading", name="Event not found.")).to_be_visible()
    expect(page.get_by_role("link", name="See all events")).to_have_attribute("href", "/events")
    page.goto("/events/upcoming/details/not-a-number")
    expect(page.get_by_role("heading", name="Event not found.")).to_be_visible()


def test_events_and_details_in_uzbek(browser, base_url, site):
    upcoming, _ = meetup_counts(site)
    m = get_meetup(site, BUSAN)
    context = browser.new_context(base_url=base_url, locale="uz-UZ")
    page = context.new_page()
    page.goto("/events")
    wait_ready(page)
    expect(page.get_by_role("heading", name="Tadbirlar", level=1)).to_be_visible()
    page.get_by_role("radio", name=re.compile(r"^Kelgusi")).click()
    expect(page.locator("#events-count")).to_have_text(f"{upcoming} ta tadbir")
    card = cards(page).filter(has_text=m.title)
    expect(card).to_contain_text(date_texts(m.starts_at)["uz"])
    expect(card).to_contain_text(f"{time_texts(m.starts_at)['uz']} – {time_texts(m.ends_at)['uz']}")
    expect(card.get_by_role("link", name="Batafsil")).to_be_visible()
    expect(page.get_by_label("Saralash")).to_contain_text("Avval yaqinlari")

    page.goto(f"/events/past/details/{SEOUL_12}")
    expect(page.get_by_role("heading", name="Spikerlar")).to_be_visible()
    expect(page.get_by_role("button", name="Ro‘yxatdan o‘tish yopilgan")).to_be_disabled()
    expect(page.get_by_role("img", name="Baho: 5 dan 4")).to_have_count(2)
    expect(page.locator("#event-parking")).to_have_text("Avtoturargoh yo‘q")
    context.close()


def test_event_pages_fit_a_phone(mobile: Page):
    page = mobile
    for path in ["/events", f"/events/upcoming/details/{SEOUL_13}", f"/events/past/details/{SEOUL_12}",
                 f"/events/upcoming/register/{SEOUL_13}"]:
        page.goto(path)
        wait_ready(page)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        settled(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
