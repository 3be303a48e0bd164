"""The field rules of services/validation.py as members type: phone numbers and amounts
are normalised the way people write them instead of being refused."""

import pytest

from community_app.services.validation import (
    PHONE_INVALID, PHONE_INVALID_ABROAD, bounds, normalize_phone, phone_problem, text_rule, whole_number,
)


@pytest.mark.parametrize(
    "typed",
    ["01012345678", "010-1234-5678", " 010 1234 5678 ", "010.1234.5678", "(010) 1234-5678",
     "+82 10-1234-5678", "+821012345678", "82-10-1234-5678", "+82 10 1234 5678",
     "+82 010-1234-5678", "0082 10 1234 5678"],
)
def test_a_korean_mobile_number_typed_any_usual_way_is_accepted_and_stored_alike(typed):
    assert phone_problem(typed) is None
    assert normalize_phone(typed) == "01012345678"


@pytest.mark.parametrize("typed", ["", "011-1234-5678", "010-1234-567", "010-abcd-5678", "02-123-4567",
                                   "+82 2 123 4567"])
def test_korean_numbers_that_are_not_mobile_ones_are_refused_with_the_spec_text(typed):
    assert phone_problem(typed) == PHONE_INVALID


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("+998 90 123 45 67", "+998901234567"), ("+998-90-123-45-67", "+998901234567"),
     ("00998 90 123 45 67", "+998901234567"), ("+7 912 345-67-89", "+79123456789"),
     ("+1 (650) 253-0000", "+16502530000"), ("+44 7911 123456", "+447911123456")],
)
def test_a_number_from_abroad_with_its_country_code_is_accepted_and_stored_as_e164(typed, stored):
    """Issue 42: a newcomer who finds us from Tashkent signs up with their Uzbek number."""
    assert phone_problem(typed) is None
    assert normalize_phone(typed) == stored
    assert len(stored) <= 20  # users.phone


@pytest.mark.parametrize("typed", ["123", "90 123 45 67", "+998 90 123", "+1 10 1234 5678",
                                   "+1 800 555 0100", "+998901234567890", "phone"])
def test_other_numbers_are_refused_with_a_text_that_says_how_to_type_one_from_abroad(typed):
    """A number without a country code, one too short, a toll-free one, or no number."""
    assert phone_problem(typed) == PHONE_INVALID_ABROAD
    assert "01012345678" in PHONE_INVALID_ABROAD and "+998901234567" in PHONE_INVALID_ABROAD


def test_the_same_korean_number_typed_both_ways_is_one_number():
    """users.phone is unique: 010-1234-5678 and +82 10 1234 5678 must not be two accounts'."""
    assert normalize_phone("010-1234-5678") == normalize_phone("+82 10 1234 5678") == "01012345678"


@pytest.mark.parametrize(
    ("typed", "number"),
    [("3000000", 3_000_000), ("3,000,000", 3_000_000), ("3 000 000", 3_000_000), (" 45,000 ", 45_000),
     ("-1,000", -1000), (42, 42)],
)
def test_amounts_with_thousands_separators_are_read(typed, number):
    assert whole_number(typed) == number


@pytest.mark.parametrize("typed", ["3,00,000", "3,000 000", "1.5", "abc", "", "30,00", True, None])
def test_malformed_amounts_are_not_numbers(typed):
    assert whole_number(typed) is None


def test_a_rule_keeps_its_limits_and_the_api_documents_the_same_ones():
    from community_app.api.routes.admin.meetups import SpeakerIn
    from community_app.services.meetups.admin_edits import SPEAKER_RULES

    name_rule = SPEAKER_RULES["fullName"]
    assert bounds(name_rule) == {"maximum": 120, "minimum": 2}
    assert name_rule("A") and name_rule("x" * 121) and name_rule("")
    assert name_rule("Al") is None and name_rule("x" * 120) is None
    field = SpeakerIn.model_json_schema()["properties"]["fullName"]
    [schema] = [s for s in field["anyOf"] if s.get("type") == "string"]  # or null
    assert (schema["minLength"], schema["maxLength"]) == (2, 120)
    assert bounds(text_rule("m", 5)) == {"maximum": 5, "minimum": 0}
    assert bounds(lambda value: None) == {}
