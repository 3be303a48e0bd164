"""The query of a paged, searched list of the back office as one ``Listing``.

No ``from __future__ import annotations`` here: the parameters' annotations must stay the
objects built below (the search's description is each list's own), for FastAPI to read.
"""

from typing import Annotated

from fastapi import Depends, Query

from community_app.api.params import page_query
from community_app.services.paging import Listing, PageRequest


def listing_query(search_matches: str | None = None):
    """A dependency reading ``search``, ``page`` and ``size`` into a ``Listing`` (the
    page and size by ``page_query``, as every paged route); ``search_matches`` documents
    what the search looks in."""
    search_param = Annotated[str | None, Query(description=search_matches)]
    paging_param = Annotated[PageRequest, page_query(20)]

    def listing(paging: paging_param, search: search_param = None) -> Listing:
        return Listing(search, paging.page, paging.size)

    return Depends(listing)
