"""The waitlist's rules (services/meetups/waitlist.py and offers.py): joining a full meetup,
the order of the line, offers when a seat frees, the claim window, claiming, declining,
leaving and the expiry task, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import Meetup, MeetupRegistration, QueuedMail, User, WaitlistEntry
from community_app.services import scheduled_tasks
from community_app.services import meetups as service
from community_app.services.errors import Conflict, NotFound
from community_app.services.meetups import admin_edits, admin_registrations, offers, waitlist
from tests.api.factories import (
    VALID_REGISTRATION,
    make_meetup,
    make_member,
    make_registration,
)

HOUR = dt.timedelta(hours=1)


@pytest.fixture
def sent(engine):
    """The offer emails queued so far: (to, subject, body, language)."""

    def queued() -> list[tuple[str, str, str, str]]:
        with Session(engine) as s:
            rows = s.exec(select(QueuedMail).where(QueuedMail.kind == "offer")
                          .order_by(QueuedMail.id)).all()
            return [(r.to_address, r.subject, r.body, r.lang) for r in rows]

    return queued


def _full_meetup(engine, seats: int = 1, **fields) -> tuple[Meetup, list[User]]:
    meetup = make_meetup(engine, max_seats=seats, **fields)
    holders = [make_member(engine) for _ in range(seats)]
    for m in holders:
        make_registration(engine, m, meetup)
    return meetup, holders


def _seats(engine, meetup_id: int) -> int:
    with Session(engine) as s:
        return s.get(Meetup, meetup_id).available_seats


def _status(engine, entry_id: int) -> str:
    with Session(engine) as s:
        return s.get(WaitlistEntry, entry_id).status


def _join(session, user, meetup, now=None):
    return service.join_waitlist(session, user.id, meetup.id, VALID_REGISTRATION, now=now)


def test_join_only_a_full_upcoming_meetup_once(engine, session):
    meetup, (holder,) = _full_meetup(engine)
    open_one = make_meetup(engine, max_seats=5)
    past = make_meetup(engine, in_days=-3, max_seats=1, available_seats=0)
    member = make_member(engine)
    with pytest.raises(Conflict) as err:
        _join(session, member, open_one)
    assert err.value.message_id == waitlist.SEATS_FREE
    with pytest.raises(Conflict):
        _join(session, member, past)
    with pytest.raises(Conflict) as err:
        _join(session, holder, meetup)
    assert err.value.message_id == service.ALREADY_REGISTERED
    entry = _join(session, member, meetup)
    assert (entry.status, entry.position, entry.offer_expires_at) == ("WAITING", 1, None)
    with pytest.raises(Conflict) as err:
        _join(session, member, meetup)
    assert err.value.message_id == waitlist.ALREADY_WAITING
    second = _join(session, make_member(engine), meetup)
    assert second.position == 2


def test_members_with_two_no_shows_in_their_last_five_come_after_others(engine, session):
    meetup, _ = _full_meetup(engine)
    flaky, steady, cleared = (make_member(engine) for _ in range(3))
    # Past meetups that used check-in (attended_count > 0).
    for days in (-30, -20):
        past = make_meetup(engine, in_days=days, attended_count=1)
        make_registration(engine, flaky, past)  # accepted, never checked in: no-show
        make_registration(engine, cleared, past)
        make_registration(engine, steady, past, checked_in_at=utcnow() + days * 24 * HOUR)
    # A past meetup without check-in does not count against anyone.
    unchecked = make_meetup(engine, in_days=-10)
    make_registration(engine, steady, unchecked)
    make_registration(engine, steady, make_meetup(engine, in_days=-9))
    with Session(engine) as s:
        user = s.get(User, cleared.id)
        user.no_shows_cleared_at = utcnow() - 5 * 24 * HOUR
        s.add(user)
        s.commit()
    now = utcnow()
    first = _join(session, flaky, meetup, now=now)
    _join(session, steady, meetup, now=now + HOUR)
    _join(session, cleared, meetup, now=now + 2 * HOUR)
    assert offers.members_with_repeated_no_shows(
        session, [flaky.id, steady.id, cleared.id], utcnow()) == {flaky.id}
    order = [e.user_id for e in offers.waitlist_order(session, meetup.id)]
    assert order == [steady.id, cleared.id, flaky.id]
    mine = service.list_my_waitlist(session, flaky.id)
    assert [(m.entry.id, m.entry.position) for m in mine] == [(first.id, 3)]


def test_no_shows_older_than_the_last_five_meetups_do_not_count(engine, session):
    member = make_member(engine)
    for days in (-60, -50):
        make_registration(engine, member, make_meetup(engine, in_days=days, attended_count=1))
    for days in (-40, -30, -20, -10, -5):
        make_registration(engine, member, make_meetup(engine, in_days=days, attended_count=1),
                          checked_in_at=utcnow())
    assert offers.members_with_repeated_no_shows(session, [member.id], utcnow()) == set()


def test_claim_window_is_shorter_close_to_the_meetup(monkeypatch):
    now = utcnow()
    assert offers.claim_window(now, now + 10 * 24 * HOUR) == 24 * HOUR
    assert offers.claim_window(now, now + 48 * HOUR) == 24 * HOUR
    assert offers.claim_window(now, now + 40 * HOUR) == 10 * HOUR
    assert offers.claim_window(now, now + 2 * HOUR) == HOUR
    assert offers.claim_window(now, now + 30 * dt.timedelta(minutes=1)) == 30 * dt.timedelta(
        minutes=1)
    monkeypatch.setenv("COMMUNITY_WAITLIST_CLAIM_HOURS", "6")
    assert offers.claim_window(now, now + 10 * 24 * HOUR) == 6 * HOUR
    assert offers.claim_window(now, now + 40 * HOUR) == 6 * HOUR


def test_a_cancellation_offers_the_seat_to_the_first_in_line(engine, session, sent):
    meetup, (holder,) = _full_meetup(engine, title="Rust night")
    first = make_member(engine, email="first@example.com", language="uz")
    second = make_member(engine)
    a = _join(session, first, meetup)
    b = _join(session, second, meetup)
    service.cancel_registration(session, holder.id, meetup.id)
    assert _status(engine, a.id) == "OFFERED" and _status(engine, b.id) == "WAITING"
    assert _seats(engine, meetup.id) == 0  # the seat is held for the offer
    [(to, subject, body, lang)] = sent()
    assert (to, lang) == ("first@example.com", "uz") and "Rust night" in subject
    assert "/mypage?tab=events" in body
    mine = service.list_my_waitlist(session, first.id)
    assert mine[0].entry.offer_expires_at is not None and mine[0].entry.position is None
    assert service.list_my_waitlist(session, second.id)[0].entry.position == 1
    # Someone else cannot take the held seat.
    with pytest.raises(Conflict) as err:
        service.register_for_meetup(session, make_member(engine).id, meetup.id,
                                    VALID_REGISTRATION)
    assert err.value.message_id == service.MEETUP_FULL
    registration = service.claim_offer(session, first.id, meetup.id)
    assert registration.status == "ACCEPTED"
    assert _status(engine, a.id) == "CLAIMED" and _seats(engine, meetup.id) == 0
    with pytest.raises(NotFound):
        service.claim_offer(session, first.id, meetup.id)


def test_claiming_follows_the_approval_rule(engine, session, sent):
    meetup, (holder,) = _full_meetup(engine, requires_approval=True)
    member = make_member(engine)
    _join(session, member, meetup)
    admin_registrations_reject = admin_registrations.reject_registration
    organizer = make_member(engine, role="organizer")
    with Session(engine) as s:
        reg = s.exec(select(MeetupRegistration).where(
            MeetupRegistration.user_id == holder.id)).one()
        # make_registration gave ACCEPTED; make it PENDING so it can be rejected
        reg.status = "PENDING"
        s.add(reg)
        s.commit()
        reg_id = reg.id
    admin_registrations_reject(session, organizer.id, meetup.id, reg_id)
    session.commit()
    assert len(sent()) == 1
    assert service.claim_offer(session, member.id, meetup.id).status == "PENDING"


def test_raising_the_seats_offers_them_in_order(engine, session, sent):
    # 10:00-12:00 in Seoul a week ahead: the form's times must not wrap past midnight
    # (a start at 22:00 Seoul time or later made the end time earlier than the start).
    seoul_day = (utcnow() + 9 * HOUR + dt.timedelta(days=7)).date()
    starts = dt.datetime.combine(seoul_day, dt.time(1, 0), dt.timezone.utc)  # 10:00 in Seoul
    meetup, _ = _full_meetup(engine, starts_at=starts)
    members = [make_member(engine) for _ in range(3)]
    entries = [_join(session, m, meetup) for m in members]
    organizer = make_member(engine, role="organizer")
    data = {
        "title": meetup.title, "description": "A meetup", "location": "Seoul",
        "meetupDate": (meetup.starts_at + 9 * HOUR).strftime("%Y-%m-%d"),
        "startTime": (meetup.starts_at + 9 * HOUR).strftime("%H:%M"),
        "endTime": (meetup.starts_at + 11 * HOUR).strftime("%H:%M"),
        "maxSeats": 3, "parking": False, "provided": "", "requiresApproval": False,
    }
    admin_edits.update_meetup(session, organizer.id, meetup.id, data)
    session.commit()
    assert [_status(engine, e.id) for e in entries] == ["OFFERED", "OFFERED", "WAITING"]
    assert _seats(engine, meetup.id) == 0 and len(sent()) == 2
    # Lowering below the held seats (1 registration + 2 offers) is refused.
    with pytest.raises(Exception):
        admin_edits.update_meetup(session, organizer.id, meetup.id, {**data, "maxSeats": 2})


def test_decline_and_leave_pass_the_seat_on(engine, session, sent):
    meetup, (holder,) = _full_meetup(engine)
    a, b, c = (make_member(engine) for _ in range(3))
    ea, eb, ec = (_join(session, m, meetup) for m in (a, b, c))
    service.cancel_registration(session, holder.id, meetup.id)
    assert _status(engine, ea.id) == "OFFERED"
    assert service.decline_offer(session, a.id, meetup.id).status == "DECLINED"
    assert _status(engine, eb.id) == "OFFERED"
    assert service.leave_waitlist(session, b.id, meetup.id).status == "LEFT"
    assert _status(engine, ec.id) == "OFFERED"
    assert service.leave_waitlist(session, c.id, meetup.id).status == "LEFT"
    assert _seats(engine, meetup.id) == 1  # nobody left in line: the seat is free
    with pytest.raises(NotFound):
        service.leave_waitlist(session, c.id, meetup.id)
    with pytest.raises(NotFound):
        service.decline_offer(session, c.id, meetup.id)
    assert len(sent()) == 3


def test_expired_offers_pass_to_the_next_once(engine, session, sent):
    meetup, (holder,) = _full_meetup(engine)
    a, b = make_member(engine), make_member(engine)
    ea, eb = _join(session, a, meetup), _join(session, b, meetup)
    service.cancel_registration(session, holder.id, meetup.id)
    later = utcnow() + 25 * HOUR
    with pytest.raises(Conflict) as err:
        service.claim_offer(session, a.id, meetup.id, now=later)
    assert err.value.message_id == waitlist.OFFER_EXPIRED
    done = scheduled_tasks.run_due(engine, now=later, names=["waitlist-offers"])
    assert done == {"waitlist-offers": "1 offers passed on"}
    assert scheduled_tasks.run_due(engine, now=later, names=["waitlist-offers"]) == {}  # claimed once
    assert _status(engine, ea.id) == "EXPIRED" and _status(engine, eb.id) == "OFFERED"
    assert len(sent()) == 2 and _seats(engine, meetup.id) == 0


def test_a_seat_freed_after_the_start_is_not_offered(engine, session, sent):
    meetup, (holder,) = _full_meetup(engine, in_days=1)
    member = make_member(engine)
    entry = _join(session, member, meetup)
    offers.release_seat(session, meetup.id, now=utcnow() + 2 * 24 * HOUR)
    session.commit()
    assert _status(engine, entry.id) == "WAITING" and sent() == []
