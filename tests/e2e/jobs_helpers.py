"""Helpers of the jobs board tests (tests/e2e/test_jobs.py, test_job_page.py and
test_job_visas.py): the demo database's jobs with the rules of services/jobs.py, and the
list's controls as a user finds them."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from community_app.i18n import gettext, ngettext
from community_app.models import JobPost, User
from tests.e2e.conftest import wait_ready


LANGS = ["en", "uz"]
PAGE_SIZE = 10



def T(lang: str, message_id: str, **params) -> str:
    return gettext(message_id, lang, **params)


def _naive(value: dt.datetime | None) -> dt.datetime | None:
    if value is None or value.tzinfo is None:
        return value
    return value.astimezone(dt.UTC).replace(tzinfo=None)


def _all_jobs(site) -> list[JobPost]:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine, expire_on_commit=False) as session:
            return list(session.exec(select(JobPost)).all())
    finally:
        engine.dispose()


def _open_jobs(site) -> list[JobPost]:
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    return [
        j for j in _all_jobs(site)
        if j.status == "OPEN" and (j.expires_at is None or _naive(j.expires_at) >= now)
    ]


def _job(site, title_start: str) -> JobPost:
    return next(j for j in _all_jobs(site) if j.title.startswith(title_start))


def _poster(site, user_id: int) -> User:
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            return session.get(User, user_id)
    finally:
        engine.dispose()


def _matches(job: JobPost, term: str) -> bool:
    term = term.lower()
    return (
        term in job.title.lower()
        or term in job.company_name.lower()
        or any(term in k.lower() for k in job.keywords)
        or any(term in k.lower() for k in job.technologies)
    )


def _newest(jobs: list[JobPost]) -> list[JobPost]:
    return sorted(jobs, key=lambda j: (_naive(j.created_at), j.id), reverse=True)


def _goto(page: Page, path: str, lang: str = "en") -> None:
    page.add_init_script(f"window.localStorage.setItem('uzdev_lang', '{lang}')")
    page.goto(path)
    wait_ready(page)


def _count_text(lang: str, n: int) -> str:
    return ngettext("{n} job found", "{n} jobs found", n, lang)


def _expect_count(page: Page, lang: str, n: int) -> None:
    expect(page.locator("#jobs-count")).to_have_text(_count_text(lang, n))


def _results(page: Page):
    return page.locator("#jobs-results")


def _expect_titles(page: Page, titles: list[str]) -> None:
    """The job cards' titles are exactly ``titles``, in order, once rendered: the count above
    the list can be on screen while the cards still render (Playwright retries until they
    match or the wait ends)."""
    expect(_results(page).locator("li h2")).to_have_text(titles)


def _search(page: Page, lang: str, text: str) -> None:
    page.get_by_label(T(lang, "Search jobs")).fill(text)


def _choose(page: Page, lang: str, label: str, option: str) -> None:
    """Pick ``option`` of the filter labelled ``label`` (a native select) by its text."""
    page.get_by_label(T(lang, label), exact=True).select_option(label=T(lang, option))


def _chosen(page: Page, lang: str, label: str):
    """The option shown by the filter labelled ``label``."""
    return page.get_by_label(T(lang, label), exact=True).locator("option:checked")
