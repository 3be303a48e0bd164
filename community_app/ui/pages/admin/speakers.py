"""/admin/speakers: speaker applications and decisions (?status=&expertise=)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_speakers import LIST, AdminSpeakersState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_people import speakers_section


@admin_page(routes.ADMIN_SPEAKERS, area="speakers", title=N_("Speakers"),
            state=AdminSpeakersState, read=LIST.read, show=AdminSpeakersState._show_list)
def admin_speakers() -> rx.Component:
    return speakers_section()
