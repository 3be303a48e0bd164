"""How the API writes what it answers: times (stored in UTC, shown as Korea-time dates and
clock times) and success messages in the asked language."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from fastapi import Request

from community_app.api.errors import request_language
from community_app.i18n import gettext

KOREA = ZoneInfo("Asia/Seoul")


def in_korea(value: dt.datetime) -> dt.datetime:
    if value.tzinfo is None:  # every stored time is UTC
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(KOREA)


def korea_date(value: dt.datetime) -> str:
    """YYYY-MM-DD in Korea time."""
    return in_korea(value).strftime("%Y-%m-%d")


def korea_time(value: dt.datetime) -> str:
    """HH:MM (24-hour) in Korea time."""
    return in_korea(value).strftime("%H:%M")


def utc(value: dt.datetime) -> dt.datetime:
    """The same moment as an aware UTC datetime (serialised as ISO 8601 with a Z)."""
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def translated(request: Request, message_id: str) -> str:
    """A success message in the language the request asks for (Accept-Language)."""
    return gettext(message_id, request_language(request))
