"""The reminder email's "I can't come, release my seat" link: signed, no sign-in needed,
single use, good until the meetup starts.

The link itself (the JWT naming the registration and its member, expiring at the meetup's
start) is made and read in ``release_links.py``, which the emails use too. Using it cancels
that registration through ``cancel_registration``, so the seat goes to the first on the waitlist like any other
cancellation. It is single use by nature: once the registration is cancelled, the same
link answers "already released". The page the link opens (``/release-seat/<token>``)
releases when it loads in a browser (its websocket event), so a mail scanner that only
fetches the address releases nothing.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Meetup, MeetupRegistration
from community_app.services.errors import Conflict, NotFound
from community_app.services.meetups.registrations import cancel_registration
from community_app.services.meetups.release_links import (  # noqa: F401 - the link's side
    ALGORITHM,
    KIND,
    LinkExpired,
    LinkInvalid,
    aware,
    read_release_token,
    release_link,
    release_token,
)
from community_app.services.meetups.views import SEAT_HOLDING

RELEASED = "released"  # the seat is free now (offered to the waitlist)
ALREADY = "already"  # this registration was released or cancelled before
EXPIRED = "expired"  # the meetup has started
INVALID = "invalid"  # not a link of ours

OUTCOME_TEXTS = {
    RELEASED: N_("Your seat is released. Thank you for letting us know: it goes to the next "
                 "person on the waitlist."),
    ALREADY: N_("This seat was already released. Nothing more to do."),
    EXPIRED: N_("This link has expired: the event has already started."),
    INVALID: N_("This link is not valid. Please open the link from your reminder email, or "
                "cancel on My Page."),
}


@dataclasses.dataclass(frozen=True)
class ReleaseOutcome:
    outcome: str  # RELEASED, ALREADY, EXPIRED or INVALID
    meetup_id: int | None = None
    meetup_title: str = ""


def release_by_token(
    session: Session, token: str, *, now: dt.datetime | None = None
) -> ReleaseOutcome:
    """Cancel the registration a release link names, once; what happened."""
    now = now or utcnow()
    try:
        registration_id, member = read_release_token(token)
    except LinkExpired:
        return ReleaseOutcome(EXPIRED)
    except LinkInvalid:
        return ReleaseOutcome(INVALID)
    registration = session.get(MeetupRegistration, registration_id)
    if registration is None or str(registration.user_id) != member:
        return ReleaseOutcome(INVALID)
    meetup = session.get(Meetup, registration.meetup_id)
    found = ReleaseOutcome(ALREADY, meetup.id, meetup.title)
    if registration.status not in SEAT_HOLDING:
        return found
    if aware(meetup.starts_at) <= aware(now):
        return dataclasses.replace(found, outcome=EXPIRED)
    try:
        cancel_registration(session, registration.user_id, meetup.id, now=now)
    except NotFound:
        return found  # released at this very moment by another tap
    except Conflict:
        return dataclasses.replace(found, outcome=EXPIRED)
    return dataclasses.replace(found, outcome=RELEASED)
