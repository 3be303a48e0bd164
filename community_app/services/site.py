"""Site-wide settings (maintenance switch, contact email, statistics targets)."""

from __future__ import annotations

import dataclasses

from sqlmodel import Session

from community_app.db import utcnow
from community_app.models import SiteSettings
from community_app.settings import get_settings


@dataclasses.dataclass(frozen=True)
class SiteSettingsView:
    maintenance: bool
    contact_email: str
    target_speakers: int
    target_events: int
    target_members: int


def ensure_site_settings(session: Session, contact_email: str | None = None) -> SiteSettings:
    """The single settings row (id 1), created with the model's defaults if missing."""
    row = session.get(SiteSettings, 1)
    if row is None:
        row = SiteSettings(
            id=1, contact_email=contact_email or get_settings().default_contact_email
        )
        session.add(row)
        session.flush()
    return row





def get_site_settings(session: Session) -> SiteSettingsView:
    row = ensure_site_settings(session)
    return SiteSettingsView(
        maintenance=row.maintenance,
        contact_email=row.contact_email or get_settings().default_contact_email,
        target_speakers=row.target_speakers,
        target_events=row.target_events,
        target_members=row.target_members,
    )


def set_maintenance(session: Session, on: bool) -> SiteSettingsView:
    row = ensure_site_settings(session)
    row.maintenance = on
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
    return get_site_settings(session)
