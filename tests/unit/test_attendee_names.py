"""The one rule for a name on a public attendee list (services/meetups/attendees.py): what
the registration's consent says (the first name), or the name the member chose; never more."""

from __future__ import annotations

import pytest

from community_app.models import User
from community_app.services.meetups.attendees import (
    ATTENDEE_NAME_NO_LINKS, ATTENDEE_NAME_TOO_LONG, attendee_name, attendee_name_problem,
    attendee_names, attendee_view, clean_attendee_name,
)


@pytest.mark.parametrize(("first", "chosen", "shown"), [
    ("Aziz", None, "Aziz"),
    ("Aziz", "", "Aziz"),
    ("Aziz", "   ", "Aziz"),
    ("Dilnoza Yusupova", None, "Dilnoza"),  # a whole name sent as one field: the first word
    ("  Jasur ", None, "Jasur"),
    ("Aziz", "Aziz from Busan", "Aziz from Busan"),
    ("Aziz", "  Aziz   K. ", "Aziz K."),
    ("", "Bekzod", "Bekzod"),
    ("", None, ""),
    (None, None, ""),
])
def test_the_chosen_name_else_the_first_name(first, chosen, shown):
    assert attendee_name(first, chosen) == shown


def test_no_name_reads_member_in_each_language():
    assert attendee_names("") == {"en": "Member", "uz": "A’zo"}
    assert attendee_names("Aziz") == {"en": "Aziz", "uz": "Aziz"}


def _member(**fields) -> User:
    values = {"id": 7, "email": "aziz@example.com", "username": "azizk", "first_name": "Aziz",
              "last_name": "Karimov", "image_url": "/uploaded_files/public/avatars/a.webp",
              "phone": "01012345678", **fields}
    return User(**values)


def test_the_view_holds_nothing_but_the_consented_name_while_the_page_is_off():
    view = attendee_view(_member())
    assert (view.user_id, view.name, view.image_url, view.page) == (7, "Aziz", None, "")
    for secret in ("Karimov", "azizk", "example.com", "0101234", "a.webp"):
        assert secret not in repr(view), secret


def test_a_public_page_adds_the_photo_and_its_address():
    view = attendee_view(_member(public_profile=True, attendee_name="Aziz K."))
    assert (view.name, view.image_url, view.page) == (
        "Aziz K.", "/uploaded_files/public/avatars/a.webp", "/members/azizk")
    # A deactivated account's page is not on: neither photo nor link.
    off = attendee_view(_member(public_profile=True, is_active=False))
    assert (off.image_url, off.page) == (None, "")


@pytest.mark.parametrize("value", [
    None, "", "Aziz", "Aziz K.", "J. R. Tolkien", "Mr.Smith", "O‘g‘iloy", "Ойбек", "김지훈",
    "Aziz (backend)", "@aziz", "A" * 50, "  " + "A" * 50 + "  ",
])
def test_names_people_use_are_accepted(value):
    assert attendee_name_problem(value) is None


@pytest.mark.parametrize(("value", "message"), [
    ("A" * 51, ATTENDEE_NAME_TOO_LONG),
    ("https://aziz.dev", ATTENDEE_NAME_NO_LINKS),
    ("Aziz http://x", ATTENDEE_NAME_NO_LINKS),
    ("ftp://files", ATTENDEE_NAME_NO_LINKS),
    ("WWW.Aziz", ATTENDEE_NAME_NO_LINKS),
    ("aziz@mail.uz", ATTENDEE_NAME_NO_LINKS),
    ("aziz at uzdev.kr", ATTENDEE_NAME_NO_LINKS),
    ("t.me/aziz", ATTENDEE_NAME_NO_LINKS),
    ("buy-now.com", ATTENDEE_NAME_NO_LINKS),
])
def test_long_names_addresses_and_emails_are_refused(value, message):
    assert attendee_name_problem(value) == message


def test_the_stored_name_is_trimmed_and_plain():
    assert clean_attendee_name("  Ali \t  Vali\n") == "Ali Vali"
    assert clean_attendee_name("Ali\x00Vali\x07") == "AliVali"
    assert clean_attendee_name("Ali\ud800") == "Ali"  # a lone surrogate (JSON "\\ud800")
    assert clean_attendee_name("   ") is None
    assert clean_attendee_name(None) is None
