"""/search?q=…&kind=…: the site-wide search page (services/search.py), and the header's box.

The first answer comes with the page load (``read_search``, no lock held); then each change
of the words (debounced as the member types) or of the kind runs the search in a worker
thread and shows the words in the address (no reload)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from urllib.parse import urlencode

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.i18n.dates import date_texts
from community_app.services import cache, search, search_index
from community_app.services.errors import DomainError
from community_app.services.text_search import MAX_FILTER_LENGTH

log = logging.getLogger(__name__)

PAGE_SIZE = 10
KINDS = tuple(search_index.BUILDERS)


@dataclasses.dataclass
class HitCard:
    kind: str
    title_html: str
    snippet_html: str
    url: str
    date: dict[str, str]


@dataclasses.dataclass
class SearchData:
    query: str = ""
    kind: str = ""
    hits: list[HitCard] = dataclasses.field(default_factory=list)
    counts: dict[str, int] = dataclasses.field(default_factory=dict)
    total: int = 0
    failed: bool = False
    capped: bool = False


def address(query: str, kind: str = "") -> str:
    params = {k: v for k, v in (("q", query.strip()), ("kind", kind)) if v}
    return routes.SEARCH + ("?" + urlencode(params) if params else "")


def _kind_choice(value: str | None) -> str:
    value = (value or "").strip().lower()
    return value if value in KINDS else ""


def find(query: str, kind: str, page: int = 0) -> SearchData:
    """One page of results as the page shows them (a failure says so, never raises)."""
    data = SearchData(query=query, kind=kind)
    try:
        with session_scope() as session:
            found = search.search(session, query, kind=kind or None, page=page, size=PAGE_SIZE)
    except DomainError:
        return data
    except Exception:  # noqa: BLE001 - the page says "could not search" instead of breaking
        log.exception("searching the site failed")
        data.failed = True
        return data
    data.hits = [HitCard(h.kind, h.title_html, h.snippet_html, h.path, date_texts(h.dated_at))
                 for h in found.items]
    data.counts, data.total, data.capped = dict(found.counts), found.total, found.capped
    return data


def read_search(request) -> SearchData:
    query = str(request.query.get("q") or "")[:MAX_FILTER_LENGTH]
    if query.strip():
        cache.needs_database()  # read in the background, never under the state's lock
    return find(query, _kind_choice(request.query.get("kind")))


def _replace_address(url: str):
    return rx.call_script(
        f"window.history.replaceState(window.history.state, '', {json.dumps(url)})")


class SearchState(rx.State):
    query: str = ""
    kind: str = ""
    hits: list[HitCard] = []
    counts: dict[str, int] = {}
    total: int = 0
    capped: bool = False  # more matches than are ranked: the total reads "1000+"
    page: int = 0
    loading: bool = True
    failed: bool = False

    @rx.var
    def count_labels(self) -> dict[str, str]:
        """Each kind's number of matches as shown ("" is every kind)."""
        return {"": str(sum(self.counts.values())), **{k: str(n) for k, n in self.counts.items()}}

    @rx.var
    def total_label(self) -> str:
        return f"{self.total}+" if self.capped else str(self.total)  # capped: total is CANDIDATES

    @rx.var
    def has_more(self) -> bool:
        return len(self.hits) < self.total

    @rx.var
    def searched(self) -> bool:
        return self.query.strip() != ""

    def _apply_load(self, data: SearchData) -> None:
        self._show(data)

    def _show(self, data: SearchData) -> None:
        self.query, self.kind = data.query, data.kind
        self.hits, self.counts, self.total = data.hits, data.counts, data.total
        self.capped = data.capped
        self.failed, self.page, self.loading = data.failed, 0, False

    async def _run(self, query: str, kind: str):
        self.query, self.kind, self.loading = query, kind, True
        yield _replace_address(address(query, kind))
        data = await asyncio.to_thread(find, query, kind)
        if (self.query, self.kind) == (query, kind):  # not overtaken by a newer change
            self._show(data)

    @rx.event
    async def set_query(self, value: str):
        async for update in self._run(str(value)[:MAX_FILTER_LENGTH], self.kind):
            yield update

    @rx.event
    async def set_kind(self, value: str):
        async for update in self._run(self.query, _kind_choice(value)):
            yield update

    @rx.event
    async def load_more(self):
        if not self.has_more:
            return
        data = await asyncio.to_thread(find, self.query, self.kind, self.page + 1)
        self.hits = self.hits + data.hits
        self.page += 1

    @rx.event
    def go(self, form: dict):
        """The header's box: open the results page for the typed words."""
        return rx.redirect(address(str(form.get("q") or "")[:MAX_FILTER_LENGTH]))
