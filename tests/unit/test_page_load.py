"""A page load is one event: language, site settings, sign-in and the page's own data."""

from __future__ import annotations

import pytest

from community_app.services import cache
from community_app.core.settings import backend_workers, session_expiry_seconds
from community_app.state import page_load
from community_app.state.page_load import PageData, PageLoadState, browser_language


@pytest.fixture(scope="module")
def pages():
    from community_app.ui.pages import PAGES

    return PAGES


def test_every_page_loads_with_one_event(pages):
    """No chain of events per page: the frame's work and the page's run in one handler."""
    assert pages
    for route in pages:
        assert len(route.on_load) == 1, route.path
        (event,) = route.on_load
        assert event.handler.fn is PageLoadState.load.fn, route.path
        assert route.path in page_load.PAGE_LOADS


def test_reads_that_need_the_database_happen_without_the_lock(monkeypatch):
    """Under the lock only the shared cache is read; anything else (a cold cache, a
    member's own rows) goes to the background event, which reads with no lock held."""
    assert not PageLoadState.load.is_background
    assert PageLoadState.load_reading.is_background
    cache.clear()
    loads = []
    spec = PageData(PageLoadState, lambda request: cache.cached(
        cache.STATISTICS, "t", lambda: loads.append(1) or "rows"), PageLoadState._apply_session)
    monkeypatch.setattr(page_load, "site_settings", lambda: "settings")
    request = page_load._Request("/", "/", {}, "en", "", "")
    assert page_load._read_cached(spec, request) is None  # cold: not loaded under the lock
    assert loads == []
    assert page_load._read_all(spec, request)[2] == "rows"  # the background read loads it
    assert page_load._read_cached(spec, request)[2] == "rows"  # now one event does it all
    assert loads == [1]


def test_a_page_names_its_apply_method_by_reference():
    """A method-name string (the old way) is refused at import, as is a method of another
    state: a rename or a typo fails at once, not on the page's first visit."""
    with pytest.raises(TypeError):
        PageData(PageLoadState, lambda request: None, "_apply_session")
    from community_app.state.home import HomeState

    with pytest.raises(TypeError):
        PageData(PageLoadState, lambda request: None, HomeState._apply_load)


def test_the_busiest_pages_read_without_the_lock(pages):
    from community_app.core import routes

    for path in (routes.HOME, routes.EVENT_REGISTER):
        assert isinstance(page_load.PAGE_LOADS[path], PageData), path


def test_my_page_is_for_members_only():
    from community_app.core import routes

    assert routes.MYPAGE in page_load.MEMBER_ONLY


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("uz-UZ,uz;q=0.9,en;q=0.8", "uz"),
        ("uz", "uz"),
        ("ko-KR,ko;q=0.9,en-US;q=0.8", "en"),
        ("en-US,en;q=0.9", "en"),
        ("", "en"),
    ],
)
def test_first_visit_follows_the_browser_language(header, lang):
    assert browser_language(header) == lang


def test_site_settings_come_from_the_shared_cache(monkeypatch, engine):
    import contextlib

    from sqlmodel import Session

    cache.clear()
    reads = []
    real = page_load.get_site_settings

    def counting(session):
        reads.append(1)
        return real(session)

    @contextlib.contextmanager
    def scope():
        with Session(engine, expire_on_commit=False) as s:
            yield s
            s.commit()

    monkeypatch.setattr(page_load, "get_site_settings", counting)
    monkeypatch.setattr(page_load, "session_scope", scope)
    page_load.site_settings()  # the first read creates the settings row (a write)
    reads.clear()
    first = page_load.site_settings()
    again = page_load.site_settings()
    assert first == again
    assert len(reads) == 1


def test_an_anonymous_visitor_needs_no_database():
    read = page_load.read_session("", "")
    assert read.anonymous and read.member is None and not read.refresh


def test_an_unreadable_access_token_asks_for_a_refresh():
    assert page_load.read_session("not-a-token", "some-refresh").refresh
    assert not page_load.read_session("not-a-token", "").refresh


def test_workers_fit_the_machine(monkeypatch):
    monkeypatch.delenv("REFLEX_REDIS_URL", raising=False)
    monkeypatch.setenv("COMMUNITY_WORKERS", "4")
    assert backend_workers() == 1  # sessions in one process without Redis
    monkeypatch.setenv("REFLEX_REDIS_URL", "redis://127.0.0.1:6379/0")
    assert backend_workers() == 4
    monkeypatch.delenv("COMMUNITY_WORKERS")
    import os

    assert backend_workers() == len(os.sched_getaffinity(0))


def test_session_expiry_setting(monkeypatch):
    monkeypatch.delenv("COMMUNITY_SESSION_EXPIRY_SECONDS", raising=False)
    assert session_expiry_seconds() == 900
    monkeypatch.setenv("COMMUNITY_SESSION_EXPIRY_SECONDS", "120")
    assert session_expiry_seconds() == 120
    monkeypatch.setenv("COMMUNITY_SESSION_EXPIRY_SECONDS", "soon")
    assert session_expiry_seconds() == 900


def test_every_page_loads_its_data_with_page_data(pages):
    """One page-load pattern: a page whose load does anything, the back office's too, uses
    PageData (its read without the lock, its update under it); plain handlers are refused
    when the page is declared."""
    from community_app.ui.layouts import frame

    loads = {route.path: page_load.PAGE_LOADS[route.path] for route in pages}
    assert {type(spec) for spec in loads.values()} <= {PageData, type(None)}
    with pytest.raises(TypeError):
        frame.page("/an-old-style-page", title="Old", on_load=[PageLoadState.load])(lambda: None)
    assert "/an-old-style-page" not in page_load.PAGE_LOADS


def test_a_page_title_is_written_once(pages):
    """A public page of services/seo.STATIC_PAGES takes its title from there (the head,
    share card and sitemap read it too); giving it again in @page is refused."""
    from community_app.core import routes
    from community_app.services import seo
    from community_app.ui.layouts import frame

    with pytest.raises(ValueError):
        frame.page(routes.ABOUT, title="About us")
    with pytest.raises(ValueError):
        frame.page("/a-page-with-no-title")
    about = next(route for route in pages if route.path == routes.ABOUT)
    assert seo.PAGES_BY_PATH[routes.ABOUT].title in str(about.title)


def test_the_settings_watcher_does_not_run_with_a_shared_cache(monkeypatch):
    """With Redis a commit anywhere expires the settings in every worker: no polling."""
    monkeypatch.setattr(page_load, "_watcher", None)
    monkeypatch.setattr(cache, "shared", lambda: True)
    page_load._start_watcher()
    assert page_load._watcher is not None and not page_load._watcher.is_alive()
