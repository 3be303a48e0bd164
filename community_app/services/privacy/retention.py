"""Retention rules run by the scheduler: old sign-ins, never-confirmed sign-ups and the
text of sent mail go."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.models import (
    LoginEvent, MailStatus, QueuedMail, Role, TelegramMessage, TelegramStatus, User,
)
from community_app.services import scheduler
from community_app.services.bulk import update_where
from community_app.core.settings import login_history_days

UNVERIFIED_SIGN_UP_DAYS = 7
# A sent (or given-up) email keeps its address, text and links this long (enough to answer
# "did you send me...?"), then only its key stays, so it is still never sent twice.
SENT_MAIL_RETENTION_DAYS = 30


def purge_login_history(session: Session, now: dt.datetime, days: int | None = None) -> int:
    """Delete sign-ins older than ``days`` (the setting by default); how many went."""
    cutoff = now - dt.timedelta(days=days or login_history_days())
    result = session.execute(sa.delete(LoginEvent).where(col(LoginEvent.at) < cutoff))
    return result.rowcount or 0


def purge_unverified_sign_ups(session: Session, now: dt.datetime) -> int:
    """Delete accounts whose address was never proven (services/email_proof.py: no link
    opened, no code used, not made by Google; a Telegram sign-up waits for its link too)
    7 days after sign-up."""
    cutoff = now - dt.timedelta(days=UNVERIFIED_SIGN_UP_DAYS)
    ids = session.exec(
        select(User.id).where(
            col(User.verified_at).is_(None),
            col(User.deleted_at).is_(None),
            User.role == Role.MEMBER.value,
            col(User.joined_at) < cutoff,
        )
    ).all()
    if ids:
        session.execute(sa.delete(User).where(col(User.id).in_(ids)))
    return len(ids)


def purge_sent_mail(session: Session, now: dt.datetime) -> int:
    """Empty the address, subject, text, attachments and error of emails sent (or given
    up) more than SENT_MAIL_RETENTION_DAYS ago; how many. The row's key (kind, member,
    meetup, ref) stays, so the same email is still never queued twice."""
    cutoff = now - dt.timedelta(days=SENT_MAIL_RETENTION_DAYS)
    return update_where(
        session, QueuedMail,
        sa.or_(sa.and_(col(QueuedMail.status) == MailStatus.SENT.value,
                       col(QueuedMail.sent_at) < cutoff),
               sa.and_(col(QueuedMail.status) == MailStatus.FAILED.value,
                       col(QueuedMail.created_at) < cutoff)),
        col(QueuedMail.to_address) != "",
        to_address="", subject="", body="", attachments="[]", last_error="",
    )


def purge_sent_telegram(session: Session, now: dt.datetime) -> int:
    """Empty the text, buttons, photo and fallback email of the bot's personal messages sent
    (or given up) more than SENT_MAIL_RETENTION_DAYS ago, as for emails; the key stays."""
    cutoff = now - dt.timedelta(days=SENT_MAIL_RETENTION_DAYS)
    return update_where(
        session, TelegramMessage,
        col(TelegramMessage.user_id).is_not(None),
        sa.or_(sa.and_(col(TelegramMessage.status) == TelegramStatus.SENT.value,
                       col(TelegramMessage.sent_at) < cutoff),
               sa.and_(col(TelegramMessage.status) == TelegramStatus.FAILED.value,
                       col(TelegramMessage.created_at) < cutoff)),
        col(TelegramMessage.text) != "",
        chat_id="", text="", buttons="[]", photo="", fallback_mail="", last_error="",
    )


@scheduler.periodic("purge-sent-mail", every=dt.timedelta(hours=1))
def _purge_sent_mail_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_sent_mail(session, now)} sent emails emptied"


@scheduler.periodic("purge-sent-telegram", every=dt.timedelta(hours=1))
def _purge_sent_telegram_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_sent_telegram(session, now)} Telegram messages emptied"


@scheduler.periodic("purge-login-history", every=dt.timedelta(hours=1))
def _purge_login_history_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_login_history(session, now)} sign-ins deleted"


@scheduler.periodic("purge-unverified-sign-ups", every=dt.timedelta(hours=1))
def _purge_unverified_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_unverified_sign_ups(session, now)} unverified sign-ups deleted"

