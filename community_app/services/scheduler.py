"""Periodic work that must happen once however many workers run: a small general piece.

A task is registered with a name and a period::

    @scheduler.periodic("purge-login-history", every=dt.timedelta(hours=1))
    def purge(session, now) -> str: ...

The modules that hold tasks are listed once, in ``services/scheduled_tasks.py``: the entry
points import that list, so every worker's background loop (the app's lifespan) and the cron
command ``python -m community_app.ops.cli run-scheduled`` run every task; this module imports
no task (no import circle). ``run_due()`` runs the registered tasks. A task runs when its
``next_run_at`` has passed and the caller wins the claim: one conditional UPDATE that moves
``next_run_at`` forward. On PostgreSQL a second worker's UPDATE waits for the first and
then finds the row no longer due; on SQLite the write lock does the same. So each period's
run happens exactly once. Work that comes in items (data exports) claims each item the
same way, in its own task.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import re
from collections.abc import Callable

import sqlalchemy as sa
from sqlmodel import Session, col

from community_app.core.db import session_scope, utcnow
from community_app.models import ScheduledTask
from community_app.services.bulk import update_where

log = logging.getLogger(__name__)

TaskFn = Callable[[Session, dt.datetime], str]


@dataclasses.dataclass(frozen=True)
class Task:
    name: str
    every: dt.timedelta
    fn: TaskFn


TASKS: dict[str, Task] = {}


def periodic(name: str, *, every: dt.timedelta) -> Callable[[TaskFn], TaskFn]:
    """Register ``fn(session, now) -> summary`` to run once per ``every``."""

    def decorator(fn: TaskFn) -> TaskFn:
        TASKS[name] = Task(name, every, fn)
        return fn

    return decorator


def claim(session: Session, task: Task, now: dt.datetime) -> bool:
    """True for the one caller that takes this period's run of ``task``."""
    if session.get(ScheduledTask, task.name) is None:
        try:
            with session.begin_nested():
                session.add(ScheduledTask(name=task.name, next_run_at=now))
        except sa.exc.IntegrityError:
            pass  # another worker added it first
        session.commit()
    won = update_where(
        session, ScheduledTask,
        col(ScheduledTask.name) == task.name, col(ScheduledTask.next_run_at) <= now,
        next_run_at=now + task.every, last_run_at=now,
    )
    session.commit()
    return won == 1


def run_due(engine: sa.Engine | None = None, *, now: dt.datetime | None = None,
            names: list[str] | None = None) -> dict[str, str]:
    """Run every registered task that is due and claimed here; name -> its summary."""
    now = now or utcnow()
    done: dict[str, str] = {}
    for task in list(TASKS.values()):
        if names is not None and task.name not in names:
            continue
        with session_scope(engine) as session:
            if not claim(session, task, now):
                continue
        try:
            with session_scope(engine) as session:
                summary = task.fn(session, now) or ""
        except Exception:  # noqa: BLE001 - one failing task does not stop the others
            log.exception("scheduled task %s failed", task.name)
            summary = "failed"
        with session_scope(engine) as session:
            session.execute(
                sa.update(ScheduledTask)
                .where(col(ScheduledTask.name) == task.name)
                .values(last_result=summary[:1000])
            )
        done[task.name] = summary
    return done


def work_done(done: dict[str, str]) -> dict[str, str]:
    """The tasks of a run that did something (a count above zero, or a failure): a run that
    found nothing to do is not worth a log line (every 15 s on every node)."""
    return {name: summary for name, summary in done.items()
            if summary == "failed" or re.search(r"\b[1-9][0-9]*\b", summary)}


async def run_forever(interval_s: float) -> None:
    """The app's lifespan task: look for due work every ``interval_s`` seconds, in a
    thread (database work never runs on the event loop)."""
    import asyncio

    await asyncio.sleep(min(5.0, interval_s))  # after the migration lifespan task
    while True:
        try:
            done = work_done(await asyncio.to_thread(run_due))
            if done:
                log.info("scheduled work: %s", "; ".join(f"{k}: {v}" for k, v in done.items()))
        except Exception:  # noqa: BLE001 - the loop survives a database hiccup
            log.exception("the scheduler's run failed")
        await asyncio.sleep(interval_s)
