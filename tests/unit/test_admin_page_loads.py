"""The back office loads with PageData like every page (``state/admin.py``): its read, with
no lock held, decides the gate from the member and reads the area for an organizer only;
the filters come from the address, an unknown item is said so."""

from __future__ import annotations

import datetime as dt

import pytest

from community_app.core.db import utcnow
from community_app.models import Meetup, Role, User
from community_app.core import db
from community_app.services import cache
from community_app.state import admin, admin_comments, admin_meetup_reads, admin_news
from community_app.state.page_load import PageRequest


@pytest.fixture
def scope(monkeypatch, engine):
    def session_scope(_engine=None):  # the app's unit of work, always on the test database
        return db.session_scope(engine)

    monkeypatch.setattr(admin, "session_scope", session_scope)
    return session_scope


@pytest.fixture
def people(scope):
    with scope() as s:
        organizer = User(email="boss@example.com", username="boss", first_name="Boss",
                         role=Role.ORGANIZER.value)
        member = User(email="lola@example.com", username="lola", first_name="Lola")
        s.add_all([organizer, member])
    return organizer, member


def read_meetups(member, **query):
    return admin.admin_reader("meetups", admin_meetup_reads.LIST.read, None)(
        PageRequest("/admin/meetups", query, member))


def test_the_gate_is_decided_in_the_read(people):
    organizer, member = people
    assert read_meetups(None).gate == admin.VISITOR
    refused = read_meetups(member)
    assert refused.gate == admin.MEMBER and refused.data is None and refused.values == {}
    allowed = read_meetups(organizer)
    assert allowed.gate == admin.ORGANIZER and allowed.ok
    assert allowed.values == {"section": "meetups", "filter": "upcoming", "mode": "list"}


def test_a_list_reads_its_filters_from_the_address(people, scope):
    organizer, _ = people
    with scope() as s:
        start = utcnow().replace(year=2020)
        s.add(Meetup(title="Last year", starts_at=start, ends_at=start + dt.timedelta(hours=2)))
    past = read_meetups(organizer, type="past")
    assert past.values["filter"] == "past"
    assert [m.meetup.title for m in past.data[0]] == ["Last year"]
    assert read_meetups(organizer).data[0] == []  # upcoming by default
    assert read_meetups(organizer, type="someday").values["filter"] == "upcoming"

    comments = admin.admin_reader("comments", admin_comments.LIST.read, None)(
        PageRequest("/admin/comments", {"show": "hidden", "search": "x" * 300}, organizer))
    assert comments.values == {"section": "comments", "show": "hidden", "query": "x" * 200}


def test_an_unknown_item_is_missing_and_a_new_one_reads_nothing(people):
    organizer, _ = people
    read = admin.admin_reader("news", admin_news.read_item, None)
    unknown = read(PageRequest("/admin/news/999", {}, organizer))
    assert not unknown.ok and unknown.error is not None
    assert unknown.values["mode"] == "missing"
    new = read(PageRequest("/admin/news/new", {}, organizer))
    assert new.ok and new.data is None and new.values == {"section": "news"}


def test_the_back_office_is_never_read_under_the_lock(people):
    organizer, member = people
    with cache.only_cached(), pytest.raises(cache.Miss):
        read_meetups(organizer)
    with cache.only_cached():  # the refusal reads nothing
        assert read_meetups(member).gate == admin.MEMBER
