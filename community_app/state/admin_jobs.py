"""/admin, Jobs: the queue of member-submitted posts and every other post, with open,
renew, close, mark filled, edit and delete."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_, both
from community_app.i18n.dates import date_texts
from community_app.models import JobStatus
from community_app.services.admin import jobs as service
from community_app.services.admin.jobs import CLOSED, FILLED, OPENED, RENEWED
from community_app.state.admin import AdminList, AdminState, row_action, whole_list
from community_app.state.admin_rows import JobForm, JobRow

SAVED = N_("Job post saved.")
DELETED = N_("Job post deleted.")
# The list's filters, in the order of its tabs: the statuses (labels from
# models/enums.py) plus EXPIRED, an OPEN post past its end date (services/admin/jobs.py).
_STATUS = JobStatus.labels()
STATUS_LABELS = {
    JobStatus.PENDING.value: _STATUS[JobStatus.PENDING.value],
    JobStatus.OPEN.value: _STATUS[JobStatus.OPEN.value],
    service.EXPIRED: N_("Expired"),
    JobStatus.CLOSED.value: _STATUS[JobStatus.CLOSED.value],
    JobStatus.FILLED.value: _STATUS[JobStatus.FILLED.value],
}
FILTERS = (*STATUS_LABELS, "ALL")


def _row(v: service.AdminJobView) -> JobRow:
    j = v.job
    status = "EXPIRED" if v.is_expired else v.raw_status
    poster = ""
    if j.posted_by:
        poster = f"{j.posted_by.first_name} {j.posted_by.last_name}".strip() or j.posted_by.username
    return JobRow(
        id=j.id, title=j.title, company=j.company_name, location=j.location,
        job_type=j.job_type, category=j.category, status=status,
        status_label=both(STATUS_LABELS[status]), poster=poster, created=date_texts(j.created_at),
        expires=date_texts(j.expires_at) if j.expires_at else {"en": "—", "uz": "—"},
        can_open=status != "OPEN", can_renew=v.raw_status == "OPEN",
        can_close=v.raw_status in ("OPEN", "PENDING"),
        can_fill=v.raw_status in ("OPEN", "CLOSED"),
    )


def _form(v: service.AdminJobView) -> JobForm:
    j = v.job
    return JobForm(
        title=j.title, company_name=j.company_name, company_description=j.company_description,
        location=j.location, remote=j.remote, job_type=j.job_type, category=j.category,
        description=j.description, requirements=j.requirements, experience=j.experience,
        technologies=", ".join(j.technologies), benefits=j.benefits,
        salary_min="" if j.salary_min is None else str(j.salary_min),
        salary_max="" if j.salary_max is None else str(j.salary_max),
        contact_email=j.contact_email or "", contact_phone=j.contact_phone or "",
        contact_website=j.contact_website or "",
        visas=list(j.visas), visa_sponsorship=j.visa_sponsorship,
        korean_level=j.korean_level or "", working_languages=list(j.working_languages),
    )


def _fetch(filter: str):  # noqa: A002 - the state's var
    status = None if filter == "ALL" else filter
    return lambda s, a: service.list_jobs_admin(s, a, status, whole_list())


# /admin/jobs[?status=OPEN|EXPIRED|CLOSED|FILLED|ALL] (the queue by default)
LIST = AdminList(_fetch, {"filter": ("status", FILTERS, "PENDING")}, has_mode=True)


class AdminJobsState(AdminState):
    jobs: list[JobRow] = []
    loaded: bool = False
    filter: str = "PENDING"
    mode: str = "list"  # list | form
    editing_id: int = 0
    form: JobForm = JobForm()
    form_key: int = 0
    announce: bool = True  # posted to the Telegram channel when opened

    def _show_list(self, page):
        self.jobs = [_row(v) for v in page.items]
        self.loaded = True

    def _load_list(self):
        return self._read_list(LIST, AdminJobsState._show_list)

    open_job = row_action(service.open_job, OPENED)
    renew = row_action(service.renew_job, RENEWED)
    close = row_action(service.close_job, CLOSED)
    fill = row_action(service.fill_job, FILLED)

    @rx.event
    def delete(self, job_id: int):
        self.mode = "list"
        return self._act(service.delete_job, job_id, DELETED)

    @rx.event
    def edit(self, job_id: int):
        self._clear_messages()
        ok, v, event = self._read(lambda s, a: service.get_job_admin(s, a, job_id))
        if ok:
            self.editing_id = job_id
            self.form = _form(v)
            self.announce = v.telegram_announce
            self.form_key += 1
            self.mode = "form"
        return event

    @rx.event
    def set_announce(self, on: bool):
        """The Telegram channel announcement of the post being edited, on or off."""
        return self._switch_announce("job", self.editing_id, on)

    @rx.event
    def back_to_list(self):
        self.mode = "list"
        self._clear_messages()
        return self._load_list()

    @rx.event
    def save(self, data: dict):
        text = {k: str(v) for k, v in data.items() if isinstance(v, str)}
        remote = data.get("remote") in ("on", "true", True)
        # The visa fields come as one checkbox per choice ("visa_F-2", "lang_en"), checked by
        # the member form's rules in the service; kept here so a refused form keeps them.
        ticked = {k for k, v in data.items()
                  if k.startswith(("visa_", "lang_", "visaSponsorship")) and v in ("on", "true", True)}
        self.form = JobForm(
            title=text.get("title", ""), company_name=text.get("companyName", ""),
            company_description=text.get("companyDescription", ""),
            location=text.get("location", ""), remote=remote,
            job_type=text.get("jobType", "FULL_TIME"), category=text.get("category", "OTHER"),
            description=text.get("description", ""), requirements=text.get("requirements", ""),
            experience=text.get("experience", ""), technologies=text.get("technologies", ""),
            benefits=text.get("benefits", ""), salary_min=text.get("salaryMin", ""),
            salary_max=text.get("salaryMax", ""), contact_email=text.get("contactEmail", ""),
            contact_phone=text.get("contactPhone", ""),
            contact_website=text.get("contactWebsite", ""),
            visas=[k.removeprefix("visa_") for k in sorted(ticked) if k.startswith("visa_")],
            visa_sponsorship="visaSponsorship" in ticked,
            korean_level=text.get("koreanLevel", ""),
            working_languages=[k.removeprefix("lang_") for k in sorted(ticked) if k.startswith("lang_")],
        )
        values = {**text, **dict.fromkeys(ticked, "on"), "remote": remote}
        job_id = self.editing_id
        ok, _, event = self._run(lambda s, a: service.update_job(s, a, job_id, values), SAVED)
        return event
