"""/admin/jobs: the job posts, the queue first (?status=)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_jobs import LIST, AdminJobsState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_jobs import jobs_section


@admin_page(routes.ADMIN_JOBS, area="jobs", title=N_("Jobs"),
            state=AdminJobsState, read=LIST.read, show=AdminJobsState._show_list)
def admin_jobs() -> rx.Component:
    return jobs_section()
