"""A plain page body for screens whose full version lands in a later issue."""

from __future__ import annotations

import reflex as rx

from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container
from community_app.ui.styles import COLORS


def placeholder_page(title: str, text: str) -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(t(title), as_="h1", size="8"),
            rx.text(t(text), color=COLORS["muted"], size="4"),
            rx.link(t("Back to Home"), href="/", font_weight="600"),
            spacing="4",
            min_height="40vh",
        )
    )
