"""Event details (event_detail route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.EVENT_DETAIL, title=N_("Event details"))
def event_detail() -> rx.Component:
    return placeholder_page(
        N_("Event details"),
        N_("Speakers, sessions, notes and reviews of this meetup."),
    )
