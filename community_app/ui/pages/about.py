"""About us (about route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.ABOUT, title=N_("About us"))
def about() -> rx.Component:
    return placeholder_page(
        N_("About us"),
        N_("Our mission, the people who organise our events and the contributors behind our projects."),
    )
