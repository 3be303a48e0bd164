"""Placeholders of the right size for lists whose cards arrive with the page's data.

A prerendered page holds static text only; its cards come once the websocket delivers the
state. A skeleton in their place (same grid, same image box with the default
illustration, grey lines where the text goes) is what a phone paints first: the cards then
take its place without moving the page, and the largest picture is on screen at the first
paint instead of after the data.

The same holds for pages whose largest element comes with the data: a details page
prerenders its picture's box with the default illustration at the picture's exact size
(``picture_placeholder``), and /jobs prerenders rows whose drawing of grey bars
(``/job-skeleton.svg``) is larger than a real card's title, so the real content that
replaces them is never a later, larger paint (Largest Contentful Paint stays the first).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.components.blocks import white_card
from community_app.ui.styles import CARD_COLUMNS


def _line(width: Any, height: Any = "14px", **props: Any) -> rx.Component:
    props.setdefault("border_radius", "6px")
    return rx.box(width=width, height=height, background_color="#e2e8f0", **props)


skeleton_line = _line


def loading_label(label: Any) -> rx.Component:
    """The loading state, for screen readers only (the placeholders are aria-hidden)."""
    return rx.el.p(label, role="status", class_name="uzdev-sr-only")


def picture_placeholder(image: str, **image_props: Any) -> rx.Component:
    """The box of a page's main picture, prerendered with the default illustration: give
    it the real picture's size props (width, height or aspect ratio, border). Fetched
    first: it is the page's largest element at the first paint."""
    return rx.image(src=image, alt="", object_fit="cover", display="block",
                    background_color="#eef2ff", aria_hidden="true",
                    custom_attrs={"fetchPriority": "high"}, **image_props)


def skeleton_card(image: str, image_props: dict[str, Any]) -> rx.Component:
    return white_card(
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
        overflow="hidden",
        aria_hidden="true",
    )


def card_skeletons(label: Any, *, image: str, image_props: dict[str, Any],
                   columns: list[str] = CARD_COLUMNS, count: int = 3) -> rx.Component:
    """``count`` placeholder cards in the list's grid (``card_results``'s columns unless
    given); ``label`` is read by screen readers."""
    return rx.vstack(
        rx.el.p(label, role="status", class_name="uzdev-sr-only"),
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


def row_skeletons(label: Any = None, *, count: int = 3, **card_style: Any) -> rx.Component:
    """``count`` placeholder rows of a one-column list (the jobs board): each a drawing of
    the row's lines (``/job-skeleton.svg``, 360x150) and, at the side on wide screens, two
    lines where the salary and date go. ``label`` (read by screen readers) may be left out
    when the page already announces its loading."""
    row = rx.flex(
        rx.image(src="/job-skeleton.svg", alt="", width="min(100%, 360px)", height="auto",
                 aspect_ratio="360 / 150", display="block", flex_shrink="1", min_width="0"),
        rx.vstack(
            _line("120px", "20px"),
            _line("80px"),
            spacing="2",
            align_items=["flex-start", "flex-start", "flex-end"],
            flex_shrink="0",
        ),
        flex_direction=["column", "column", "row"],
        justify="between",
        gap=["12px", "12px", "20px"],
        padding=["16px", "20px"],
        width="100%",
        # A real row's height on a phone (its lines wrap there), so nothing below moves.
        min_height=["290px", "290px", "auto"],
        aria_hidden="true",
        **card_style,
    )
    return rx.vstack(
        *([loading_label(label)] if label is not None else []),
        *[row for _ in range(count)],
        spacing="3",
        width="100%",
        class_name="uzdev-skeletons",
    )
