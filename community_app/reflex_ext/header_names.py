"""Request header names turned into snake case once per name, not once per session.

Replaces: ``reflex_base.utils.format.to_snake_case`` (a public function of a Reflex module,
replaced in that module for every caller) with the same function behind an LRU cache.

Why: Reflex turns every request header's name into snake case with two regular expressions
on a session's first event (``HeaderData.from_router_data``). The names are the same few
dozen; the function is pure, and Reflex already caches its ``to_camel_case`` the same way.

Gain measured: 5 % of a page-open event's time in a burst of 300 sessions (py-spy, 2026-11-24,
docs/reflex-extensions.md "The table"); not measured alone with ``make bench`` (inside the
run-to-run noise of a whole page load, so a candidate to drop; kept while it costs nothing).

On a Reflex upgrade: check that ``to_snake_case`` is still pure (its result depends on the
argument only) and still looked up through the module (``format.to_snake_case``) by
``HeaderData``; tests/unit/test_hydrate.py::test_header_names_are_converted_once.
"""

from __future__ import annotations

import functools


def install() -> None:
    from reflex_base.utils import format as reflex_format

    if not hasattr(reflex_format.to_snake_case, "cache_info"):
        reflex_format.to_snake_case = functools.lru_cache(maxsize=1024)(reflex_format.to_snake_case)
