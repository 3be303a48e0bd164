"""A talk page's part of issue 41 part B: the star button and, after the talk, the rating
form for its attendees (state/talk_rating.py, state/talk_stars.py): ``talk_star_box`` and
``talk_rating_box`` take the talk's id (and title) as the page's vars."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.state.sent_writes import sent
from community_app.state.talk_rating import TalkRatingState as R
from community_app.ui.components.forms import submit_button
from community_app.ui.components.talk_star import star_button, star_messages, stars_loader
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _form() -> rx.Component:
    return rx.form(
        rx.vstack(
            rx.el.fieldset(
                rx.el.legend(t("Your rating"), font_weight="500", font_size="14px"),
                rx.hstack(
                    *[rx.el.label(rx.el.input(type="radio", name="rating", value=str(n)), " ",
                                  str(n), display="inline-flex", gap="4px",
                                  align_items="center", min_height="44px", min_width="44px",
                                  cursor="pointer")
                      for n in range(1, 6)],
                    spacing="3", wrap="wrap",
                ),
                border="none", padding="0", margin="0",
            ),
            rx.el.label(t("Comment for the speaker (optional)"), html_for="talk-rating-comment",
                        font_weight="500", font_size="14px"),
            rx.text_area(id="talk-rating-comment", name="comment", rows="3", width="100%"),
            submit_button(t("Send rating"), width="auto"),
            spacing="2", width="100%",
        ),
        on_submit=sent(R.rate_talk, what=N_("Send rating")),
        no_validate=True,
        width="100%",
        aria_label=t("Rate this talk"),
    )


def talk_star_box(talk_id: Any, title: Any, *, can_star: Any = True) -> rx.Component:
    """The talk's star (and why a star was refused), under its facts."""
    return rx.cond(can_star, rx.el.div(star_button(talk_id, title), star_messages(), stars_loader(),
                                       class_name="uzdev-stack uzdev-gap-2"))


def talk_rating_box(talk_id: Any) -> rx.Component:
    """After the talk, its attendees' rating form (or what they gave, or why they cannot):
    at the end of the page, as it is read once the page is shown (nothing above it moves
    when it comes)."""
    return rx.el.section(
        rx.cond(R.rating_notice.contains("en"),
                rx.callout(t_var(R.rating_notice), color_scheme="green", size="1", role="status")),
        rx.cond(R.rating_error.contains("en"),
                rx.callout(t_var(R.rating_error), color_scheme="red", size="1", role="alert")),
        rx.cond(
            R.rating_loaded & (R.rating_talk_id == talk_id),
            rx.cond(
                R.my_rating > 0,
                rx.text(t("You rated this talk"), ": ", R.my_rating, "/5", size="2",
                        id="talk-my-rating"),
                rx.cond(R.rating_refusal.contains("en"),
                        rx.text(t_var(R.rating_refusal), size="2", color=COLORS["muted"]),
                        _form()),
            ),
        ),
        on_mount=R.load_rating(talk_id),
        class_name="uzdev-stack uzdev-gap-3 uzdev-w-full",
        aria_label=t("Rate this talk"),
    )
