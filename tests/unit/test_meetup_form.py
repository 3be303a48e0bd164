"""The meetup form is described once (admin_edits.MEETUP_FORM): the back office fills it
from a meetup and reads it back, and the admin API takes the same fields."""

from __future__ import annotations

from community_app.api.routes.admin.meetups import MeetupIn
from community_app.services.meetups import admin_edits
from community_app.services.meetups.admin_views import TITLE_MAX

from tests.unit.test_events_views import meetup


def test_a_meetup_fills_the_form_and_the_form_gives_it_back():
    form = admin_edits.form_of(meetup(parking=True, requires_approval=False))
    assert form.keys() == {f.name for f in admin_edits.MEETUP_FORM}
    assert {name: form[name] for name in ("title", "meetupDate", "startTime", "endTime", "maxSeats",
                                          "provided", "parking", "requiresApproval")} == {
        "title": "Seoul Tech Night", "meetupDate": "2026-12-03", "startTime": "19:00", "endTime": "21:30",
        "maxSeats": "80", "provided": "Pizza", "parking": "on", "requiresApproval": "",
    }
    values, errors = admin_edits.validate_meetup(admin_edits.submitted(form))
    assert errors == {}
    assert values["starts_at"] == meetup().starts_at and values["ends_at"] == meetup().ends_at
    assert (values["title"], values["location"], values["provided"], values["max_seats"]) == (
        "Seoul Tech Night", "Gangnam, Seoul", "Pizza", 80)
    assert values["parking"] is True and values["requires_approval"] is False


def test_a_new_meetup_starts_with_the_defaults():
    form = admin_edits.new_form()
    assert (form["startTime"], form["endTime"], form["maxSeats"], form["parking"]) == ("19:00", "21:00", "50", "")


def test_the_api_takes_the_fields_of_the_form():
    assert [f.name for f in admin_edits.MEETUP_FORM] == [n for n in MeetupIn.model_fields if n != "telegramAnnounce"]
    schema = MeetupIn.model_json_schema()["properties"]
    assert schema["maxSeats"]["anyOf"][0] == {"maximum": 100000, "minimum": 1, "type": "integer"}
    assert schema["title"]["anyOf"][0] == {"maxLength": TITLE_MAX, "type": "string"}
    assert schema["startTime"]["description"] == "Korea time, HH:MM"


def test_a_date_left_unfinished_is_asked_for_whole_not_as_yyyy_mm_dd():
    """The site's date field shows the browser's format (mm/dd/yyyy, dd.mm.yyyy): its error
    asks for the whole date, in both languages, without naming a format (issue 42)."""
    from community_app.i18n import both

    for typed in ("", "2026-12"):  # an empty or half-filled date field sends these
        _, errors = admin_edits.validate_meetup({"meetupDate": typed})
        assert both(errors["meetupDate"]) == {
            "en": "Please enter the full date: day, month and year.",
            "uz": "Iltimos, sanani to‘liq kiriting: kun, oy va yil."}
