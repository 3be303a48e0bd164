"""How the API writes what it answers: times (stored in UTC, shown as Korea-time dates and
clock times) and success messages in the asked language."""

from __future__ import annotations

import datetime as dt
from typing import Any, Self, TypeVar

from fastapi import Request
from pydantic import BaseModel
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


def translated(request: Request, message_id: str) -> str:
    """A success message in the language the request asks for (Accept-Language)."""
    return gettext(message_id, request_language(request))
