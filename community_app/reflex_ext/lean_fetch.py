"""With Redis: the event a page sends when it opens loads only the states it needs.

Reflex fetches a session's states from Redis by the event's state class and everything
below it. The page-open event (``hydrate_and_load``, ``reflex_ext/hydrate.py``) belongs to the
root state, so Reflex loads all 32 states of the tree for it: one value per state read
and unpickled, or, for a new visitor, every state created from its defaults, for a page
that touches five of them. In a burst of 1,000 new visitors that was the largest share of
a page load's CPU time after the socket work (py-spy, 2026-11-24).

Here, when the browser holds every state's compiled defaults (the state hashes it sends
with the event match: the case of every page opened from this build), that one fetch reads which of the session's states Redis holds (the same single
``MGET`` as Reflex's) and builds only

- the states Redis holds (a state is stored once it was touched: one not stored still has
  its defaults, which the browser holds already, so the snapshot has nothing to send for
  it: see ``hydrate.snapshot``; a browser of another build gets Reflex's whole fetch),
- the states with values kept in the browser (their values arrive with the event),
  ``PageLoadState`` and ``SiteState`` (the page's load runs in the same event and reads the
  site's settings), and the page's own state (``page_states(path)``: what its load
  writes), so the load fetches nothing more from Redis,
- and, for each of those, what Reflex itself fetches with a state: its parents and the
  states whose computed vars depend on it (Reflex's ``_get_required_state_classes``), so
  a change marks every dependent var as Reflex would.

Another state a handler asks for later comes through Reflex's usual lazy fetch, with
its own dependents. Other events, and sessions with the in-memory
manager (no Redis), are untouched.

Replaces: ``StateManagerRedis.get_state`` (a public method, replaced on the class) and
wraps ``BaseStateEventProcessor._execute_event`` (inside ``event_admission``'s wrapper:
``reflex_ext.RUNTIME_ORDER``). Private names: ``_execute_event``, ``_coerce_token``,
``_get_required_state_classes``, ``_state_key``, ``BaseState._deserialize``,
``_is_client_storage``.

Gain measured (README, py-spy of the fetch during a burst): 7 of 35 states built for a
new visitor, the fetch's CPU time 0.57-0.67 ms -> 0.37-0.43 ms per page opened (about
10 % of a page load's 2-4 ms). Only with Redis. A/B of 2026-11-27 04:36 UTC (``make bench``,
docs/performance.md "The extension A/B table", quiet machine): +11 % (``/``) and +21 %
(register page) CPU per load left out, against a noise of -27 % to -9 % between two runs
with every extension: a gain at the edge of the noise. Not run again since.

On a Reflex upgrade: compare ``StateManagerRedis.get_state`` and ``_execute_event``'s
signatures with the wrappers below; tests/unit/test_lean_fetch.py runs it against a
real Redis (``COMMUNITY_TEST_REDIS_URL``) and compares the snapshot with Reflex's fetch.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Awaitable, Callable
from typing import Any

from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import BaseState, State
from reflex.utils.exceptions import StateSchemaMismatchError
from reflex_base.constants import CompileVars
from reflex_base.constants.route import RouteVar
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

# Set while a page-open event takes its session's states: [one-use flag, the page's
# own state classes].
_PAGE_OPEN: contextvars.ContextVar[list[Any] | None] = contextvars.ContextVar(
    "uzdev_page_open", default=None
)
_MARK = "_uzdev_lean_fetch"
_ALWAYS: tuple[type[BaseState], ...] = ()
# State class -> the classes Reflex fetches with it (fixed once the app is compiled).
_REQUIRED: dict[type[BaseState], frozenset[type[BaseState]]] = {}


def _hydrate_event_name() -> str:
    return f"{State.get_full_name()}.{CompileVars.HYDRATE_AND_LOAD}"


def _all_classes(root: type[BaseState]) -> list[type[BaseState]]:
    classes = [root]
    for cls in classes:
        classes.extend(cls.get_substates())
    return classes


def _client_storage_classes(root: type[BaseState]) -> set[type[BaseState]]:
    found = set()
    for cls in _all_classes(root):
        fields = cls.get_fields()
        if any(cls._is_client_storage(fields[name]) for name in cls.base_vars):
            found.add(cls)
    return found


def _required(manager: StateManagerRedis, cls: type[BaseState]) -> frozenset[type[BaseState]]:
    """Reflex's ``_get_required_state_classes(cls)``, worked out once per class."""
    found = _REQUIRED.get(cls)
    if found is None:
        found = _REQUIRED[cls] = frozenset(manager._get_required_state_classes(cls))
    return found


async def lean_get_state(
    manager: StateManagerRedis, token: BaseStateToken, page: tuple[type[BaseState], ...] = ()
) -> BaseState:
    """The root state of ``token``'s session with the states described above; ``page``:
    the page's own state classes."""
    root_cls = token.cls
    every = sorted(_all_classes(root_cls), key=lambda c: c.get_full_name())
    stored = await manager.redis.mget([token._state_key(cls) for cls in every])
    data = dict(zip(every, stored, strict=True))
    wanted: set[type[BaseState]] = set()
    for cls in {root_cls, *_ALWAYS, *page, *(cls for cls, raw in data.items() if raw is not None)}:
        wanted |= _required(manager, cls)
    tree: dict[str, BaseState] = {}
    for cls in sorted(wanted, key=lambda c: c.get_full_name()):  # parents first
        state = None
        if (raw := data[cls]) is not None:
            with contextlib.suppress(StateSchemaMismatchError):
                state = BaseState._deserialize(data=raw)
        if state is None:
            state = cls(init_substates=False, _reflex_internal_init=True)
        name = state.get_full_name()
        tree[name] = state
        if cls.get_parent_state() is not None:
            parent_name, _, own_name = name.rpartition(".")
            parent = tree[parent_name]
            parent.substates[own_name] = state
            state.parent_state = parent
    return tree[root_cls.get_full_name()]


def install(
    browser_holds_every_default: Callable[[list[str] | None], Awaitable[bool]],
    page_states: Callable[[str], tuple[type[BaseState], ...]],
) -> None:
    """Install the lean fetch for page-open events whose hashes pass the check;
    ``page_states(path)``: the state classes the load of the page at ``path`` writes."""
    global _ALWAYS
    if getattr(StateManagerRedis.get_state, _MARK, False):
        return
    from community_app.state.page_load import PageLoadState
    from community_app.state.site import SiteState

    _ALWAYS = (*_client_storage_classes(State), PageLoadState, SiteState)
    hydrate_name = _hydrate_event_name()
    original_get = StateManagerRedis.get_state
    original_execute = BaseStateEventProcessor._execute_event

    async def get_state(self, token, top_level: bool = True,
                        for_state_instance: BaseState | None = None) -> Any:
        flag = _PAGE_OPEN.get()
        token = self._coerce_token(token)
        if (
            flag
            and flag[0]
            and top_level
            and for_state_instance is None
            and isinstance(token, BaseStateToken)
            and token.cls is State
        ):
            flag[0] = False  # this event's first fetch only (not its background work's)
            return await lean_get_state(self, token, flag[1])
        return await original_get(self, token, top_level, for_state_instance)

    async def execute_event(self, *, entry, registered_handler):
        if entry.event.name != hydrate_name or not await browser_holds_every_default(
            (entry.event.payload or {}).get("hashes")
        ):
            return await original_execute(self, entry=entry, registered_handler=registered_handler)
        path = (entry.event.router_data or {}).get(RouteVar.PATH) or "/"
        reset = _PAGE_OPEN.set([True, page_states(path)])
        try:
            return await original_execute(self, entry=entry, registered_handler=registered_handler)
        finally:
            _PAGE_OPEN.reset(reset)

    for fn, original in ((get_state, original_get), (execute_event, original_execute)):
        fn.__wrapped__ = original  # type: ignore[attr-defined]
        setattr(fn, _MARK, True)
    StateManagerRedis.get_state = get_state  # type: ignore[method-assign]
    BaseStateEventProcessor._execute_event = execute_event  # type: ignore[method-assign]
