"""/admin/meetups: the meetups, upcoming, past or all (?type=)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_meetup_reads import LIST
from community_app.state.admin_meetups import AdminMeetupsState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_meetups import meetups_section


@admin_page(routes.ADMIN_MEETUPS, area="meetups", title=N_("Meetups"),
            state=AdminMeetupsState, read=LIST.read, show=AdminMeetupsState._show_list)
def admin_meetups() -> rx.Component:
    return meetups_section()
