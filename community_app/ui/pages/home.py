"""Home (/): the headline and two feature cards, the next meetup with its live countdown,
register button and time-left alert, the statistics, six affiliated projects, six
benefits with the Join the Community button, and the become-a-speaker banner."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.auth import AuthState
from community_app.state.confirm_sign_up import WELCOME_QUERY
from community_app.state.home import HomeState, read_home
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import notice
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


# The page is drawn by site.css classes (``.uzdev-home*``) and native elements rather than
# style props on Radix layout components (issue 29).


def feature_card(icon: str, title: str, text: str) -> rx.Component:
    return rx.el.div(
        rx.el.div(glyph(icon, size=26), class_name="uzdev-tile uzdev-tile-52"),
        rx.heading(t(title), as_="h2", size="5"),
        rx.el.p(t(text), class_name="uzdev-p uzdev-muted"),
        class_name="uzdev-feature-card uzdev-stack uzdev-gap-3",
    )


def _welcome() -> rx.Component:
    """After the emailed sign-up link (``/?welcome=1``): the new member is told they are
    signed in, instead of a home page that looks as it did before (issue 42)."""
    arrived = rx.State.router.url.query_parameters.to(dict)[WELCOME_QUERY] == "1"
    return rx.cond(
        AuthState.is_authenticated & arrived,
        notice("party-popper",
               t("Your email is confirmed and you are signed in. Welcome, {name}!",
                 name=AuthState.user_first_name),
               "green", role="status", id="welcome-notice", width="100%"),
    )


@page(routes.HOME, on_load=PageData(HomeState, read_home, HomeState._apply_load))
def home() -> rx.Component:
    return content_container(
        rx.el.div(
            _welcome(),
            rx.heading(
                t("Uzbek developers in South Korea, building together"),
                as_="h1",
                class_name="uzdev-home-title",
            ),
            rx.el.p(
                t(
                    "Meetups, news, jobs and friends: one community connecting developers "
                    "who live, work and study in Korea with Uzbekistan."
                ),
                class_name="uzdev-t5 uzdev-home-lead",
            ),
            rx.el.div(
                link_button(t("See upcoming events"), href=routes.EVENTS, size="lg"),
                link_button(
                    t("Become a speaker"),
                    href=routes.SPEAKERS_REGISTER,
                    size="lg",
                    variant="outline",
                ),
                class_name="uzdev-wrap-row uzdev-gap-3",
            ),
            rx.el.div(
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
                class_name="uzdev-home-features",
            ),
            rx.el.div(next_meetup_section(), class_name="uzdev-home-meetup"),
            statistics_section(),
            projects_section(),
            benefits_section(),
            speaker_banner(),
            class_name="uzdev-home",
        )
    )
