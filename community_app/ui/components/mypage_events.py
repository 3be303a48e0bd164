"""My Page's "Events" tab (ui/pages/mypage.py): the member's upcoming and past meetups,
with the cancel dialog.
"""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.mypage import CANCEL_OPENER, EVENTS_HEADING_ID, MyPageState
from community_app.state.mypage_meetups import MyMeetupsState
from community_app.state.sent_writes import sent
from community_app.ui.components.blocks import list_row
from community_app.ui.components.buttons import link_button
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.forms import form_alert
from community_app.ui.components.mypage_parts import CARD, rows_or, status_badge
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _event_row(row) -> rx.Component:
    return list_row(
        rx.vstack(
            rx.link(row.title, href="/events/" + row.type + "/details/" + row.meetup_id.to(str),
                    font_weight="600"),
            rx.text(t_var(row.date), " · ", t_var(row.time), " · ",
                    rx.cond(row.online, t("Online"), row.location),
                    color=COLORS["muted"], size="2"),
            rx.cond(row.note != "", rx.text(t("A note from the organizers: {note}", note=row.note),
                                            size="2", class_name="decision-note")),
            spacing="1",
            min_width="0",
        ),
        rx.hstack(
            status_badge(row.status),
            rx.cond(
                ~row.past & ~row.cancelled,
                rx.button(t("Cancel registration"), variant="soft", color_scheme="red", size="2",
                          on_click=MyPageState.ask_cancel(row.meetup_id, row.title),
                          id=CANCEL_OPENER + "-" + row.meetup_id.to(str)),
            ),
            rx.cond(
                ~row.past & row.cancelled,
                link_button(t("Register again"), size="sm", variant="soft",
                            href="/events/upcoming/register/" + row.meetup_id.to(str)),
            ),
            align="center",
            wrap="wrap",
        ),
        stack_on_phones=True,
    )


def _events_list(rows, empty_text: str) -> rx.Component:
    return rows_or(
        rows,
        _event_row,
        rx.vstack(
            rx.icon("calendar-x", size=32, color=COLORS["muted"]),
            rx.text(t(empty_text), color=COLORS["muted"]),
            link_button(t("Browse Events"), href=routes.EVENTS),
            align="center",
            padding_y="24px",
            width="100%",
        ),
    )


def _cancel_dialog() -> rx.Component:
    return confirm_dialog(
        t("Cancel registration?"),
        t("Your seat at {title} goes to someone else.", title=MyPageState.cancel_title),
        confirm_label=t("Yes, cancel"), cancel_label=t("Keep my seat"),
        on_confirm=sent(MyMeetupsState.confirm_cancel, what=N_("Cancel registration")),
        on_cancel=MyPageState.keep_registration,
        open_=MyPageState.cancel_id > 0,
    )


def events_tab() -> rx.Component:
    return rx.vstack(
        rx.heading(t("My events"), as_="h2", size="6", id=EVENTS_HEADING_ID, tab_index=-1,
                   outline="none"),
        form_alert(MyPageState.events_error, visible=MyPageState.events_error.contains("en")),
        rx.tabs.root(
            rx.tabs.list(
                rx.tabs.trigger(t("Upcoming"), value="upcoming"),
                rx.tabs.trigger(t("Past"), value="past"),
            ),
            rx.tabs.content(_events_list(MyPageState.upcoming, N_("You have no upcoming events.")),
                            value="upcoming", padding_top="8px"),
            rx.tabs.content(_events_list(MyPageState.past, N_("You have no past events yet.")),
                            value="past", padding_top="8px"),
            value=MyPageState.events_tab,
            on_change=MyPageState.show_events_tab,
            width="100%",
        ),
        _cancel_dialog(),
        spacing="3",
        **CARD,
    )
