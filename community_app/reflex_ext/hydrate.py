"""The event a page sends when it opens (Reflex's ``hydrate_and_load``), in one short event.

What Reflex 0.10 does with it: reset the browser-stored vars, apply the values the browser
sent, send a snapshot of the whole state tree (every var of every state: each default
value created, serialised and compared with the compiled defaults the browser already
holds), then queue ``on_load_internal``, which queues the page's load and then
``set_is_hydrated``: four events per page opened, each queued behind every other
session's and each taking the session's lock (with Redis: loading and writing its states).

Here, in that one event and with the same result for the browser:

- the snapshot holds the same vars, found without touching the defaults: a var neither
  read nor written since the session began still holds its default, which the browser
  has when its compiled state hashes match the server's (a state whose hash differs, or
  every state when the browser sends no hashes, is sent whole, as Reflex does). Nothing
  is created for the states a session never used (less memory per session, and less to
  write to Redis);
- the page's load (``community_app/state/page_load.py``) runs right after the snapshot, under the same
  lock; its update and the hydrated flag go to the browser with this event's delta. When
  it needs the database it hands over to its background event, which marks the page
  hydrated once the data is in.

Replaces: the root state's ``hydrate_and_load`` event handler (``install()`` sets the
frozen ``EventHandler``'s ``fn``; installed by ``reflex_ext.install()``). Private names:
``_resolve_delta``, ``_apply_client_storage_vars``, ``_get_client_storage_delta``,
``_initial_snapshot_cache``, ``_InitialSnapshot``, ``_serialize_var``, and the members
``_clean``, ``_get_resolved_delta``, ``_mark_dirty_computed_vars``,
``_always_dirty_computed_vars``, ``_interval_computed_var_names``, ``_var_dependencies``,
``_is_client_storage``, ``_backend``, ``_cache``, ``_initial_value`` of states and vars.

Why: Reflex has no setting for it (its public way, ``on_load``, is what runs with the
switch off: four queued events per page opened instead of one).

Gain measured (docs/reflex-extensions.md "The table", 300 simultaneous loads, SQLite, one
worker, busy machine): one event per page took the register page's p99 from 3.0 s to
1.95 s; with the lean snapshot 1.56 s, and CPU per load 4.7 -> 2.2 ms (home: 5.4 -> 2.6 ms).
A/B of 2026-11-27 04:36 UTC (``make bench``, docs/performance.md "The extension A/B table",
quiet machine, 200 sessions, PostgreSQL + Redis): left out (with ``lean_fetch``), +173 %
(``/``) and +144 % (register page) CPU per load, far outside the noise (-27 % to -9 %).
Not run again since.

On a Reflex upgrade: the steps are Reflex 0.10.1's ``State.hydrate_and_load``; compare
them with the new version's, then run tests/unit/test_hydrate.py (it compares the snapshot
with Reflex's own). Navigations within the site still send ``on_load_internal``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import reflex as rx
from reflex.istate.delta import _resolve_delta
from reflex.state import (
    BaseState,
    OnLoadInternalState,
    _apply_client_storage_vars,
    _get_client_storage_delta,
    _initial_snapshot_cache,
    _InitialSnapshot,
    _serialize_var,
    all_base_state_classes,
    cache_initial_snapshot,
)
from reflex_base.constants import CompileVars
from reflex_base.constants.state import FIELD_MARKER
from reflex_base.event.context import EventContext
from reflex_base.registry import RegistrationContext
from reflex_base.utils import types
from reflex_base.utils.format import format_route

from community_app.state.page_load import PAGE_LOADS, PageLoadState

Delta = dict[str, dict[str, Any]]


# ----------------------------------------------------------------- the snapshot


async def _initial_snapshot(root_cls: type[BaseState]) -> _InitialSnapshot:
    """The defaults the compiled frontend holds (computed once per process, as Reflex's
    ``_diff_against_initial_state`` does)."""
    cached = _initial_snapshot_cache.get(root_cls)
    if cached is None or cached.n_state_classes != len(all_base_state_classes):
        defaults = root_cls(_reflex_internal_init=True).dict(initial=True)
        cache_initial_snapshot(root_cls, await _resolve_delta(defaults))
        cached = _initial_snapshot_cache[root_cls]
    return cached


def _states_the_browser_has(cached: _InitialSnapshot, hashes: list[str] | None) -> set[str]:
    """The states whose compiled defaults in the browser are the server's."""
    if not hashes or len(hashes) != len(cached.hashes) + 1 or hashes[0] != cached.names_digest:
        return set()
    browser = dict(zip(sorted(cached.hashes), hashes[1:], strict=True))
    return {name for name, digest in cached.hashes.items() if browser.get(name) == digest}


def _tree(state: BaseState) -> Iterator[BaseState]:
    yield state
    for substate in state.substates.values():
        yield from _tree(substate)


def _frontend_computed(state: BaseState) -> list[str]:
    return [name for name, var in state.computed_vars.items() if not var._backend]


# (state full name, computed var) -> the (state full name, var) it reads (Reflex's
# dependency tracking, reversed), for every computed var of the tree.
_DEPS: dict[tuple[str, str], list[tuple[str, str]]] = {}


def _dependencies(root_cls: type[BaseState]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    if not _DEPS:
        classes = [root_cls]
        for cls in classes:
            classes.extend(cls.get_substates())
            for var, dependents in cls._var_dependencies.items():
                for dependent in dependents:
                    _DEPS.setdefault(dependent, []).append((cls.get_full_name(), var))
    return _DEPS


def _at_default(states: dict[str, BaseState], name: str, var: str, deps) -> bool:
    """True when a computed var still has its compiled value: cached, no initial value of
    its own, and everything it reads untouched in this session (a read var is untouched
    when it is not in its state's __dict__, or is itself a computed var at its default)."""
    state = states.get(name)
    if state is None:  # not loaded: do not guess
        return False
    computed = state.computed_vars.get(var)
    if computed is None:
        return var not in state.__dict__
    cls = type(state)
    if (
        not computed._cache
        or var in cls._always_dirty_computed_vars
        or var in cls._interval_computed_var_names
        or not isinstance(computed._initial_value, types.Unset)
        or (name, var) not in deps
    ):
        return False
    return all(_at_default(states, *dep, deps) for dep in deps[(name, var)])


async def snapshot(root: BaseState, hashes: list[str] | None) -> Delta:
    """Every var the browser does not already hold: Reflex's ``self.dict()`` diffed against
    the compiled defaults, without creating the defaults of untouched vars."""
    cached = await _initial_snapshot(type(root))
    known = _states_the_browser_has(cached, hashes)
    deps = _dependencies(type(root))
    states = {state.get_full_name(): state for state in _tree(root)}
    whole: Delta = {}
    candidates: Delta = {}
    for name, state in states.items():
        cls = type(state)
        if state.dirty_vars or cls._always_dirty_computed_vars or cls._interval_computed_var_names:
            state._mark_dirty_computed_vars()  # else it has nothing to mark
        if name not in known:
            values = {var: state.get_value(var) for var in (*state.base_vars, *_frontend_computed(state))}
            whole[name] = {var + FIELD_MARKER: values[var] for var in sorted(values)}
            continue
        # A var missing from the instance's __dict__ was never read nor written: default.
        touched = [var for var in state.base_vars if var in state.__dict__]
        touched += [
            var for var in _frontend_computed(state) if not _at_default(states, name, var, deps)
        ]
        if touched:
            candidates[name] = {var + FIELD_MARKER: state.get_value(var) for var in touched}
    delta = await _resolve_delta({**whole, **candidates})
    for name in candidates:
        defaults = cached.serialized[name]
        changed = {
            var: value
            for var, value in delta.pop(name).items()
            if var not in defaults or _serialize_var(value) != defaults[var]
        }
        if changed:
            delta[name] = changed
    return delta


# ----------------------------------------------------------------- the event


# State class -> its vars stored in the browser (localStorage, cookies).
_CLIENT_VARS: dict[type[BaseState], tuple[str, ...]] = {}


def reset_client_storage(root: BaseState) -> None:
    """Reflex's ``_reset_client_storage``, visiting only the vars stored in the browser
    (Reflex checks every var of every state on each page opened), and leaving alone a var
    that already holds its default: a state nothing changed is not written back to Redis
    (a new visitor's sign-in form and job filters were, on every page opened)."""
    for state in _tree(root):
        cls = type(state)
        fields = cls.get_fields()
        names = _CLIENT_VARS.get(cls)
        if names is None:
            names = _CLIENT_VARS[cls] = tuple(
                name for name in cls.base_vars if cls._is_client_storage(fields[name])
            )
        for name in names:
            default = fields[name].default_value()
            if name in state.__dict__ and state.__dict__[name] != default:
                setattr(state, name, default)


def _route_of_path(path: str) -> str | None:
    """The registered route (a key of PAGE_LOADS) of the page at ``path``."""
    if len(_ROUTES) != len(PAGE_LOADS):
        _ROUTES.clear()
        _ROUTES.update((format_route(route), route) for route in PAGE_LOADS)
    reflex_route = RegistrationContext.get().app.router(path or "/")
    return _ROUTES.get(reflex_route) if reflex_route else None


def _route_of(root: BaseState) -> str | None:
    """The registered route of the page the browser is on."""
    return _route_of_path(root.router.url.path)


# Reflex's form of each route (``about``, ``index``, ``events/[event_type]``) -> ours.
_ROUTES: dict[str, str] = {}


async def hydrate_and_load(self, vars: dict[str, Any] | None = None, hashes: list[str] | None = None):
    """Reflex's ``State.hydrate_and_load`` (0.10.1) with the snapshot above and the page's
    load in the same event."""
    reset_client_storage(self)
    applied = await _apply_client_storage_vars(self, vars) if vars else []
    self._clean()
    # The snapshot carries is_hydrated=False: the browser then does not store the client
    # storage defaults it holds.
    self.is_hydrated = False
    ctx = EventContext.get()
    if ctx.emit_delta_impl is not None:
        delta = await snapshot(self, hashes)
        for state_name, changes in (await self._get_resolved_delta()).items():
            delta.setdefault(state_name, {}).update(changes)
        await ctx.emit_delta(delta=delta)
        self.dirty_vars.discard(CompileVars.IS_HYDRATED)
        if applied:
            await ctx.emit_delta(delta=await _get_client_storage_delta(self, applied))
    if not RegistrationContext.get().app.get_load_events(self.rx_router_url.path):
        self.is_hydrated = True
        return None
    route = _route_of(self)
    if route is None:  # a page that is not ours (Reflex's 404): Reflex's chain
        return [OnLoadInternalState.on_load_internal]
    page_load = await self.get_state(PageLoadState)
    return await page_load._load(route, hydrating=True)


_INSTALLED = "_uzdev_hydrate"


async def browser_holds_every_default(hashes: list[str] | None) -> bool:
    """Whether the browser's compiled states are all the server's: then a state the
    session never stored needs nothing sent (``lean_fetch``)."""
    cached = await _initial_snapshot(rx.State)
    return len(_states_the_browser_has(cached, hashes)) == len(cached.hashes)


def page_states(path: str) -> tuple[type[BaseState], ...]:
    """The state classes the load of the page at ``path`` writes (its own state)."""
    route = _route_of_path(path)
    spec = PAGE_LOADS.get(route) if route is not None else None
    return (spec.state,) if spec is not None else ()


def install() -> None:
    handler = rx.State.event_handlers[CompileVars.HYDRATE_AND_LOAD]
    if getattr(handler.fn, _INSTALLED, False):
        return
    hydrate_and_load.__qualname__ = handler.fn.__qualname__
    setattr(hydrate_and_load, _INSTALLED, True)
    setattr(hydrate_and_load, "reflex_original", handler.fn)
    object.__setattr__(handler, "fn", hydrate_and_load)  # EventHandler is frozen
