"""Event registration (event_register route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.EVENT_REGISTER, title=N_("Event registration"))
def event_register() -> rx.Component:
    return placeholder_page(
        N_("Event registration"),
        N_("Register for this meetup."),
    )
