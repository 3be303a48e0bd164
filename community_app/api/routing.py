"""The router every /api/v1 module declares its routes on.

A sync route runs on one of FastAPI's 40 worker threads, and FastAPI then validates its
answer on another one (``run_in_threadpool``) while the request's dependencies are still
open. Were the request's session committed only when the dependencies close, a finished
request would hold its database connection while it queues for a thread, behind requests
that hold threads while they wait for a connection: under a burst larger than the pool,
both wait until the pool's 30 s timeout (issue 12). So the session is committed on the
route's own thread as the route returns, and no connection is held while waiting.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter
from fastapi.routing import APIRoute
from pydantic import BaseModel
from sqlmodel import Session


def _commits_on_its_thread(path: str, endpoint: Callable[..., Any]) -> Callable[..., Any]:
    in_path = set(re.findall(r"{(\w+)", path))

    @functools.wraps(endpoint)  # FastAPI reads the parameters through __wrapped__
    def run(*args: Any, **kwargs: Any) -> Any:
        kwargs = {k: _without_nul(v) for k, v in kwargs.items()}
        kwargs.update(_no_row_has({k: v for k, v in kwargs.items() if k in in_path}))
        result = endpoint(*args, **kwargs)
        for value in kwargs.values():
            if isinstance(value, Session):
                value.commit()  # an error here is the request's error: nothing is lost silently
        return result

    return run


def _no_row_has(path_values: dict[str, Any]) -> dict[str, Any]:
    """A numeric id in the address beyond the database's 64-bit integers names no row, and
    the driver raises on it: it becomes 0, which no row has either (ids start at 1), so the
    route answers its own "not found" as for any unknown id. Once here, for every route."""
    from community_app.services.lookup import MAX_ID

    return {k: 0 for k, v in path_values.items() if type(v) is int and not -MAX_ID <= v <= MAX_ID}


def _without_nul(value: Any) -> Any:
    """``value`` (a route's validated argument: text, a body model, a list, a dependency's
    dataclass) with every NUL character taken out of its texts. PostgreSQL cannot store
    one ("A string literal cannot contain NUL", a 500 found by fuzzing) and SQLite would
    keep it; no text of the site means one, and the services already drop control
    characters from what they show (comments, attendee names): once here, the same on
    both databases for every route. Database rows (SQLModel tables) are left alone."""
    if isinstance(value, str):
        return value.replace("\x00", "") if "\x00" in value else value
    if isinstance(value, (list, tuple, set, frozenset)):
        cleaned = [_without_nul(v) for v in value]
        changed = any(a is not b for a, b in zip(cleaned, value, strict=True))
        return type(value)(cleaned) if changed else value
    if isinstance(value, dict):
        pairs = {_without_nul(k): _without_nul(v) for k, v in value.items()}
        changed = any(a is not b for a, b in zip(pairs.values(), value.values(), strict=True))
        return pairs if changed or len(pairs) != len(value) else value
    if isinstance(value, BaseModel) and not hasattr(type(value), "__table__"):
        changes = {name: cleaned for name in type(value).model_fields
                   if (cleaned := _without_nul(old := getattr(value, name))) is not old}
        return value.model_copy(update=changes) if changes else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: cleaned for f in dataclasses.fields(value) if f.init
                   and (cleaned := _without_nul(old := getattr(value, f.name))) is not old}
        return dataclasses.replace(value, **changes) if changes else value
    return value


class CommittingRoute(APIRoute):
    """A route whose sync endpoint commits the request's session before it returns."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        is_async = inspect.iscoroutinefunction(endpoint) or inspect.isasyncgenfunction(endpoint)
        if not is_async:
            endpoint = _commits_on_its_thread(path, endpoint)
        super().__init__(path, endpoint, **kwargs)
        if is_async and _uses_the_session(self.dependant):
            raise TypeError(
                f"{path}: a route that uses the database session must be a plain def (it "
                "runs on a worker thread and commits there; see this module's docstring)"
            )


def _uses_the_session(dependant: Any) -> bool:
    from community_app.api.deps import get_session

    return any(d.call is get_session or _uses_the_session(d) for d in dependant.dependencies)


class Router(APIRouter):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("route_class", CommittingRoute)
        super().__init__(**kwargs)
