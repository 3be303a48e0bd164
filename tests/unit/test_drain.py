"""A stopped worker lets its events in flight finish (serving/drain.py, issue 40)."""

from __future__ import annotations

import asyncio
import types

from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

from community_app.serving import drain


async def _stop_with_an_event_in_flight(*, drained: bool) -> str:
    """Reflex's own event processor, stopped (as a worker's lifespan ends) while a handler
    still awaits its database write; what became of the handler."""
    processor = BaseStateEventProcessor()
    outcome = []

    async def handler():
        await asyncio.sleep(0.3)  # the handler's write in a thread, still running at the stop
        outcome.append("finished")

    task = asyncio.create_task(handler())
    processor._tasks["txid-1"] = task  # as the processor tracks every running handler
    if drained:
        async with drain.finish_events_in_flight(types.SimpleNamespace(event_processor=processor)):
            pass
    await processor.stop()
    return outcome[0] if outcome else "cancelled" if task.cancelled() else "lost"


def test_reflex_alone_cancels_an_event_in_flight_when_the_worker_stops():
    assert asyncio.run(_stop_with_an_event_in_flight(drained=False)) == "cancelled"


def test_with_the_drain_the_event_in_flight_finishes():
    assert asyncio.run(_stop_with_an_event_in_flight(drained=True)) == "finished"


def test_the_drain_is_bounded(monkeypatch):
    monkeypatch.setattr(drain, "DRAIN_SECONDS", 0.05)

    async def stuck() -> tuple[bool, float]:
        processor = BaseStateEventProcessor()
        task = asyncio.create_task(asyncio.sleep(60))  # a handler that never ends
        processor._tasks["txid-1"] = task
        async with drain.finish_events_in_flight(types.SimpleNamespace(event_processor=processor)):
            pass
        started = asyncio.get_running_loop().time()
        await processor.stop()
        return task.cancelled(), asyncio.get_running_loop().time() - started

    cancelled, seconds = asyncio.run(stuck())
    assert cancelled and seconds < 5


def test_the_app_drains_after_reflex_made_its_event_processor():
    """Lifespan tasks are entered in order and left in reverse: the drain must come after
    Reflex's event processor task, so the processor exists when it is set and stops after."""
    from community_app.community_app import app

    names = [getattr(task, "__name__", repr(task)) for task in app.get_lifespan_tasks()]
    assert "finish_events_in_flight" in names
    assert names.index("_setup_event_processor") < names.index("finish_events_in_flight")
