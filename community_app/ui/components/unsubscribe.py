"""The page an email's unsubscribe link opens (no sign-in): it says what it did, or that
the link is not valid, with the way to change it again. Job alerts and the digest use it."""

from __future__ import annotations

import reflex as rx

from community_app.ui.components.blocks import button_row
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container
from community_app.ui.styles import COLORS


def unsubscribe_screen(heading: str, *, loading, done, done_texts: list, invalid: str,
                       buttons: list[rx.Component]) -> rx.Component:
    """``heading``, ``invalid``: message ids; ``done_texts``: what was stopped, shown under
    "You are unsubscribed." (``role=status``, so a screen reader says it)."""
    return content_container(
        rx.vstack(
            rx.heading(t(heading), as_="h1", size="7"),
            rx.cond(
                loading,
                rx.text(t("Loading..."), color=COLORS["muted"]),
                rx.cond(
                    done,
                    rx.vstack(
                        rx.text(t("You are unsubscribed."), size="5", weight="bold", role="status",
                                id="unsubscribe-outcome"),
                        *done_texts,
                        spacing="2",
                    ),
                    rx.text(t(invalid), role="status", id="unsubscribe-outcome"),
                ),
            ),
            button_row(*buttons),
            spacing="5", max_width="640px", min_height="40vh", padding_y="32px",
        )
    )
