"""Add to calendar: iCalendar files (RFC 5545) of meetups, made with the ``icalendar``
library, and each member's private calendar feed of their registrations.

Every event is a VEVENT with a UID stable per meetup (``meetup-<id>@<site host>``, so a
calendar that imports it twice, or reads it in the feed, updates one event), DTSTART and
DTEND in Asia/Seoul with the matching VTIMEZONE, SUMMARY, LOCATION (the meetup's place and
address, one field on the meetup), DESCRIPTION and URL (the event page).

**The private feed.** Its address carries ``<user id>-<version>-<signature>``: an HMAC
(SHA-256, the site's secret key) of the user id and ``users.calendar_feed_version``.
Nothing secret is stored; asking for a new address raises the version, which revokes the
old one at once (404). The feed lists the member's live registrations (ACCEPTED and
PENDING, the latter as TENTATIVE), and each talk they starred as its own event
(``talk-<id>@<site host>``, in the talk's slot).
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import hashlib
import hmac
from urllib.parse import urlparse

import icalendar
from sqlmodel import Session, col

from community_app.core import routes
from community_app.core.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.core.korea_time import KOREA
from community_app.models import Meetup, MeetupRegistration, RegistrationStatus, User
from community_app.services import talk_stars
from community_app.services.bulk import update_where
from community_app.services.errors import NotFound
from community_app.services.meetups.reading import public_meetup_or_404, rows_with_meetup
from community_app.services.meetups.views import PAST, SEAT_HOLDING, UPCOMING
from community_app.core.settings import get_settings
from community_app.core.signing import same_secret

FEED_NOT_FOUND = N_("This calendar address is not valid any more.")
FEED_NAME = N_("{site}: my events")
PRODID = "-//UzDev Korea//Community meetups//EN"
TIMEZONE = "Asia/Seoul"
FEED_PATH = "/api/v1/calendar/{token}.ics"


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def _site() -> tuple[str, str]:
    settings = get_settings()
    base = settings.public_url.rstrip("/")
    return base, urlparse(base).hostname or "localhost"


def meetup_uid(meetup_id: int) -> str:
    return f"meetup-{meetup_id}@{_site()[1]}"


def event_page(meetup: Meetup, now: dt.datetime) -> str:
    kind = PAST if _aware(meetup.starts_at) < _aware(now) else UPCOMING
    return _site()[0] + routes.event_detail(kind, meetup.id)


def _calendar(name: str | None = None) -> icalendar.Calendar:
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    if name:
        cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", TIMEZONE)
    return cal


def _new_event(uid: str, now: dt.datetime, starts_at: dt.datetime, ends_at: dt.datetime,
               summary: str, location: str, description: str, url: str,
               status: str) -> icalendar.Event:
    """An entry as every calendar of the site writes it: stamped in UTC, its times in
    Korea's zone."""
    event = icalendar.Event()
    event.add("uid", uid)
    event.add("dtstamp", _aware(now).astimezone(dt.UTC))
    event.add("dtstart", _aware(starts_at).astimezone(KOREA))
    event.add("dtend", _aware(ends_at).astimezone(KOREA))
    event.add("summary", summary)
    event.add("location", location)
    event.add("description", description)
    event.add("url", url)
    event.add("status", status)
    return event


def _event(meetup: Meetup, now: dt.datetime, *, tentative: bool = False) -> icalendar.Event:
    page = event_page(meetup, now)
    event = _new_event(meetup_uid(meetup.id), now, meetup.starts_at, meetup.ends_at, meetup.title,
                       meetup.location, f"{meetup.description.strip()}\n\n{page}".strip(), page,
                       "TENTATIVE" if tentative else "CONFIRMED")
    event.add("last-modified", _aware(meetup.updated_at).astimezone(dt.UTC))
    return event


def _finish(cal: icalendar.Calendar) -> bytes:
    cal.add_missing_timezones()  # the VTIMEZONE of Asia/Seoul for every TZID used
    return cal.to_ical()


def meetup_ics(session: Session, meetup_id: int, *, now: dt.datetime | None = None) -> bytes:
    """The .ics of one meetup (404 'Event not found.')."""
    return event_ics(public_meetup_or_404(session, meetup_id), now=now)


def event_ics(meetup: Meetup, *, tentative: bool = False, now: dt.datetime | None = None) -> bytes:
    """The .ics of one meetup already read (a registration's email attachment)."""
    cal = _calendar()
    cal.add_component(_event(meetup, now or utcnow(), tentative=tentative))
    return _finish(cal)


def ics_filename(meetup_id: int) -> str:
    return f"meetup-{meetup_id}.ics"


# ---------------------------------------------------------------- the private feed


@dataclasses.dataclass(frozen=True)
class CalendarFeedView:
    url: str
    version: int


def _signature(user_id: int, version: int) -> str:
    key = get_settings().secret_key.encode()
    digest = hmac.new(key, f"calendar-feed:{user_id}:{version}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:18]).decode().rstrip("=")


def feed_token(user_id: int, version: int) -> str:
    return f"{user_id}-{version}-{_signature(user_id, version)}"


def _feed_view(user: User) -> CalendarFeedView:
    token = feed_token(user.id, user.calendar_feed_version)
    return CalendarFeedView(_site()[0] + FEED_PATH.format(token=token), user.calendar_feed_version)


def _member(session: Session, user_id: int) -> User:
    user = session.get(User, user_id, populate_existing=True)
    if user is None or user.deleted_at is not None:
        raise NotFound(FEED_NOT_FOUND)
    return user


def calendar_feed(session: Session, user_id: int) -> CalendarFeedView:
    """The member's current private feed address."""
    return _feed_view(_member(session, user_id))


def rotate_calendar_feed(session: Session, user_id: int) -> CalendarFeedView:
    """A new private feed address; the old one stops working at once."""
    _member(session, user_id)
    update_where(
        session, User,
        col(User.id) == user_id,
        calendar_feed_version=col(User.calendar_feed_version) + 1,
    )
    session.commit()
    return _feed_view(_member(session, user_id))


def _is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes "²", which ``int`` refuses)."""
    return text.isascii() and text.isdigit() and len(text) <= 18


def user_of_feed_token(session: Session, token: str) -> User:
    """The member a feed token belongs to; NotFound when it is malformed, forged, revoked
    or the account is gone."""
    parts = (token or "").split("-", 2)
    if len(parts) != 3 or not _is_number(parts[0]) or not _is_number(parts[1]):
        raise NotFound(FEED_NOT_FOUND)
    user_id, version = int(parts[0]), int(parts[1])
    if not same_secret(parts[2], _signature(user_id, version)):
        raise NotFound(FEED_NOT_FOUND)
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None or not user.is_active:
        raise NotFound(FEED_NOT_FOUND)
    if user.calendar_feed_version != version:
        raise NotFound(FEED_NOT_FOUND)
    return user


def feed_ics(session: Session, token: str, *, now: dt.datetime | None = None) -> bytes:
    """The member's feed: one event per meetup they hold a live registration for."""
    now = now or utcnow()
    user = user_of_feed_token(session, token)
    rows = rows_with_meetup(
        session, MeetupRegistration,
        MeetupRegistration.user_id == user.id, col(MeetupRegistration.status).in_(SEAT_HOLDING),
        order_by=(col(Meetup.starts_at),))
    name = gettext(FEED_NAME, normalize_language(user.language), site=get_settings().site_name)
    cal = _calendar(name)
    for registration, meetup in rows:
        pending = registration.status == RegistrationStatus.PENDING.value
        cal.add_component(_event(meetup, now, tentative=pending))
    for talk in talk_stars.starred_talks(session, user.id):
        cal.add_component(_talk_event(talk, now))
    return _finish(cal)


def talk_uid(talk_id: int) -> str:
    return f"talk-{talk_id}@{_site()[1]}"


def _talk_event(talk: talk_stars.StarredTalk, now: dt.datetime) -> icalendar.Event:
    """A starred talk (issue 41): its own event in its slot (else its meetup's times),
    the meetup's place with the room, CANCELLED when the talk is."""
    page = _site()[0] + routes.talk_page(talk.talk_id, talk.slug)
    return _new_event(talk_uid(talk.talk_id), now, talk.starts_at, talk.ends_at, talk.title,
                      ", ".join(p for p in (talk.room, talk.location) if p),
                      f"{talk.meetup_title}\n\n{page}", page,
                      "CANCELLED" if talk.status == "cancelled" else "CONFIRMED")
