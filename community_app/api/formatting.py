"""How the API writes what it answers: times (stored in UTC, shown as Korea-time dates and
clock times) and success messages in the asked language."""

from __future__ import annotations

import datetime as dt

from fastapi import Request

from community_app.api.errors import request_language
from community_app.i18n import gettext


def utc(value: dt.datetime) -> dt.datetime:
    """The same moment as an aware UTC datetime (serialised as ISO 8601 with a Z)."""
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def translated(request: Request, message_id: str) -> str:
    """A success message in the language the request asks for (Accept-Language)."""
    return gettext(message_id, request_language(request))
