"""The back office's job editor (/admin/jobs): the visa statuses, E-7 sponsorship, Korean
level and working languages of a post (issue 16), saved with the member form's rules."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session

from community_app.models import JobPost
from tests.e2e.conftest import wait_ready
from tests.e2e.test_admin import _notice, _open_admin


def _pending_job(site, title: str) -> int:
    """A member's post waiting in the queue, with no visa fields stated."""
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            job = JobPost(title=title, company_name="Songdo Cloud", location="Incheon",
                          description="Build APIs for logistics.", job_type="FULL_TIME",
                          category="BACKEND", status="PENDING")
            session.add(job)
            session.commit()
            return job.id
    finally:
        engine.dispose()


def _stored_job(site, job_id: int):
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine, expire_on_commit=False) as session:
            return session.get(JobPost, job_id)
    finally:
        engine.dispose()


def test_the_job_editor_saves_visa_statuses_sponsorship_korean_and_languages(page: Page, site):
    title = f"Visa editor {uuid.uuid4().hex[:6]}"
    job_id = _pending_job(site, title)
    _open_admin(page, site, "/admin/jobs")
    page.get_by_role("row").filter(has_text=title).get_by_role("button", name="Edit").click()
    expect(page.get_by_role("heading", name="Edit job post")).to_be_visible()
    page.get_by_label("F-4 Overseas Korean").check()
    page.get_by_label("E-7 Specific activities").check()
    page.get_by_label("We sponsor an E-7 visa").check()
    page.get_by_label("Korean level required").select_option("TOPIK_2")
    page.get_by_label("Russian", exact=True).check()
    page.get_by_role("button", name="Save job post").click()
    _notice(page, "Job post saved.")
    job = _stored_job(site, job_id)
    assert job.visas == ["E-7", "F-4"]
    assert job.visa_sponsorship is True
    assert job.korean_level == "TOPIK_2"
    assert job.working_languages == ["ru"]
    # Opened again, the form shows what is stored.
    page.reload()
    wait_ready(page)
    page.get_by_role("row").filter(has_text=title).get_by_role("button", name="Edit").click()
    expect(page.get_by_label("F-4 Overseas Korean")).to_be_checked()
    expect(page.get_by_label("Korean level required")).to_have_value("TOPIK_2")
    expect(page.get_by_label("Russian", exact=True)).to_be_checked()
    expect(page.get_by_label("English", exact=True)).not_to_be_checked()
