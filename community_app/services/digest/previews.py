"""The personal digest shown before it is sent (services/digest/): the member's preview on
My Page; for organizers, its audience and a test sent to themselves.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_, gettext, normalize_language
from community_app.models import DigestFrequency, DigestSettings, User
from community_app.services import mail
from community_app.services.audit import require_organizer
from community_app.services.digest.content import content_for, in_utc, since_of
from community_app.services.digest.member_choices import (
    DEFAULT_HOUR, FIRST_SINCE, Choices, choices, consents_given, new_settings, next_digest,
)
from community_app.services.digest.messages import Digest, compose

TEST_MARK = N_("[Test] {subject}")
TEST_SENT = N_("A test digest was sent to your email address.")


# ---------------------------------------------------------------- previews, the back office


@dataclasses.dataclass(frozen=True)
class Preview:
    choices: Choices
    next_at: dt.datetime | None
    digest: Digest | None  # None: nothing new (nothing would be sent now)
    channels: list[str]


def _channels(member: User, settings: DigestSettings) -> list[str]:
    telegram = settings.by_telegram and member.telegram_chat_id is not None
    return (["telegram"] if telegram else []) + (["email"] if settings.by_email or not telegram else [])


def preview(session: Session, user_id: int, now: dt.datetime | None = None) -> Preview:
    """The member's next digest as it would be sent now (nothing when nothing is new)."""
    now = in_utc(now or utcnow())
    member = session.get(User, user_id)
    stored = session.get(DigestSettings, user_id)
    settings = stored or new_settings(user_id, now)
    mine = choices(session, user_id)
    content = content_for(session, member, settings, since_of(settings, now), now,
                          normalize_language(member.language))
    digest = compose(member, content, settings.unsubscribe_token) if content.new_count else None
    return Preview(mine, mine.next_at, digest, _channels(member, settings))


@dataclasses.dataclass(frozen=True)
class Audience:
    members: int  # who will get the next one (when it has something new for them)
    by_email: int
    by_telegram: int
    next_at: dt.datetime | None  # the earliest planned digest


def audience(session: Session, actor_id: int, now: dt.datetime | None = None) -> Audience:
    """Organizers: how many members will get the next digest (consent in force, not
    "never", not deleted; members without choices yet count with the defaults)."""
    require_organizer(session, actor_id)
    settings = sa.orm.aliased(DigestSettings)
    rows = session.exec(
        select(User.telegram_chat_id, settings.frequency, settings.by_email, settings.by_telegram,
               settings.next_digest_at)
        .join(settings, col(settings.user_id) == User.id, isouter=True)
        .where(col(User.deleted_at).is_(None), col(User.is_active).is_(True),
               consents_given(User.id))
    ).all()
    members = email = telegram = 0
    earliest = None
    default_next = next_digest(DigestFrequency.WEEKLY.value, DEFAULT_HOUR, in_utc(now or utcnow()))
    for chat, frequency, by_email, by_telegram, next_at in rows:
        if frequency == DigestFrequency.NEVER.value:
            continue
        members += 1
        linked = chat is not None and (by_telegram is None or by_telegram)
        telegram += linked
        email += (by_email is None or by_email) or not linked
        at = next_at or default_next
        earliest = at if earliest is None or at < earliest else earliest
    return Audience(members, email, telegram, earliest)


def send_test(session: Session, actor_id: int, now: dt.datetime | None = None) -> Digest:
    """Organizers: their own digest now, by email to themselves (marked as a test; sent
    even when nothing is new, over the last week; no schedule or queue touched)."""
    organizer = require_organizer(session, actor_id)
    now = in_utc(now or utcnow())
    settings = session.get(DigestSettings, actor_id) or new_settings(actor_id, now)
    content = content_for(session, organizer, settings, now - FIRST_SINCE["WEEKLY"], now,
                          normalize_language(organizer.language))
    digest = compose(organizer, content, settings.unsubscribe_token)
    msg = mail.build_message(organizer.email, gettext(TEST_MARK, digest.lang, subject=digest.subject),
                             digest.text, digest.html)
    msg["Content-Language"] = digest.lang
    mail.send_now(msg)
    return digest
