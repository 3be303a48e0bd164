"""Attendance from check-ins (services/meetups/attendance.py): per meetup, per member, the
members placed last on waitlists and an organizer clearing them."""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.models import MeetupRegistration
from community_app.services.meetups import attendance, offers
from tests.api.factories import make_meetup, make_member, make_registration


def _checked_in(engine, registration):
    with Session(engine) as s:
        row = s.get(MeetupRegistration, registration.id)
        row.checked_in_at = utcnow()
        s.add(row)
        s.commit()


def _used_check_in(engine, meetup):
    """Someone was checked in at ``meetup`` (so no-shows count there)."""
    _checked_in(engine, make_registration(engine, make_member(engine), meetup))
    with Session(engine) as s:
        from community_app.models import Meetup

        row = s.get(Meetup, meetup.id)
        row.attended_count = 1
        s.add(row)
        s.commit()


def test_per_meetup_and_per_member(engine, session):
    meetup = make_meetup(engine, in_days=-2, title="Go night")
    unchecked = make_meetup(engine, in_days=-5)
    came, missed = make_member(engine), make_member(engine)
    _checked_in(engine, make_registration(engine, came, meetup))
    make_registration(engine, missed, meetup)
    make_registration(engine, make_member(engine), meetup, status="CANCELLED")
    make_registration(engine, came, unchecked)
    numbers = attendance.meetup_attendance(session, meetup.id)
    assert (numbers.registered, numbers.attended, numbers.no_shows, numbers.no_show_rate) == (
        2, 1, 1, 50)
    nobody_checked = attendance.meetup_attendance(session, unchecked.id)
    assert (nobody_checked.registered, nobody_checked.no_show_rate) == (1, None)
    assert [m.title for m in attendance.meetups_attended(session, came.id)] == ["Go night"]
    assert attendance.meetups_attended(session, missed.id) == []
    totals = attendance.attendance_totals(session)
    assert (totals.meetups, totals.registered, totals.attended, totals.no_show_rate) == (
        1, 2, 1, 50)


def test_two_no_shows_place_a_member_last_until_an_organizer_clears_it(engine, session):
    organizer = make_member(engine, role="organizer")
    member = make_member(engine, first_name="Aziz")
    for days in (-10, -20):
        past = make_meetup(engine, in_days=days)
        _used_check_in(engine, past)
        make_registration(engine, member, past)
    now = utcnow()
    flagged = attendance.members_placed_last(session, organizer.id, now=now)
    assert [f.user_id for f in flagged] == [member.id]
    assert offers.members_with_repeated_no_shows(session, [member.id], now) == {member.id}
    attendance.clear_no_shows(session, organizer.id, member.id, now=now)
    session.commit()
    later = now + dt.timedelta(seconds=1)
    assert attendance.members_placed_last(session, organizer.id, now=later) == []
    assert offers.members_with_repeated_no_shows(session, [member.id], later) == set()
