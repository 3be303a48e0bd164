"""What the member agreed to (and when), and their sign-in history."""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, select

from community_app.db import utcnow
from community_app.models import Consent, ConsentKind, LoginEvent, LoginMethod, Meetup, User

@dataclasses.dataclass(frozen=True)
class ConsentView:
    kind: str
    label: str  # message id
    meetup_title: str | None
    given_at: dt.datetime


def list_consents(session: Session, user_id: int) -> list[ConsentView]:
    rows = session.exec(
        select(Consent, Meetup.title)
        .join(Meetup, col(Meetup.id) == col(Consent.meetup_id), isouter=True)
        .where(Consent.user_id == user_id)
        .order_by(col(Consent.given_at).desc(), col(Consent.id).desc())
    ).all()
    labels = ConsentKind.labels()
    return [ConsentView(c.kind, labels.get(c.kind, c.kind), title, c.given_at) for c, title in rows]


# --- sign-ins ------------------------------------------------------------------------------


def record_sign_in(
    session: Session,
    user: User,
    method: str = LoginMethod.PASSWORD.value,
    *,
    address: str = "",
    user_agent: str = "",
    now: dt.datetime | None = None,
) -> None:
    """Keep the sign-in in the member's history; a sign-in also confirms the email. (It
    does not cancel a pending account deletion: the member does, on My Page.)"""
    now = now or utcnow()
    session.add(LoginEvent(user_id=user.id, at=now, address=(address or "")[:64],
                           user_agent=(user_agent or "")[:300], method=method))
    if user.verified_at is None:
        user.verified_at = now
    session.add(user)
    session.flush()


@dataclasses.dataclass(frozen=True)
class SignInView:
    at: dt.datetime
    address: str
    user_agent: str
    method: str


def list_sign_ins(session: Session, user_id: int, limit: int = 1000) -> list[SignInView]:
    rows = session.exec(
        select(LoginEvent).where(LoginEvent.user_id == user_id)
        .order_by(col(LoginEvent.at).desc()).limit(limit)
    ).all()
    return [SignInView(r.at, r.address, r.user_agent, r.method) for r in rows]

