"""Paged lists: the first page is 0 and a page holds 1 to 100 items (SPEC sections 7 and 9).

A page number is at most ``MAX_PAGE`` (ten million: a hundred-item page that far is a
thousand million rows in, more than any list here will hold, and ``page * size`` stays far
below the databases' 64-bit OFFSET); a larger one is refused like a negative one (422), so
no number a client sends can overflow a statement. ``fetch_page`` counts the rows of a
query and loads one page of them; a page past the end is simply empty.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import sqlalchemy as sa
from sqlmodel import Session, func, select

from community_app.i18n import N_
from community_app.services.errors import InvalidMany
from community_app.services.text_search import searched

T = TypeVar("T")

MAX_PAGE_SIZE = 100
MAX_PAGE = 10_000_000

PAGE_INVALID = N_("Page must be 0 or greater.")
PAGE_TOO_FAR = N_("Page must be 10000000 or less.")
SIZE_INVALID = N_("Page size must be between 1 and 100.")


@dataclasses.dataclass(frozen=True)
class PageResult(Generic[T]):
    """One page of a list: its items, the total over all pages, and where it is."""

    items: list[T]
    total: int
    page: int
    size: int

    @property
    def total_pages(self) -> int:
        return math.ceil(self.total / self.size) if self.size else 0

    @property
    def is_last(self) -> bool:
        return self.page >= self.total_pages - 1


@dataclasses.dataclass(frozen=True)
class PageRequest:
    """A page asked for (0 first) and its size, within the bounds ``check_paging`` keeps."""

    page: int = 0
    size: int = 20


@dataclasses.dataclass(frozen=True)
class Listing:
    """What a paged list is asked for: a search term (optional), the page (0 first) and
    its size."""

    search: str | None = None
    page: int = 0
    size: int = 20


def check_paging(page: int, size: int) -> None:
    """Page 0 to ``MAX_PAGE``, size 1 to 100; both problems are reported at once."""
    errors = {}
    if page < 0:
        errors["page"] = PAGE_INVALID
    elif page > MAX_PAGE:
        errors["page"] = PAGE_TOO_FAR
    if not 1 <= size <= MAX_PAGE_SIZE:
        errors["size"] = SIZE_INVALID
    if errors:
        raise InvalidMany(errors)


def fetch_page(session: Session, query: sa.Select, page: int, size: int) -> tuple[list[Any], int]:
    """The rows of ``query`` (a sqlmodel ``select``, ordered) on this page, and the total count."""
    check_paging(page, size)
    total = session.exec(select(func.count()).select_from(query.order_by(None).subquery())).one()
    offset = page * size
    if offset >= total:
        return [], total
    return list(session.exec(query.offset(offset).limit(size)).all()), total


def searched_page(session: Session, query: sa.Select, view: Callable[[Any], T],
                  listing: Listing, columns: Iterable[Any] = ()) -> PageResult[T]:
    """The ``listing``'s page of ``query`` (ordered) as ``view(row)``; its search term
    narrows it to the rows where any of ``columns`` contains it (any case)."""
    query = searched(query, listing.search, columns)
    rows, total = fetch_page(session, query, listing.page, listing.size)
    return PageResult([view(row) for row in rows], total, listing.page, listing.size)
