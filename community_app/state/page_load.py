"""One event per page load: language, site settings, sign-in and the page's own data.

Every page registers exactly one on_load event, ``PageLoadState.load(route)`` (see
``ui/layouts/frame.py``). It reads what the page needs, then updates the state once:

- the language: the stored choice (it came with the websocket's first message), else the
  browser's ``Accept-Language`` (no round trip to ask the browser);
- the site settings (maintenance switch, contact email) from the shared cache
  (``services/cache.py``);
- the signed-in member: the access token's signature and expiry, the account from the
  shared cache;
- the page's own data through its ``PageData.read`` (public data from the shared cache).

When the shared cache has everything (the common case in a burst: visitors and members on
public pages) this is one short foreground event: a cached read under the lock costs less
than taking the lock twice. When something needs the database (a cold cache, a member's
own rows, an expired access token) ``load`` hands over to ``load_reading``, a background
event that reads in a worker thread while no lock is held and then updates briefly.
Pages that still load the old way (plain handlers) run those under the lock.

Refreshing an expired access token stays under the lock on purpose: it rotates the
refresh token, and two page loads of one tab must not both use the old one.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import reflex as rx

from community_app.core.db import session_scope, utcnow
from community_app.i18n import LANGUAGES, normalize_language
from community_app.models import Role, User
from community_app.services import cache
from community_app.services import tokens
from community_app.services.errors import DomainError
from community_app.services.site import SiteSettingsView, get_site_settings, settings_version
from community_app.state.auth import REFRESH_MARGIN, AuthState, verified_member
from community_app.state.lang import LangState, html_lang_script
from community_app.state.site import SiteState

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class PageRequest:
    """What a page's reader may use: the address, the member (None when signed out), and
    the visitor's address and browser (for a sign-in's record)."""

    path: str
    query: dict[str, str]
    member: User | None
    client: str = ""
    user_agent: str = ""


def link_token(path: str) -> str:
    """The token of an emailed link's page: the address's last segment
    (/release-seat/<token>, /password-reset/<token>, ...)."""
    return (path or "").split("?")[0].rstrip("/").rsplit("/", 1)[-1]


def use_link_token(request: PageRequest, use: Callable[[Any, str], Any]) -> Any:
    """What an emailed link's page does with its token, ``use(session, token)`` in one
    transaction: a write, or a read that must be fresh, so never from the cache-only pass."""
    cache.needs_database()
    with session_scope() as session:
        return use(session, link_token(request.path))


def address_only(request: PageRequest) -> PageRequest:
    """The reader of a page that reads nothing (a form): its ``apply`` gets the address
    and the member as they were read."""
    return request


@dataclasses.dataclass(frozen=True)
class PageData:
    """A page whose data is read without the lock.

    ``read(request)`` runs in a worker thread and returns plain data; ``apply`` is a method
    of ``state`` (a reference, ``HomeState._apply_load``, not its name) that takes that data
    under the lock and may return events (a redirect)::

        PageData(HomeState, read_home, HomeState._apply_load)
    """

    state: type[rx.State]
    read: Callable[[PageRequest], Any]
    apply: Callable[[Any, Any], Any]

    def __post_init__(self) -> None:
        name = getattr(self.apply, "__name__", "")
        if not callable(self.apply) or getattr(self.state, name, None) is not self.apply:
            raise TypeError(f"PageData.apply must be a method of {self.state.__name__} "
                            f"(given {self.apply!r})")


# What a page load does besides the frame: the page's PageData, or None (a page that reads
# nothing). Filled by ``ui/layouts/frame.page``.
PAGE_LOADS: dict[str, PageData | None] = {}
# Member-only routes: anonymous visitors go to /login?from=… instead.
MEMBER_ONLY: set[str] = set()


# ----------------------------------------------------------------- reads


@dataclasses.dataclass(frozen=True)
class MemberView:
    """What a page load needs of the signed-in member (cached; expired by any write to
    the users table, so a deactivated account is seen at once)."""

    id: int
    username: str
    email: str
    first_name: str
    last_name: str
    phone: str | None
    image_url: str | None
    joined_at: Any
    role: str
    is_active: bool
    session_version: int = 0

    @property
    def is_organizer(self) -> bool:
        return self.role == Role.ORGANIZER.value


def _member_view(user_id: int) -> MemberView | None:
    with session_scope() as session:
        user = session.get(User, user_id)
        if user is None:
            return None
        return MemberView(
            id=user.id or 0, username=user.username, email=user.email,
            first_name=user.first_name, last_name=user.last_name, phone=user.phone,
            image_url=user.image_url, joined_at=user.joined_at, role=user.role,
            is_active=user.is_active and user.deleted_at is None,
            session_version=user.session_version or 0,
        )


@dataclasses.dataclass(frozen=True)
class SessionRead:
    """The sign-in as read before the update: ``member`` when the access token is valid
    and its user active; ``refresh`` when only a refresh can tell (done under the lock)."""

    member: MemberView | None = None
    refresh: bool = False
    anonymous: bool = False


def _load_site_settings() -> SiteSettingsView:
    with session_scope() as session:
        return get_site_settings(session)


def site_settings() -> SiteSettingsView:
    """The site settings every page load reads, from the shared cache. A commit through
    the site, the API or an operator command (``make maintenance-on``) expires them at once
    in every worker when the cache is shared (Redis); with the in-process cache, another
    process's change is noticed by the watcher below."""
    _start_watcher()
    return cache.cached(cache.SITE_SETTINGS, "site", _load_site_settings)


# The in-process cache's watcher asks the database every WATCH_SECONDS whether the settings
# changed (``updated_at``, one column of one row: 0.10 ms of CPU against 0.18 ms for the
# whole settings read, SQLite, this machine). It used to read the whole row every 0.5 s in
# every worker, Redis or not: with Redis (production: several workers on several machines)
# it no longer runs at all, and without it (one embedded process) a switch flipped from the
# command line shows within 2 s at a seventh of the CPU.
WATCH_SECONDS = 2.0
_watcher_lock = threading.Lock()
_watcher: threading.Thread | None = None


def _start_watcher() -> None:
    global _watcher
    if _watcher is not None:
        return
    with _watcher_lock:
        if _watcher is None:
            _watcher = threading.Thread(target=_watch_site_settings, name="site-settings", daemon=True)
            if not cache.shared():
                _watcher.start()


def _settings_version():
    with session_scope() as session:
        return settings_version(session)


def _watch_site_settings() -> None:
    """Expire the cached settings when their version in the database changed."""
    last = None
    while True:
        time.sleep(WATCH_SECONDS)  # the watcher's period: a background thread, not a test wait
        try:
            current = _settings_version()
        except Exception:  # noqa: BLE001 - the database may be briefly unavailable
            continue
        if last is not None and current != last:
            cache.expire_topics(cache.SITE_TOPIC)
        last = current


def read_session(access_token: str, refresh_token: str) -> SessionRead:
    if not access_token:
        return SessionRead(anonymous=True)
    expiry = tokens.access_token_expiry(access_token)
    if expiry is not None and expiry - REFRESH_MARGIN > utcnow():
        try:
            claims = tokens.access_claims(access_token)
            user_id = int(claims["sub"])
        except (DomainError, KeyError, TypeError, ValueError):
            user_id = None
        if user_id is not None:
            member = cache.cached(cache.MEMBERS, user_id, lambda: _member_view(user_id))
            if tokens.is_current(claims, member):
                return SessionRead(member=member)
    return SessionRead(refresh=bool(refresh_token))


def browser_language(accept_language: str) -> str:
    """The first language of the browser's Accept-Language header, as the site knows it."""
    first = (accept_language or "").split(",")[0].split(";")[0]
    return normalize_language(first)


@dataclasses.dataclass(frozen=True)
class _Request:
    route: str
    path: str
    query: dict[str, str]
    accept_language: str
    access_token: str
    refresh_token: str
    client: str = ""
    user_agent: str = ""

    def page(self, member) -> PageRequest:
        return PageRequest(path=self.path, query=self.query, member=member,
                           client=self.client, user_agent=self.user_agent)


def _read_all(spec, request: _Request, generations: dict[str, int | None] | None = None):
    with cache.one_view(generations):
        return _read_view(spec, request)


def _read_view(spec, request: _Request):
    site = site_settings()
    session = read_session(request.access_token, request.refresh_token)
    data = None
    if isinstance(spec, PageData) and not session.refresh:
        data = spec.read(request.page(session.member))
    return site, session, data


def _read_cached(spec, request: _Request, generations: dict[str, int | None] | None = None):
    """Everything from the shared cache as of ``generations`` (read beforehand without
    blocking the event loop: the rest is local), or None when something needs the database
    (a cold cache, a member's own rows, an expired access token)."""
    try:
        with cache.only_cached():
            read = _read_all(spec, request, generations)
    except cache.Miss:
        return None
    return None if read[1].refresh else read


class PageLoadState(AuthState):
    """Hosts the page-load event (it inherits the sign-in it checks)."""

    # True while the page's load reads the database in its background event: the frame's
    # ready marker waits for it. (Reflex's own page-open chain, which runs with
    # COMMUNITY_REFLEX_EXTENSIONS=off and on every navigation, marks the page hydrated once
    # ``load`` returns, before its background read is in.)
    page_reading: bool = False

    def _request(self, route: str) -> _Request:
        url = self.router.url
        return _Request(
            route=route,
            path=url.path or "/",
            query={k: str(v) for k, v in (url.query_parameters or {}).items()},
            accept_language=self.router.headers.accept_language,
            access_token=self.access_token,
            refresh_token=self.refresh_token,
            client=self.router.session.client_ip or "",
            user_agent=self.router.headers.user_agent or "",
        )

    @rx.event
    async def load(self, route: str):
        """The page load, in this one event when the shared cache has everything (a
        visitor, or a member whose account is cached, on a page of public data): a cached
        read under the lock costs less than taking the lock twice. Otherwise the reads
        that need the database run in ``load_reading``, with no lock held."""
        return await self._load(route)

    async def _load(self, route: str, hydrating: bool = False):
        request = self._request(route)
        read = _read_cached(PAGE_LOADS.get(route), request, await cache.view_generations())
        if self.page_reading != (read is None):
            self.page_reading = read is None
        if read is None:
            return PageLoadState.load_reading(route, hydrating)
        events = await self._update(request, *read)
        if hydrating:
            self.is_hydrated = True
        return events

    @rx.event(background=True)
    async def load_reading(self, route: str, hydrating: bool = False):
        """The page load that reads the database: in a worker thread while no lock is held,
        then a short update. ``hydrating``: started by the page's first event
        (``reflex_ext/hydrate.py``), so the page is marked hydrated here, once its data is in."""
        request = self._request(route)
        try:
            read = await asyncio.to_thread(_read_all, PAGE_LOADS.get(route), request)
        except Exception:
            async with self:  # never leave the page waiting
                self.page_reading = False
                if hydrating:
                    self.is_hydrated = True
            raise
        async with self:
            self.page_reading = False
            if hydrating:
                self.is_hydrated = True
            return await self._update(request, *read)

    async def _update(self, request: _Request, site: SiteSettingsView, session: SessionRead, data: Any):
        """Apply what was read: language, maintenance switch, member, the page's data."""
        spec = PAGE_LOADS.get(request.route)
        events: list[Any] = []
        lang_state = await self.get_state(LangState)
        if lang_state.lang not in LANGUAGES:
            lang_state.lang = browser_language(request.accept_language)
        if lang_state.lang != "en":  # the built pages say lang="en"
            events.append(html_lang_script(lang_state.lang))

        site_state = await self.get_state(SiteState)
        if site_state.maintenance != site.maintenance:
            site_state.maintenance = site.maintenance
        if site_state.contact_email != site.contact_email:
            site_state.contact_email = site.contact_email

        member = self._apply_session(session)
        # The page's own handlers need not read the member again in this event.
        verified = verified_member.set((self.access_token, member) if member else None)
        try:
            if request.route in MEMBER_ONLY and member is None:
                events.append(self._to_login())
            elif spec is not None:
                page_state = await self.get_state(spec.state)
                if session.refresh:  # rare: the access token was refreshed just now
                    data = await asyncio.to_thread(spec.read, request.page(member))
                events.extend(_as_list(spec.apply(page_state, data)))
        finally:
            verified_member.reset(verified)
        return events

    def _apply_session(self, session: SessionRead):
        """The sign-in as read, applied (SPEC section 4, 'On start')."""
        try:
            if session.anonymous:
                if self.was_authenticated or self.stored_user:
                    self._clear()
                if self.is_authenticated:
                    self.is_authenticated = False
                return None
            if session.member is not None:
                self._set_user(session.member)
                return session.member
            if session.refresh:
                return self._member()  # rotates the refresh token: under the lock
            self._clear()
            return None
        finally:
            if self.is_loading:
                self.is_loading = False


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [v for v in value if v is not None]
    return [value]

