"""A member's place on a full meetup's waitlist, as the register page shows it: waiting at
position N, or a seat held until a deadline (services/meetups/waitlist.py)."""

from __future__ import annotations

import dataclasses

from community_app.db import session_scope
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import meetups as service


@dataclasses.dataclass(frozen=True)
class WaitPlace:
    status: str = ""  # WAITING, OFFERED, or '' (not in line)
    position: int = 0
    deadline: dict[str, str] = dataclasses.field(default_factory=dict)  # Korea time, per language


def deadline_texts(value) -> dict[str, str]:
    """'Nov 21, 2026 7:00 PM' in each language (Korea time); {} without a deadline."""
    if value is None:
        return {}
    day, clock = date_texts(value, "long"), time_texts(value)
    return {lang: f"{day[lang]} {clock[lang]}" for lang in day}


def place_of(view: service.WaitlistEntryView | None) -> WaitPlace:
    if view is None or view.status not in ("WAITING", "OFFERED"):
        return WaitPlace()
    return WaitPlace(view.status, view.position or 0, deadline_texts(view.offer_expires_at))


def read_place(user_id: int, meetup_id: int) -> WaitPlace:
    with session_scope() as session:
        return place_of(service.my_place(session, user_id, meetup_id))
