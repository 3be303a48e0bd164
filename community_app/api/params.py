"""Query parameters shared by the list endpoints.

Every paged route reads ``page`` and ``size`` through ONE dependency, ``page_query``: the
bounds (page 0 to ``MAX_PAGE``, size 1 to ``MAX_PAGE_SIZE``) are checked there, before the
route does anything, by the services' own rule (``services.paging.check_paging``), so a
value past them is answered 422 in the envelope with a translated message, the same on
every list; the OpenAPI schema documents the bounds.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query

from community_app.services.paging import MAX_PAGE, MAX_PAGE_SIZE, PageRequest, check_paging

PageNumber = Annotated[
    int,
    Query(
        description=f"Page number; the first page is 0, the last one asked for {MAX_PAGE}.",
        json_schema_extra={"minimum": 0, "maximum": MAX_PAGE},
    ),
]
PageSize = Annotated[
    int,
    Query(
        description=f"Items per page, 1 to {MAX_PAGE_SIZE}.",
        json_schema_extra={"minimum": 1, "maximum": MAX_PAGE_SIZE},
    ),
]


def page_query(default_size: int) -> Any:
    """The dependency of a paged route: ``page`` (default 0) and ``size`` (default
    ``default_size``) as a ``PageRequest`` within the bounds, else 422. A route takes it
    as ``paging: PageRequest = page_query(10)``."""

    def paging(page: PageNumber = 0, size: PageSize = default_size) -> PageRequest:
        check_paging(page, size)
        return PageRequest(page, size)

    return Depends(paging)
