"""About us (/about): the mission, the event organizers and the project contributors."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.state.about import AboutState, read_about
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import bare_list, button_row, icon_link, icon_tile, round_photo
from community_app.ui.components.blocks import section_content, side_card
from community_app.ui.components.buttons import link_button
from community_app.ui.components.home_sections import section
from community_app.ui.i18n import t, t_pick
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_COLUMNS, COLORS, NEW_TAB

MISSION = (
    N_(
        "UzDev Korea brings together Uzbek software developers, students and researchers "
        "who live, work and study in South Korea. Many of us arrived on our own, with a new "
        "language, a new visa and a new job market to figure out. This community exists so "
        "that nobody has to figure it out alone."
    ),
    N_(
        "We meet regularly in Seoul, Busan and Daejeon for talks, workshops and informal "
        "evenings, and we stay in touch every day in our Telegram group. Members share "
        "vacancies and referrals, review each other's CVs and code, and help newcomers with "
        "everything from the TOPIK exam to their first salary negotiation."
    ),
    N_(
        "We also want to be a bridge between the two countries. Our members build "
        "open-source projects, mentor students at Korean universities and bring what they "
        "learn in Korea back to developers in Uzbekistan. Whether you are writing your first "
        "line of code or leading a team, there is a place for you here."
    ),
)


def _avatar(person: Any) -> rx.Component:
    size = "64px"
    initials = icon_tile(
        rx.text(person["initials"], font_weight="700", font_size="22px", color="white"),
        size,
        background="linear-gradient(135deg, #1d4ed8, #0ea5a4)",
        min_width=size,
        aria_hidden="true",
        class_name="person-initials",
    )
    # No alt text: the name is right next to it.
    return round_photo(person["image_url"], alt="", size=size, fallback=initials)


def _profile_link(person: Any) -> rx.Component:
    site = person["profile_site"].to(str)
    label = rx.cond(site != "", site, t("Website"))
    return icon_link(
        "external-link",
        label,
        href=person["profile_url"],
        icon_size=14,
        **NEW_TAB,
        aria_label=t("{name} on {site} (opens in a new tab)", name=person["name"], site=label),
        min_height="32px",
        size="2",
        weight="500",
        document=True,
    )


def _person_card(person: Any) -> rx.Component:
    return rx.el.li(
        side_card(
            _avatar(person),
            person["name"],
            t_pick(person["role_en"], person["role_uz"]),
            rx.cond(person["profile_url"] != "", _profile_link(person)),
            align="center",
            height="100%",
        ),
        class_name="person-card",
        min_width="0",
    )


def _people(items: Any, list_id: str) -> rx.Component:
    return section_content(
        AboutState.loading,
        AboutState.error,
        bare_list(rx.foreach(items, _person_card), id=list_id, display="grid",
                  grid_template_columns=CARD_COLUMNS, gap="16px", width="100%"),
        loading_label=t("Loading..."),
        error_message=t("Error loading this section. Please try again later."),
    )


@page(routes.ABOUT, on_load=PageData(AboutState, read_about, AboutState._apply_load))
def about() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(t("About us"), as_="h1", size="9"),
            rx.el.section(
                rx.vstack(
                    rx.heading(t("Our mission"), as_="h2", size="7", id="mission-heading"),
                    *[rx.text(t(paragraph), size="4", line_height="1.7", color=COLORS["text"])
                      for paragraph in MISSION],
                    spacing="4",
                    max_width="780px",
                ),
                aria_labelledby="mission-heading",
                width="100%",
            ),
            section(
                "organizers-heading",
                t("Event organizers"),
                _people(AboutState.organizers, "organizers"),
                intro=t("The people who find the venues, invite the speakers and run our meetups."),
            ),
            section(
                "contributors-heading",
                t("Project contributors"),
                _people(AboutState.contributors, "contributors"),
                intro=t("The members who build and maintain this website and our open-source projects."),
            ),
            button_row(
                link_button(t("See upcoming events"), href=routes.EVENTS),
                link_button(t("Become a speaker"), href=routes.SPEAKERS_REGISTER, variant="outline"),
            ),
            spacing="7",
            width="100%",
        )
    )
