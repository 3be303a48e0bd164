"""The speaker form's helpers: submitted values, options, the first invalid field."""

from __future__ import annotations

from community_app.models import Experience, Expertise
from community_app.services.speakers import validate_speaker_application
from community_app.state.speakers import (
    EXPERIENCE_OPTIONS,
    EXPERTISE_OPTIONS,
    FIELDS,
    first_invalid,
    focus_field,
    form_values,
)


def test_options_cover_every_stored_value_in_spec_order():
    assert [v for v, _ in EXPERIENCE_OPTIONS] == ["less_than_1", "1-3", "3-5", "5-10", "10+"]
    assert {v for v, _ in EXPERIENCE_OPTIONS} == set(Experience.values())
    assert [v for v, _ in EXPERTISE_OPTIONS] == [
        "frontend", "backend", "fullstack", "mobile", "devops", "data", "ai",
        "blockchain", "security", "gamedev", "other",
    ]
    assert {v for v, _ in EXPERTISE_OPTIONS} == set(Expertise.values())


def test_form_values_trims_and_fills_every_field():
    values = form_values({"email": "  a@b.co ", "topics": 5, "unknown": "x"})
    assert set(values) == set(FIELDS)
    assert values["email"] == "a@b.co"
    assert values["topics"] == "" and values["phone"] == ""


def test_the_form_fields_are_the_services_fields():
    assert set(validate_speaker_application({})) == set(FIELDS)


def test_first_invalid_follows_the_form_order():
    assert first_invalid({"topics": 1, "email": 1, "photo": 1}) == "email"
    assert first_invalid({"photo": 1}) == "photo"
    assert first_invalid({"fullName": 1, "phone": 1}) == "phone"  # the phone is shown first
    assert first_invalid({}) is None


def test_focus_field_quotes_the_id():
    spec = focus_field("email")
    assert "field-email" in str(spec)
