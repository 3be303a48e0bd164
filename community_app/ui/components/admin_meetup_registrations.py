"""A meetup's registrations in the back office (/admin/meetups/<id>?view=registrations):
search, approval, one-click check-in and the attendees' CSV."""

from __future__ import annotations

import reflex as rx

from community_app.state.admin import AdminState
from community_app.state.admin_meetups import AdminMeetupsState as S
from community_app.ui.components.admin_common import labelled
from community_app.ui.components.admin_meetup_questions import (
    answer_filter, answers_cell, decision_bar, select_cell,
)
from community_app.ui.components.admin_common import edit_button, item_screen, search_box
from community_app.ui.components.admin_common import small_button, status_badge
from community_app.ui.components.admin_common import table_or_empty, title_cell
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors


# ---------------------------------------------------------------- list


def _registration_row(r) -> rx.Component:
    return rx.table.row(
        select_cell(r),
        title_cell(rx.cond(r.name != "", r.name, r.username), r.email, r.phone),
        rx.table.cell(status_badge(r.status, r.status_label)),
        rx.table.cell(
            rx.cond(
                r.is_checked_in,
                rx.hstack(
                    rx.badge(rx.icon("check", size=12), t_var(r.checked_in), color_scheme="green",
                             variant="soft"),
                    small_button(t("Undo"), on_click=S.undo_check_in(r.id), variant="ghost",
                                 aria_label=t("Undo check-in") + " " + r.name),
                    spacing="1",
                    align="center",
                ),
                rx.cond(
                    r.is_accepted,
                    small_button(rx.icon("user-check", size=14), t("Check in"), variant="solid",
                                 color_scheme="green", on_click=S.check_in(r.id),
                                 aria_label=t("Check in") + " " + r.name),
                    rx.text("—", color=COLORS["muted"]),
                ),
            )
        ),
        rx.table.cell(
            rx.cond(
                r.is_pending,
                rx.hstack(
                    small_button(t("Accept"), color_scheme="green", on_click=S.accept(r.id),
                                 aria_label=t("Accept") + " " + r.name),
                    small_button(t("Reject"), color_scheme="red", on_click=S.reject(r.id),
                                 aria_label=t("Reject") + " " + r.name),
                    spacing="2",
                ),
                rx.text("—", color=COLORS["muted"]),
            )
        ),
        rx.table.cell(rx.vstack(rx.text(t_var(r.reason)), rx.text(t_var(r.field), size="1",
                                                                   color=COLORS["muted"]),
                                spacing="0"), white_space="nowrap"),
        answers_cell(r),
        rx.table.cell(rx.text(r.expectation, size="2", min_width="200px", max_width="320px")),
        rx.table.cell(rx.text(t_var(r.registered), size="2"), white_space="nowrap"),
    )


def registrations_view() -> rx.Component:
    return item_screen(
        t("All meetups"), S.to_list, t("Registrations"),
        edit_button(S.edit(S.editing_id), t("Edit meetup")),
        rx.link(small_button(rx.icon("scan-line", size=14), t("Check-in at the door")),
                href="/admin/meetups/" + S.editing_id.to(str) + "/check-in"),
        rx.link(small_button(rx.icon("star", size=14), t("Talk feedback")),
                href="/admin/meetups/" + S.editing_id.to(str) + "/feedback"),
        small_button(rx.icon("download", size=14), t("Download CSV"), variant="solid",
                     on_click=S.download_csv, id="admin-download-csv"),
        subtitle=S.current_title,
        body=_registrations(),
    )


def _registrations() -> tuple[rx.Component, ...]:
    """The counts, the search and the table of registrations."""
    return (
        rx.text(t("{registered} registered · {checked} checked in", registered=S.live_count,
                  checked=S.checked_in_count), id="registration-counts", size="2",
                color=COLORS["muted"]),
        labelled(
            t("Search by name or email"), "registration-search",
            search_box(S.search, S.set_search, t("Name or email"), max_width="420px",
                       id="registration-search"),
            width="100%",
        ),
        answer_filter(),
        decision_bar(),
        table_or_empty(
            S.registrations,
            [t("Choose"), t("Member"), t("Status"), t("Check-in"), t("Approval"),
             t("Reason and field"), t("Seat and answers"), t("Expectation"), t("Registered at")],
            _registration_row,
            label=t("Registrations"),
            empty_text=rx.cond(S.search != "", t("Nobody matches this search."),
                               t("No registrations yet.")),
        ),
    )
