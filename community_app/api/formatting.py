"""How the API writes what it answers: times (stored in UTC, shown as Korea-time dates and
clock times) and success messages in the asked language."""

from __future__ import annotations

import dataclasses
import datetime as dt
import typing
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from fastapi import Request
from pydantic import BaseModel, Field, create_model
from pydantic.alias_generators import to_snake

from community_app.api.errors import request_language
from community_app.i18n import gettext

M = TypeVar("M", bound=BaseModel)


def utc(value: dt.datetime) -> dt.datetime:
    """The same moment as an aware UTC datetime (serialised as ISO 8601 with a Z)."""
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def from_view(model: type[M], view: object, **values: Any) -> M:
    """``model`` filled from the service's ``view``: each field from the attribute of the
    same name in snake_case (``imageURL`` from ``image_url``), a time as UTC (``utc``);
    ``values`` give the others (and replace any)."""
    read = {name: getattr(view, to_snake(name)) for name in model.model_fields.keys() - values.keys()}
    return model(**{name: utc(v) if isinstance(v, dt.datetime) else v for name, v in read.items()},
                 **values)


class ViewOut(BaseModel):
    """An answer that is its service view as it stands (``from_view``)."""

    @classmethod
    def of(cls, view: object) -> Self:
        return from_view(cls, view)


def camel(name: str) -> str:
    """The API's spelling of a view's field: 'organizer_id' -> 'organizerId',
    'image_url' -> 'imageURL' (``to_snake`` turns it back)."""
    first, *rest = name.split("_")
    return first + "".join("URL" if word == "url" else word.capitalize() for word in rest)


def view_model(view: type, name: str, about: Mapping[str, str] | None = None) -> type[ViewOut]:
    """An answer model with every field of the service's dataclass ``view``, in camelCase
    and typed as the view types it (``about``: the descriptions of some, by API name). A
    field added to the view is in the answer and in the OpenAPI document with no other
    change; a model deriving from this one adds the fields the API computes."""
    about = about or {}
    hints = typing.get_type_hints(view)
    fields: dict[str, Any] = {
        camel(f.name): (hints[f.name], Field(description=about[camel(f.name)]) if camel(f.name) in about else ...)
        for f in dataclasses.fields(view)
    }
    unknown = set(about) - fields.keys()
    if unknown:
        raise ValueError(f"{name}: no field {sorted(unknown)} on {view.__name__}")
    return create_model(name, __base__=ViewOut, **fields)


def translated(request: Request, message_id: str) -> str:
    """A success message in the language the request asks for (Accept-Language)."""
    return gettext(message_id, request_language(request))
