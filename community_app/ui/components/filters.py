"""The search-and-filters panel /jobs and /search share: a white card with a labelled
search box on top (typing searches after a pause, Enter at once) and the page's own
filters under it."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.components.forms import field_label
from community_app.ui.styles import CARD_STYLE


def search_field(field_id: str, label: Any, *, value: Any, on_change: Any, debounce_ms: int,
                 max_length: int, **input_props: Any) -> rx.Component:
    """The labelled search box (a magnifier at its start) at the top of the panel."""
    return rx.vstack(
        field_label(label, field_id),
        rx.debounce_input(
            rx.input(
                rx.input.slot(rx.icon("search", size=18, aria_hidden="true")),
                id=field_id,
                type="search",
                auto_complete="off",
                size="3",
                width="100%",
                max_length=max_length,
                on_change=on_change,
                **input_props,
            ),
            value=value,
            debounce_timeout=debounce_ms,
            force_notify_by_enter=True,
        ),
        spacing="1",
        width="100%",
    )


def filter_panel(*children: Any, label: Any, **props: Any) -> rx.Component:
    """The card (a named section) holding the search box and the filters under it."""
    return rx.el.section(
        rx.vstack(*children, spacing="3", width="100%"),
        aria_label=label,
        padding=["16px", "20px"],
        width="100%",
        **CARD_STYLE,
        **props,
    )
