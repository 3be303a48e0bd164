"""The page's first event: the same snapshot as Reflex's, and the page's load with it."""

from __future__ import annotations

import asyncio
import json

import pytest
import reflex as rx
from reflex.istate.delta import _resolve_delta
from reflex.state import _diff_against_initial_state, state_snapshot_hashes
from reflex_base.constants import CompileVars

from community_app.reflex_ext import hydrate


@pytest.fixture(scope="module")
def app():
    from community_app.community_app import app

    return app


def _states():
    from community_app.state.auth import AuthState
    from community_app.state.home import HomeState
    from community_app.state.lang import LangState

    return AuthState, HomeState, LangState


def _compiled_hashes() -> list[str]:
    defaults = rx.State(_reflex_internal_init=True).dict(initial=True)
    return state_snapshot_hashes(asyncio.run(_resolve_delta(defaults)))


def _reflex_snapshot(root, hashes):
    async def run():
        delta = await _resolve_delta(root.dict())
        return await _diff_against_initial_state(type(root), delta, hashes) if hashes else delta

    return asyncio.run(run())


def _as_json(delta):
    return json.loads(json.dumps(delta, default=str, sort_keys=True))


def _session(auth_state, home_state, lang_state):
    """A session part-way through: some vars set, some read, most never touched."""
    root = rx.State(_reflex_internal_init=True)
    lang = root.get_substate(lang_state.get_full_name().split("."))
    lang.lang = "uz"
    home = root.get_substate(home_state.get_full_name().split("."))
    home.loading = False
    home.statistics = [{"key": "members", "current": 7}]
    home.meetup_error  # noqa: B018 - read, not changed
    auth = root.get_substate(auth_state.get_full_name().split("."))
    auth.username = "aziza"
    auth.user_first_name = "Aziza"  # its computed first_name changes with it
    auth.is_authenticated = True
    root._clean()
    return root


@pytest.mark.parametrize("browser_hashes", ["compiled", "none", "other build"])
def test_the_snapshot_is_reflexs(app, browser_hashes):
    hashes = {"compiled": _compiled_hashes(), "none": None, "other build": ["x"] * 5}[browser_hashes]
    expected = _reflex_snapshot(_session(*_states()), hashes)
    ours = asyncio.run(hydrate.snapshot(_session(*_states()), hashes))
    assert _as_json(ours) == _as_json(expected)
    if browser_hashes == "compiled":
        # Only what differs from the compiled page goes to the browser.
        home = _states()[1].get_full_name()
        assert set(ours[home]) == {"loading_rx_state_", "statistics_rx_state_"}
        assert ours[_states()[0].get_full_name()]["first_name_rx_state_"] == "Aziza"


def test_a_fresh_session_gets_only_what_differs_and_creates_no_defaults(app):
    root = rx.State(_reflex_internal_init=True)
    lang = root.get_substate(_states()[2].get_full_name().split("."))
    lang.lang = "uz"
    root._clean()
    ours = asyncio.run(hydrate.snapshot(root, _compiled_hashes()))
    home = root.get_substate(_states()[1].get_full_name().split("."))
    assert "statistics" not in home.__dict__  # never created for this session
    assert _as_json(ours) == _as_json(_reflex_snapshot(root, _compiled_hashes()))
    assert list(ours) == [lang.get_full_name()]  # the one var that differs


def test_the_app_installs_it(app):
    handler = rx.State.event_handlers[CompileVars.HYDRATE_AND_LOAD]
    assert handler.fn is hydrate.hydrate_and_load
    hydrate.install()  # installing twice replaces once
    assert handler.fn is hydrate.hydrate_and_load


def test_every_page_is_known_by_its_reflex_route(app):
    from community_app.state.page_load import PAGE_LOADS

    class Root:
        def __init__(self, path):
            self.router = type("R", (), {"url": type("U", (), {"path": path})()})()

    assert hydrate._route_of(Root("/")) == "/"
    assert hydrate._route_of(Root("/events/upcoming/register/3")) == "/events/[event_type]/register/[event_id]"
    assert hydrate._route_of(Root("/no/such/page")) is None
    assert len(hydrate._ROUTES) == len(PAGE_LOADS)


def test_client_storage_is_reset_as_reflex_does(app):
    auth_state, _home, lang_state = _states()
    theirs, ours = _session(*_states()), _session(*_states())
    for root in (theirs, ours):
        root.get_substate(auth_state.get_full_name().split(".")).access_token = "a token"
        root.get_substate(lang_state.get_full_name().split(".")).lang = "uz"
        root._clean()
    for state in hydrate._tree(ours):
        state._was_touched = False
    theirs._reset_client_storage()
    hydrate.reset_client_storage(ours)
    # Only the states whose browser-stored vars held something else are changed, so only
    # they are written back to Redis (Reflex's reset marks every one of them).
    changed = {state.get_full_name() for state in hydrate._tree(ours) if state._was_touched}
    assert changed == {auth_state.get_full_name(), lang_state.get_full_name()}
    assert _as_json(ours.dict()) == _as_json(theirs.dict())
    assert ours.get_substate(lang_state.get_full_name().split(".")).lang == ""
    assert set(asyncio.run(ours._get_resolved_delta())) <= set(
        asyncio.run(theirs._get_resolved_delta())
    )


