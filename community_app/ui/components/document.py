"""A long text page (Terms of Service, Privacy Policy): headings and paragraphs."""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx

from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container
from community_app.ui.styles import COLORS

Section = tuple[str, Sequence[str]]


def document_page(title: str, updated: str, intro: str, sections: Sequence[Section]) -> rx.Component:
    return content_container(
        rx.el.article(
            rx.vstack(
                rx.heading(t(title), as_="h1", size="8"),
                rx.text(t(updated), color=COLORS["muted"], size="2"),
                rx.text(t(intro), size="4"),
                *[
                    rx.vstack(
                        rx.heading(t(heading), as_="h2", size="5", padding_top="8px"),
                        *[rx.text(t(p), line_height="1.7") for p in paragraphs],
                        spacing="2",
                    )
                    for heading, paragraphs in sections
                ],
                spacing="4",
                max_width="760px",
            )
        )
    )
