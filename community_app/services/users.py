"""Rules about user accounts that are not sign-in: roles, lookups, counts."""

from __future__ import annotations

import re

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.i18n import N_
from community_app.models import AuditEntry, Role, User
from community_app.services.errors import NotFound


def normalize_email(email: str) -> str:
    return email.strip().lower()


def get_user_by_email(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == normalize_email(email))).first()


def _username_from(seed: str) -> str:
    return re.sub(r"[^A-Za-z]", "", seed).lower()[:40] or "member"


def unique_username(session: Session, seed: str, exclude: int | None = None) -> str:
    """A handle made from ``seed`` (its letters, lower case) that no account has but
    ``exclude``'s own: ``aziz``, ``aziz2``, ..."""
    base = _username_from(seed)
    candidate, n = base, 1
    others = [User.id != exclude] if exclude is not None else []
    while session.exec(select(User.id).where(User.username == candidate, *others)).first() is not None:
        n += 1
        candidate = f"{base}{n}"
    return candidate


def count_users(session: Session) -> int:
    return session.exec(select(sa.func.count()).select_from(User)).one()


def count_active_users(session: Session) -> int:
    """Accounts that can sign in (not deactivated)."""
    return session.exec(
        select(sa.func.count()).select_from(User).where(User.is_active == sa.true())
    ).one()


def make_organizer(session: Session, email: str, *, actor_id: int | None = None) -> User:
    """Give the organizer role to the user with this email (recorded in the audit log)."""
    user = get_user_by_email(session, email)
    if user is None:
        raise NotFound(N_("No user with this email."))
    if user.role != Role.ORGANIZER.value:
        user.role = Role.ORGANIZER.value
        session.add(user)
        session.add(
            AuditEntry(
                actor_id=actor_id,
                action="user.make_organizer",
                target_type="user",
                target_id=user.id,
                detail=user.email,
            )
        )
        session.flush()
    return user


def set_visa_status(session: Session, user_id: int, visa: str | None) -> None:
    """Remember the member's "my visa" for the jobs filter (a VisaStatus value or None)."""
    from community_app.services.jobs import parse_visa

    user = session.get(User, user_id)
    if user is not None:
        user.visa_status = parse_visa(visa)
        session.add(user)


def get_visa_status(session: Session, user_id: int) -> str | None:
    user = session.get(User, user_id)
    return user.visa_status if user is not None else None
