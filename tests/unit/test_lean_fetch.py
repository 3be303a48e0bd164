"""With Redis, the page-open event loads only the states the session stored (and those
it needs), and the browser gets exactly what it would get with the whole tree loaded."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest
import reflex as rx
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from redis.asyncio import Redis

from community_app.reflex_ext import hydrate, lean_fetch
from tests.unit.test_hydrate import _as_json, _compiled_hashes, _session, _states

REDIS_URL = os.environ.get("COMMUNITY_TEST_REDIS_URL", "").strip()
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="COMMUNITY_TEST_REDIS_URL is not set")


@pytest.fixture(scope="module")
def app():
    from community_app.community_app import app

    return app


def _names(root) -> set[str]:
    return {state.get_full_name() for state in hydrate._tree(root)}


async def _store_and_fetch(session_root, page=()):
    """Store ``session_root`` (or nothing, for a new visitor) under a fresh token; fetch it
    back the lean way (for a page whose load writes ``page``) and Reflex's way."""
    manager = StateManagerRedis(redis=Redis.from_url(REDIS_URL))
    token = BaseStateToken(ident=f"lean-{uuid.uuid4()}", cls=rx.State)
    try:
        if session_root is not None:
            await manager.set_state(token, session_root)
        lean = await lean_fetch.lean_get_state(manager, token, page)
        whole = await lean_fetch.StateManagerRedis.get_state.__wrapped__(manager, token)
        return lean, whole
    finally:
        keys = [token._state_key(cls) for cls in lean_fetch._all_classes(rx.State)]
        await manager.redis.delete(*keys)
        await manager.redis.aclose()


@pytest.mark.parametrize("visitor", ["new", "returning"])
def test_the_lean_tree_gives_the_browser_what_the_whole_tree_gives(app, visitor):
    stored = None if visitor == "new" else _session(*_states())
    if stored is not None:  # what the session changed was stored, nothing else
        changed = {cls.get_full_name() for cls in _states()} | {rx.State.get_full_name()}
        for state in hydrate._tree(stored):
            state._was_touched = state.get_full_name() in changed
    lean, whole = asyncio.run(_store_and_fetch(stored))
    every = _names(whole)
    assert len(every) == len(lean_fetch._all_classes(rx.State))  # Reflex loads all of them
    assert _names(lean) < every  # ours far fewer
    auth, home, lang = (cls.get_full_name() for cls in _states())
    from community_app.state.page_load import PageLoadState

    assert {lang, auth, PageLoadState.get_full_name()} <= _names(lean)
    assert (home in _names(lean)) == (visitor == "returning")  # stored, so loaded
    hashes = _compiled_hashes()
    ours = asyncio.run(hydrate.snapshot(lean, hashes))
    theirs = asyncio.run(hydrate.snapshot(whole, hashes))
    assert _as_json(ours) == _as_json(theirs)
    if visitor == "returning":
        loaded_home = lean.get_substate(home.split("."))
        assert loaded_home.statistics == [{"key": "members", "current": 7}]


def test_only_a_browser_of_this_build_gets_the_lean_fetch(app):
    assert asyncio.run(hydrate.browser_holds_every_default(_compiled_hashes()))
    assert not asyncio.run(hydrate.browser_holds_every_default(None))
    other = _compiled_hashes()
    other[-1] = "another build"
    assert not asyncio.run(hydrate.browser_holds_every_default(other))


def test_the_app_installs_it_once(app):
    assert getattr(StateManagerRedis.get_state, lean_fetch._MARK)
    patched = StateManagerRedis.get_state
    lean_fetch.install(hydrate.browser_holds_every_default, hydrate.page_states)
    assert StateManagerRedis.get_state is patched


def test_the_page_load_finds_every_state_it_writes_in_the_one_fetch(app):
    """The page's own state and the site settings come with the page-open fetch: its load
    asks Redis for nothing more (one round trip fewer per page opened)."""
    from community_app.state.event_register import EventRegisterState
    from community_app.state.home import HomeState
    from community_app.state.site import SiteState

    register = hydrate.page_states("/events/upcoming/register/12")
    assert register == (EventRegisterState,)
    assert hydrate.page_states("/") == (HomeState,)
    assert hydrate.page_states("/no/such/page") == ()
    lean, _whole = asyncio.run(_store_and_fetch(None, register))
    assert {EventRegisterState.get_full_name(), SiteState.get_full_name()} <= _names(lean)
    assert HomeState.get_full_name() not in _names(lean)
