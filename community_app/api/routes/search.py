"""Site-wide search (services/search.py): meetups, news, job posts and blog posts."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query
from pydantic import BaseModel, Field

from community_app.api.deps import SessionDep
from community_app.api.envelope import Envelope, Page, ok, page_of
from community_app.api.formatting import utc
from community_app.api.params import page_query
from community_app.services.paging import PageRequest
from community_app.api.routing import Router
from community_app.api.schemas.rules import parsed_by
from community_app.models import SearchKind
from community_app.services import search as service

router = Router(tags=["search"])


class SearchHitOut(BaseModel):
    kind: SearchKind
    id: int
    title: str
    titleHtml: str = Field(description="The title, HTML-escaped, matched words in <mark>")
    snippet: str = Field(description="Plain text around the first match")
    snippetHtml: str = Field(description="The snippet, HTML-escaped, matched words in <mark>")
    url: str = Field(description="The item's page on the site (a path)")
    date: dt.datetime = Field(description="A meetup's start; a post's publication")

    @classmethod
    def of(cls, h: service.SearchHit) -> SearchHitOut:
        return cls(kind=h.kind, id=h.id, title=h.title, titleHtml=h.title_html,
                   snippet=h.snippet, snippetHtml=h.snippet_html, url=h.path,
                   date=utc(h.dated_at))


class SearchOut(BaseModel):
    query: str
    kind: SearchKind | None = Field(description="The kind asked for; null for every kind")
    counts: dict[SearchKind, int] = Field(description="Matches of each kind (for the filter)")
    capped: bool = Field(description="More matches of the asked kind than are ranked: the "
                                     "newest 1000 are, and totalElements is 1000")
    results: Page[SearchHitOut]


@router.get("/public/search")
def search_site(
    session: SessionDep,
    q: Annotated[str, Query(description="Words to find; each is a prefix, all must match. "
                                        "o‘/o'/oʻ are one letter; D-10 = D10", max_length=200)] = "",
    kind: Annotated[SearchKind | None, Query(description="Only this kind of result"),
                    parsed_by(service.parse_kind)] = None,
    paging: PageRequest = page_query(10),
) -> Envelope[SearchOut]:
    """The site's public content ranked by how well it matches ``q`` (title first)."""
    page, size = paging.page, paging.size
    found = service.search(session, q, kind=kind, page=page, size=size)
    return ok(SearchOut(
        query=found.query, kind=found.kind, counts=found.counts, capped=found.capped,
        results=page_of([SearchHitOut.of(h) for h in found.items], found.total, page, size),
    ))
