"""Races: the same work started in several threads at the same moment (a barrier releases
them together), as several workers or servers do it in production."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def at_once(work: Callable[[], T], n: int = 2, *, timeout_s: float = 60) -> list[T]:
    """``work()`` in ``n`` threads released together; what each returned (in the order they
    finished; one that had not finished within ``timeout_s`` gives nothing)."""
    results: list[T] = []
    start = threading.Barrier(n)

    def one() -> None:
        start.wait()
        results.append(work())

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout_s)
    return results
