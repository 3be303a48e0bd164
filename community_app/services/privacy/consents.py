"""What the member agreed to (and when), and their sign-in history."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Consent, ConsentKind, LoginEvent, LoginMethod, Meetup, User
from community_app.services.errors import BadRequest

NOT_WITHDRAWABLE = N_("This agreement cannot be withdrawn here.")


@dataclasses.dataclass(frozen=True)
class ConsentView:
    kind: str
    label: str  # message id
    meetup_title: str | None
    given_at: dt.datetime
    withdrawn_at: dt.datetime | None = None

    @property
    def withdrawable(self) -> bool:
        """Still in force and of a kind the member may withdraw."""
        return self.withdrawn_at is None and self.kind in ConsentKind.withdrawable()


SIGN_UP_KINDS = (ConsentKind.TERMS.value, ConsentKind.PRIVACY.value)

# Rules that follow an agreement given or withdrawn, in the same transaction (the digest
# drops its unsent messages at once: services/digest/). Registered by their modules, so
# this one imports none of them.
ConsentHook = Callable[[Session, int, str, bool], None]
_ON_CHANGE: list[ConsentHook] = []


def on_change(hook: ConsentHook) -> None:
    """Call ``hook(session, user_id, kind, given)`` whenever a member gives or withdraws an
    agreement."""
    _ON_CHANGE.append(hook)


def _changed(session: Session, user_id: int, kind: str, given: bool) -> None:
    for hook in _ON_CHANGE:
        hook(session, user_id, kind, given)


def has_consent(session: Session, user_id: int, kind: str) -> bool:
    """Whether an agreement of ``kind`` (not about a meetup) is in force."""
    return session.exec(
        select(Consent.id).where(Consent.user_id == user_id, Consent.kind == kind,
                                 col(Consent.meetup_id).is_(None),
                                 col(Consent.withdrawn_at).is_(None))
    ).first() is not None


def give_consent(session: Session, user_id: int, kind: str, *, now: dt.datetime | None = None) -> bool:
    """Record that the member gave ``kind`` now (a new row: the history keeps the earlier
    ones); nothing when it is already in force. True when recorded."""
    if has_consent(session, user_id, kind):
        return False
    session.add(Consent(user_id=user_id, kind=kind, given_at=now or utcnow()))
    session.flush()
    _changed(session, user_id, kind, True)
    return True


def withdraw_consent(session: Session, user_id: int, kind: str, *, now: dt.datetime | None = None) -> bool:
    """Withdraw ``kind`` (only kinds the law lets a member withdraw while keeping the
    account: ``ConsentKind.withdrawable``); the row stays, with the date. True when one
    was in force."""
    if kind not in ConsentKind.withdrawable():
        raise BadRequest(NOT_WITHDRAWABLE)
    done = session.execute(
        sa.update(Consent)
        .where(Consent.user_id == user_id, Consent.kind == kind,
               col(Consent.meetup_id).is_(None), col(Consent.withdrawn_at).is_(None))
        .values(withdrawn_at=now or utcnow())
    )
    if done.rowcount > 0:
        _changed(session, user_id, kind, False)
    return done.rowcount > 0


def choose_consent(session: Session, user_id: int, kind: str, given: bool) -> None:
    """Give or withdraw ``kind`` (only kinds a member may withdraw: My Page's switch)."""
    if kind not in ConsentKind.withdrawable():
        raise BadRequest(NOT_WITHDRAWABLE)
    if given:
        give_consent(session, user_id, kind)
    else:
        withdraw_consent(session, user_id, kind)


def list_consents(session: Session, user_id: int) -> list[ConsentView]:
    rows = session.exec(
        select(Consent, Meetup.title)
        .join(Meetup, col(Meetup.id) == col(Consent.meetup_id), isouter=True)
        .where(Consent.user_id == user_id)
        .order_by(col(Consent.given_at).desc(), col(Consent.id).desc())
    ).all()
    labels = ConsentKind.labels()
    return [ConsentView(c.kind, labels.get(c.kind, c.kind), title, c.given_at, c.withdrawn_at)
            for c, title in rows]


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
    """Keep the sign-in in the member's history. (A sign-in proves no email by itself:
    the doors that do say so, services/email_proof.py. It does not cancel a pending
    account deletion: the member does, on My Page.)"""
    now = now or utcnow()
    session.add(LoginEvent(user_id=user.id, at=now, address=(address or "")[:64],
                           user_agent=(user_agent or "")[:300], method=method))
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

