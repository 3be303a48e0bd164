"""/admin: what waits for the organizers, each figure a link to its area."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_overview import AdminOverviewState as S, read_overview
from community_app.ui.components.admin_attendance import attendance_section
from community_app.ui.components.admin_common import card, loading_or, section_header
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS


def _figure(value: Any, label: str, href: str, icon: str) -> rx.Component:
    """A count with its icon and label: a card that leads to the list it counts."""
    count = rx.vstack(
        rx.text(value, size="7", font_weight="700", color=COLORS["text"]),
        rx.text(t(label), size="2", color=COLORS["muted"]),
        spacing="0",
    )
    figure = rx.hstack(rx.icon(icon, size=28, color=COLORS["primary"]), count, spacing="4", align="center")
    return rx.link(card(figure), href=href, underline="none", width="100%")


@admin_page(routes.ADMIN, area="overview", title=N_("Organizer back office"),
            state=S, read=read_overview, show=S._show)
def admin_overview() -> rx.Component:
    return rx.vstack(
        section_header(t("Overview")),
        loading_or(
            S.loaded,
            rx.grid(
                _figure(S.upcoming_meetups, N_("Upcoming meetups"), routes.ADMIN_MEETUPS,
                        "calendar-days"),
                _figure(S.pending_jobs, N_("Job posts waiting for review"), routes.ADMIN_JOBS,
                        "briefcase"),
                _figure(S.new_applications, N_("New speaker applications"),
                        f"{routes.ADMIN_SPEAKERS}?status=NEW", "mic"),
                _figure(S.past_meetups, N_("Past meetups"), f"{routes.ADMIN_MEETUPS}?type=past",
                        "history"),
                _figure(S.total_attended, N_("Checked-in attendees of past meetups"),
                        f"{routes.ADMIN_MEETUPS}?type=past", "users"),
                columns=rx.breakpoints(initial="1", sm="2", md="3"),
                spacing="4",
                width="100%",
            ),
        ),
        attendance_section(),
        spacing="4",
        width="100%",
        id="admin-overview",
    )
