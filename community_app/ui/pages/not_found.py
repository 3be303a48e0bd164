"""Any unknown path: the 404 page (SPEC section 2)."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app import routes
from community_app.ui.components.buttons import link_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS

ROUTE = "404"


@page(ROUTE, title=N_("Page Not Found"))
def not_found() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.text("404", font_size=["64px", "96px"], font_weight="800", color="#c7d2fe"),
            rx.heading(t("Page Not Found"), as_="h1", size="8"),
            rx.text(
                t("The page you're looking for doesn't exist or has been moved."),
                color=COLORS["muted"],
                size="4",
            ),
            link_button(rx.icon("house", size=18), t("Back to Home"), href=routes.HOME),
            spacing="4",
            align="center",
            text_align="center",
            min_height="50vh",
            justify="center",
        )
    )
