"""Retention rules run by the scheduler: old sign-ins and never-confirmed sign-ups go."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.models import LoginEvent, Role, User
from community_app.services import scheduler
from community_app.settings import login_history_days

UNVERIFIED_SIGN_UP_DAYS = 7


def purge_login_history(session: Session, now: dt.datetime, days: int | None = None) -> int:
    """Delete sign-ins older than ``days`` (the setting by default); how many went."""
    cutoff = now - dt.timedelta(days=days or login_history_days())
    result = session.execute(sa.delete(LoginEvent).where(col(LoginEvent.at) < cutoff))
    return result.rowcount or 0


def purge_unverified_sign_ups(session: Session, now: dt.datetime) -> int:
    """Delete accounts never confirmed (no code used, no Google) 7 days after sign-up."""
    cutoff = now - dt.timedelta(days=UNVERIFIED_SIGN_UP_DAYS)
    ids = session.exec(
        select(User.id).where(
            col(User.verified_at).is_(None),
            col(User.google_sub).is_(None),
            col(User.deleted_at).is_(None),
            User.role == Role.MEMBER.value,
            col(User.joined_at) < cutoff,
        )
    ).all()
    if ids:
        session.execute(sa.delete(User).where(col(User.id).in_(ids)))
    return len(ids)


@scheduler.periodic("purge-login-history", every=dt.timedelta(hours=1))
def _purge_login_history_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_login_history(session, now)} sign-ins deleted"


@scheduler.periodic("purge-unverified-sign-ups", every=dt.timedelta(hours=1))
def _purge_unverified_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_unverified_sign_ups(session, now)} unverified sign-ups deleted"

