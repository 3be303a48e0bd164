"""Each worker leaves its startup objects out of the garbage collector's walks and hands
the memory of expired sessions back to the system."""

from __future__ import annotations

import asyncio
import gc

from community_app.serving import process_memory


def test_startup_objects_are_left_out_of_full_collections():
    junk = [[i] for i in range(200_000)]  # what a worker holds for its whole life
    try:
        asyncio.run(process_memory.freeze_startup_objects())
        assert gc.get_freeze_count() >= len(junk)
        # Left out of the collector's generations, so no collection walks them.
        walked = {id(o) for o in gc.get_objects()}
        assert id(junk[0]) not in walked and id(junk[-1]) not in walked
    finally:
        gc.unfreeze()
    assert id(junk[0]) in {id(o) for o in gc.get_objects()}  # walked again once unfrozen


def test_freed_memory_is_handed_back_periodically(monkeypatch):
    calls = []
    monkeypatch.setattr(process_memory, "_malloc_trim", lambda: calls.append)

    async def handed_back_twice():
        while len(calls) < 2:  # again and again, every interval
            await asyncio.sleep(0.01)  # lets the task run; the loop ends on the condition

    async def run():
        task = asyncio.create_task(process_memory.release_freed_memory(0.01))
        try:
            await asyncio.wait_for(handed_back_twice(), timeout=30)
        finally:
            task.cancel()

    asyncio.run(run())
    assert calls and set(calls) == {0}
    assert process_memory._malloc_trim() is not None  # glibc here


def test_every_worker_runs_both():
    from community_app.community_app import app

    tasks = app.get_lifespan_tasks()
    assert process_memory.freeze_startup_objects in tasks
    assert process_memory.release_freed_memory in tasks
