"""Jobs (jobs route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.JOBS, title=N_("Jobs"))
def jobs() -> rx.Component:
    return placeholder_page(
        N_("Jobs"),
        N_("Jobs for developers across Korea."),
    )
