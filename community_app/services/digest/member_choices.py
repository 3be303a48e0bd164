"""The member's choices of the personal digest (services/digest/): how often, at which
hour, by which channel; when the next one is due (``next_digest``).

- **When**: weekly (Monday) by default; daily, monthly (the 1st) or never, at the member's
  chosen hour in Korea time (``next_digest``). ``only_if_away``: skipped when the member
  signed in or refreshed a session since the last digest (``last_visit``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import secrets

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.core.korea_time import to_korea
from community_app.i18n import N_
from community_app.models import Consent, ConsentKind, DigestFrequency, DigestSettings, User
from community_app.services import jobs
from community_app.services.errors import Invalid
from community_app.services.privacy import consents

DEFAULT_HOUR = 9
FIRST_SINCE = {  # what a member's first digest looks back over
    DigestFrequency.DAILY.value: dt.timedelta(days=1),
    DigestFrequency.WEEKLY.value: dt.timedelta(days=7),
    DigestFrequency.MONTHLY.value: dt.timedelta(days=31),
    DigestFrequency.NEVER.value: dt.timedelta(days=7),
}

FREQUENCY_INVALID = N_("Unknown frequency. Use one of: {values}.")
HOUR_INVALID = N_("Choose an hour from 0 to 23.")
NO_CONSENT = N_("You get no digest: you have not agreed to emails about new meetups, news "
                "and jobs. Switch it on under “What you agreed to” to get one.")


# ---------------------------------------------------------------- the member's choices


@dataclasses.dataclass(frozen=True)
class Choices:
    frequency: str
    hour: int
    by_email: bool
    by_telegram: bool
    only_if_away: bool
    korean_level: str | None
    next_at: dt.datetime | None  # None: never, or no consent
    consent: bool  # the news-emails consent is in force
    telegram_linked: bool


def parse_frequency(value: str | None) -> str:
    member = DigestFrequency.parse((value or "").strip().upper())
    if member is None:
        raise Invalid("frequency", FREQUENCY_INVALID, values=", ".join(DigestFrequency.values()))
    return member.value


def parse_hour(value: object) -> int:
    try:
        hour = int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise Invalid("hour", HOUR_INVALID) from None
    if not 0 <= hour <= 23:
        raise Invalid("hour", HOUR_INVALID)
    return hour


def next_digest(frequency: str, hour: int, after: dt.datetime) -> dt.datetime:
    """The next digest time after ``after`` at ``hour`` Korea time: the same day when still
    ahead, else the next; weekly on a Monday, monthly on the 1st; in UTC (aware, as
    aware). Never: a time no run reaches (the due query leaves NEVER out anyway)."""
    after = after if after.tzinfo else after.replace(tzinfo=dt.UTC)
    local = to_korea(after)
    at = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= local:
        at += dt.timedelta(days=1)
    if frequency == DigestFrequency.WEEKLY.value:
        at += dt.timedelta(days=(7 - at.weekday()) % 7)
    elif frequency in (DigestFrequency.MONTHLY.value, DigestFrequency.NEVER.value):
        if at.day != 1:
            first = (at.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
            at = first.replace(hour=hour)
    return at.astimezone(dt.UTC)


def new_settings(user_id: int, now: dt.datetime) -> DigestSettings:
    return DigestSettings(
        user_id=user_id, unsubscribe_token=secrets.token_urlsafe(24),
        next_digest_at=next_digest(DigestFrequency.WEEKLY.value, DEFAULT_HOUR, now),
    )


def settings_for(session: Session, user_id: int, now: dt.datetime | None = None) -> DigestSettings:
    """The member's settings row, made with the defaults when there is none yet."""
    row = session.get(DigestSettings, user_id)
    if row is None:
        row = new_settings(user_id, now or utcnow())
        try:
            with session.begin_nested():
                session.add(row)
        except sa.exc.IntegrityError:  # made by another request meanwhile
            row = session.get(DigestSettings, user_id, populate_existing=True)
    return row


def consents_given(user_id_column):
    return (select(Consent.user_id)
            .where(Consent.kind == ConsentKind.NEWS_EMAILS.value, col(Consent.meetup_id).is_(None),
                   col(Consent.withdrawn_at).is_(None), Consent.user_id == user_id_column)
            .exists())


def choices(session: Session, user_id: int) -> Choices:
    row = session.get(DigestSettings, user_id)
    member = session.get(User, user_id)
    consent = consents.has_consent(session, user_id, ConsentKind.NEWS_EMAILS.value)
    if row is None:
        row = new_settings(user_id, utcnow())  # not stored: the defaults
    never = row.frequency == DigestFrequency.NEVER.value
    return Choices(row.frequency, row.hour, row.by_email, row.by_telegram, row.only_if_away,
                   row.korean_level, None if never or not consent else row.next_digest_at,
                   consent, member is not None and member.telegram_chat_id is not None)


def save_choices(session: Session, user_id: int, *, frequency: str | None = None,
                 hour: object = None, by_email: bool | None = None,
                 by_telegram: bool | None = None, only_if_away: bool | None = None,
                 korean_level: str | None = None, clear_korean_level: bool = False,
                 now: dt.datetime | None = None) -> Choices:
    """Change the member's digest choices (each optional); the next digest is planned from
    now."""
    now = now or utcnow()
    row = settings_for(session, user_id, now)
    if frequency is not None:
        row.frequency = parse_frequency(frequency)
    if hour is not None:
        row.hour = parse_hour(hour)
    if by_email is not None:
        row.by_email = bool(by_email)
    if by_telegram is not None:
        row.by_telegram = bool(by_telegram)
    if only_if_away is not None:
        row.only_if_away = bool(only_if_away)
    if clear_korean_level:
        row.korean_level = None
    elif korean_level:
        row.korean_level = jobs.parse_korean_level(korean_level)
    row.next_digest_at = next_digest(row.frequency, row.hour, now)
    session.add(row)
    session.commit()
    return choices(session, user_id)


def ensure_settings(session: Session, now: dt.datetime) -> int:
    """Give every member with the news-emails consent and no settings the defaults (weekly,
    09:00); how many were made."""
    missing = session.exec(
        select(User.id).where(col(User.deleted_at).is_(None), consents_given(User.id),
                              ~select(DigestSettings.user_id)
                              .where(DigestSettings.user_id == User.id).exists())
    ).all()
    if not missing:
        return 0
    first = next_digest(DigestFrequency.WEEKLY.value, DEFAULT_HOUR, now)
    session.execute(sa.insert(DigestSettings), [
        dict(user_id=uid, frequency=DigestFrequency.WEEKLY.value, hour=DEFAULT_HOUR,
             by_email=True, by_telegram=True, only_if_away=False, korean_level=None,
             unsubscribe_token=secrets.token_urlsafe(24), next_digest_at=first,
             last_digest_at=None)
        for uid in missing])
    session.commit()
    return len(missing)

