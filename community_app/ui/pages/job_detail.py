"""Job details (job_detail route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.JOB_DETAIL, title=N_("Job details"))
def job_detail() -> rx.Component:
    return placeholder_page(
        N_("Job details"),
        N_("Everything about this job and how to apply."),
    )
