"""Identical builds: the same commit builds to the same asset names in any folder, on any
machine, for any port (issue 25), so one build can be copied to every node behind a
round-robin proxy and every asset a page asks for exists on every node.

Two inputs of Reflex 0.10's client made every build different:

- ``utils/state.js`` imports the whole ``.web/reflex.json`` (``import reflexEnvironment
  from "$/reflex.json"``) for its ``version`` only; that file also holds a random
  ``project_hash`` and the times of the last run and version check, so the shared chunk's
  content (and every name that depends on it) changed with each build. Here the import is
  replaced by the one value it is used for: ``{version: "<Reflex's version>"}``.
- ``.web/env.json`` holds the backend's addresses with the build machine's port
  (``ws://localhost:3000/_event``), in the ``reflex-env`` chunk. Here they are written
  without a port (``update_env_json``, a public plugin hook), and ``getBackendURL`` takes
  the port from the page's own address at run time as it already takes the host name (and
  keeps it on https, where Reflex assumed 443): the websocket and uploads go to the origin
  the page came from (through the proxy or not).

- ``utils/context.jsx`` lists the states' browser-stored vars (``clientStorage``) and
  initial values (``initialState``) in the order Reflex walks the substates: a ``set`` of
  classes, whose order changes from run to run. Here both objects are written with their
  keys sorted (the same content; JavaScript reads them by key).

Replaces: Reflex 0.10.1's client templates ``utils/state.js`` and ``utils/context.jsx``
(as text) and the ports of ``env.json``, through ``pre_compile`` modify tasks and an
``update_env_json`` contribution of a plugin (public plugin hooks); what they rewrite is
Reflex's template text, a private detail: ``rewrite_state_js`` raises ``TemplateChanged``
when the text it looks for is not there (so an upgrade that moved it fails the build loudly
instead of building something that differs per machine).

Gain: not a speed-up but a property, checked rather than measured: two builds of one commit
in two folders are the same file by file (``tests/e2e/test_two_nodes.py``, which serves
them behind one round-robin proxy), so one build is copied to every node
(``serving/prebuilt.py``) and no asset a page asks for is missing on another node.

On a Reflex upgrade: ``tests/unit/test_identical_build.py`` runs the rewrite on the
installed template; then build twice in two folders (``tests/e2e/test_two_nodes.py``).
Off (the stock client, a build per machine and port) with ``COMMUNITY_REFLEX_EXTENSIONS=off``.
"""

from __future__ import annotations

import json
import os
from typing import Any

import reflex as rx

STATE_JS = "utils/state.js"
CONTEXT_JSX = "utils/context.jsx"
_SORTED_OBJECTS = ("clientStorage", "initialState")
ENV_ENDPOINTS = ("PING", "EVENT", "UPLOAD", "AUTH_CODESPACE", "HEALTH", "ALL_ROUTES")
# The host name getBackendURL swaps for the page's own (Reflex's SAME_DOMAIN_HOSTNAMES).
PLACEHOLDER_HOST = "localhost"

_IMPORT = 'import reflexEnvironment from "$/reflex.json";'
_SWAP_HOST = "    endpoint.hostname = frontend_hostname;\n"
_SWAP_PORT = "    endpoint.port = window.location.port; // the page's own port (identical_build.py)\n"
# Reflex then drops the port of an https page ("assume the load balancer is on 443"): the
# page's own port stays instead (a proxy on another port, as in the tests, works too).
_HTTPS_PORT = '      endpoint.port = ""; // Assume websocket is on https port via load balancer.\n'


class TemplateChanged(RuntimeError):
    """Reflex's client template no longer has the text this module rewrites."""


def enabled() -> bool:
    return os.environ.get("COMMUNITY_REFLEX_EXTENSIONS", "on").strip().lower() not in (
        "off", "0", "false", "no")


def reflex_version() -> str:
    from reflex_base import constants

    return constants.Reflex.VERSION


def rewrite_state_js(source: str, version: str | None = None) -> str:
    """``state.js`` without the build's random and dated inputs, and with the backend's
    port taken from the page's address (idempotent: a rewritten file is left as it is)."""
    version = version or reflex_version()
    if _SWAP_PORT in source:
        return source
    if _IMPORT not in source or source.count(_SWAP_HOST) != 1 or source.count(_HTTPS_PORT) != 1:
        raise TemplateChanged(
            f"{STATE_JS} of Reflex {version} is not the one identical_build.py rewrites; "
            "port the rewrite or run with COMMUNITY_REFLEX_EXTENSIONS=off")
    source = source.replace(
        _IMPORT, f"const reflexEnvironment = {json.dumps({'version': version})}; // identical_build.py")
    source = source.replace(_HTTPS_PORT, "")
    return source.replace(_SWAP_HOST, _SWAP_HOST + _SWAP_PORT)


def sort_context_objects(source: str) -> str:
    """``context.jsx`` with ``clientStorage`` and ``initialState`` in key order."""
    lines = source.split("\n")
    found = set()
    for i, line in enumerate(lines):
        for name in _SORTED_OBJECTS:
            prefix = f"export const {name} = "
            if line.startswith(prefix):
                value = json.loads(line[len(prefix):])
                lines[i] = prefix + json.dumps(value, sort_keys=True, ensure_ascii=False)
                found.add(name)
    if found != set(_SORTED_OBJECTS):
        raise TemplateChanged(
            f"{CONTEXT_JSX} has no one-line {sorted(set(_SORTED_OBJECTS) - found)}; port "
            "identical_build.py or run with COMMUNITY_REFLEX_EXTENSIONS=off")
    return "\n".join(lines)


def env_json_entries() -> dict[str, str]:
    """The backend's addresses as ``env.json`` holds them: no port, the placeholder host
    (the page's own host and port replace them at run time)."""
    from reflex_base.constants import Endpoint

    entries = {}
    for endpoint in Endpoint:
        if endpoint.name in ENV_ENDPOINTS:
            scheme = "ws" if endpoint is Endpoint.EVENT else "http"
            entries[endpoint.name] = f"{scheme}://{PLACEHOLDER_HOST}/{endpoint.value}"
    return entries


class IdenticalBuildPlugin(rx.plugins.Plugin):
    """The build's client, the same wherever and for whichever port it is made."""

    def pre_compile(self, **context: Any) -> None:
        if enabled():
            context["add_modify_task"](STATE_JS, rewrite_state_js)
            context["add_modify_task"](CONTEXT_JSX, sort_context_objects)

    def update_env_json(self, **context: Any) -> dict[str, Any] | None:
        return env_json_entries() if enabled() else None
