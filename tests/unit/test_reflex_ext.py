"""Every reach into Reflex's internals lives in ``community_app/reflex_ext/``, behind the
``COMMUNITY_REFLEX_EXTENSIONS`` switch and a version guard (docs/reflex-extensions.md).

- No module outside the package uses a private name of reflex / reflex_base / granian /
  engineio / socketio: a private module, ``from reflex... import _x``, ``x._y`` on a name
  imported from them, or a private member Reflex's own classes define (``state._clean()``)
  that the site does not define itself; read from the code (ast), as far as statically
  visible.
- The run-time extensions wrap Reflex's event processing in one defined order.
- With the switch on, another framework version refuses to start, naming the switch; with
  it off, nothing is patched.
"""

from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

from community_app import reflex_ext

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "community_app"
EXTENSIONS = PACKAGE / "reflex_ext"
FRAMEWORKS = ("reflex", "reflex_base", "granian", "engineio", "socketio")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _framework(module: str) -> bool:
    return module.split(".")[0] in FRAMEWORKS


def framework_private_members() -> frozenset[str]:
    """Private attribute names defined by the classes of the framework modules loaded once
    the app is imported (``_clean``, ``_execute_event``, ``_var_dependencies``, ...)."""
    import community_app.community_app  # noqa: F401  (loads Reflex's modules)

    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        if not _framework(name) or module is None:
            continue
        for value in list(vars(module).values()):
            if not inspect.isclass(value) or not _framework(value.__module__ or ""):
                continue
            for cls in value.__mro__:
                if _framework(cls.__module__ or ""):
                    found.update(n for n in vars(cls) if _private(n))
                    found.update(n for n in getattr(cls, "__annotations__", {}) if _private(n))
    return frozenset(found)


def own_names(paths: list[Path]) -> frozenset[str]:
    """Every name the site's code defines itself (functions, classes, variables, attributes
    it assigns): a private member of that name is the site's, not Reflex's."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                found.add(node.attr)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
    return frozenset(found)


def private_uses(source: str, members: frozenset[str], own: frozenset[str]) -> list[str]:
    """The private framework names ``source`` uses, as ``line: what``."""
    tree = ast.parse(source)
    bound: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _framework(alias.name):
                    if any(_private(part) for part in alias.name.split(".")):
                        found.append(f"{node.lineno}: import {alias.name}")
                    bound.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and not node.level and _framework(node.module or ""):
            if any(_private(part) for part in (node.module or "").split(".")):
                found.append(f"{node.lineno}: from {node.module} import ...")
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
                bound.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute) and _private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in bound:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
                continue
            name = node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and _private(node.args[1].value)):
            name = node.args[1].value
        if name is not None and name in members and name not in own:
            found.append(f"{node.lineno}: {ast.unparse(node)[:80]}")
    return sorted(set(found), key=lambda line: int(line.split(":")[0]))


def _outside_the_package() -> list[Path]:
    paths = [p for p in sorted(PACKAGE.rglob("*.py")) if EXTENSIONS not in p.parents]
    return [*paths, ROOT / "rxconfig.py"]


def test_no_private_framework_name_outside_the_extension_package():
    paths = _outside_the_package()
    members = framework_private_members()
    own = own_names(paths)
    problems = []
    for path in paths:
        for use in private_uses(path.read_text(encoding="utf-8"), members, own):
            problems.append(f"{path.relative_to(ROOT)}:{use}")
    assert not problems, "move these into community_app/reflex_ext/:\n" + "\n".join(problems)


def test_the_check_finds_each_kind_of_private_use():
    members = framework_private_members()
    assert {"_execute_event", "_clean", "_var_dependencies", "_is_client_storage"} <= members
    source = "\n".join([
        "import reflex as rx",
        "import reflex_base._private_module",
        "from reflex.state import _serialize_var, BaseState",
        "from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor",
        "BaseStateEventProcessor._execute_event = None",
        "rx.State._some_private_thing",
        "def handler(self):",
        "    self._clean()",
        "    getattr(self, '_var_dependencies')",
        "    self._site_own_helper()",
    ])
    uses = private_uses(source, members, frozenset({"_site_own_helper"}))
    assert [use.split(":")[0] for use in uses] == ["2", "3", "5", "6", "8", "9"], uses
    # The extensions themselves do use them (the check is not blind).
    hydrate = (EXTENSIONS / "hydrate.py").read_text(encoding="utf-8")
    assert private_uses(hydrate, members, frozenset())


def test_every_module_of_the_package_says_what_it_replaces_and_what_to_check():
    for path in sorted(EXTENSIONS.glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if path.name == "__init__.py":
            continue
        for needed in ("Replaces", "Gain", "On a"):
            assert needed in doc, f"{path.name}: its docstring has no {needed!r}"


# ----------------------------------------------------------------- the order


def test_admission_wraps_the_lean_fetch_which_wraps_reflexs_event():
    """Both wrap ``_execute_event``: an event first waits for its slot (admission, the
    outermost), then the lean fetch picks the states of a page-open event."""
    import community_app.community_app  # noqa: F401  (installs them)
    from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

    from community_app.reflex_ext import event_admission, lean_fetch

    assert reflex_ext.RUNTIME_ORDER.index("lean_fetch") < reflex_ext.RUNTIME_ORDER.index(
        "event_admission")
    outer = BaseStateEventProcessor._execute_event
    assert getattr(outer, event_admission._MARK, False)
    inner = outer.__wrapped__
    assert getattr(inner, lean_fetch._MARK, False) and not getattr(inner, event_admission._MARK, False)
    original = inner.__wrapped__
    assert not hasattr(original, "__wrapped__")
    assert original.__module__.startswith("reflex_base")


# ----------------------------------------------------------------- the version guard


def test_the_versions_the_extensions_were_written_for_are_the_installed_ones():
    assert reflex_ext.WRITTEN_FOR == {
        "reflex": "0.10.1", "reflex-base": "0.10.1", "granian": "2.8.7", "react-router": "8.4.0",
    }
    assert reflex_ext.installed_versions() == reflex_ext.WRITTEN_FOR
    reflex_ext.check_versions()  # no error


def test_another_reflex_version_refuses_to_start_and_names_the_switch(monkeypatch):
    found = {**reflex_ext.WRITTEN_FOR, "reflex": "0.11.0"}
    with pytest.raises(reflex_ext.VersionMismatch) as refused:
        reflex_ext.check_versions(found)
    message = str(refused.value)
    assert "reflex 0.11.0 (written for 0.10.1)" in message
    assert "COMMUNITY_REFLEX_EXTENSIONS=off" in message
    monkeypatch.setattr(reflex_ext, "installed_versions", lambda: found)
    monkeypatch.setenv("COMMUNITY_REFLEX_EXTENSIONS", "on")
    with pytest.raises(reflex_ext.VersionMismatch, match="COMMUNITY_REFLEX_EXTENSIONS=off"):
        reflex_ext.install()
    with pytest.raises(reflex_ext.VersionMismatch, match="react-router 9.0.0"):
        reflex_ext.check_versions({**reflex_ext.WRITTEN_FOR, "react-router": "9.0.0"})
    monkeypatch.setenv("COMMUNITY_REFLEX_EXTENSIONS", "off")
    assert reflex_ext.install() is False  # off: no guard, nothing installed


@pytest.mark.parametrize(("found", "passes"), [
    ("0.10.1", True), ("0.10.2", True), ("0.10.17", True),  # patch releases of the minor
    ("0.10.0", False), ("0.11.0", False), ("1.10.1", False), ("0.10.2rc1", False),
    ("0.10.2.dev3", False), (None, False),
])
def test_the_guard_takes_patch_releases_of_the_pinned_minor_version_only(found, passes):
    for name in ("reflex", "reflex-base"):
        versions = {**reflex_ext.WRITTEN_FOR, name: found}
        assert (reflex_ext.version_problems(versions) == []) is passes, (name, found)


def _run_python(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


STOCK_CHECK = """
import reflex as rx
from reflex.istate.manager.redis import StateManagerRedis
from reflex_base.constants import CompileVars
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor
import community_app.community_app as site
import rxconfig
handler = rx.State.event_handlers[CompileVars.HYDRATE_AND_LOAD]
print("extensions", site.EXTENSIONS)
print("hydrate", handler.fn.__module__)
print("execute", BaseStateEventProcessor._execute_event.__module__)
print("admission", getattr(BaseStateEventProcessor._execute_event, "_uzdev_admission", False))
print("get_state", StateManagerRedis.get_state.__module__)
print("plugins", sorted(type(p).__module__ + "." + type(p).__name__ for p in rxconfig.config.plugins))
"""


def test_switched_off_the_site_runs_on_stock_reflex():
    out = _run_python(STOCK_CHECK, COMMUNITY_REFLEX_EXTENSIONS="off")
    assert "extensions False" in out
    assert "hydrate reflex.state" in out
    assert "execute reflex_base.event.processor.base_state_processor" in out
    assert "get_state reflex.istate.manager.redis" in out
    assert "reflex_ext" not in out.split("plugins", 1)[1]
    on = _run_python(STOCK_CHECK, COMMUNITY_REFLEX_EXTENSIONS="on")
    assert "extensions True" in on and "hydrate community_app.reflex_ext.hydrate" in on
    assert "community_app.reflex_ext.first_paint_build.FirstPaintPlugin" in on


def test_each_run_time_extension_can_be_left_out_alone_for_the_a_b(monkeypatch):
    """``make bench`` measures each run-time extension alone (docs/performance.md): with
    the switch on, ``COMMUNITY_REFLEX_EXTENSIONS_SKIP`` leaves the named ones out."""
    out = _run_python(STOCK_CHECK, COMMUNITY_REFLEX_EXTENSIONS="on",
                      COMMUNITY_REFLEX_EXTENSIONS_SKIP="event_admission")
    assert "extensions True" in out and "admission False" in out
    assert "hydrate community_app.reflex_ext.hydrate" in out
    assert "get_state community_app.reflex_ext.lean_fetch" in out
    # The lean fetch needs hydrate's page-open event: it is left out with it.
    out = _run_python(STOCK_CHECK, COMMUNITY_REFLEX_EXTENSIONS="on",
                      COMMUNITY_REFLEX_EXTENSIONS_SKIP="hydrate")
    assert "hydrate reflex.state" in out and "get_state reflex.istate.manager.redis" in out
    assert "admission True" in out
    monkeypatch.setenv("COMMUNITY_REFLEX_EXTENSIONS_SKIP", "event_admission, hydrate")
    assert reflex_ext.skipped() == {"event_admission", "hydrate", "lean_fetch"}
    monkeypatch.setenv("COMMUNITY_REFLEX_EXTENSIONS_SKIP", "header_names")
    with pytest.raises(ValueError, match="header_names.*hydrate, lean_fetch, event_admission"):
        reflex_ext.skipped()
