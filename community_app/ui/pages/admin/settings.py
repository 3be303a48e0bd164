"""/admin/settings: statistics targets, contact email, the maintenance switch."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_settings import AdminSettingsState, read_settings
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_people import settings_section


@admin_page(routes.ADMIN_SETTINGS, area="settings", title=N_("Settings"),
            state=AdminSettingsState, read=read_settings, show=AdminSettingsState._show)
def admin_settings() -> rx.Component:
    return settings_section()
