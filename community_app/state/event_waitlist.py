"""A member's place on a full meetup's waitlist, as the register page shows it: waiting at
position N, or a seat held until a deadline (services/meetups/waitlist.py)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from babel.dates import format_timedelta

from community_app.core.db import session_scope, utcnow
from community_app.i18n import LANGUAGES, N_, gettext
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import Meetup
from community_app.services import meetups as service
from community_app.services.meetups.offers import claim_window

HOLD = N_("If a seat frees up, we email you and hold it for you for {duration}.")


@dataclasses.dataclass(frozen=True)
class WaitPlace:
    status: str = ""  # WAITING, OFFERED, or '' (not in line)
    position: int = 0
    deadline: dict[str, str] = dataclasses.field(default_factory=dict)  # Korea time, per language
    hold: dict[str, str] = dataclasses.field(default_factory=dict)  # how long a freed seat is held


def deadline_texts(value) -> dict[str, str]:
    """'Nov 21, 2026 7:00 PM' in each language (Korea time); {} without a deadline."""
    if value is None:
        return {}
    day, clock = date_texts(value, "long"), time_texts(value)
    return {lang: f"{day[lang]} {clock[lang]}" for lang in day}


def hold_texts(starts_at: dt.datetime, now: dt.datetime) -> dict[str, str]:
    """'If a seat frees up, we email you and hold it for you for 24 hours.' in each
    language: the claim window of an offer made now (services/meetups/offers.claim_window,
    shorter when the meetup is close)."""
    window = claim_window(now, starts_at)
    return {lang: gettext(HOLD, lang, duration=format_timedelta(window, threshold=2, locale=lang))
            for lang in LANGUAGES}


def place_of(view: service.WaitlistEntryView | None,
             starts_at: dt.datetime | None = None) -> WaitPlace:
    if view is None or view.status not in ("WAITING", "OFFERED"):
        return WaitPlace()
    hold = hold_texts(starts_at, utcnow()) if starts_at is not None else {}
    return WaitPlace(view.status, view.position or 0, deadline_texts(view.offer_expires_at), hold)


def read_place(user_id: int, meetup_id: int) -> WaitPlace:
    with session_scope() as session:
        meetup = session.get(Meetup, meetup_id)
        return place_of(service.my_place(session, user_id, meetup_id),
                        meetup.starts_at if meetup else None)
