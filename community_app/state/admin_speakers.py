"""/admin, Speaker applications: filters by status and expertise, and status changes
with an optional note (ACCEPTED and REJECTED email the applicant in their language)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_, both
from community_app.i18n.dates import date_texts
from community_app.models import ApplicationStatus, Experience, Expertise
from community_app.services.admin import speakers as service
from community_app.services.admin.speakers import STATUS_CHANGED
from community_app.state.admin import AdminList, AdminState, address_value, whole_list
from community_app.state.admin_rows import ApplicationRow

EMAIL_SENT = N_("Status changed. The applicant was emailed in their language.")
STATUS_LABELS = ApplicationStatus.labels()
EXPERIENCE_LABELS = Experience.labels()
EXPERTISE_LABELS = Expertise.labels()


def _row(v: service.AdminApplicationView) -> ApplicationRow:
    return ApplicationRow(
        id=v.id, full_name=v.full_name, email=v.email, phone=v.phone,
        job_position=v.job_position,
        experience=both(EXPERIENCE_LABELS.get(v.years_of_experience, v.years_of_experience)),
        expertise=v.expertise_field,
        expertise_label=both(EXPERTISE_LABELS.get(v.expertise_field, v.expertise_field)),
        topics=v.topics, linkedin=v.linkedin_url,
        github=v.github_url, portfolio=v.portfolio_url, language=v.language.upper(),
        status=v.status, status_label=both(STATUS_LABELS[v.status]), note=v.status_note,
        created=date_texts(v.created_at), next_statuses=list(service.TRANSITIONS[v.status]),
    )


def _fetch(status_filter: str, expertise_filter: str):
    status = None if status_filter == "all" else status_filter
    expertise = None if expertise_filter == "all" else expertise_filter

    def read(session, actor):
        page = service.list_applications(session, actor, whole_list(), status=status,
                                         expertise=expertise)
        return page.items, service.count_by_status(session, actor)

    return read


# /admin/speakers[?status=...&expertise=...]
LIST = AdminList(_fetch, {"status_filter": ("status", STATUS_LABELS, "all"),
                          "expertise_filter": ("expertise", EXPERTISE_LABELS, "all")})


class AdminSpeakersState(AdminState):
    applications: list[ApplicationRow] = []
    loaded: bool = False
    status_filter: str = "all"
    expertise_filter: str = "all"
    counts: dict[str, int] = {}

    def _show_list(self, result):
        items, counts = result
        self.applications = [_row(v) for v in items]
        self.counts = counts
        self.loaded = True

    def _load_list(self):
        return self._read_list(LIST, AdminSpeakersState._show_list)

    def _filters(self, status: str, expertise: str):
        return self._go(routes.ADMIN_SPEAKERS, status=address_value(status, "all"),
                        expertise=address_value(expertise, "all"))

    @rx.event
    def set_status_filter(self, value: str):
        return self._filters(value, self.expertise_filter)

    @rx.event
    def set_expertise_filter(self, value: str):
        return self._filters(self.status_filter, value)

    @rx.event
    def change_status(self, data: dict):
        try:
            application_id = int(str(data.get("id", "")))
        except ValueError:
            return None
        status = str(data.get("status", "") or "")
        note = str(data.get("note", "") or "")
        done = EMAIL_SENT if status in service.EMAILS else STATUS_CHANGED
        ok, _, event = self._run(
            lambda s, a: service.change_status(s, a, application_id, status, note), done
        )
        if ok:
            self._reload_list()
        return event
