"""The signed "I can't come, release my seat" link of the reminder email: how it is made and
read. What using it does (cancel the registration) is ``release.py``'s.

This module knows the token and nothing of registrations, so the emails that carry the link
(``emails.py``) and the rules that act on it (``release.py`` → ``registrations.py`` →
``emails.py``) use it without an import circle.

The link carries a JWT (HS256, the site's secret) naming the registration and its member,
expiring at the meetup's start.
"""

from __future__ import annotations

import datetime as dt

import jwt

from community_app.core import routes
from community_app.core.settings import get_settings
from community_app.models import Meetup, MeetupRegistration

ALGORITHM = "HS256"
KIND = "release-seat"


class LinkExpired(Exception):
    """The link's meetup has started (the token's expiry passed)."""


class LinkInvalid(Exception):
    """Not a release link of ours."""


def aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def release_token(registration: MeetupRegistration, meetup: Meetup) -> str:
    return jwt.encode(
        {"typ": KIND, "sub": str(registration.user_id), "reg": registration.id,
         "exp": aware(meetup.starts_at)},
        get_settings().secret_key, algorithm=ALGORITHM,
    )


def release_link(registration: MeetupRegistration, meetup: Meetup) -> str:
    return get_settings().public_url.rstrip("/") + routes.release_seat(
        release_token(registration, meetup))


def read_release_token(token: str) -> tuple[int | None, str]:
    """The (registration id, member id) a release token names; ``LinkExpired`` or
    ``LinkInvalid`` when it names none."""
    try:
        claims = jwt.decode(
            token or "", get_settings().secret_key, algorithms=[ALGORITHM],
            options={"require": ["exp", "sub", "typ"]},
        )
    except jwt.ExpiredSignatureError as exc:
        raise LinkExpired from exc
    except jwt.PyJWTError as exc:
        raise LinkInvalid from exc
    if claims.get("typ") != KIND:
        raise LinkInvalid
    return claims.get("reg"), claims["sub"]
