"""Any unknown path: the 404 page (SPEC section 2)."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui.components.status_screen import status_screen
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page

ROUTE = "404"


@page(ROUTE, title=N_("Page Not Found"))
def not_found() -> rx.Component:
    return content_container(
        status_screen(
            rx.text("404", font_size=["64px", "96px"], font_weight="800", color="#6366f1"),
            t("Page Not Found"),
            t("The page you're looking for doesn't exist or has been moved."),
        )
    )
