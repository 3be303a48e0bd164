"""Placeholders of the right size for lists whose cards arrive with the page's data.

A prerendered page holds static text only; its cards come once the websocket delivers the
state. A skeleton in their place (same grid, same image box with the default
illustration, grey lines where the text goes) is what a phone paints first: the cards then
take its place without moving the page, and the largest picture is on screen at the first
paint instead of after the data.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.styles import COLORS

SR_ONLY = {
    "position": "absolute", "width": "1px", "height": "1px", "padding": "0", "margin": "-1px",
    "overflow": "hidden", "clip": "rect(0, 0, 0, 0)", "white_space": "nowrap", "border": "0",
}


def _line(width: str, height: str = "14px") -> rx.Component:
    return rx.box(width=width, height=height, border_radius="6px", background_color="#e2e8f0")


def skeleton_card(image: str, image_props: dict[str, Any]) -> rx.Component:
    return rx.box(
        rx.image(src=image, alt="", width="100%", object_fit="cover", display="block",
                 background_color="#eef2ff", **image_props),
        rx.vstack(
            _line("40%", "20px"),
            _line("90%", "20px"),
            _line("100%"),
            _line("75%"),
            spacing="3",
            padding="16px",
            min_height="170px",
            width="100%",
        ),
        background_color="white",
        border=f"1px solid {COLORS['border']}",
        border_radius="16px",
        overflow="hidden",
        aria_hidden="true",
    )


def card_skeletons(label: Any, *, image: str, image_props: dict[str, Any], columns: list[str],
                   count: int = 3) -> rx.Component:
    """``count`` placeholder cards in the list's grid; ``label`` is read by screen readers."""
    return rx.vstack(
        rx.text(label, role="status", style=SR_ONLY),
        # The line of the count above the real grid.
        rx.box(height="20px", aria_hidden="true"),
        rx.grid(
            *[skeleton_card(image, image_props) for _ in range(count)],
            grid_template_columns=columns,
            gap="20px",
            width="100%",
        ),
        spacing="4",
        width="100%",
        class_name="uzdev-skeletons",
    )
