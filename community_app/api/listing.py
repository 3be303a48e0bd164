"""The query of a paged, searched list of the back office as one ``Listing``.

No ``from __future__ import annotations`` here: the parameters' annotations must stay the
objects built below (the search's description is each list's own), for FastAPI to read.
"""

from typing import Annotated

from fastapi import Depends, Query

from community_app.api.params import PageNumber, PageSize
from community_app.services.paging import Listing


def listing_query(search_matches: str | None = None):
    """A dependency reading ``search``, ``page`` and ``size`` into a ``Listing``;
    ``search_matches`` documents what the search looks in."""
    search_param = Annotated[str | None, Query(description=search_matches)]

    def listing(search: search_param = None, page: PageNumber = 0,
                size: PageSize = 20) -> Listing:
        return Listing(search, page, size)

    return Depends(listing)
