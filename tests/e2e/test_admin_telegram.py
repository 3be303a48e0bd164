"""The back office's Telegram channel switch of a job post (/admin/jobs, the post's editor):
worked with the keyboard, it stores the choice at once; a post switched off is not
announced when an organizer opens it, and switched on again while open it is announced
then, once. The label reads in Uzbek from the catalog."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from playwright.sync_api import Page, expect
from sqlmodel import Session, select

from community_app.models import JobPost, TelegramMessage
from tests.e2e.conftest import wait_ready
from tests.e2e.test_admin import _notice, _open_admin
from tests.e2e.test_admin_jobs import _pending_job
from tests.waiting import wait_until

LABEL = "Announce in the Telegram channel"


def _stored(site, job_id: int) -> tuple[bool, int]:
    """(the post's switch as stored, how many channel posts are queued for it)."""
    engine = sa.create_engine(site.env["COMMUNITY_DATABASE_URL"])
    try:
        with Session(engine) as session:
            job = session.get(JobPost, job_id)
            posts = session.exec(select(TelegramMessage.id)
                                 .where(TelegramMessage.key == f"job:{job_id}:approved")).all()
            return job.telegram_announce, len(posts)
    finally:
        engine.dispose()


def _edit(page: Page, title: str) -> None:
    page.get_by_role("row").filter(has_text=title).get_by_role("button", name="Edit").click()
    expect(page.get_by_role("heading", name="Edit job post")).to_be_visible()


def _press(page: Page, switch) -> None:
    switch.focus()
    expect(switch).to_be_focused()
    page.keyboard.press("Space")


def test_a_job_posts_channel_announcement_is_switched_from_the_keyboard(page: Page, site):
    from community_app.i18n import gettext

    title = f"Telegram switch {uuid.uuid4().hex[:6]}"
    job_id = _pending_job(site, title)
    _open_admin(page, site, "/admin/jobs")
    _edit(page, title)
    switch = page.get_by_role("switch", name=LABEL)
    expect(switch).to_be_checked()  # announced by default

    _press(page, switch)
    _notice(page, "Telegram announcement saved.")
    expect(switch).not_to_be_checked()
    wait_until(lambda: _stored(site, job_id) == (False, 0), what="the switch stored off")

    # Opened while switched off: nothing goes to the channel.
    page.get_by_role("button", name="All job posts").click()
    page.get_by_role("row").filter(has_text=title).get_by_role("button", name="Open the post").click()
    _notice(page, "Job post opened for 30 days.")
    assert _stored(site, job_id) == (False, 0)

    # The editor shows what is stored; switched on for the open post, it is announced now.
    page.goto("/admin/jobs?status=OPEN")
    wait_ready(page)
    _edit(page, title)
    switch = page.get_by_role("switch", name=LABEL)
    expect(switch).not_to_be_checked()
    _press(page, switch)
    _notice(page, "Telegram announcement saved.")
    expect(switch).to_be_checked()
    wait_until(lambda: _stored(site, job_id) == (True, 1), what="the post announced once")

    # In Uzbek, the same switch by its Uzbek name.
    page.evaluate("localStorage.setItem('uzdev_lang', 'uz')")
    try:
        page.goto("/admin/jobs?status=OPEN")
        wait_ready(page)
        page.get_by_role("row").filter(has_text=title).get_by_role(
            "button", name=gettext("Edit", "uz")).click()
        expect(page.get_by_role("switch", name=gettext(LABEL, "uz"))).to_be_checked()
    finally:
        page.evaluate("localStorage.setItem('uzdev_lang', 'en')")
