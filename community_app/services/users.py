"""Rules about user accounts that are not sign-in: roles, lookups, counts."""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import Session, select

from community_app.i18n import N_
from community_app.models import AuditEntry, Role, User
from community_app.services.errors import NotFound


def normalize_email(email: str) -> str:
    return email.strip().lower()


def get_user_by_email(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == normalize_email(email))).first()


def count_users(session: Session) -> int:
    return session.exec(select(sa.func.count()).select_from(User)).one()


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
