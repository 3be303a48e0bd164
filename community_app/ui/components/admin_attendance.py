"""The back office's attendance (state/admin_overview.py): registered, attended and the
no-show rate of the recent meetups, and the members placed last on waitlists for
repeated no-shows, each with a button to clear it."""

from __future__ import annotations

import reflex as rx

from community_app.state.admin_overview import AdminOverviewState as S
from community_app.ui.components.admin_common import (
    actions_cell, card, section_header, small_button, table_or_empty, title_cell,
)
from community_app.ui.i18n import t, t_var


def _meetup_row(r) -> rx.Component:
    return rx.table.row(
        title_cell(r.title, t_var(r.date)),
        rx.table.cell(r.registered),
        rx.table.cell(r.attended),
        rx.table.cell(r.no_show_rate),
        actions_cell(rx.link(small_button(t("Check-in")), href=r.check_in)),
    )


def _member_row(m) -> rx.Component:
    return rx.table.row(
        title_cell(m.name, m.email),
        actions_cell(small_button(t("Clear no-shows"), on_click=S.clear_no_shows(m.id),
                                  aria_label=t("Clear no-shows") + " " + m.name)),
    )


def attendance_section() -> rx.Component:
    return rx.vstack(
        card(rx.vstack(
            section_header(t("Attendance"), subtitle=t(
                "Check-ins at the door: registered (accepted), attended, and the share who did "
                "not come (where check-in was used).")),
            table_or_empty(S.attendance_rows, [t("Meetup"), t("Registered"), t("Attended"),
                                          t("No-show rate"), ""],
                           _meetup_row, label=t("Attendance"), empty_text=t("No past meetups yet.")),
            spacing="3", width="100%", id="admin-attendance",
        )),
        card(rx.vstack(
            section_header(t("Placed last on waitlists"), subtitle=t(
                "Members with two no-shows among their last five meetups wait after the others "
                "until you clear it.")),
            table_or_empty(S.placed_last, [t("Member"), ""], _member_row,
                           label=t("Placed last on waitlists"), empty_text=t("Nobody.")),
            spacing="3", width="100%",
        )),
        spacing="4", width="100%",
    )
