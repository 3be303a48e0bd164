"""Organizers: the role check every back-office action starts with, and the audit log.

Every organizer action goes through ``require_organizer`` (Forbidden for anyone else) and
ends with ``record``: who (the actor), what (an action name such as ``meetup.update`` and
its target), when (the time of the entry) and a short detail. An entry about a member (a
check-in, an accepted registration, a comment hidden) names that member in
``subject_user_id``: erasing the member blanks those details, and an organizer's own data
export leaves them out (services/privacy). The log is read back, newest first, with
``list_audit``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import AuditEntry, User
from community_app.services.errors import Forbidden
from community_app.services.lookup import MAX_ID
from community_app.services.paging import Listing, PageResult, searched_page

ORGANIZERS_ONLY = N_("Only organizers can do this.")
MAX_DETAIL_LENGTH = 1000


@dataclasses.dataclass(frozen=True)
class AuditView:
    id: int
    actor_id: int | None
    actor_name: str  # "First Last" or the username; "" when the actor is gone
    actor_email: str
    action: str
    target_type: str
    target_id: int | None
    detail: str
    created_at: dt.datetime


def require_organizer(session: Session, user_id: int | None) -> User:
    """The acting user when they are an active organizer; Forbidden otherwise."""
    user = session.get(User, user_id) if user_id and 0 < user_id <= MAX_ID else None
    if user is None or not user.is_active or not user.is_organizer:
        raise Forbidden(ORGANIZERS_ONLY)
    return user


def record(
    session: Session,
    actor_id: int | None,
    action: str,
    target_type: str,
    target_id: int | None,
    detail: str = "",
    *,
    subject_user_id: int | None = None,
) -> AuditEntry:
    """Add one entry to the audit log, in the caller's transaction; ``subject_user_id``:
    the member the entry is about, when its detail names one."""
    entry = AuditEntry(
        actor_id=actor_id,
        subject_user_id=subject_user_id,
        action=action[:60],
        target_type=target_type[:40],
        target_id=target_id,
        detail=(detail or "")[:MAX_DETAIL_LENGTH],
        created_at=utcnow(),
    )
    session.add(entry)
    session.flush()
    return entry


def display_name(user: User | None) -> str:
    if user is None:
        return ""
    full = f"{user.first_name} {user.last_name}".strip()
    return full or user.username


def list_audit(
    session: Session,
    actor_id: int,
    listing: Listing = Listing(),
) -> PageResult[AuditView]:
    """The audit log, newest first; ``search`` matches the action, target type or detail."""
    require_organizer(session, actor_id)
    query = select(AuditEntry, User).join(
        User, col(User.id) == col(AuditEntry.actor_id), isouter=True
    )
    query = query.order_by(col(AuditEntry.created_at).desc(), col(AuditEntry.id).desc())
    return searched_page(session, query, _view, listing,
                         (AuditEntry.action, AuditEntry.target_type, AuditEntry.detail))


def _view(row) -> AuditView:
    """An entry with its actor (a row of ``list_audit``'s query; no actor once deleted)."""
    e, u = row
    return AuditView(
        id=e.id,
        actor_id=e.actor_id,
        actor_name=display_name(u),
        actor_email=u.email if u else "",
        action=e.action,
        target_type=e.target_type,
        target_id=e.target_id,
        detail=e.detail,
        created_at=e.created_at,
    )
