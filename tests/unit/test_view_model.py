"""An API answer derived from its service view: every field of the view, in camelCase,
typed as the view types it."""

from __future__ import annotations

import dataclasses

import pytest

from community_app.api.formatting import camel, view_model
from community_app.api.routes.meetups import MeetupOut
from community_app.services.meetups.views import MeetupView


def test_the_api_spells_view_fields_in_camel_case():
    assert camel("organizer_id") == "organizerId"
    assert camel("image_url") == "imageURL"
    assert camel("title") == "title"


def test_a_field_on_the_view_is_a_field_of_the_answer():
    @dataclasses.dataclass(frozen=True)
    class View:
        id: int
        dress_code: str
        profile_url: str | None

    model = view_model(View, "ViewOut", about={"dressCode": "What to wear"})
    schema = model.model_json_schema()
    dress_code = schema["properties"]["dressCode"]
    assert (dress_code["type"], dress_code["description"]) == ("string", "What to wear")
    assert set(schema["required"]) == {"id", "dressCode", "profileURL"}
    assert model.of(View(1, "smart", None)).model_dump() == {"id": 1, "dressCode": "smart", "profileURL": None}


def test_a_description_of_no_field_is_refused():
    @dataclasses.dataclass
    class View:
        id: int

    with pytest.raises(ValueError):
        view_model(View, "ViewOut", about={"dressCode": "What to wear"})


def test_the_meetup_answer_has_every_field_of_the_meetup_view():
    assert {camel(f.name) for f in dataclasses.fields(MeetupView)} <= MeetupOut.model_fields.keys()
