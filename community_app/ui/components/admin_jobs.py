"""The Jobs section of /admin: the pending queue and every post; open, renew, close,
mark filled, edit, delete."""

from __future__ import annotations

import reflex as rx

from community_app.models import JobCategory, JobType
from community_app.state.admin import AdminState
from community_app.state.admin_jobs import STATUS_LABELS
from community_app.state.admin_jobs import AdminJobsState as S
from community_app.ui.components.admin_common import actions_cell, announce_switch, card, check
from community_app.ui.components.admin_common import choices
from community_app.ui.components.admin_common import columns, edit_button
from community_app.ui.components.admin_common import item_screen, labelled_select
from community_app.ui.components.admin_common import list_screen, small_button, status_badge
from community_app.ui.components.admin_common import text_area, title_cell
from community_app.ui.components.forms import field, stacked_form, submit_button
from community_app.ui.components.job_visa_fields import visa_fields
from community_app.ui.i18n import t, t_var

E = AdminState.errors
JOB_TYPE_LABELS = JobType.labels()
CATEGORY_LABELS = JobCategory.labels()


def _job_row(j) -> rx.Component:
    return rx.table.row(
        title_cell(j.title, (j.company, " · ", j.location), min_width="180px"),
        rx.table.cell(status_badge(j.status, j.status_label)),
        rx.table.cell(rx.text(rx.cond(j.poster != "", j.poster, "—"))),
        rx.table.cell(rx.text(t_var(j.created)), white_space="nowrap"),
        rx.table.cell(rx.text(t_var(j.expires)), white_space="nowrap"),
        actions_cell(
            rx.cond(j.can_open, small_button(t("Open the post"), variant="solid", color_scheme="green",
                                             on_click=S.open_job(j.id))),
            rx.cond(j.can_renew, small_button(t("Renew 30 days"), on_click=S.renew(j.id))),
            rx.cond(j.can_close, small_button(t("Close"), on_click=S.close(j.id))),
            rx.cond(j.can_fill, small_button(t("Mark filled"), on_click=S.fill(j.id))),
            edit_button(S.edit(j.id)),
            delete=(t("Delete this job post?"), t("This cannot be undone."), S.delete(j.id)),
        ),
    )


def _list() -> rx.Component:
    return list_screen(
        t("Jobs"),
        subtitle=t("Member posts wait as pending until an organizer opens them; an open post stays public for 30 days unless renewed."),
        tools=rx.box(
            choices([*[(value, t(label)) for value, label in STATUS_LABELS.items()],
                     ("ALL", t("All"))], S.filter, S.set_filter),
            overflow_x="auto",
            max_width="100%",
        ),
        loaded=S.loaded, items=S.jobs, row=_job_row,
        columns=[t("Job"), t("Status"), t("Posted by"), t("Posted"), t("Expires"), t("Actions")],
        empty_text=rx.cond(S.filter == "PENDING", t("No job posts are waiting."),
                           t("No job posts here.")),
    )


def _form_view() -> rx.Component:
    hint = t("Posted once when an organizer opens the post; switched on for an open post, it is posted now.")
    return item_screen(t("All job posts"), S.back_to_list, t("Edit job post"),
                       body=(announce_switch(S.announce, S.set_announce, hint), _form()))


def _form() -> rx.Component:
    f = S.form
    return card(
        stacked_form(
            columns(
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
            columns(
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
            ),
            submit_button(t("Save job post"), width="auto"),
            on_submit=S.save,
            key=S.form_key,
        )
    )


def jobs_section() -> rx.Component:
    return rx.cond(S.mode == "form", _form_view(), _list())
