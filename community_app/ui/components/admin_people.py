"""Sections of /admin about people and site-wide things: speaker applications, comments,
settings and the audit log."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes

from community_app.state.admin import AdminState
from community_app.state.admin_comments import AdminCommentsState as C
from community_app.state.admin_settings import AdminAuditState as A
from community_app.state.admin_settings import AdminSettingsState as SE
from community_app.state.admin_speakers import EXPERTISE_LABELS, STATUS_LABELS
from community_app.state.admin_speakers import AdminSpeakersState as SP
from community_app.ui.components.admin_common import labelled, native_select
from community_app.ui.components.admin_common import actions_cell, card, check, choices, columns
from community_app.ui.components.admin_common import list_screen
from community_app.ui.components.admin_common import labelled_select, loading_or, screen
from community_app.ui.components.admin_common import search_box, section_header, small_button
from community_app.ui.components.admin_common import card_list, status_badge
from community_app.ui.components.forms import field, stacked_form, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors


# ---------------------------------------------------------------- speaker applications


def _status_option(value) -> rx.Component:
    return rx.el.option(
        rx.match(value, *[(k, t(v)) for k, v in STATUS_LABELS.items()], value), value=value
    )


def _application(a) -> rx.Component:
    link = lambda label, href: rx.cond(  # noqa: E731
        href != "", rx.link(label, href=href, is_external=True, size="2")
    )
    return card(
        rx.vstack(
            rx.flex(
                rx.vstack(
                    rx.heading(a.full_name, as_="h3", size="4"),
                    rx.text(a.job_position, " · ", t_var(a.experience), " · ", t_var(a.expertise_label),
                            size="2", color=COLORS["muted"]),
                    spacing="1",
                ),
                rx.hstack(status_badge(a.status, a.status_label),
                          rx.badge(a.language, variant="outline", title=t("Email language")),
                          spacing="2"),
                justify="between",
                gap="8px",
                wrap="wrap",
                width="100%",
            ),
            rx.text(a.topics, white_space="pre-wrap"),
            rx.flex(
                rx.link(a.email, href="mailto:" + a.email, size="2"),
                rx.text(a.phone, size="2"),
                link("LinkedIn", a.linkedin),
                link("GitHub", a.github),
                link(t("Portfolio"), a.portfolio),
                rx.text(t_var(a.created), size="2", color=COLORS["muted"]),
                gap="12px",
                wrap="wrap",
            ),
            rx.cond(a.note != "", rx.text(t("Note"), ": ", a.note, size="2",
                                          color=COLORS["muted"], font_style="italic")),
            rx.form(
                rx.flex(
                    rx.el.input(type="hidden", name="id", value=a.id.to_string()),
                    labelled(
                        t("New status"), "status-" + a.id.to_string(),
                        native_select(rx.foreach(a.next_statuses, _status_option),
                                      id_="status-" + a.id.to_string(), name="status",
                                      min_width="160px"),
                    ),
                    labelled(
                        t("Note (optional, for organizers)"), "note-" + a.id.to_string(),
                        rx.input(id="note-" + a.id.to_string(), name="note", size="3",
                                 width="100%"),
                        flex="1",
                        min_width="200px",
                    ),
                    submit_button(t("Change status"), width="auto"),
                    gap="12px",
                    wrap="wrap",
                    align="end",
                    width="100%",
                ),
                on_submit=SP.change_status,
                no_validate=True,
                reset_on_submit=True,
                width="100%",
                aria_label=t("Change the status of") + " " + a.full_name,
            ),
            spacing="3",
            width="100%",
        ),
        class_name="admin-application",
    )


def speakers_section() -> rx.Component:
    return screen(
        section_header(
            t("Speaker applications"),
            rx.link(t("Review queue"), href=routes.ADMIN_SPEAKER_REVIEWS, size="2",
                    id="to-review-queue"),
            subtitle=t("Accepting or rejecting emails the applicant in their language."),
        ),
        rx.flex(
            labelled_select(
                t("Status"), "statusFilter",
                [("all", t("All")), *[(k, t(v)) for k, v in STATUS_LABELS.items()]],
                value=SP.status_filter, on_change=SP.set_status_filter, width="200px",
            ),
            labelled_select(
                t("Expertise"), "expertiseFilter",
                [("all", t("All")), *[(v, t(label)) for v, label in EXPERTISE_LABELS.items()]],
                value=SP.expertise_filter, on_change=SP.set_expertise_filter, width="200px",
            ),
            rx.hstack(
                *[
                    rx.badge(t(label), ": ", SP.counts.get(key, 0), variant="soft",
                             color_scheme="gray")
                    for key, label in STATUS_LABELS.items()
                ],
                wrap="wrap",
                spacing="2",
            ),
            gap="12px",
            wrap="wrap",
            align="end",
        ),
        card_list(SP.loaded, SP.applications, _application,
                  empty_text=t("No applications match these filters.")),
    )


# ---------------------------------------------------------------- comments


def _comment_row(c) -> rx.Component:
    return rx.table.row(
        rx.table.row_header_cell(
            rx.vstack(
                rx.text(c.text, white_space="pre-wrap", min_width="220px", max_width="420px"),
                rx.cond(c.is_reply, rx.text(t("Reply"), size="1", color=COLORS["muted"])),
                spacing="0",
            )
        ),
        rx.table.cell(rx.text(c.author)),
        rx.table.cell(rx.link(c.news_title, href=c.news_href, size="2", is_external=True)),
        rx.table.cell(rx.text(t_var(c.created), size="2"), white_space="nowrap"),
        rx.table.cell(rx.badge(rx.cond(c.hidden, t("Hidden"), t("Visible")),
                               color_scheme=rx.cond(c.hidden, "gray", "green"), variant="soft")),
        actions_cell(
            rx.cond(
                c.hidden,
                small_button(rx.icon("eye", size=14), t("Show"), on_click=C.unhide(c.id)),
                small_button(rx.icon("eye-off", size=14), t("Hide"), on_click=C.hide(c.id)),
            ),
            delete=(t("Delete this comment?"),
                    t("Its replies are deleted too. This cannot be undone."), C.delete(c.id)),
        ),
    )


def comments_section() -> rx.Component:
    return list_screen(
        t("Comments"),
        subtitle=t("A hidden comment and its replies vanish from the public thread."),
        tools=rx.flex(
            choices([("all", t("All")), ("visible", t("Visible")), ("hidden", t("Hidden"))],
                    C.show, C.set_show),
            search_box(C.query, C.set_query, t("Search text, author or news"),
                       aria_label=t("Search comments")),
            gap="12px",
            wrap="wrap",
            align="center",
        ),
        loaded=C.loaded, items=C.comments, row=_comment_row,
        columns=[t("Comment"), t("Author"), t("News"), t("Written"), t("State"), t("Actions")],
        empty_text=t("No comments here."),
    )


# ---------------------------------------------------------------- settings


def settings_section() -> rx.Component:
    f = SE.form
    return screen(
        section_header(t("Settings"), subtitle=t("Changes apply at once, without a restart.")),
        loading_or(
            SE.loaded,
            card(
                stacked_form(
                        field(t("Community contact email"), "contactEmail", type_="email",
                              errors=E, default_value=f.contact_email,
                              hint=t("Shown on the maintenance page.")),
                        rx.heading(t("Statistics targets"), as_="h3", size="4", margin_top="8px"),
                        columns(
                            field(t("Expert speakers"), "targetSpeakers", errors=E,
                                  default_value=f.target_speakers, input_mode="numeric",
                                  hint=t("Now: {n}", n=SE.current_speakers)),
                            field(t("Community events"), "targetEvents", errors=E,
                                  default_value=f.target_events, input_mode="numeric",
                                  hint=t("Now: {n}", n=SE.current_events)),
                            field(t("Active members"), "targetMembers", errors=E,
                                  default_value=f.target_members, input_mode="numeric",
                                  hint=t("Now: {n}", n=SE.current_members)),
                            sm="3",
                        ),
                        rx.heading(t("Maintenance"), as_="h3", size="4", margin_top="8px"),
                        check(t("Show the maintenance page to visitors"), "maintenance",
                              default_checked=f.maintenance),
                        rx.text(t("Organizers still reach /login and /admin to switch it off."),
                                size="2", color=COLORS["muted"]),
                        submit_button(t("Save settings"), width="auto", id="admin-save-settings"),
                    on_submit=SE.save,
                    key=SE.form_key,
                )
            ),
        ),
    )


# ---------------------------------------------------------------- audit log


def _audit_row(e) -> rx.Component:
    return rx.table.row(
        rx.table.cell(rx.text(t_var(e.when), size="2"), white_space="nowrap"),
        rx.table.cell(rx.vstack(rx.text(e.who), rx.text(e.email, size="1", color=COLORS["muted"]),
                                spacing="0")),
        rx.table.cell(rx.vstack(rx.text(t_var(e.action_label), size="2"),
                                rx.code(e.action, size="1"), spacing="1")),
        rx.table.cell(rx.text(e.target, size="2"), white_space="nowrap"),
        rx.table.cell(rx.text(e.detail, size="2", min_width="200px", max_width="420px")),
    )


def audit_section() -> rx.Component:
    return list_screen(
        t("Audit log"),
        subtitle=t("Who did what, and when (Korea time)."),
        tools=search_box(A.query, A.set_query, t("Search actions and details"),
                         aria_label=t("Search the audit log")),
        loaded=A.loaded, items=A.entries, row=_audit_row,
        columns=[t("When"), t("Who"), t("Action"), t("Target"), t("Detail")],
        empty_text=t("Nothing recorded yet."),
        after=rx.hstack(
            small_button(rx.icon("chevron-left", size=14), t("Newer"), on_click=A.previous_page,
                         disabled=A.page == 0),
            rx.text(t("Page {page} of {pages}", page=A.page + 1,
                      pages=rx.cond(A.total_pages > 0, A.total_pages, 1)), size="2"),
            small_button(t("Older"), rx.icon("chevron-right", size=14), on_click=A.next_page,
                         disabled=A.page + 1 >= A.total_pages),
            spacing="3",
            align="center",
        ),
    )
