"""The sections of the home page below the headline: the next meetup with its countdown
and register button, statistics, affiliated projects, benefits and the speaker banner."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.state.home import BENEFIT_ICONS, FALLBACK_ICON, STATISTICS, HomeState
from community_app.core import routes
from community_app.ui.components.blocks import badge, button_row, section_content, side_card
from community_app.ui.components.buttons import link_button, plain_link
from community_app.ui.components.home_countdown import countdown
from community_app.ui.components.icons import glyph, icon_by_name
from community_app.ui.components.links import SOCIAL_LINKS
from community_app.ui.i18n import t, t_pick
from community_app.ui.styles import COLORS, NEW_TAB

TELEGRAM_URL = next(s.url for s in SOCIAL_LINKS if s.name == "Telegram")


def new_tab_hint() -> rx.Component:
    return rx.el.span(" (", t("opens in a new tab"), ")", class_name="uzdev-sr-only")


def external_link_button(*children: Any, href: Any, size: str = "md", **props: Any) -> rx.Component:
    """A button-looking link that opens another site in a new tab (no opener)."""
    return link_button(*children, new_tab_hint(), href=href, size=size, link_props=NEW_TAB, **props)


# The sections are drawn by site.css classes (``.uzdev-home*``, ``.stat-card``, the blocks'
# classes) and native elements rather than style props on Radix layout components (issue 29).


def section(heading_id: str, title: Any, *children: Any, intro: Any = None) -> rx.Component:
    """A page section named by its heading (h2)."""
    return rx.el.section(
        rx.heading(title, as_="h2", size="7", id=heading_id),
        rx.el.p(intro, class_name="uzdev-t4 uzdev-muted") if intro is not None else rx.fragment(),
        *children,
        aria_labelledby=heading_id,
        class_name="uzdev-stack uzdev-gap-4 uzdev-w-full",
    )


# --------------------------------------------------------------------- next meetup


def _meetup_fact(icon: str, *children: Any) -> rx.Component:
    return rx.el.div(
        glyph(icon, size=18, color=COLORS["primary"]),
        rx.el.p(*children, class_name="uzdev-p uzdev-c-text"),
        class_name="uzdev-row uzdev-gap-2",
    )


def _register_alert() -> rx.Component:
    meetup = HomeState.meetup
    tone = rx.cond(meetup["full"], "red", rx.cond(meetup["few"], "orange", "blue"))
    return rx.callout.root(
        rx.callout.icon(glyph("timer", size=16)),
        rx.el.div(
            rx.el.div(t_pick(meetup["seats_en"], meetup["seats_uz"]), class_name="uzdev-w700"),
            rx.cond(
                meetup["full"],
                rx.fragment(),
                rx.el.div(
                    countdown(
                        meetup["starts_at"],
                        label=t("Registration closes when the meetup starts:"),
                        started_text=t("Registration has closed: the meetup has started."),
                        compact=True,
                        id="register-time-left",
                    ),
                    class_name="uzdev-t2",
                ),
            ),
            class_name="uzdev-callout-body",
        ),
        color_scheme=tone,
        id="register-alert",
        class_name="uzdev-home-alert",
    )


def _register_row() -> rx.Component:
    meetup = HomeState.meetup
    return rx.el.div(
        rx.cond(
            meetup["full"],
            rx.button(t("Fully booked"), disabled=True, size="3", class_name="uzdev-btn-lg"),
            link_button(
                glyph("calendar-check", size=18),
                t("Register now"),
                href=meetup["register_url"],
                size="lg",
            ),
        ),
        _register_alert(),
        class_name="uzdev-home-register",
    )


def _meetup_card() -> rx.Component:
    meetup = HomeState.meetup
    return rx.el.div(
        plain_link(
            rx.heading(meetup["title"], as_="h3", size="6"),
            href=meetup["details_url"],
            class_name="uzdev-card-title-link",
        ),
        rx.el.div(
            _meetup_fact(
                "calendar",
                t_pick(meetup["date_en"], meetup["date_uz"]),
                ", ",
                t_pick(meetup["time_en"], meetup["time_uz"]),
                " ",
                rx.el.span(t("(Korea time)"), class_name="uzdev-c-muted"),
            ),
            _meetup_fact("map-pin", meetup["location"]),
            class_name="uzdev-stack uzdev-gap-6px",
        ),
        countdown(
            meetup["starts_at"],
            label=t("Starts in"),
            started_text=t("The meetup has started!"),
            id="meetup-countdown",
        ),
        _register_row(),
        class_name="uzdev-card uzdev-stack uzdev-gap-4 uzdev-home-meetup-card",
    )


def _no_meetup() -> rx.Component:
    return rx.el.div(
        glyph("calendar-x", size=32, color=COLORS["muted"]),
        rx.el.p(t("No meetup is planned yet. Follow us on Telegram to hear first."), class_name="uzdev-t4"),
        button_row(
            link_button(t("See all events"), href=routes.EVENTS, variant="outline"),
            external_link_button(glyph("send", size=18), t("Join us on Telegram"), href=TELEGRAM_URL),
        ),
        id="no-meetup",
        class_name="uzdev-card uzdev-stack uzdev-gap-3 uzdev-home-meetup-card",
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
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                icon_by_name(item["icon"], [icon for _key, icon, _label in STATISTICS], "users", size=24),
                aria_hidden="true",
                class_name="uzdev-tile uzdev-tile-48",
            ),
            badge(t_pick(item["badge_en"], item["badge_uz"]), color_scheme=tone, size="2", round=True,
                  class_name="stat-badge"),
            class_name="stat-card-head",
        ),
        rx.el.p(item["current"], class_name="stat-current"),
        rx.heading(label, as_="h3", size="4"),
        rx.el.progress(value=item["percent"].to(int), max=100, aria_label=label,
                       custom_attrs={"data-accent-color": tone}, class_name="uzdev-progress"),
        rx.el.div(
            rx.el.p(
                rx.el.span(item["current"], class_name="stat-current-of"),
                " / ",
                rx.el.span(item["target"], class_name="stat-target"),
                " ",
                t("goal"),
                class_name="uzdev-t2 uzdev-muted",
            ),
            rx.el.p(item["percent"], "%", class_name="uzdev-t2 uzdev-muted uzdev-w500"),
            class_name="stat-card-foot",
        ),
        class_name="uzdev-card uzdev-stack uzdev-gap-3 stat-card",
        data_key=item["key"],
    )


def statistics_section() -> rx.Component:
    return section(
        "statistics-heading",
        t("Our community in numbers"),
        section_content(
            HomeState.loading,
            HomeState.statistics_error,
            rx.el.div(rx.foreach(HomeState.statistics, _stat_card), class_name="uzdev-stats-grid"),
            loading_label=t("Loading statistics..."),
            error_message=t("Error loading statistics."),
        ),
    )


# --------------------------------------------------------------------- projects and benefits


def _project_card(item: Any) -> rx.Component:
    return rx.el.div(
        rx.el.div(glyph("folder-git-2", size=22), aria_hidden="true", class_name="uzdev-tile uzdev-tile-44"),
        rx.heading(
            plain_link(
                item["name"],
                glyph("external-link", size=16),
                new_tab_hint(),
                href=item["url"],
                **NEW_TAB,
                class_name="uzdev-card-title-link uzdev-icon-link",
            ),
            as_="h3",
            size="4",
        ),
        rx.el.p(t_pick(item["description_en"], item["description_uz"]), class_name="uzdev-t2 uzdev-muted"),
        class_name="uzdev-card uzdev-stack uzdev-gap-3 project-card",
    )


def _benefit_card(item: Any) -> rx.Component:
    return side_card(
        rx.el.div(
            icon_by_name(item["icon"], BENEFIT_ICONS, FALLBACK_ICON, size=24),
            aria_hidden="true",
            class_name="uzdev-tile uzdev-tile-48 uzdev-tile-solid benefit-icon",
        ),
        t_pick(item["title_en"], item["title_uz"]),
        t_pick(item["description_en"], item["description_uz"]),
        class_name="benefit-card",
    )


def _content(items: Any, render: Any, loading_label: Any) -> rx.Component:
    return section_content(
        HomeState.loading,
        HomeState.content_error,
        rx.el.div(rx.foreach(items, render), class_name="uzdev-card-grid"),
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
        rx.el.div(
            external_link_button(
                glyph("send", size=18),
                t("Join the Community"),
                href=TELEGRAM_URL,
                size="lg",
            ),
            class_name="uzdev-center-row",
        ),
        intro=t("What members get from the community, whether you are a student or a senior engineer."),
    )


# --------------------------------------------------------------------- speaker banner


def speaker_banner() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.heading(t("Become a speaker"), as_="h2", size="7", id="speaker-banner-heading",
                           class_name="uzdev-on-dark"),
                rx.el.p(
                    t(
                        "Share what you have learned with developers who walk the same path. "
                        "First-time speakers are welcome: we help with the topic, slides and rehearsal."
                    ),
                    class_name="uzdev-t4 uzdev-on-dark-muted",
                ),
                class_name="uzdev-stack uzdev-gap-3 uzdev-speaker-banner-text",
            ),
            link_button(
                t("Apply"),
                glyph("arrow-right", size=18),
                href=routes.SPEAKERS_REGISTER,
                size="lg",
                variant="surface",
                color_scheme="gray",
                high_contrast=True,
                class_name="uzdev-btn-white",
            ),
            class_name="uzdev-speaker-banner",
        ),
        aria_labelledby="speaker-banner-heading",
        class_name="uzdev-w-full",
    )
