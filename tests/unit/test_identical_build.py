"""Identical builds (issue 25, reflex_ext/identical_build.py): what reaches the client's
chunks holds nothing random, dated or machine-specific. Run on the installed Reflex's own
template, so an upgrade that moved the rewritten text fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import reflex_base

from community_app.reflex_ext import identical_build as ib
from tests.unit.test_settings import _reload_rxconfig

TEMPLATE = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"


def test_state_js_holds_the_version_only_and_takes_the_port_from_the_page():
    source = TEMPLATE.read_text()
    assert 'from "$/reflex.json"' in source  # what Reflex bundles: the project hash and times
    out = ib.rewrite_state_js(source, "0.10.1")
    assert "reflex.json" not in out.split("//")[0] and '"$/reflex.json"' not in out
    assert 'const reflexEnvironment = {"version": "0.10.1"};' in out
    assert "endpoint.port = window.location.port;" in out
    assert 'endpoint.port = ""' not in out  # an https page keeps its port too
    assert ib.rewrite_state_js(out, "0.10.1") == out  # a second compile changes nothing


def test_a_moved_template_stops_the_build():
    with pytest.raises(ib.TemplateChanged, match="COMMUNITY_REFLEX_EXTENSIONS=off"):
        ib.rewrite_state_js("export const getBackendURL = () => {};", "0.10.1")


def test_env_json_names_no_port():
    entries = ib.env_json_entries()
    assert entries["EVENT"] == "ws://localhost/_event"
    assert entries["UPLOAD"] == "http://localhost/_upload"
    assert set(entries) == set(ib.ENV_ENDPOINTS)
    assert not any(":" in url.split("//", 1)[1] for url in entries.values())


def test_context_objects_are_written_in_key_order_whatever_order_the_states_came_in():
    def context(storage: dict, state: dict) -> str:
        return "\n".join([
            "import x from 'y';",
            f"export const initialState = {json.dumps(state)}",
            'export const stateSchema = "abc"',
            f"export const clientStorage = {json.dumps(storage)}",
        ])

    one = context({"local_storage": {"b.lang": {"name": "uzdev_lang"}, "a.visa": {"name": "v"}}},
                  {"s.b": {"x": 1}, "s.a": {"y": "o‘zbek"}})
    two = context({"local_storage": {"a.visa": {"name": "v"}, "b.lang": {"name": "uzdev_lang"}}},
                  {"s.a": {"y": "o‘zbek"}, "s.b": {"x": 1}})
    assert one != two
    assert ib.sort_context_objects(one) == ib.sort_context_objects(two)
    assert 'export const stateSchema = "abc"' in ib.sort_context_objects(one)
    with pytest.raises(ib.TemplateChanged):
        ib.sort_context_objects("export const initialState = {}")


def test_the_plugin_is_in_the_build_and_off_with_the_switch(monkeypatch):
    _reload_rxconfig(monkeypatch)  # (puts back what rxconfig.py sets in the environment)
    import rxconfig

    assert any(isinstance(p, ib.IdenticalBuildPlugin) for p in rxconfig.config.plugins)
    tasks = []
    plugin = ib.IdenticalBuildPlugin()
    plugin.pre_compile(add_modify_task=lambda path, fn: tasks.append(path))
    assert tasks == [ib.STATE_JS, ib.CONTEXT_JSX]
    assert plugin.update_env_json() == ib.env_json_entries()
    monkeypatch.setenv("COMMUNITY_REFLEX_EXTENSIONS", "off")
    tasks.clear()
    plugin.pre_compile(add_modify_task=lambda path, fn: tasks.append(path))
    assert tasks == [] and plugin.update_env_json() is None
