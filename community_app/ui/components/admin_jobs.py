"""The Jobs section of /admin: the pending queue and every post; open, renew, close,
mark filled, edit, delete."""

from __future__ import annotations

import reflex as rx

from community_app.models import JobCategory, JobType
from community_app.state.admin import AdminState
from community_app.state.admin_jobs import STATUS_LABELS
from community_app.state.admin_jobs import AdminJobsState as S
from community_app.ui.components.admin_common import (
    delete_button,
    card,
    check,
    empty,
    labelled_select,
    loading_or,
    scroll_table,
    section_header,
    small_button,
    status_badge,
    text_area,
)
from community_app.ui.components.forms import field, submit_button
from community_app.ui.components.job_visa_fields import visa_fields
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors
JOB_TYPE_LABELS = JobType.labels()
CATEGORY_LABELS = JobCategory.labels()


def _job_row(j) -> rx.Component:
    return rx.table.row(
        rx.table.row_header_cell(
            rx.vstack(
                rx.text(j.title, font_weight="600"),
                rx.text(j.company, " · ", j.location, size="1", color=COLORS["muted"]),
                spacing="0",
                min_width="180px",
            )
        ),
        rx.table.cell(status_badge(j.status, j.status_label)),
        rx.table.cell(rx.text(rx.cond(j.poster != "", j.poster, "—"))),
        rx.table.cell(rx.text(t_var(j.created)), white_space="nowrap"),
        rx.table.cell(rx.text(t_var(j.expires)), white_space="nowrap"),
        rx.table.cell(
            rx.hstack(
                rx.cond(j.can_open, small_button(t("Open the post"), variant="solid", color_scheme="green",
                                                 on_click=S.open_job(j.id))),
                rx.cond(j.can_renew, small_button(t("Renew 30 days"), on_click=S.renew(j.id))),
                rx.cond(j.can_close, small_button(t("Close"), on_click=S.close(j.id))),
                rx.cond(j.can_fill, small_button(t("Mark filled"), on_click=S.fill(j.id))),
                small_button(rx.icon("pencil", size=14), t("Edit"), on_click=S.edit(j.id)),
                delete_button(
                    title=t("Delete this job post?"),
                    text=t("This cannot be undone."),
                    on_confirm=S.delete(j.id),
                ),
                spacing="2",
            )
        ),
    )


def _list() -> rx.Component:
    return rx.vstack(
        section_header(
            t("Jobs"),
            subtitle=t("Member posts wait as pending until an organizer opens them; an open post stays public for 30 days unless renewed."),
        ),
        rx.box(
            rx.segmented_control.root(
                *[rx.segmented_control.item(t(label), value=value)
                  for value, label in STATUS_LABELS.items()],
                rx.segmented_control.item(t("All"), value="ALL"),
                value=S.filter,
                on_change=S.set_filter,
            ),
            overflow_x="auto",
            max_width="100%",
        ),
        loading_or(
            S.loaded,
            rx.cond(
                S.jobs.length() > 0,
                scroll_table([t("Job"), t("Status"), t("Posted by"), t("Posted"), t("Expires"),
                              t("Actions")],
                             rx.foreach(S.jobs, _job_row), label=t("Jobs")),
                empty(rx.cond(S.filter == "PENDING", t("No job posts are waiting."),
                              t("No job posts here."))),
            ),
        ),
        spacing="4",
        width="100%",
    )


def _form_view() -> rx.Component:
    f = S.form
    return rx.vstack(
        small_button(rx.icon("arrow-left", size=14), t("All job posts"), on_click=S.back_to_list,
                     variant="ghost"),
        section_header(t("Edit job post")),
        card(
            rx.form(
                rx.vstack(
                    rx.grid(
                        field(t("Title"), "title", errors=E, default_value=f.title),
                        field(t("Company"), "companyName", errors=E, default_value=f.company_name),
                        field(t("Location"), "location", errors=E, default_value=f.location),
                        field(t("Experience"), "experience", errors=E, default_value=f.experience),
                        labelled_select(t("Job type"), "jobType",
                                        [(v, t(label)) for v, label in JOB_TYPE_LABELS.items()],
                                        default_value=f.job_type),
                        labelled_select(t("Category"), "category",
                                        [(v, t(label)) for v, label in CATEGORY_LABELS.items()],
                                        default_value=f.category),
                        columns=rx.breakpoints(initial="1", sm="2"),
                        spacing="3",
                        width="100%",
                    ),
                    check(t("Remote work possible"), "remote", default_checked=f.remote),
                    visa_fields(E, visas=f.visas, sponsorship=f.visa_sponsorship,
                                korean_level=f.korean_level, languages=f.working_languages),
                    text_area(t("Description"), "description", default_value=f.description,
                              rows="6", errors=E),
                    text_area(t("Requirements"), "requirements", default_value=f.requirements,
                              errors=E),
                    field(t("Technologies (comma separated)"), "technologies", errors=E,
                          default_value=f.technologies),
                    text_area(t("Benefits"), "benefits", default_value=f.benefits, rows="3",
                              errors=E),
                    text_area(t("About the company"), "companyDescription",
                              default_value=f.company_description, rows="3", errors=E),
                    rx.grid(
                        field(t("Salary from"), "salaryMin", errors=E, default_value=f.salary_min,
                              input_mode="numeric"),
                        field(t("Salary to"), "salaryMax", errors=E, default_value=f.salary_max,
                              input_mode="numeric"),
                        field(t("Contact email"), "contactEmail", errors=E, type_="email",
                              default_value=f.contact_email),
                        field(t("Contact phone"), "contactPhone", errors=E, type_="tel",
                              default_value=f.contact_phone),
                        field(t("Website"), "contactWebsite", errors=E, type_="url",
                              default_value=f.contact_website),
                        columns=rx.breakpoints(initial="1", sm="2"),
                        spacing="3",
                        width="100%",
                    ),
                    submit_button(t("Save job post"), width="auto"),
                    spacing="3",
                    width="100%",
                ),
                on_submit=S.save,
                no_validate=True,
                key=S.form_key,
                width="100%",
            )
        ),
        spacing="4",
        width="100%",
    )


def jobs_section() -> rx.Component:
    return rx.cond(S.mode == "form", _form_view(), _list())
