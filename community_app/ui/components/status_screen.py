"""A page-sized message with the way out: the 404 page, the back office's 'not
allowed', a job or an event that is not found."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.ui.components.buttons import link_button
from community_app.ui.i18n import t
from community_app.ui.styles import CENTRED_LINES, COLORS


def status_screen(top: rx.Component, title: Any, text: Any = None, *, size: str = "8",
                  text_size: str | None = "4", action: rx.Component | None = None,
                  min_height: str = "50vh", **text_props: Any) -> rx.Component:
    """``top`` (an icon, a figure), the heading, the text under it (if any), then
    ``action`` (Back to Home unless given)."""
    lines = [] if text is None else [rx.text(text, color=COLORS["muted"], size=text_size, **text_props)]
    return rx.vstack(
        top,
        rx.heading(title, as_="h1", size=size),
        *lines,
        action or link_button(rx.icon("house", size=18), t("Back to Home"), href=routes.HOME),
        spacing="4",
        **CENTRED_LINES,
        min_height=min_height,
        justify="center",
        width="100%",
    )
