"""Each worker runs a bounded number of events at once; the rest wait before their lock."""

from __future__ import annotations

import asyncio

from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from community_app.reflex_ext import event_admission


def test_events_are_admitted_a_few_at_a_time(monkeypatch):
    running, peak = [0], [0]

    async def fake_execute(self, *, entry, registered_handler):
        running[0] += 1
        peak[0] = max(peak[0], running[0])
        await asyncio.sleep(0.01)  # an event's work: the others arrive while it runs
        running[0] -= 1

    monkeypatch.setattr(BaseStateEventProcessor, "_execute_event", fake_execute)
    monkeypatch.setenv("COMMUNITY_EVENT_CONCURRENCY", "4")
    event_admission.install()
    wrapped = BaseStateEventProcessor._execute_event
    assert wrapped is not fake_execute

    async def burst():
        await asyncio.gather(*(wrapped(None, entry=i, registered_handler=None) for i in range(40)))

    asyncio.run(burst())
    assert peak[0] == 4
    event_admission.install()  # installing twice wraps once
    assert BaseStateEventProcessor._execute_event is wrapped


def test_the_app_installs_it():
    import community_app.community_app  # noqa: F401

    assert getattr(BaseStateEventProcessor._execute_event, "_uzdev_admission", False)
