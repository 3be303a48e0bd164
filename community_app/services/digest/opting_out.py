"""What stops the personal digest (services/digest/): withdrawing the news-emails consent
drops the member's digests not sent yet; the email's one-click unsubscribe.

- **The consent is the switch**: only members whose news-emails consent is in force are
  picked, it is checked again inside the claim, and withdrawing it drops the member's
  digests not sent yet at once (``_consent_changed``).
"""

from __future__ import annotations

import dataclasses

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import (
    ConsentKind, DigestSettings, MailKind, MailStatus, QueuedMail, TelegramMessage, TelegramStatus,
)
from community_app.services.digest.member_choices import next_digest
from community_app.services.privacy import consents
from community_app.services.telegram import notify

UNSUBSCRIBED = N_("You will get no more digest emails.")
UNSUBSCRIBE_NOT_FOUND = N_("This unsubscribe link is not valid.")


# ---------------------------------------------------------------- the consent, unsubscribe


def forget_unsent(session: Session, user_id: int) -> int:
    """Drop the member's digests not sent yet (email and Telegram); how many."""
    mails = session.execute(
        sa.delete(QueuedMail).where(col(QueuedMail.user_id) == user_id,
                                    col(QueuedMail.kind) == MailKind.DIGEST.value,
                                    col(QueuedMail.status) == MailStatus.PENDING.value)
        .execution_options(synchronize_session=False)).rowcount
    messages = session.execute(
        sa.delete(TelegramMessage).where(
            col(TelegramMessage.user_id) == user_id,
            col(TelegramMessage.key).like(notify.member_key(user_id, "digest:") + "%"),
            col(TelegramMessage.status) == TelegramStatus.PENDING.value)
        .execution_options(synchronize_session=False)).rowcount
    return mails + messages


def _consent_changed(session: Session, user_id: int, kind: str, given: bool) -> None:
    if kind != ConsentKind.NEWS_EMAILS.value:
        return
    if not given:
        forget_unsent(session, user_id)
        return
    row = session.get(DigestSettings, user_id)
    if row is not None:  # given again: the next digest from now on, not the months between
        row.next_digest_at = next_digest(row.frequency, row.hour, utcnow())
        row.last_digest_at = utcnow()
        session.add(row)


consents.on_change(_consent_changed)


@dataclasses.dataclass(frozen=True)
class Unsubscribed:
    done: bool


def unsubscribe(session: Session, token: str) -> Unsubscribed | None:
    """The email's one-click unsubscribe: no more digest emails (Telegram, if chosen, goes
    on; My Page changes both); None for an unknown token. Twice is harmless."""
    row = session.exec(select(DigestSettings)
                       .where(DigestSettings.unsubscribe_token == (token or "")[:64])).first()
    if row is None:
        return None
    if row.by_email:
        row.by_email = False
        session.add(row)
        forget_unsent_email = sa.delete(QueuedMail).where(
            col(QueuedMail.user_id) == row.user_id, col(QueuedMail.kind) == MailKind.DIGEST.value,
            col(QueuedMail.status) == MailStatus.PENDING.value)
        session.execute(forget_unsent_email.execution_options(synchronize_session=False))
        session.commit()
    return Unsubscribed(True)

