"""The REST envelope ``{"data", "message", "status"}`` and Spring-style pages."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from community_app.services.paging import PageResult

T = TypeVar("T")
V = TypeVar("V")


class Envelope(BaseModel, Generic[T]):
    """Every answer: ``data`` (null on errors and on a few successes), a message in the
    asked language, and the HTTP status."""

    data: T | None = None
    message: str = "OK"
    status: int = 200


class Page(BaseModel, Generic[T]):
    content: list[T]
    totalElements: int
    totalPages: int
    size: int
    number: int
    first: bool
    last: bool
    empty: bool
    numberOfElements: int


def ok(data: T = None, message: str = "OK", status: int = 200) -> Envelope[T]:
    """The success envelope around ``data`` (a model, a page or a list of models)."""
    return Envelope[Any](data=data, message=message, status=status)


def page_of(items: Sequence[T], total: int, page: int, size: int) -> Page[T]:
    total_pages = math.ceil(total / size) if size else 0
    return Page[Any](
        content=list(items),
        totalElements=total,
        totalPages=total_pages,
        size=size,
        number=page,
        first=page == 0,
        last=page >= total_pages - 1,
        empty=len(items) == 0,
        numberOfElements=len(items),
    )


def paged(result: PageResult[V], answer: Callable[[V], T]) -> Envelope[Page[T]]:
    """One page of a service's list, as the API answers it: each item through ``answer``."""
    items = [answer(item) for item in result.items]
    return ok(page_of(items, result.total, result.page, result.size))
