"""REST of tickets, check-in at the door and attendance: the member's tickets and QR,
the organizer's check-in by code (once; refusals), attendance numbers and no-shows."""

from __future__ import annotations

from community_app.services.meetups import ticket_codes
from tests.api.factories import bearer, make_meetup, make_member, make_registration

API = "/api/v1"


def test_member_tickets_and_qr(client, engine):
    member, other = make_member(engine), make_member(engine)
    meetup = make_meetup(engine, title="Go night")
    registration = make_registration(engine, member, meetup)
    r = client.get(f"{API}/users/tickets", headers=bearer(member))
    assert r.status_code == 200
    [ticket] = r.json()["data"]
    assert ticket["code"] == ticket_codes.ticket_code(registration.id)
    assert (ticket["meetupId"], ticket["title"]) == (meetup.id, "Go night")
    png = client.get(ticket["qrUrl"], headers=bearer(member))
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    assert png.content.startswith(b"\x89PNG")
    assert client.get(ticket["qrUrl"], headers=bearer(other)).status_code == 404
    assert client.get(f"{API}/users/tickets").status_code == 401


def test_check_in_by_code_once_and_refusals(client, engine):
    organizer = make_member(engine, role="organizer")
    member = make_member(engine, first_name="Lola", last_name="Karimova")
    meetup, other = make_meetup(engine, in_days=-0.01), make_meetup(engine, title="Rust night")
    code = ticket_codes.ticket_code(make_registration(engine, member, meetup).id)
    elsewhere = ticket_codes.ticket_code(make_registration(engine, member, other).id)
    url = f"{API}/admin/meetups/{meetup.id}/check-in"
    first = client.post(url, json={"code": "UZDEV:" + code}, headers=bearer(organizer))
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["data"]["accepted"] is True and body["data"]["name"] == "Lola Karimova"
    assert body["message"] == "Checked in. Welcome!"
    again = client.post(url, json={"code": code},
                        headers={**bearer(organizer), "Accept-Language": "uz"}).json()
    assert again["data"]["outcome"] == "already" and again["data"]["accepted"] is False
    assert again["data"]["checkedInAt"] == body["data"]["checkedInAt"]
    assert again["message"] == "Allaqachon ro‘yxatdan o‘tkazilgan."
    wrong = client.post(url, json={"code": elsewhere}, headers=bearer(organizer)).json()["data"]
    assert (wrong["outcome"], wrong["meetupTitle"]) == ("other_meetup", "Rust night")
    assert client.post(url, json={"code": code}, headers=bearer(member)).status_code == 403
    assert client.post(url, json={"code": ""}, headers=bearer(organizer)).status_code == 422

    numbers = client.get(f"{API}/admin/meetups/{meetup.id}/attendance",
                         headers=bearer(organizer)).json()["data"]
    assert (numbers["registered"], numbers["attended"], numbers["noShowRate"]) == (1, 1, 0)
    mine = client.get(f"{API}/users/me/attendance", headers=bearer(member)).json()["data"]
    assert mine["meetupsAttended"] == 1 and mine["meetups"][0]["meetupId"] == meetup.id
    paths = client.get(f"{API}/openapi.json").json()["paths"]
    assert {"/api/v1/admin/meetups/{meetup_id}/check-in", "/api/v1/users/tickets",
            "/api/v1/users/me/attendance", "/api/v1/admin/members/{user_id}/clear-no-shows",
            } <= set(paths)


def test_organizers_see_and_clear_members_placed_last(client, engine):
    from sqlmodel import Session

    from community_app.core.db import utcnow
    from community_app.models import Meetup, MeetupRegistration

    organizer = make_member(engine, role="organizer")
    member = make_member(engine)
    for days in (-10, -20):
        past = make_meetup(engine, in_days=days)
        came = make_registration(engine, make_member(engine), past)
        make_registration(engine, member, past)
        with Session(engine) as s:
            s.get(MeetupRegistration, came.id).checked_in_at = utcnow()
            s.get(Meetup, past.id).attended_count = 1
            s.commit()
    url = f"{API}/admin/attendance/placed-last"
    assert [m["userId"] for m in client.get(url, headers=bearer(organizer)).json()["data"]] == [
        member.id]
    r = client.post(f"{API}/admin/members/{member.id}/clear-no-shows", headers=bearer(organizer))
    assert r.status_code == 200 and r.json()["message"] == "The member's no-shows are cleared."
    assert client.get(url, headers=bearer(organizer)).json()["data"] == []
    assert client.post(f"{API}/admin/members/999999/clear-no-shows",
                       headers=bearer(organizer)).status_code == 404


def test_a_check_in_weeks_early_is_refused_and_nothing_counts_before_the_start(client, engine):
    organizer = make_member(engine, role="organizer")
    member = make_member(engine)
    later = make_meetup(engine, in_days=21)
    registration = make_registration(engine, member, later)
    code = ticket_codes.ticket_code(registration.id)
    door = client.post(f"{API}/admin/meetups/{later.id}/check-in", json={"code": code},
                       headers={**bearer(organizer), "Accept-Language": "uz"})
    assert door.status_code == 200
    assert (door.json()["data"]["outcome"], door.json()["data"]["accepted"]) == ("not_open", False)
    assert door.json()["message"].startswith("Kirishni qayd etish hali ochilmagan")
    listed = client.post(f"{API}/admin/meetups/{later.id}/registrations/{registration.id}/check-in",
                         headers=bearer(organizer))
    assert listed.status_code == 409
    assert listed.json()["message"].startswith(
        "Check-in is not open yet: it opens 3 hours before the event starts, at ")

    # An hour before the start the door is open; the meetup has not begun, so nobody is a
    # no-show yet and the member has not "attended".
    soon = make_meetup(engine, in_days=0.04)
    ticket = ticket_codes.ticket_code(make_registration(engine, member, soon).id)
    make_registration(engine, make_member(engine), soon)
    assert client.post(f"{API}/admin/meetups/{soon.id}/check-in", json={"code": ticket},
                       headers=bearer(organizer)).json()["data"]["accepted"]
    numbers = client.get(f"{API}/admin/meetups/{soon.id}/attendance",
                         headers=bearer(organizer)).json()["data"]
    assert (numbers["registered"], numbers["attended"], numbers["noShowRate"]) == (2, 1, None)
    assert numbers["noShows"] == 0
    mine = client.get(f"{API}/users/me/attendance", headers=bearer(member)).json()["data"]
    assert mine["meetupsAttended"] == 0
