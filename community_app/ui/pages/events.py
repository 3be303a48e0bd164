"""/events: the meetups of the community, filtered (All / Upcoming / Past) and sorted by
date (Soonest First, the default: the next meetup on top; Newest First / Oldest First), 10 cards at a time with Load More (SPEC sections 2, 9)."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_, Np_
from community_app.state.event_views import ALL, NEWEST, OLDEST, SOONEST
from community_app.services.meetups import PAST, UPCOMING
from community_app.state.events import EventsState, read_events
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import card_results, first_of, load_more, page_title, status_panel
from community_app.ui.components.browser import sliced_foreach
from community_app.ui.components.buttons import action_button, link_button
from community_app.ui.components.events_parts import event_card
from community_app.ui.components.skeletons import card_skeletons
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import BUTTON_HEIGHTS, COLORS

FILTER_ITEMS = (
    (ALL, N_("All"), EventsState.all_count),
    (UPCOMING, N_("Upcoming"), EventsState.upcoming_count),
    (PAST, N_("Past"), EventsState.past_count),
)
SORT_ITEMS = (
    (SOONEST, N_("Soonest First")),
    (NEWEST, N_("Newest First")),
    (OLDEST, N_("Oldest First")),
)


def _filters() -> rx.Component:
    return rx.segmented_control.root(
        *[
            rx.segmented_control.item(
                rx.hstack(
                    rx.text(t(label)),
                    rx.cond(
                        EventsState.loading,
                        rx.fragment(),
                        rx.text(count, color=COLORS["muted"], font_size="12px", font_weight="500"),
                    ),
                    spacing="2",
                    align="center",
                ),
                value=value,
            )
            for value, label, count in FILTER_ITEMS
        ],
        value=EventsState.filter,
        on_change=EventsState.set_filter,
        aria_label=t("Show events"),
        size="3",
        width=["100%", "auto"],
    )


def _sort() -> rx.Component:
    return rx.hstack(
        rx.el.label(t("Sort by"), html_for="events-sort", font_size="14px", font_weight="500",
                    white_space="nowrap"),
        rx.select.root(
            rx.select.trigger(id="events-sort", min_width="160px", height=BUTTON_HEIGHTS["sm"]),
            rx.select.content(*[rx.select.item(t(label), value=value) for value, label in SORT_ITEMS]),
            value=EventsState.sort,
            on_change=EventsState.set_sort,
            size="2",
        ),
        align="center",
        spacing="2",
    )


def _toolbar() -> rx.Component:
    return rx.flex(
        _filters(),
        _sort(),
        flex_direction=["column", "column", "row"],
        align_items=["stretch", "stretch", "center"],
        justify_content="space-between",
        gap="12px",
        width="100%",
    )


def _error() -> rx.Component:
    return rx.callout.root(
        rx.callout.icon(rx.icon("triangle-alert")),
        rx.callout.text(t_var(EventsState.error)),
        rx.button(t("Try Again"), on_click=EventsState.retry, variant="soft", size="2",
                  margin_top="8px", width="fit-content"),
        color_scheme="red",
        role="alert",
        width="100%",
    )


def _empty() -> rx.Component:
    return status_panel(
        rx.icon("calendar-x", size=40, color="#a5b4fc", aria_hidden="true"),
        rx.heading(t("No events yet"), as_="h2", size="5"),
        rx.cond(
            EventsState.filter == UPCOMING,
            rx.text(t("New meetups are announced here and in our Telegram group."),
                    color=COLORS["muted"]),
            rx.text(t("Check back soon: the community meets regularly."), color=COLORS["muted"]),
        ),
        rx.cond(
            (EventsState.filter != ALL) & (EventsState.all_count > 0),
            action_button(t("Show all events"), on_click=EventsState.show_all),
            link_button(t("Back to Home"), href=routes.HOME),
        ),
        padding="40px 16px",
    )


def _list() -> rx.Component:
    return card_results(
        rx.text(
            t(Np_("{n} event", "{n} events"), n=EventsState.total),
            color=COLORS["muted"],
            size="2",
            id="events-count",
            role="status",
        ),
        sliced_foreach(EventsState.cards, event_card),
        load_more(EventsState.has_more, EventsState.load_more),
    )


@page(routes.EVENTS, on_load=PageData(EventsState, read_events, EventsState._apply_load))
def events() -> rx.Component:
    return content_container(
        rx.vstack(
            page_title(
                t("Events"),
                t("Meetups, workshops and talks of the community. Come to learn, share and meet people."),
            ),
            _toolbar(),
            first_of(
                (EventsState.loading, card_skeletons(t("Loading events..."), image="/event-default.svg",
                                                     image_props={"height": "180px"})),
                (EventsState.error.contains("en"), _error()),
                (EventsState.total == 0, _empty()),
                otherwise=_list(),
            ),
            spacing="5",
            width="100%",
        )
    )
