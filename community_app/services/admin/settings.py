"""Organizers change the site settings (statistics targets, contact email, maintenance
switch) from the back office: no restart, every page reads them on load."""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session

from community_app.services.audit import record, require_organizer
from community_app.services.site import (
    SiteSettingsView,
    get_site_settings,
    update_site_settings,
)


def read_settings(session: Session, actor_id: int) -> SiteSettingsView:
    require_organizer(session, actor_id)
    return get_site_settings(session)


def change_settings(
    session: Session, actor_id: int, data: Mapping[str, object]
) -> SiteSettingsView:
    """Change the settings present in ``data``; the audit entry lists what changed."""
    require_organizer(session, actor_id)
    before = get_site_settings(session)
    after = update_site_settings(session, data)
    changes = [
        f"{name}: {getattr(before, name)} -> {getattr(after, name)}"
        for name in (
            "maintenance", "contact_email", "target_speakers", "target_events", "target_members"
        )
        if getattr(before, name) != getattr(after, name)
    ]
    action = "settings.update"
    if before.maintenance != after.maintenance:
        action = "settings.maintenance_on" if after.maintenance else "settings.maintenance_off"
    record(session, actor_id, action, "site_settings", 1, "; ".join(changes) or "no change")
    return after
