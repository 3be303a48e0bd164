"""/admin/meetups/<id>: one meetup with its speakers, sessions, notes and image; ?view=registrations for its registrations and check-in; /admin/meetups/new for a new one."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_meetup_reads import read_item
from community_app.state.admin_meetups import AdminMeetupsState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_meetups import meetups_section


@admin_page(routes.ADMIN_MEETUP, area="meetups", title=N_("Meetup"),
            state=AdminMeetupsState, read=read_item, show=AdminMeetupsState._show_item,
            examples=[{"meetup_id": routes.Sample.PAST_MEETUP}, {"meetup_id": "new"}])
def admin_meetup() -> rx.Component:
    return meetups_section()
