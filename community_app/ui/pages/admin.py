"""/admin: the organizer back office. Meetups, news, jobs, speaker applications,
comments, settings and the audit log, each a tab; every handler checks the role on the
server. Visitors go to /login?from=/admin; members see that the page is not for them."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.admin import AdminState
from community_app.state.admin_comments import AdminCommentsState
from community_app.state.admin_jobs import AdminJobsState
from community_app.state.admin_meetups import AdminMeetupsState
from community_app.state.admin_news import AdminNewsState
from community_app.state.admin_settings import AdminAuditState, AdminSettingsState
from community_app.state.admin_speakers import AdminSpeakersState
from community_app.state.site import SiteState
from community_app.ui import routes
from community_app.ui.admin_routes import ADMIN
from community_app.ui.components.admin_common import messages
from community_app.ui.components.admin_jobs import jobs_section
from community_app.ui.components.admin_meetups import meetups_section
from community_app.ui.components.admin_news import news_section
from community_app.ui.components.admin_people import (
    audit_section,
    comments_section,
    settings_section,
    speakers_section,
)
from community_app.ui.components.browser import loading_screen
from community_app.ui.components.buttons import link_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS

SECTIONS = (
    ("meetups", "calendar-days", N_("Meetups"), AdminMeetupsState.load, meetups_section),
    ("news", "newspaper", N_("News"), AdminNewsState.load, news_section),
    ("jobs", "briefcase", N_("Jobs"), AdminJobsState.load, jobs_section),
    ("speakers", "mic", N_("Speakers"), AdminSpeakersState.load, speakers_section),
    ("comments", "message-square", N_("Comments"), AdminCommentsState.load, comments_section),
    ("settings", "settings", N_("Settings"), AdminSettingsState.load, settings_section),
    ("audit", "history", N_("Audit log"), AdminAuditState.load, audit_section),
)


def _not_allowed() -> rx.Component:
    return rx.vstack(
        rx.icon("shield-x", size=48, color=COLORS["danger"]),
        rx.heading(t("Not allowed"), as_="h1", size="7"),
        rx.text(t("This page is for organizers only."), size="4", color=COLORS["muted"],
                id="admin-not-allowed"),
        link_button(rx.icon("house", size=18), t("Back to Home"), href=routes.HOME),
        spacing="4",
        align="center",
        text_align="center",
        min_height="50vh",
        justify="center",
        width="100%",
    )


def _tabs() -> rx.Component:
    return rx.tabs.root(
        rx.box(
            rx.tabs.list(
                *[
                    rx.tabs.trigger(rx.hstack(rx.icon(icon, size=16), rx.text(t(label)),
                                              spacing="2", align="center"),
                                    value=key, cursor="pointer")
                    for key, icon, label, _, _ in SECTIONS
                ],
                size="2",
                flex_wrap="nowrap",
                white_space="nowrap",
            ),
            overflow_x="auto",
            width="100%",
        ),
        *[
            rx.tabs.content(
                rx.box(body(), on_mount=load, width="100%", padding_top="20px"),
                value=key,
                width="100%",
            )
            for key, _, _, load, body in SECTIONS
        ],
        value=AdminState.section,
        on_change=AdminState.set_section,
        width="100%",
    )


def _back_office() -> rx.Component:
    return rx.vstack(
        rx.vstack(
            rx.heading(t("Organizer back office"), as_="h1", size=rx.breakpoints(initial="6", md="7")),
            rx.text(t("Signed in as {name}.", name=AdminState.email), color=COLORS["muted"],
                    size="2"),
            spacing="1",
        ),
        rx.cond(
            SiteState.maintenance,
            rx.callout.root(
                rx.callout.icon(rx.icon("construction")),
                rx.callout.text(t("Maintenance mode is on: visitors see the maintenance page.")),
                color_scheme="amber",
                width="100%",
            ),
        ),
        messages(),
        _tabs(),
        spacing="4",
        width="100%",
    )


@page(ADMIN, title=N_("Organizer back office"), on_load=[AdminState.open_page])
def admin() -> rx.Component:
    return content_container(
        rx.cond(
            AdminState.allowed,
            _back_office(),
            rx.cond(
                AdminState.checked,
                _not_allowed(),
                loading_screen(label=t("Loading...")),
            ),
        ),
    )
