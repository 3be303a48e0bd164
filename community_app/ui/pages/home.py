"""Home (/): the headline and two feature cards, the next meetup with its live countdown,
register button and time-left alert, the statistics, six affiliated projects, six
benefits with the Join the Community button, and the become-a-speaker banner."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.home import HomeState, read_home
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import icon_tile
from community_app.ui.components.buttons import link_button
from community_app.ui.components.icons import glyph
from community_app.ui.components.home_sections import (
    benefits_section,
    next_meetup_section,
    projects_section,
    speaker_banner,
    statistics_section,
)
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS


def feature_card(icon: str, title: str, text: str) -> rx.Component:
    return rx.vstack(
        icon_tile(
            glyph(icon, size=26, color=COLORS["primary"]),
            "52px", radius="14px",
        ),
        rx.heading(t(title), as_="h2", size="5"),
        rx.text(t(text), class_name="uzdev-muted"),
        spacing="3",
        class_name="uzdev-feature-card",
    )


@page(routes.HOME, on_load=PageData(HomeState, read_home, HomeState._apply_load))
def home() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(
                t("Uzbek developers in South Korea, building together"),
                as_="h1",
                font_size=["34px", "40px", "44px", "52px", "56px"],
                line_height="1.15",
                max_width="820px",
            ),
            rx.text(
                t(
                    "Meetups, news, jobs and friends: one community connecting developers "
                    "who live, work and study in Korea with Uzbekistan."
                ),
                size="5",
                color=COLORS["muted"],
                max_width="720px",
            ),
            rx.flex(
                link_button(t("See upcoming events"), href=routes.EVENTS, size="lg"),
                link_button(
                    t("Become a speaker"),
                    href=routes.SPEAKERS_REGISTER,
                    size="lg",
                    variant="outline",
                ),
                gap="12px",
                wrap="wrap",
            ),
            rx.flex(
                feature_card(
                    "send",
                    N_("Join our Telegram community"),
                    N_(
                        "Hundreds of members share jobs, questions and plans every day "
                        "in our messaging-app group."
                    ),
                ),
                feature_card(
                    "globe",
                    N_("Connecting South Korea and Uzbekistan"),
                    N_(
                        "We link developers, students and companies in both countries "
                        "through events, mentoring and shared projects."
                    ),
                ),
                flex_direction=["column", "column", "column", "row"],
                gap="16px",
                width="100%",
                padding_top="16px",
            ),
            rx.box(next_meetup_section(), width="100%", padding_top="24px"),
            statistics_section(),
            projects_section(),
            benefits_section(),
            speaker_banner(),
            spacing="6",
            padding_y=["8px", "24px"],
            width="100%",
        )
    )
