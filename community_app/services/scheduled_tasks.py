"""The one list of scheduled work: importing this module registers every periodic task.

A task lives next to the rule it serves and registers itself with
``@scheduler.periodic(...)``; this module imports each of those modules, and the entry points
(the app's lifespan in ``community_app.py``, the cron command ``ops/cli.py run-scheduled``)
run the work through it. No task module imports this one, so the scheduler, the tasks and
this list form no import circle (tests/unit/test_import_cycles.py fails on one, and on a
module with ``@scheduler.periodic`` that is missing here).

Adding a task: write ``@scheduler.periodic("name", every=...)`` over a function in its
service module, and add that module to the imports below.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from community_app.services import job_alerts  # noqa: F401 - "job-alert-digests"
from community_app.services import mail_queue  # noqa: F401 - "mail-queue"
from community_app.services import password_reset  # noqa: F401 - "password-reset-queue"
from community_app.services import search_index  # noqa: F401 - "search-index"
from community_app.services import scheduler
from community_app.services.digest import sending  # noqa: F401 - "digests"
from community_app.services.meetups import emails, waitlist  # noqa: F401 - reminders, offers
from community_app.services.meetups import questions  # noqa: F401 - "registration-answers-retention"
from community_app.services.privacy import deletion, export, retention  # noqa: F401
from community_app.services.telegram import login, queue  # noqa: F401 - the bot's queue, used logins

TASKS = scheduler.TASKS


def run_due(engine: sa.Engine | None = None, *, now: dt.datetime | None = None,
            names: list[str] | None = None) -> dict[str, str]:
    """Run every registered task that is due and claimed here (see ``scheduler.run_due``)."""
    return scheduler.run_due(engine, now=now, names=names)


async def run_forever(interval_s: float) -> None:
    """The app's lifespan task (see ``scheduler.run_forever``)."""
    await scheduler.run_forever(interval_s)
