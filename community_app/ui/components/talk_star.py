"""A talk's star button (state/talk_stars.py): "Star" / "Starred", pressed state for
screen readers; on a meetup's programme and a talk's page. The member's stars are read
when the first button shows (``stars_loader``)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.state.sent_writes import sent
from community_app.state.talk_stars import TalkStarsState as S
from community_app.ui.components.icons import glyph
from community_app.ui.i18n import t, t_var


def star_button(talk_id: Any, title: Any) -> rx.Component:
    on = S.starred_ids.contains(talk_id)
    return rx.button(
        glyph("star", size=16),
        rx.cond(on, t("Starred"), t("Star")),
        on_click=sent(S.toggle_star(talk_id), what=N_("Star a talk")),
        aria_pressed=rx.cond(on, "true", "false"),
        aria_label=t("Star") + " " + title,
        variant=rx.cond(on, "solid", "outline"),
        color_scheme="indigo",
        size="2",
        type="button",
        min_height="36px",
        class_name="uzdev-star-button",
    )


def stars_loader() -> rx.Component:
    """Reads the member's stars once the section shows (nothing drawn)."""
    return rx.el.span(on_mount=S.load_stars, display="none")


def star_messages() -> rx.Component:
    """Why a star was refused (a talk taken off the programme meanwhile)."""
    return rx.cond(S.star_error.contains("en"),
                   rx.callout(t_var(S.star_error), color_scheme="red", size="1", role="alert"))
