"""Issue 47, item 4: a check-in made offline counts exactly once in attendance
(services/meetups/attendance.py), the public statistics (services/statistics.py) and the
no-show priority of waitlists (offers.members_with_repeated_no_shows), however many phones
admitted the ticket and however often a phone sent its batch."""

from __future__ import annotations

import datetime as dt

from community_app.core.db import utcnow
from community_app.services import statistics
from community_app.services.meetups import attendance, door, offers
from community_app.services.meetups.ticket_codes import ticket_code
from tests.api.factories import make_meetup, make_member, make_registration


def _offline(session, organizer, meetup, device, registration, at):
    [done] = door.sync_check_ins(session, organizer.id, meetup.id, device,
                                 [(ticket_code(registration.id), at)])
    session.commit()
    return done.outcome


def test_an_offline_check_in_counts_once_everywhere(engine, session):
    organizer = make_member(engine, role="organizer")
    came, missed = make_member(engine), make_member(engine)
    meetups = [make_meetup(engine, in_days=-days, hours=3) for days in (2, 9)]
    for meetup in meetups:
        mine = make_registration(engine, came, meetup)
        make_registration(engine, missed, meetup)
        at = meetup.starts_at + dt.timedelta(minutes=20)
        # Two phones admitted the ticket offline; the first sent its batch twice.
        assert _offline(session, organizer, meetup, "door-phone-a", mine, at) == "checked_in"
        assert _offline(session, organizer, meetup, "door-phone-a", mine, at) == "checked_in"
        later = at + dt.timedelta(minutes=1)
        assert _offline(session, organizer, meetup, "door-phone-b", mine, later) == "duplicate"

    for meetup in meetups:
        numbers = attendance.meetup_attendance(session, meetup.id)
        assert (numbers.registered, numbers.attended, numbers.no_shows,
                numbers.no_show_rate) == (2, 1, 1, 50)
        assert [(e.device_id, e.duplicate) for e in door.door_entries(
            session, organizer.id, meetup.id)] == [("door-phone-a", False), ("door-phone-b", True)]
    totals = attendance.attendance_totals(session)
    assert (totals.meetups, totals.registered, totals.attended) == (2, 4, 2)
    shown = statistics.get_statistics(session).attendance
    assert (shown.registered, shown.attended, shown.no_show_rate) == (4, 2, 50)
    assert len(attendance.meetups_attended(session, came.id)) == 2
    # Two no-shows in the last five meetups: the member who missed both waits last; the
    # member admitted offline (twice, by two phones) does not.
    assert offers.members_with_repeated_no_shows(session, [came.id, missed.id], utcnow()) == {
        missed.id}
    [dup] = door.door_duplicates(session, organizer.id, meetups[0].id)
    assert [e.device_id for e in dup.entries] == ["door-phone-a", "door-phone-b"]
