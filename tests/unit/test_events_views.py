"""The rows the event pages show, built from the meetup service (state/event_views.py),
the list's filters and sorts, the form's values, and the event caches' expiry."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from community_app.i18n import gettext
from community_app.services import cache
from community_app.services import meetups as service
from community_app.state import event_views as views
from community_app.state.event_register import form_values

NOW = dt.datetime(2026, 11, 21, 6, 0, tzinfo=dt.UTC)


def meetup(**changes) -> service.MeetupView:
    base = service.MeetupView(
        id=7,
        title="Seoul Tech Night",
        description="First paragraph\nstill first.\n\nSecond paragraph.",
        location="Gangnam, Seoul",
        starts_at=dt.datetime(2026, 12, 3, 10, 0, tzinfo=dt.UTC),  # 19:00 in Seoul
        ends_at=dt.datetime(2026, 12, 3, 12, 30, tzinfo=dt.UTC),
        max_seats=80,
        available_seats=57,
        registered_count=23,
        image_url=None,
        image_name=None,
        parking=False,
        provided="Pizza",
        requires_approval=False,
        organizer_id=None,
        is_past=False,
    )
    return dataclasses.replace(base, **changes)


def test_card_fields_in_korea_time_with_links_by_type():
    card = views.event_card(meetup())
    assert card.title == {"en": "Seoul Tech Night", "uz": "Seoul Tech Night"}
    assert card.date == {"en": "Dec 3, 2026", "uz": "3-dek, 2026"}
    assert card.time["en"] == "7:00\u202fPM – 9:30\u202fPM"
    assert card.time["uz"] == "19:00 – 21:30"
    assert (card.seats_left, card.max_seats, card.registered, card.full) == (57, 80, 23, False)
    assert card.href == "/events/upcoming/details/7"
    assert card.register_href == "/events/upcoming/register/7"
    assert card.image == "/event-default.svg" and card.image_is_default
    assert card.date_iso == "2026-12-03"

    past = views.event_card(meetup(is_past=True, available_seats=0, image_url="/uploads/x.png"))
    assert past.href == "/events/past/details/7"
    assert past.full and past.image == "/uploads/x.png" and not past.image_is_default
    # Without an upload, the meetup's own generated cover (decorative, like the default).
    covered = views.event_card(meetup(cover_url="/api/v1/media/covers/meetup/7-k.png"))
    assert covered.image == "/api/v1/media/covers/meetup/7-k.png" and covered.image_is_default


def test_spec_defaults_show_translated():
    card = views.event_card(
        meetup(title=service.DEFAULT_TITLE, location=service.DEFAULT_LOCATION)
    )
    assert card.title["en"] == "Untitled Event"
    assert card.title["uz"] == gettext("Untitled Event", "uz")
    assert card.location["uz"] == gettext("Location TBD", "uz")


def test_details_rows():
    details = service.MeetupDetails(
        meetup=meetup(description=service.DEFAULT_DESCRIPTION, parking=True),
        speakers=[service.SpeakerView(1, "Kim Ji-hoon", "ML Engineer", "Naver", "Bio", None, None)],
        sessions=[
            service.SessionView(
                1, "RAG", dt.datetime(2026, 12, 3, 10, 20, tzinfo=dt.UTC),
                dt.datetime(2026, 12, 3, 11, 0, tzinfo=dt.UTC), 1, "Kim Ji-hoon",
            )
        ],
        attendees=[service.AttendeeView(1, "Dilnoza", "/d.png", "/members/dilnoza"),
                   service.AttendeeView(2, "")],
        notes=[service.NoteView(1, "Bring an ID", NOW)],
        reviews=[service.ReviewView(1, "Jasur Karimov", 4, "Great", NOW)],
    )
    d = views.event_details(details)
    assert d.description == [] and d.description_is_default
    assert d.meetup == details.meetup  # the reader's view, whole: a new field reaches the page
    assert d.speakers[0].initials == "KJ"
    assert d.sessions[0].time["uz"] == "19:20 – 20:00"
    assert d.sessions[0].speaker == "Kim Ji-hoon"
    # The name as consented, in each language; "Member" for one who gave none (no username).
    assert [a.name for a in d.attendees] == [{"en": "Dilnoza", "uz": "Dilnoza"},
                                             {"en": "Member", "uz": "A’zo"}]
    assert [(a.image, a.initials, a.page) for a in d.attendees] == [
        ("/d.png", "D", "/members/dilnoza"), ("", "?", "")]
    assert d.attendee_count == 2
    assert d.reviews[0].rating == 4 and d.reviews[0].initials == "JK"
    assert d.date_long["en"] == "Thursday, December 3, 2026"
    assert d.date_long["uz"].startswith("Payshanba")


def test_description_paragraphs():
    assert views.paragraphs("One\ntwo\n\n  Three  \n\n\n") == ["One two", "Three"]
    d = views.event_details(
        service.MeetupDetails(meetup(), [], [], [], [], [])
    )
    assert d.description == ["First paragraph still first.", "Second paragraph."]
    assert not d.description_is_default


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/events/upcoming/details/5", ("upcoming", 5)),
        ("/events/past/register/12/", ("past", 12)),
        ("/events/whatever/details/3", ("whatever", 3)),
        ("/events/upcoming/details/abc", ("upcoming", None)),
        ("/events/upcoming/details/99999999999999999999", ("upcoming", None)),
        ("/events", ("", None)),
    ],
)
def test_parse_event_path(path, expected):
    assert views.parse_event_path(path) == expected


def test_filters_and_sorts_by_date():
    cards = [
        views.event_card(meetup(id=1, starts_at=dt.datetime(2026, 12, 1, tzinfo=dt.UTC))),
        views.event_card(meetup(id=2, starts_at=dt.datetime(2025, 1, 1, tzinfo=dt.UTC), is_past=True)),
        views.event_card(meetup(id=3, starts_at=dt.datetime(2027, 1, 1, tzinfo=dt.UTC))),
        views.event_card(meetup(id=4, starts_at=dt.datetime(2026, 6, 1, tzinfo=dt.UTC), is_past=True)),
    ]
    ids = lambda kind, order: [c.id for c in views.filter_and_sort(cards, kind, order)]  # noqa: E731
    assert ids("all", "newest") == [3, 1, 4, 2]
    assert ids("all", "oldest") == [2, 4, 1, 3]
    assert ids("upcoming", "oldest") == [1, 3]
    assert ids("past", "newest") == [4, 2]
    # The default: the next meetup first, then the past ones from the latest.
    assert ids("all", "soonest") == [1, 3, 4, 2]
    assert ids("upcoming", "soonest") == [1, 3]
    assert ids("past", "soonest") == [4, 2]


def test_initials():
    assert views.initials("dilnoza") == "D"
    assert views.initials("Park Seo-yeon") == "PS"
    assert views.initials("  ") == "?"


def test_form_values_read_the_checkbox():
    values = form_values({"attendanceReason": "learning", "interestedField": "ai",
                          "expectation": "x" * 12, "consent": "on"})
    assert values["consent"] is True
    assert service.validate_registration(values) == {}
    empty = form_values({})
    assert empty["consent"] is False
    assert set(service.validate_registration(empty)) == {
        "attendanceReason", "interestedField", "expectation", "consent",
    }


def test_expire_events_leaves_news_cached():
    cache.clear()
    cache.cached(cache.EVENT_DETAILS, 1, lambda: "old details")
    cache.cached(cache.UPCOMING_EVENTS, "all", lambda: "old list")
    cache.cached(cache.PAST_EVENTS, "all", lambda: "old past")
    cache.cached(cache.NEWS, "all", lambda: "news")
    cache.expire_events()
    assert cache.cached(cache.EVENT_DETAILS, 1, lambda: "new") == "new"
    assert cache.cached(cache.UPCOMING_EVENTS, "all", lambda: "new") == "new"
    assert cache.cached(cache.PAST_EVENTS, "all", lambda: "new") == "new"
    assert cache.cached(cache.NEWS, "all", lambda: "fresh news") == "news"
    cache.clear()
