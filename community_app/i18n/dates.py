"""Dates and times for people: Korea time, formatted by Babel for each language.

Each helper returns ``{"en": ..., "uz": ...}`` so a state can hold one value and the page
shows the chosen language (``t_var`` in the UI). Bad input gives the SPEC 8 texts
'Invalid date' / 'Invalid time' instead of an exception.
"""

from __future__ import annotations

import datetime as dt

from babel.dates import format_date as _format_date
from babel.dates import format_time as _format_time

from community_app.i18n import LANGUAGES, N_, Np_, both, gettext
from community_app.core.korea_time import to_korea

Texts = dict[str, str]

INVALID_DATE = N_("Invalid date")
INVALID_TIME = N_("Invalid time")


def date_texts(value: dt.datetime | None, fmt: str = "medium") -> Texts:
    """'Nov 21, 2026' / '21-noy, 2026' (fmt: short, medium, long, full)."""
    if not isinstance(value, dt.datetime):
        return both(INVALID_DATE)
    local = to_korea(value)
    return {lang: _format_date(local, fmt, locale=lang) for lang in LANGUAGES}


def time_texts(value: dt.datetime | None) -> Texts:
    """'7:00 PM' / '19:00' in Korea time."""
    if not isinstance(value, dt.datetime):
        return both(INVALID_TIME)
    local = to_korea(value)
    return {lang: _format_time(local, "short", locale=lang) for lang in LANGUAGES}


def relative_texts(value: dt.datetime | None, now: dt.datetime | None = None) -> Texts:
    """SPEC section 9 buckets: 'just now' under 60 s, then minutes, hours, days (under
    30), months (under 12), years."""
    if not isinstance(value, dt.datetime):
        return both(INVALID_DATE)
    now = now or dt.datetime.now(dt.UTC)
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    seconds = max(0, int((now - value).total_seconds()))
    if seconds < 60:
        return both(N_("just now"))
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if minutes < 60:
        message, n = Np_("{n} minute ago", "{n} minutes ago"), minutes
    elif hours < 24:
        message, n = Np_("{n} hour ago", "{n} hours ago"), hours
    elif days < 30:
        message, n = Np_("{n} day ago", "{n} days ago"), days
    elif days // 30 < 12:
        message, n = Np_("{n} month ago", "{n} months ago"), days // 30
    else:
        message, n = Np_("{n} year ago", "{n} years ago"), max(1, days // 365)
    return both(message, n=n)
