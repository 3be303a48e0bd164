"""Korea time, in one place: every stored time is UTC; people read and type Korea time.

Below every layer (standard library only), so models, services, the API, states and pages
all take their Korea-time conversions from here.
"""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

KOREA = ZoneInfo("Asia/Seoul")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def to_korea(value: dt.datetime) -> dt.datetime:
    """The same moment in Korea time (a naive value is a stored UTC time)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(KOREA)


def korea_date(value: dt.datetime) -> str:
    """YYYY-MM-DD in Korea time."""
    return to_korea(value).strftime("%Y-%m-%d")


def korea_clock(value: dt.datetime) -> str:
    """HH:MM (24-hour) in Korea time."""
    return to_korea(value).strftime("%H:%M")


def korea_date_of(value: dt.datetime) -> dt.date:
    """The Korea-time calendar day of a moment."""
    return to_korea(value).date()


def korea_to_utc(day: dt.date, clock: dt.time) -> dt.datetime:
    """A Korea-time date and clock time as the UTC moment the database stores."""
    return dt.datetime.combine(day, clock, tzinfo=KOREA).astimezone(dt.UTC)


def parse_date(value: str) -> dt.date | None:
    """A YYYY-MM-DD text as a date; None when it is not one."""
    if not DATE_RE.match(value or ""):
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def parse_time(value: str) -> dt.time | None:
    """An HH:MM (24-hour) text as a clock time; None when it is not one."""
    if not TIME_RE.match(value or ""):
        return None
    hours, minutes = value.split(":")
    return dt.time(int(hours), int(minutes))
