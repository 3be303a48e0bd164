"""Site-wide settings (maintenance switch, contact email, statistics targets)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import SiteSettings
from community_app.services.errors import InvalidMany
from community_app.services.validation import (
    Rule,
    as_text,
    collect,
    email_problem,
    number_rule,
    whole_number,
)
from community_app.core.settings import get_settings


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


def settings_version(session: Session):
    """When the settings last changed (every change sets ``updated_at``): one column of one
    row, for a watcher that only needs to know whether to read them again."""
    return session.exec(select(SiteSettings.updated_at).where(SiteSettings.id == 1)).first()


def set_maintenance(session: Session, on: bool) -> SiteSettingsView:
    row = ensure_site_settings(session)
    row.maintenance = on
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
    return get_site_settings(session)


MAX_TARGET = 1_000_000
TARGET_INVALID = N_("A target must be a whole number from 1 to 1000000.")


# The rule of each field (checked when sent), shared with the API's body model.
SETTINGS_RULES: dict[str, Rule] = {
    "contactEmail": lambda value: email_problem(as_text(value)),
    "targetSpeakers": number_rule(TARGET_INVALID, 1, MAX_TARGET, optional=False),
    "targetEvents": number_rule(TARGET_INVALID, 1, MAX_TARGET, optional=False),
    "targetMembers": number_rule(TARGET_INVALID, 1, MAX_TARGET, optional=False),
}


def validate_site_settings(data: Mapping[str, object]) -> dict[str, object]:
    """Clean values of the settings form (contactEmail, targetSpeakers, targetEvents,
    targetMembers, maintenance); only the fields present are checked and returned."""
    errors = collect(data, {f: rule for f, rule in SETTINGS_RULES.items() if f in data})
    values: dict[str, object] = {}
    if "contactEmail" in data:
        values["contact_email"] = as_text(data.get("contactEmail")).lower()
    for field, column in (
        ("targetSpeakers", "target_speakers"),
        ("targetEvents", "target_events"),
        ("targetMembers", "target_members"),
    ):
        if field in data:
            values[column] = whole_number(data.get(field))
    if "maintenance" in data:
        values["maintenance"] = data.get("maintenance") is True
    if errors:
        raise InvalidMany(errors)
    return values


def update_site_settings(session: Session, data: Mapping[str, object]) -> SiteSettingsView:
    """Change the settings present in ``data`` (see ``validate_site_settings``); they take
    effect at once: every page reads them on load."""
    values = validate_site_settings(data)
    row = ensure_site_settings(session)
    for column, value in values.items():
        setattr(row, column, value)
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
    return get_site_settings(session)
