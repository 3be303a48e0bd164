"""/jobs: the public jobs board (SPEC sections 2, 3 and 8).

The filters (search, location, job type, status, visa, Korean level at most, working
language, remote) and the sort live in the page's address
(``/jobs?search=react&location=Busan``), so a filtered list can be shared and the back
button from a job returns to the same list. The list shows OPEN jobs unless the visitor
asks for closed or filled ones; PENDING and expired posts never reach it (services/jobs.py).

``state/job_texts.py`` turns a service ``JobView`` into what a card or the job page
shows, every text in both languages, and holds the filters' choices.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from urllib.parse import urlencode

import reflex as rx

from community_app.core.db import session_scope, utcnow
from community_app.i18n import N_
from community_app.models import KoreanLevel, WorkingLanguage
from community_app.services import jobs as service
from community_app.services import cache, tokens, users
from community_app.services.text_search import clean_filter
from community_app.state.page_load import PageRequest
from community_app.state.sent_writes import write
from community_app.state.job_texts import (
    DEFAULT_STATUS,
    JOB_TYPE_LABELS,
    KOREAN_LABELS,
    LANGUAGE_LABELS,
    STATUS_LABELS,
    JobCard,
    city_choice,
    job_card,
    labelled_choice,
    visa_choice,
)

log = logging.getLogger(__name__)

PAGE_SIZE = 10
ALL = "all"  # the "All locations" / "All types" choice (a select cannot hold "")
MAX_SEARCH_LENGTH = 100

# Sort choices as they appear in the address, and the service's sort for each.
SORTS = {
    "newest": (N_("Newest First"), service.NEWEST_FIRST),
    "oldest": (N_("Oldest First"), service.OLDEST_FIRST),
    "company": (N_("Company A-Z"), service.COMPANY_A_Z),
}
DEFAULT_SORT = "newest"

# The list's selects that offer a fixed set of values (``JobsState.choose``): the query's
# field each sets, with what it offers and its default.
SELECTS = {
    "korean": (KOREAN_LABELS, ALL),
    "language": (LANGUAGE_LABELS, ALL),
    "job_type": (JOB_TYPE_LABELS, ALL),
    "status": (STATUS_LABELS, DEFAULT_STATUS),
    "sort": (SORTS, DEFAULT_SORT),
}


@dataclasses.dataclass(frozen=True)
class ListQuery:
    """The list's filters and sort, read from and written to the page's address."""

    search: str = ""
    location: str = ALL
    job_type: str = ALL
    status: str = DEFAULT_STATUS
    sort: str = DEFAULT_SORT
    visa: str = ALL
    korean: str = ALL  # Korean level at most
    language: str = ALL  # working language
    remote: bool = False

    @classmethod
    def from_params(cls, params: dict[str, str]) -> ListQuery:
        """Unknown values fall back to the defaults: a hand-edited address never fails."""
        job_type = (params.get("type") or "").strip().upper().replace("-", "_")
        status = (params.get("status") or "").strip().upper()
        sort = (params.get("sort") or "").strip().lower()
        return cls(
            search=(params.get("search") or "").strip()[:MAX_SEARCH_LENGTH],
            location=city_choice(params.get("location")) or ALL,
            job_type=job_type if job_type in JOB_TYPE_LABELS else ALL,
            status=status if status in STATUS_LABELS else DEFAULT_STATUS,
            sort=sort if sort in SORTS else DEFAULT_SORT,
            visa=visa_choice(params.get("visa")) or ALL,
            korean=labelled_choice(KoreanLevel, params.get("korean")) or ALL,
            language=labelled_choice(WorkingLanguage, params.get("worklang")) or ALL,
            remote=(params.get("remote") or "").strip().lower() in ("1", "true", "yes"),
        )

    def to_params(self) -> dict[str, str]:
        params = {
            "search": self.search.strip(),
            "location": "" if self.location == ALL else self.location,
            "type": "" if self.job_type == ALL else self.job_type,
            "status": "" if self.status == DEFAULT_STATUS else self.status,
            "sort": "" if self.sort == DEFAULT_SORT else self.sort,
            "visa": "" if self.visa == ALL else self.visa,
            "korean": "" if self.korean == ALL else self.korean,
            "worklang": "" if self.language == ALL else self.language,
            "remote": "1" if self.remote else "",
        }
        return {k: v for k, v in params.items() if v}

    def url(self) -> str:
        params = self.to_params()
        return f"/jobs?{urlencode(params)}" if params else "/jobs"

    @property
    def filters_chosen(self) -> int:
        """How many of the dropdown and switch filters are set (the search box is not
        counted, nor the sort)."""
        return sum((
            self.location != ALL,
            self.job_type != ALL,
            self.status != DEFAULT_STATUS,
            self.visa != ALL,
            self.korean != ALL,
            self.language != ALL,
            self.remote,
        ))

    @property
    def has_filters(self) -> bool:
        """Any filter set (the sort is not a filter: Clear Filters keeps it)."""
        return bool(self.search.strip() or self.filters_chosen)

    def filters(self) -> service.JobFilters:
        return service.JobFilters(
            job_type=None if self.job_type == ALL else self.job_type,
            status=self.status,
            search=clean_filter(self.search) or None,
            location=None if self.location == ALL else self.location,
            sort=SORTS[self.sort][1],
            visa=None if self.visa == ALL else self.visa,
            korean_max=None if self.korean == ALL else self.korean,
            language=None if self.language == ALL else self.language,
            remote=self.remote or None,
        )


def fetch_cards(query: ListQuery, page: int, engine=None) -> tuple[list[JobCard], int]:
    """One page of cards and the total number of jobs found."""
    now = utcnow()
    with session_scope(engine) as session:
        result = service.list_jobs(session, query.filters(), page=page, size=PAGE_SIZE, now=now)
    return [job_card(job, now) for job in result.items], result.total


def query_of(state: JobsState) -> ListQuery:
    """The board's current filters (job alerts save them: state/job_alerts.py)."""
    return state._query()


def _one_of(value: str, allowed, default: str) -> str:
    """``value`` when it is one of ``allowed``; ``default`` otherwise."""
    return value if value in allowed else default


def _replace_address(url: str):
    """Show the filters in the address bar without a navigation (no reload, no on_load)."""
    return rx.call_script(
        f"window.history.replaceState(window.history.state, '', {json.dumps(url)})"
    )


@dataclasses.dataclass
class JobsRead:
    """The page load's read: the address's filters, the member's visa, and the first page
    of the list ``read`` (the address's filters with the member's visa, if any)."""

    address: ListQuery
    visa_in_address: bool
    member_visa: str | None
    read: ListQuery
    jobs: list[JobCard] = dataclasses.field(default_factory=list)
    total: int = 0
    failed: bool = False


def read_jobs(request: PageRequest) -> JobsRead:
    """The first page of the list the address asks for (no lock held)."""
    cache.needs_database()
    address = ListQuery.from_params(request.query)
    visa_in_address = bool(request.query.get("visa"))
    member_visa = None
    if not visa_in_address and request.member is not None:
        with session_scope() as session:
            member_visa = users.get_visa_status(session, request.member.id)
    read = dataclasses.replace(address, visa=member_visa) if member_visa else address
    data = JobsRead(address, visa_in_address, member_visa, read)
    try:
        data.jobs, data.total = fetch_cards(read, 0)
    except Exception:  # noqa: BLE001 - any failure shows 'Error Fetching Jobs'
        log.exception("loading the jobs list failed")
        data.failed = True
    return data


# ---------------------------------------------------------------- the page's state


class JobsState(rx.State):
    search: str = ""
    location: str = ALL
    job_type: str = ALL
    status: str = DEFAULT_STATUS
    sort: str = DEFAULT_SORT
    visa: str = ALL
    korean: str = ALL
    language: str = ALL
    remote: bool = False
    # "My visa" of a visitor who is not signed in (members' is kept on their account too).
    remembered_visa: str = rx.LocalStorage("", name="uzdev_myVisa", sync=True)

    jobs: list[JobCard] = []
    total: int = 0
    page: int = 0
    loading: bool = True
    loading_more: bool = False
    failed: bool = False

    # Each field by name, not a loop over dataclasses.fields: Reflex reads this code to know
    # which vars ``has_filters`` and ``filters_chosen`` depend on (a loop hides them).
    def _query(self) -> ListQuery:
        return ListQuery(
            self.search, self.location, self.job_type, self.status, self.sort,
            self.visa, self.korean, self.language, self.remote,
        )

    def _apply(self, query: ListQuery) -> None:
        self.search = query.search
        self.location = query.location
        self.job_type = query.job_type
        self.status = query.status
        self.sort = query.sort
        self.visa = query.visa
        self.korean = query.korean
        self.language = query.language
        self.remote = query.remote

    # On a phone the filters fold behind a "Filters" button (ui/pages/jobs.py), so the
    # first results are in view; wider screens always show them.
    filters_open: bool = False

    @rx.var
    def has_filters(self) -> bool:
        return self._query().has_filters

    @rx.var
    def filters_chosen(self) -> int:
        return self._query().filters_chosen

    @rx.event
    def toggle_filters(self):
        self.filters_open = not self.filters_open

    @rx.var
    def has_more(self) -> bool:
        return not self.failed and len(self.jobs) < self.total

    def _reload(self):
        """Fetch the first page for the current filters (a generator: yields the spinner)."""
        self.loading = True
        self.failed = False
        yield
        try:
            cards, total = fetch_cards(self._query(), 0)
        except Exception:  # noqa: BLE001 - any failure shows 'Error Fetching Jobs'
            log.exception("loading the jobs list failed")
            self.failed = True
            self.jobs, self.total = [], 0
        else:
            self.jobs, self.total = cards, total
        self.page = 0
        self.loading = False

    def _changed(self, query: ListQuery):
        same = query.filters() == self._query().filters()
        self._apply(query)
        if same and not self.failed:
            return
        yield _replace_address(query.url())
        yield from self._reload()

    def _apply_load(self, data: JobsRead):
        """The page load's update (``state/page_load.py``): the filters come from the
        address (``/jobs?location=Busan``); without a visa there, the visitor's remembered
        "my visa" applies (this browser's, else the member's). When that is not the list
        ``read_jobs`` read, the list is read again (``retry``)."""
        query, events = data.address, []
        if not data.visa_in_address:
            remembered = visa_choice(self.remembered_visa) or data.member_visa
            if remembered:
                query = dataclasses.replace(query, visa=remembered)
                events.append(_replace_address(query.url()))
        self._apply(query)
        self.page, self.failed = 0, data.failed
        if query == data.read:
            self.jobs, self.total, self.loading = data.jobs, data.total, False
        else:
            self.jobs, self.total, self.loading = [], 0, True
            events.append(JobsState.retry)
        return events

    async def _signed_in_user_id(self) -> int | None:
        from community_app.state.auth import AuthState

        auth = await self.get_state(AuthState)
        if auth.user_id:
            return auth.user_id
        if not auth.access_token:
            return None
        token = auth.access_token

        def member_id() -> int | None:
            with session_scope() as session:
                try:
                    return tokens.member_of_access_token(session, token).id
                except Exception:  # noqa: BLE001 - an expired, ended or foreign token: not signed in here
                    return None

        return await asyncio.to_thread(member_id)

    @rx.event
    @write
    async def set_visa(self, value: str):
        """Choose "my visa": remembered in this browser and, for a member, on the account."""
        visa = visa_choice(value) or ALL
        await self._remember_visa(visa)
        for update in self._set(visa=visa):
            yield update

    async def _remember_visa(self, visa: str) -> None:
        self.remembered_visa = "" if visa == ALL else visa
        user_id = await self._signed_in_user_id()
        if user_id:
            def save() -> None:
                with session_scope() as session:
                    users.set_visa_status(session, user_id, None if visa == ALL else visa)

            await asyncio.to_thread(save)

    def _set(self, **choice):
        """The list with one more choice made (a filter, the search or the sort)."""
        yield from self._changed(dataclasses.replace(self._query(), **choice))

    @rx.event
    def choose(self, select: str, value: str):
        """One of the list's selects changed (``SELECTS`` names them): a value it does not
        offer counts as its default."""
        allowed, default = SELECTS[select]
        yield from self._set(**{select: _one_of(value, allowed, default)})

    @rx.event
    def set_remote(self, value: bool):
        yield from self._set(remote=bool(value))

    @rx.event
    def retry(self):
        yield from self._reload()

    @rx.event
    def set_search(self, value: str):
        # as typed: trimmed only for the query
        yield from self._set(search=str(value)[:MAX_SEARCH_LENGTH])

    @rx.event
    def set_location(self, value: str):
        yield from self._set(location=city_choice(value) or ALL)

    @rx.event
    @write
    async def clear_filters(self):
        """Back to every open job; the sort stays as chosen (and "my visa" is forgotten)."""
        if self.visa != ALL:
            await self._remember_visa(ALL)
        for update in self._changed(ListQuery(sort=self.sort)):
            yield update

    @rx.event
    def load_more(self):
        if self.loading_more or not self.has_more:
            return
        self.loading_more = True
        yield
        try:
            cards, total = fetch_cards(self._query(), self.page + 1)
        except Exception:  # noqa: BLE001
            log.exception("loading more jobs failed")
            self.failed = True
        else:
            seen = {card.id for card in self.jobs}
            self.jobs = self.jobs + [card for card in cards if card.id not in seen]
            self.total = total
            self.page += 1
        self.loading_more = False
