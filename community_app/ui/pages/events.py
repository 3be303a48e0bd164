"""Events (events route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.EVENTS, title=N_("Events"))
def events() -> rx.Component:
    return placeholder_page(
        N_("Events"),
        N_("Upcoming and past meetups of the community."),
    )
