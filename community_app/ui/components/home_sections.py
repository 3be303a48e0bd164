"""The sections of the home page below the headline: the next meetup with its countdown
and register button, statistics, affiliated projects, benefits and the speaker banner."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.state.home import BENEFIT_ICONS, FALLBACK_ICON, STATISTICS, HomeState
from community_app.core import routes
from community_app.ui.components.blocks import button_row, icon_tile, section_content, side_card, white_card
from community_app.ui.components.buttons import link_button
from community_app.ui.components.home_countdown import countdown
from community_app.ui.components.icons import glyph, icon_by_name
from community_app.ui.components.links import SOCIAL_LINKS
from community_app.ui.i18n import t, t_pick
from community_app.ui.styles import BUTTON_HEIGHTS, CARD_COLUMNS, COLORS, NEW_TAB, SR_ONLY

TELEGRAM_URL = next(s.url for s in SOCIAL_LINKS if s.name == "Telegram")


def new_tab_hint() -> rx.Component:
    return rx.el.span(" (", t("opens in a new tab"), ")", style=SR_ONLY)


def external_link_button(*children: Any, href: Any, size: str = "md", **props: Any) -> rx.Component:
    """A button-looking link that opens another site in a new tab (no opener)."""
    return link_button(*children, new_tab_hint(), href=href, size=size, link_props=NEW_TAB, **props)


def section(heading_id: str, title: Any, *children: Any, intro: Any = None) -> rx.Component:
    """A page section named by its heading (h2)."""
    return rx.el.section(
        rx.vstack(
            rx.heading(title, as_="h2", size="7", id=heading_id),
            rx.text(intro, size="4", class_name="uzdev-muted") if intro is not None else rx.fragment(),
            *children,
            spacing="4",
            class_name="uzdev-w-full",
        ),
        aria_labelledby=heading_id,
        class_name="uzdev-w-full",
    )


# --------------------------------------------------------------------- next meetup


def _meetup_fact(icon: str, *children: Any) -> rx.Component:
    return rx.hstack(
        glyph(icon, size=18, color=COLORS["primary"]),
        rx.text(*children, color=COLORS["text"]),
        align="center",
        spacing="2",
    )


def _register_alert() -> rx.Component:
    meetup = HomeState.meetup
    tone = rx.cond(meetup["full"], "red", rx.cond(meetup["few"], "orange", "blue"))
    return rx.callout.root(
        rx.callout.icon(rx.icon("timer")),
        rx.box(
            rx.text(t_pick(meetup["seats_en"], meetup["seats_uz"]), weight="bold", as_="div"),
            rx.cond(
                meetup["full"],
                rx.fragment(),
                rx.text(
                    countdown(
                        meetup["starts_at"],
                        label=t("Registration closes when the meetup starts:"),
                        started_text=t("Registration has closed: the meetup has started."),
                        compact=True,
                        id="register-time-left",
                    ),
                    as_="div",
                    size="2",
                ),
            ),
            grid_column="2",
        ),
        color_scheme=tone,
        id="register-alert",
        width="100%",
        flex="1",
        min_width=["100%", "100%", "260px"],
    )


def _register_row() -> rx.Component:
    meetup = HomeState.meetup
    return rx.flex(
        rx.cond(
            meetup["full"],
            rx.button(t("Fully booked"), disabled=True, size="3", height=BUTTON_HEIGHTS["lg"]),
            link_button(
                rx.icon("calendar-check", size=18),
                t("Register now"),
                href=meetup["register_url"],
                size="lg",
            ),
        ),
        _register_alert(),
        flex_direction=["column", "column", "row"],
        align_items=["stretch", "stretch", "center"],
        gap="12px",
        width="100%",
    )


def _meetup_card() -> rx.Component:
    meetup = HomeState.meetup
    return white_card(
        rx.link(
            rx.heading(meetup["title"], as_="h3", size="6"),
            href=meetup["details_url"],
            color=COLORS["text"],
        ),
        rx.flex(
            _meetup_fact(
                "calendar",
                t_pick(meetup["date_en"], meetup["date_uz"]),
                ", ",
                t_pick(meetup["time_en"], meetup["time_uz"]),
                " ",
                rx.el.span(t("(Korea time)"), color=COLORS["muted"]),
            ),
            _meetup_fact("map-pin", meetup["location"]),
            flex_direction="column",
            gap="6px",
        ),
        countdown(
            meetup["starts_at"],
            label=t("Starts in"),
            started_text=t("The meetup has started!"),
            id="meetup-countdown",
        ),
        _register_row(),
        layout=rx.vstack,
        spacing="4",
        padding=["20px", "24px", "28px"],
    )


def _no_meetup() -> rx.Component:
    return white_card(
        glyph("calendar-x", size=32, color=COLORS["muted"]),
        rx.text(t("No meetup is planned yet. Follow us on Telegram to hear first."), size="4"),
        button_row(
            link_button(t("See all events"), href=routes.EVENTS, variant="outline"),
            external_link_button(rx.icon("send", size=18), t("Join us on Telegram"), href=TELEGRAM_URL),
        ),
        layout=rx.vstack,
        spacing="3",
        padding=["20px", "24px", "28px"],
        id="no-meetup",
    )


def next_meetup_section() -> rx.Component:
    return section(
        "next-meetup-heading",
        t("Next meetup"),
        section_content(
            HomeState.loading,
            HomeState.meetup_error,
            rx.cond(HomeState.has_meetup, _meetup_card(), _no_meetup()),
            loading_label=t("Loading the next meetup..."),
            error_message=t("Error loading the next meetup."),
        ),
    )


# --------------------------------------------------------------------- statistics


def _stat_card(item: Any) -> rx.Component:
    label = t_pick(item["label_en"], item["label_uz"])
    tone = rx.match(item["key"], ("speakers", "green"), ("meetups", "blue"), "purple")
    return white_card(
        rx.hstack(
            icon_tile(
                icon_by_name(item["icon"], [icon for _key, icon, _label in STATISTICS], "users", size=24,
                             color=COLORS["primary"]),
                "48px", radius="12px",
                aria_hidden="true",
            ),
            rx.spacer(),
            rx.badge(t_pick(item["badge_en"], item["badge_uz"]), color_scheme=tone, size="2",
                     radius="full", class_name="stat-badge"),
            width="100%",
            align="center",
        ),
        rx.text(item["current"], font_size="40px", font_weight="800", line_height="1",
                class_name="stat-current"),
        rx.heading(label, as_="h3", size="4"),
        rx.progress(value=item["percent"].to(int), max=100, color_scheme=tone, size="2",
                    aria_label=label, width="100%"),
        rx.hstack(
            rx.text(
                rx.el.span(item["current"], class_name="stat-current-of"),
                " / ",
                rx.el.span(item["target"], class_name="stat-target"),
                " ",
                t("goal"),
                color=COLORS["muted"],
                size="2",
            ),
            rx.spacer(),
            rx.text(item["percent"], "%", color=COLORS["muted"], size="2", weight="medium"),
            width="100%",
        ),
        layout=rx.vstack,
        spacing="3",
        padding="24px",
        class_name="stat-card",
        data_key=item["key"],
    )


def statistics_section() -> rx.Component:
    return section(
        "statistics-heading",
        t("Our community in numbers"),
        section_content(
            HomeState.loading,
            HomeState.statistics_error,
            rx.grid(
                rx.foreach(HomeState.statistics, _stat_card),
                grid_template_columns=["1fr", "1fr", "repeat(3, minmax(0, 1fr))"],
                gap="16px",
                width="100%",
            ),
            loading_label=t("Loading statistics..."),
            error_message=t("Error loading statistics."),
        ),
    )


# --------------------------------------------------------------------- projects and benefits


def _project_card(item: Any) -> rx.Component:
    return white_card(
        icon_tile(
            glyph("folder-git-2", size=22, color=COLORS["primary"]),
            "44px", radius="12px",
            aria_hidden="true",
        ),
        rx.heading(
            rx.link(
                item["name"],
                glyph("external-link", size=16, margin_left="6px"),
                new_tab_hint(),
                href=item["url"],
                **NEW_TAB,
                display="inline-flex",
                align_items="center",
                color=COLORS["text"],
            ),
            as_="h3",
            size="4",
        ),
        rx.text(t_pick(item["description_en"], item["description_uz"]), color=COLORS["muted"], size="2"),
        layout=rx.vstack,
        spacing="3",
        padding="20px",
        class_name="project-card",
    )


def _benefit_card(item: Any) -> rx.Component:
    return side_card(
        icon_tile(
            icon_by_name(item["icon"], BENEFIT_ICONS, FALLBACK_ICON, size=24, color="white"),
            "48px", radius="12px", background=COLORS["primary"], min_width="48px",
            aria_hidden="true",
            class_name="benefit-icon",
        ),
        t_pick(item["title_en"], item["title_uz"]),
        t_pick(item["description_en"], item["description_uz"]),
        class_name="benefit-card",
    )


def _content(items: Any, render: Any, loading_label: Any) -> rx.Component:
    return section_content(
        HomeState.loading,
        HomeState.content_error,
        rx.grid(rx.foreach(items, render), grid_template_columns=CARD_COLUMNS, gap="16px", width="100%"),
        loading_label=loading_label,
        error_message=t("Error loading this section. Please try again later."),
    )


def projects_section() -> rx.Component:
    return section(
        "projects-heading",
        t("Affiliated projects"),
        _content(HomeState.projects, _project_card, t("Loading projects...")),
        intro=t("Open-source tools, study groups and programmes built by our members."),
    )


def benefits_section() -> rx.Component:
    return section(
        "benefits-heading",
        t("Why join us"),
        _content(HomeState.benefits, _benefit_card, t("Loading benefits...")),
        rx.center(
            external_link_button(
                rx.icon("send", size=18),
                t("Join the Community"),
                href=TELEGRAM_URL,
                size="lg",
            ),
            width="100%",
            padding_top="8px",
        ),
        intro=t("What members get from the community, whether you are a student or a senior engineer."),
    )


# --------------------------------------------------------------------- speaker banner


def speaker_banner() -> rx.Component:
    return rx.el.section(
        rx.flex(
            rx.vstack(
                rx.heading(t("Become a speaker"), as_="h2", size="7", color="white", id="speaker-banner-heading"),
                rx.text(
                    t(
                        "Share what you have learned with developers who walk the same path. "
                        "First-time speakers are welcome: we help with the topic, slides and rehearsal."
                    ),
                    color="rgba(255,255,255,0.9)",
                    size="4",
                ),
                spacing="3",
                flex="1",
                min_width="0",
            ),
            link_button(
                t("Apply"),
                rx.icon("arrow-right", size=18),
                href=routes.SPEAKERS_REGISTER,
                size="lg",
                variant="surface",
                color_scheme="gray",
                high_contrast=True,
                background_color="white",
                flex_shrink="0",
            ),
            flex_direction=["column", "column", "column", "row"],
            align_items=["flex-start", "flex-start", "flex-start", "center"],
            gap="20px",
            padding=["24px", "28px", "32px", "40px"],
            border_radius="20px",
            background="linear-gradient(120deg, #1e3a8a, #1d4ed8 55%, #0ea5a4)",
            width="100%",
        ),
        aria_labelledby="speaker-banner-heading",
        width="100%",
    )
