"""My Page's "Job posting" tab (ui/pages/mypage.py): the member's job posts and the form
to post one.
"""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.models import JobCategory, JobType
from community_app.state.mypage import MyPageState
from community_app.state.sent_writes import sent
from community_app.ui.components.blocks import list_row
from community_app.ui.components.forms import error_text, field, form_alert
from community_app.ui.components.forms import stacked_form, submit_button
from community_app.ui.components.job_visa_fields import choice_select, visa_fields
from community_app.ui.components.mypage_parts import CARD, form_grid, rows_or, status_badge
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

JOB_TYPES = JobType.labels()
CATEGORIES = JobCategory.labels()


def _select(label: str, name: str, options: dict[str, str], errors) -> rx.Component:
    return choice_select(label, name, options, errors)


def _textarea(label: str, name: str, errors=None, rows: str = "4", **props) -> rx.Component:
    return rx.vstack(
        rx.el.label(t(label), html_for=f"field-{name}", font_weight="500", font_size="14px"),
        rx.text_area(id=f"field-{name}", name=name, rows=rows, width="100%", **props),
        error_text(errors, name, id_=f"field-{name}-error") if errors is not None else rx.fragment(),
        spacing="1", width="100%",
    )


def _job_row(job) -> rx.Component:
    return list_row(
        rx.vstack(rx.text(job.title, font_weight="600"),
                  rx.text(job.company, " · ", t_var(job.date), color=COLORS["muted"], size="2"),
                  spacing="1"),
        status_badge(job.status),
        padding_y="10px",
    )


def jobs_tab() -> rx.Component:
    e = MyPageState.job_errors
    form = stacked_form(
        form_grid(
            field(t("Job title"), "title", errors=e),
            field(t("Company"), "companyName", errors=e),
            field(t("Location"), "location", errors=e, placeholder=t("e.g. Seoul")),
            field(t("Experience"), "experience", errors=e, placeholder=t("e.g. 3+ years")),
            _select(N_("Job type"), "jobType", JOB_TYPES, e),
            _select(N_("Category"), "category", CATEGORIES, e),
            field(t("Minimum salary (KRW per year)"), "salaryMin", errors=e, input_mode="numeric"),
            field(t("Maximum salary (KRW per year)"), "salaryMax", errors=e, input_mode="numeric"),
        ),
        rx.el.label(
            rx.hstack(rx.checkbox(name="remote", aria_label=t("Remote work possible")), rx.text(t("Remote work possible")), align="center"),
        ),
        visa_fields(e),
        _textarea(N_("Description"), "description", e),
        _textarea(N_("Requirements and experience"), "requirements", e),
        field(t("Technologies and skills"), "technologies", errors=e,
              hint=t("Separate with commas: Python, React, AWS")),
        _textarea(N_("Benefits"), "benefits", e, rows="3"),
        _textarea(N_("About the company"), "companyDescription", e, rows="3"),
        field(t("Keywords"), "keywords", errors=e, hint=t("Separate with commas")),
        form_grid(
            field(t("Contact phone"), "contactPhone", errors=e, type_="tel"),
            field(t("Contact email"), "contactEmail", errors=e, type_="email"),
        ),
        field(t("Website"), "contactWebsite", errors=e, placeholder="https://"),
        submit_button(t("Submit job post"), width="auto"),
        on_submit=sent(MyPageState.submit_job, what=N_("Submit job post")), key=MyPageState.job_form_key, align="stretch",
    )
    return rx.vstack(
        rx.heading(t("Job posting"), as_="h2", size="6"),
        rx.text(t("Post a job for the community. An organizer reviews it before it is published."),
                color=COLORS["muted"]),
        form_alert(MyPageState.job_notice, visible=MyPageState.job_notice.contains("en"), color="green"),
        rx.cond(MyPageState.job_errors.contains("form"),
                form_alert(MyPageState.job_errors["form"], visible=True),
                rx.cond(MyPageState.job_errors.length() > 0,
                        rx.callout.root(rx.callout.text(t("Please correct the highlighted fields.")),
                                        color_scheme="red", role="alert", width="100%"))),
        form,
        rx.heading(t("My job posts"), as_="h3", size="4", padding_top="12px"),
        rows_or(MyPageState.my_jobs, _job_row,
                rx.text(t("You have not posted a job yet."), color=COLORS["muted"])),
        spacing="3",
        **CARD,
    )
