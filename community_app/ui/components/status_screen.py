"""A page-sized message with the way home: the 404 page, the back office's 'not
allowed'."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app import routes
from community_app.ui.components.buttons import link_button
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS


def status_screen(top: rx.Component, title: Any, text: Any, *, size: str = "8",
                  **text_props: Any) -> rx.Component:
    """``top`` (an icon, a figure), the heading, the text under it, then Back to Home."""
    return rx.vstack(
        top,
        rx.heading(title, as_="h1", size=size),
        rx.text(text, color=COLORS["muted"], size="4", **text_props),
        link_button(rx.icon("house", size=18), t("Back to Home"), href=routes.HOME),
        spacing="4",
        align="center",
        text_align="center",
        min_height="50vh",
        justify="center",
        width="100%",
    )
