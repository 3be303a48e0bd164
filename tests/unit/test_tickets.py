"""Tickets and check-in at the door (services/meetups/tickets.py, ticket_codes.py)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from community_app.models import Meetup
from community_app.services.errors import Conflict, Forbidden
from community_app.services.meetups import ticket_codes, tickets
from tests.api.factories import make_meetup, make_member, make_registration


def test_a_code_names_its_registration_and_cannot_be_made_up():
    code = ticket_codes.ticket_code(42)
    assert code.startswith("42-") and len(code) == 9
    assert ticket_codes.registration_of_code(code) == 42
    assert ticket_codes.registration_of_code(f" uzdev:{code.lower()} ") == 42  # scanned or typed
    assert ticket_codes.registration_of_code("43-" + code[3:]) is None
    assert ticket_codes.registration_of_code("42-AAAAAA") is None
    assert ticket_codes.registration_of_code("") is None
    png = ticket_codes.qr_png(code)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_check_in_once_and_refusals(engine, session):
    meetup = make_meetup(engine, in_days=0.05, title="Go night")  # starts in about an hour
    other = make_meetup(engine, title="Rust night")
    organizer = make_member(engine, role="organizer")
    lola = make_member(engine, first_name="Lola", last_name="Karimova")
    ticket = make_registration(engine, lola, meetup)
    elsewhere = make_registration(engine, make_member(engine), other)
    cancelled = make_registration(engine, make_member(engine), meetup, status="CANCELLED")
    pending = make_registration(engine, make_member(engine), meetup, status="PENDING")
    code = ticket_codes.ticket_code

    first = tickets.check_in_ticket(session, organizer.id, meetup.id, code(ticket.id))
    session.commit()
    assert (first.outcome, first.name, first.status) == ("checked_in", "Lola Karimova", "ACCEPTED")
    assert first.checked_in_at is not None
    again = tickets.check_in_ticket(session, organizer.id, meetup.id, code(ticket.id))
    assert again.outcome == "already" and again.checked_in_at == first.checked_in_at
    wrong = tickets.check_in_ticket(session, organizer.id, meetup.id, code(elsewhere.id))
    assert (wrong.outcome, wrong.meetup_title) == ("other_meetup", "Rust night")
    assert tickets.check_in_ticket(session, organizer.id, meetup.id,
                                   code(cancelled.id)).outcome == "cancelled"
    assert tickets.check_in_ticket(session, organizer.id, meetup.id,
                                   code(pending.id)).outcome == "not_accepted"
    assert tickets.check_in_ticket(session, organizer.id, meetup.id, "12-ABCDEF").outcome == "unknown"
    with Session(engine) as s:
        assert s.get(Meetup, meetup.id).attended_count == 1
    with pytest.raises(Forbidden):
        tickets.check_in_ticket(session, lola.id, meetup.id, code(ticket.id))


def test_my_tickets_are_the_accepted_registrations_not_ended(engine, session):
    member = make_member(engine)
    soon, past = make_meetup(engine, in_days=2), make_meetup(engine, in_days=-3)
    waiting = make_meetup(engine, in_days=4)
    mine = make_registration(engine, member, soon)
    make_registration(engine, member, past)
    make_registration(engine, member, waiting, status="PENDING")
    [ticket] = tickets.my_tickets(session, member.id)
    assert (ticket.meetup_id, ticket.code) == (soon.id, ticket_codes.ticket_code(mine.id))


def test_check_in_is_open_from_three_hours_before_the_start_until_the_end(engine, session):
    import datetime as dt

    from community_app.core.korea_time import KOREA
    from community_app.services.meetups import admin_registrations

    meetup = make_meetup(engine, starts_at=dt.datetime(2030, 5, 4, 10, 0, tzinfo=dt.UTC))  # 19:00 KST
    organizer = make_member(engine, role="organizer")
    ticket = make_registration(engine, make_member(engine), meetup)
    code = ticket_codes.ticket_code(ticket.id)
    weeks_early = dt.datetime(2030, 4, 10, 10, 0, tzinfo=dt.UTC)
    early = tickets.check_in_ticket(session, organizer.id, meetup.id, code, now=weeks_early)
    assert (early.outcome, early.accepted) == ("not_open", False)
    assert early.params == {"n": 3, "opens": "2030-05-04 16:00"}  # n: the plural form's count
    with pytest.raises(Conflict) as refused:
        admin_registrations.check_in(session, organizer.id, meetup.id, ticket.id, now=weeks_early)
    assert refused.value.message_id == admin_registrations.CHECK_IN_NOT_OPEN
    ended = tickets.check_in_ticket(session, organizer.id, meetup.id, code,
                                    now=meetup.ends_at.replace(tzinfo=dt.UTC).astimezone(KOREA))
    assert ended.outcome == "closed"
    opens = dt.datetime(2030, 5, 4, 7, 0, tzinfo=dt.UTC)
    assert tickets.check_in_ticket(session, organizer.id, meetup.id, code,
                                   now=opens - dt.timedelta(seconds=1)).outcome == "not_open"
    assert tickets.check_in_ticket(session, organizer.id, meetup.id, code, now=opens).accepted
