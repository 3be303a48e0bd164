"""/news: the news list (SPEC section 2 'News list', sections 4, 5 and 9).

Type chips (All, Tech, Meetup, Social), a search box, tag chips, cards of 3 at a time
with 'Load More', and loading, error and empty states.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_, Np_
from community_app.models import NewsType
from community_app.state.news import NewsState, read_news
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import button_row, card_results, icon_link, load_more
from community_app.ui.components.blocks import first_of, message_block, page_title
from community_app.ui.components.browser import sliced_foreach
from community_app.ui.components.buttons import action_button, link_button
from community_app.ui.components.news_cards import news_card
from community_app.ui.components.skeletons import card_skeletons
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import BUTTON_HEIGHTS, COLORS

# (value, label): "" is All, which shows every loaded item.
TYPE_CHIPS = (("", N_("All")), *NewsType.labels().items())


def _chip(label: Any, *, active: Any, on_click: Any, size: str = "2", **props: Any) -> rx.Component:
    return rx.button(
        label,
        on_click=on_click,
        type="button",
        variant=rx.cond(active, "solid", "outline"),
        aria_pressed=rx.cond(active, "true", "false"),
        radius="full",
        size=size,
        cursor="pointer",
        **props,
    )


def _chip_group(*chips: Any, gap: str, **props: Any) -> rx.Component:
    """Chips side by side, wrapping: one group for screen readers, named by ``props``."""
    return rx.flex(*chips, role="group", gap=gap, wrap="wrap", **props)


def _tag_chip(tag: Any) -> rx.Component:
    return _chip("#" + tag, active=NewsState.tag == tag, on_click=NewsState.choose_tag(tag), size="1",
                 min_height="32px", padding_x="10px", color_scheme="gray", high_contrast=True)


def type_chips() -> rx.Component:
    return _chip_group(
        *[
            _chip(
                t(label),
                active=NewsState.news_type == value,
                on_click=NewsState.choose_type(value),
                height=BUTTON_HEIGHTS["sm"],
                padding_x="16px",
            )
            for value, label in TYPE_CHIPS
        ],
        gap="8px",
        aria_label=t("News type"),
    )


def search_box() -> rx.Component:
    return rx.box(
        rx.el.label(t("Search news"), html_for="news-search", class_name="uzdev-sr-only"),
        rx.input(
            rx.input.slot(rx.icon("search", size=16)),
            id="news-search",
            type="search",
            value=NewsState.search,
            on_change=NewsState.set_search,
            debounce_timeout=300,
            placeholder=t("Search by title or content"),
            size="3",
            width="100%",
            max_length=200,
            auto_complete="off",
        ),
        width=["100%", "100%", "100%", "320px"],
        flex_shrink="0",
    )


def tag_chips() -> rx.Component:
    return rx.cond(
        NewsState.tags.length() > 0,
        _chip_group(
            rx.text(t("Tags"), as_="span", size="2", font_weight="600", color=COLORS["muted"],
                    id="news-tags-label"),
            rx.foreach(NewsState.tags, _tag_chip),
            gap="6px",
            aria_labelledby="news-tags-label",
            align="center",
            width="100%",
        ),
    )


def loading_state() -> rx.Component:
    return card_skeletons(
        t("Loading news..."),
        image="/news-default.svg",
        image_props={"aspect_ratio": "16 / 9", "height": "auto"},
    )


def error_state() -> rx.Component:
    return message_block(
        "cloud-off",
        t("Could not load the news"),
        rx.text(t("Please check your connection and try again."), color=COLORS["muted"]),
        action_button(t("Try again"), on_click=NewsState.load),
        role="alert",
    )


def empty_state() -> rx.Component:
    return message_block(
        "newspaper",
        t("No news articles found"),
        rx.text(
            t("Try another search, type or tag, or clear the filters."),
            color=COLORS["muted"],
        ),
        button_row(
            action_button(rx.icon("rotate-ccw", size=16), t("Try again"), on_click=NewsState.clear_filters),
            link_button(rx.icon("house", size=16), t("Return to homepage"), href=routes.HOME,
                        variant="outline"),
            justify="center",
        ),
        boxed=True,
    )


def results() -> rx.Component:
    return card_results(
        rx.text(
            t(Np_("Showing {shown} of {n} article", "Showing {shown} of {n} articles"),
              shown=NewsState.cards.length(), n=NewsState.matching),
            size="2",
            color=COLORS["muted"],
            role="status",
            id="news-count",
        ),
        sliced_foreach(NewsState.cards, news_card),
        load_more(NewsState.has_more, NewsState.load_more, padding_x="28px"),
        id="news-cards",
    )


@page(routes.NEWS, on_load=PageData(NewsState, read_news, NewsState._apply_load))
def news() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.flex(
                page_title(t("News"), t("News from the community: tech, meetups and social life in Korea.")),
                rx.box(
                    icon_link("notebook-pen", t("Member blogs"), href=routes.BLOG, weight="500"),
                    id="news-header-actions",
                ),
                justify="between",
                align="end",
                gap="16px",
                wrap="wrap",
                width="100%",
            ),
            rx.flex(
                type_chips(),
                search_box(),
                flex_direction=["column", "column", "column", "row"],
                justify="between",
                align_items=["stretch", "stretch", "stretch", "center"],
                gap="12px",
                width="100%",
            ),
            tag_chips(),
            first_of(
                (NewsState.loading, loading_state()),
                (NewsState.failed, error_state()),
                (NewsState.cards.length() > 0, results()),
                otherwise=empty_state(),
            ),
            spacing="5",
            width="100%",
        )
    )
