"""/events and the event details page read their data for the page load (PageData) with
no lock held: the filter and order asked in the address, a wrong type segment sent to the
right address, a missing meetup said so, a failed read said so."""

from __future__ import annotations

import pytest

from community_app.services import meetups as service
from community_app.services.errors import NotFound
from community_app.state import event_detail, events
from community_app.state.page_load import PageRequest

from tests.unit.test_events_views import meetup


def request(path: str, **query: str) -> PageRequest:
    return PageRequest(path=path, query=query, member=None)


@pytest.fixture
def meetups(monkeypatch):
    listed = {service.UPCOMING: [meetup(id=1)], service.PAST: [meetup(id=2, is_past=True), meetup(id=3, is_past=True)]}
    monkeypatch.setattr(events, "all_meetups", lambda kind: listed[kind])
    return listed


def test_the_list_reads_the_filter_and_order_of_the_address(meetups):
    data = events.read_events(request("/events", type="PAST", sort="oldest"))
    assert (data.filter, data.sort) == ("past", "oldest")
    assert [c.id for c in data.upcoming] == [1] and [c.id for c in data.past] == [2, 3]
    assert data.error == {}
    other = events.read_events(request("/events", type="soon", sort="random"))
    assert (other.filter, other.sort) == ("all", "soonest")


def test_a_failed_list_read_says_so(monkeypatch):
    def broken(kind):
        raise RuntimeError("database down")

    monkeypatch.setattr(events, "all_meetups", broken)
    data = events.read_events(request("/events"))
    assert data.upcoming == data.past == []
    assert data.error["en"] == "Could not load events. Please try again."


def details(m):
    return service.MeetupDetails(meetup=m, speakers=[], sessions=[], attendees=[], notes=[], reviews=[])


def test_the_details_read_carries_the_meetup_view(monkeypatch):
    monkeypatch.setattr(event_detail, "cached_details", lambda meetup_id: details(meetup(id=meetup_id)))
    data = event_detail.read_event_detail(request("/events/upcoming/details/7"))
    assert data.details.meetup == meetup(id=7)
    assert (data.redirect, data.not_found, data.member_status) == ("", False, "")


def test_a_wrong_type_segment_goes_to_the_right_address(monkeypatch):
    monkeypatch.setattr(event_detail, "cached_details", lambda meetup_id: details(meetup(id=meetup_id)))
    data = event_detail.read_event_detail(request("/events/past/details/7"))
    assert data.redirect == "/events/upcoming/details/7"


def test_a_missing_meetup_is_not_found(monkeypatch):
    def missing(meetup_id):
        raise NotFound(service.MEETUP_NOT_FOUND)

    monkeypatch.setattr(event_detail, "cached_details", missing)
    data = event_detail.read_event_detail(request("/events/upcoming/details/7"))
    assert data.not_found and data.details is None
    assert data.error["en"] == "Event not found."
    assert event_detail.read_event_detail(request("/events/upcoming/details/seven")).not_found


def test_a_failed_details_read_says_so(monkeypatch):
    def broken(meetup_id):
        raise RuntimeError("database down")

    monkeypatch.setattr(event_detail, "cached_details", broken)
    data = event_detail.read_event_detail(request("/events/upcoming/details/7"))
    assert not data.not_found and data.error["en"] == "Failed to fetch event details"
