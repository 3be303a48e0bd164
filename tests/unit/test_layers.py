"""The layers of docs/architecture.md hold: core, i18n -> models -> services -> api | state |
demo -> the entry points (ops, serving, reflex_ext) -> ui -> the application module, with
no import running upwards, none between the siblings api, state and demo, and each entry
point importing only what the architecture's table lets it (serving: services and below;
reflex_ext: state, services and below; ops: the demo loader, services and below).

Reads every module's imports (the ``import`` statements, wherever they stand, also inside
functions) and names each import that breaks the order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "community_app"

# Rank of each top-level part of the package: a module may import its own rank or lower.
# 0: the cross-cutting base every layer may use, plain Python with no import of a layer
# above: core (settings, db, korea_time, routes, logs, metrics: the environment, sessions
# and migrations, stored UTC <-> Korea dates, every address and link builder, observability)
# and i18n (catalogs, gettext, N_).
BASE = {"core", "i18n"}
RANKS = {
    **dict.fromkeys(BASE, 0),
    "models": 1,
    "services": 2,
    # Beside each other, each calling the services: the REST API, the site's states, the
    # demo content, and the entry points that are not the app (commands, the server's
    # middlewares).
    "api": 3,
    "state": 3,
    "demo": 3,
    # The entry points that are not the app: each may import only the layers of rank 2 or
    # lower and those ENTRY_POINTS names.
    "ops": 4,  # operator commands (cli, backup)
    "serving": 4,  # how the server answers: middleware, page heads, a copied build, memory
    # Every extension of Reflex (private names, build rewrites): it extends the states'
    # page load (docs/reflex-extensions.md).
    "reflex_ext": 4,
    "ui": 5,
    # The application module: the only one besides ui itself that imports ui.
    "community_app": 6,
}
SIBLINGS = {"api", "state", "demo"}  # the same rank, but none may import another
# What each entry point may import above the services (docs/architecture.md's table).
ENTRY_POINTS = {"ops": {"demo"}, "serving": set(), "reflex_ext": {"state"}}


def _part(dotted: str) -> str:
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "community_app"


def _module_of(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, root: Path) -> list[tuple[int, str]]:
    module = _module_of(path, root)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return [(line, name) for line, name in found if name.split(".")[0] == "community_app"]


def layer_violations(root: Path = PACKAGE) -> list[str]:
    problems = []
    for path in sorted(root.rglob("*.py")):
        source = _part(_module_of(path, root))
        if source not in RANKS:
            problems.append(f"{path.relative_to(root.parent)}: '{source}' has no layer")
            continue
        for line, name in _imports(path, root):
            target = _part(name)
            if target == source or name == "community_app":
                continue
            rank_of = RANKS.get(target)
            upward = rank_of is None or rank_of > RANKS[source]
            sideways = {source, target} <= SIBLINGS
            if source in ENTRY_POINTS and rank_of is not None and rank_of > RANKS["services"]:
                sideways = sideways or target not in ENTRY_POINTS[source]
            if upward or sideways:
                problems.append(f"{path.relative_to(root.parent)}:{line}: {source} -> {name}")
    return problems


def test_no_import_runs_up_the_layers():
    assert layer_violations() == []


@pytest.mark.parametrize(
    ("where", "code"),
    [
        ("state/x.py", "from community_app.ui.pages import home\n"),
        ("services/x.py", "def f():\n    from community_app.state import auth\n"),
        ("models/x.py", "import community_app.services.cache\n"),
        ("api/x.py", "from community_app.state.auth import AuthState\n"),
        ("core/db.py", "from community_app.services import cache\n"),
        ("services/x.py", "from ..api import deps\n"),
        ("ops/cli.py", "from community_app.ui.pages import home\n"),
        ("api/x.py", "from community_app.demo import seed\n"),
        ("serving/x.py", "from community_app.api.security_headers import x\n"),
        ("serving/x.py", "from community_app.state.page_load import PAGE_LOADS\n"),
        ("serving/x.py", "from community_app.reflex_ext import first_paint_build\n"),
        ("reflex_ext/x.py", "from community_app.api import deps\n"),
        ("reflex_ext/x.py", "from community_app.serving import web\n"),
        ("ops/x.py", "from community_app.api import deps\n"),
        ("state/x.py", "from community_app.serving import web\n"),
    ],
)
def test_an_upward_import_is_found(tmp_path, where, code):
    root = tmp_path / "community_app"
    target = root / where
    target.parent.mkdir(parents=True)
    target.write_text(code)
    assert len(layer_violations(root)) == 1


def test_downward_imports_pass(tmp_path):
    root = tmp_path / "community_app"
    (root / "ui").mkdir(parents=True)
    (root / "ui" / "x.py").write_text(
        "from community_app.core import routes\nfrom community_app.state.auth import AuthState\n"
        "from community_app.services.meetups import PAST\nfrom community_app.models import User\n"
    )
    (root / "reflex_ext").mkdir()
    (root / "reflex_ext" / "x.py").write_text("from community_app.state import page_load\n")
    (root / "serving").mkdir()
    (root / "serving" / "x.py").write_text("from community_app.services import seo\n")
    (root / "ops").mkdir()
    (root / "ops" / "x.py").write_text("from community_app.demo import seed\n")
    assert layer_violations(root) == []


def test_the_package_root_holds_few_loose_modules():
    """The root shows its kinds: code lives in the packages that say what it is (core, ops,
    serving, reflex_ext, models, services, api, state, ui, ...); besides ``__init__.py`` and
    the application module at most four loose modules stand at the top."""
    loose = sorted(
        p.name for p in PACKAGE.glob("*.py") if p.name not in {"__init__.py", "community_app.py"}
    )
    assert len(loose) <= 4, loose
