"""Pieces the jobs list and the job page share: badges, chips, text blocks, salary, and
the error panel."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.ui.components import blocks
from community_app.ui.components.blocks import icon_circle
from community_app.ui.components.buttons import action_button, link_button
from community_app.ui.components.icons import glyph
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


STATUS_COLORS = {"OPEN": "green", "CLOSED": "gray", "FILLED": "amber"}


def job_type_badge(label: Any) -> rx.Component:
    return blocks.badge(t_var(label), color_scheme="indigo", size="2")


def remote_badge() -> rx.Component:
    return blocks.badge(glyph("wifi", size=12), t("Remote"), color_scheme="teal", size="2")


def visa_badges(job: Any) -> rx.Component:
    """The visa statuses a post can employ, sponsorship, the Korean level and languages."""
    return rx.el.div(
        rx.foreach(
            job.visas,
            lambda visa: blocks.badge(visa, color_scheme="blue", class_name="job-visa-badge"),
        ),
        rx.cond(
            job.sponsorship,
            blocks.badge(glyph("stamp", size=12), t("E-7 sponsorship"), color_scheme="green"),
        ),
        rx.cond(
            job.korean.contains("en"),
            blocks.badge(glyph("languages", size=12), t_var(job.korean), color_scheme="orange",
                         class_name="job-korean-badge"),
        ),
        rx.cond(
            job.languages.contains("en"),
            blocks.badge(glyph("message-circle", size=12), t_var(job.languages), color_scheme="gray"),
        ),
        class_name="uzdev-wrap-row uzdev-gap-6px",
        aria_label=t("Visa and language"),
    )


def status_badge(status: Any, label: Any) -> rx.Component:
    """A job post's status (open, closed, filled)."""
    return blocks.status_badge(status, label, colors=STATUS_COLORS, variant="surface")


def chips(items: Any, *, more: Any = 0) -> rx.Component:
    """Technology chips, with '+N' when some are left out."""
    return rx.el.ul(
        rx.foreach(
            items,
            lambda item: rx.el.li(
                blocks.badge(item, variant="outline", color_scheme="gray", size="2", round=True),
            ),
        ),
        rx.cond(
            more > 0,
            rx.el.li(
                blocks.badge("+", more, variant="outline", color_scheme="gray", size="2", round=True),
            ),
        ),
        class_name="uzdev-chips",
    )


def text_blocks(blocks: Any) -> rx.Component:
    """Paragraphs and bulleted lists of a job's free text (see state.job_detail)."""
    return rx.el.div(
        rx.foreach(
            blocks,
            lambda block: rx.cond(
                block.bullets.length() > 0,
                rx.el.ul(rx.foreach(block.bullets, lambda item: rx.el.li(item))),
                rx.el.p(block.text),
            ),
        ),
        class_name="uzdev-text-blocks",  # site.css: paragraphs and bulleted lists
    )


def error_panel(*, on_retry: Any) -> rx.Component:
    """'Error Fetching Jobs' with 'Try again' and 'Go to Homepage' (SPEC section 8)."""
    return blocks.status_panel(
        icon_circle("triangle-alert", color=COLORS["danger"], background="#fef2f2"),
        rx.heading(t("Error Fetching Jobs"), as_="h2", size="6"),
        rx.text(t("Something went wrong while loading jobs. Please try again."),
                color=COLORS["muted"]),
        blocks.button_row(
            action_button(rx.icon("rotate-ccw", size=16, aria_hidden="true"), t("Try again"),
                          on_click=on_retry, variant="outline"),
            link_button(rx.icon("house", size=16, aria_hidden="true"), t("Go to Homepage"),
                        href=routes.HOME),
            justify="center",
        ),
        role="alert",
    )

