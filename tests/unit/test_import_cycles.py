"""No import circle inside community_app/ (issue 28): the modules form a graph a reader can
follow one way, from the entry points down to the models.

Reads every module's imports: the ``import`` statements wherever they stand, also inside
functions and classes (an import deferred into a function is how a circle hides, and it
still runs). ``from package import name`` counts as an import of ``package.name`` when that
is a module, else of ``package``. Only what the statement names counts: the parent packages
Python initialises on the way (``a/__init__.py`` before ``a.b``) are not edges, or every
package whose ``__init__`` re-exports its own modules would be a "circle" with them.
Imports under ``if TYPE_CHECKING:`` never run and do not count.

The scheduled tasks are listed once, in services/scheduled_tasks.py, which no task imports:
a module with ``@scheduler.periodic`` that is missing from that list would never run.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "community_app"


def _modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Dotted name -> (file, is a package's __init__) for every module under ``root``."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` blocks."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return skipped


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """module -> {module it imports -> line of the first such import}, within ``root``."""
    modules = _modules(root)
    top = root.name

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    graph: dict[str, dict[str, int]] = {name: {} for name in modules}
    for name, (path, is_package) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        skipped = _type_checking_only(tree)
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [known(a.name) for a in node.names if a.name.split(".")[0] == top]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package
                    for _ in range(node.level - 1):
                        base = base.rpartition(".")[0]
                    source = f"{base}.{node.module}" if node.module else base
                else:
                    source = node.module or ""
                if source.split(".")[0] != top:
                    continue
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    targets.append(full if full in modules else known(source))
            for target in targets:
                if target and target != name:
                    graph[name].setdefault(target, node.lineno)
    return graph


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Each group of modules that import each other, round (Tarjan's strongly connected
    components of more than one module), as one circle through the group to show."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:  # iterative: no recursion limit on a deep graph
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [_circle(graph, group) for group in groups]


def _circle(graph: dict[str, dict[str, int]], group: set[str]) -> list[str]:
    """A shortest way from the group's first module back to itself, inside the group."""
    first = min(group)
    paths = {first: [first]}
    queue = [first]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node]):
            if child not in group:
                continue
            if child == first:
                return paths[node] + [first]
            if child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return sorted(group)  # unreachable: a strongly connected group has a circle


def _describe(graph: dict[str, dict[str, int]], circle: list[str]) -> str:
    steps = [f"{a} (line {graph[a][b]}) -> {b}" for a, b in zip(circle, circle[1:])]
    return "\n  ".join(steps)


def test_no_import_cycle_inside_the_package():
    graph = import_graph(PACKAGE)
    found = cycles(graph)
    assert not found, "import circles:\n" + "\n".join(
        "  " + _describe(graph, circle) for circle in found)


def _write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root / "community_app"


def test_the_check_finds_a_circle_through_an_import_inside_a_function(tmp_path):
    """The circle this issue removed, in small: the scheduler imports its tasks inside a
    function, and a task imports the scheduler."""
    root = _write(tmp_path, {
        "community_app/__init__.py": "",
        "community_app/services/__init__.py": "",
        "community_app/services/scheduler.py": """
            def run_due():
                from community_app.services import mail_queue  # noqa: F401
        """,
        "community_app/services/mail_queue.py": """
            from community_app.services import scheduler
        """,
        "community_app/services/calendar.py": "import datetime\n",
    })
    found = cycles(import_graph(root))
    assert found == [["community_app.services.mail_queue", "community_app.services.scheduler",
                      "community_app.services.mail_queue"]]


def test_the_check_finds_a_longer_circle_of_relative_and_dotted_imports(tmp_path):
    root = _write(tmp_path, {
        "community_app/__init__.py": "",
        "community_app/meetups/__init__.py": "",
        "community_app/meetups/emails.py": "from .release import link\n",
        "community_app/meetups/release.py": "import community_app.meetups.registrations\n",
        "community_app/meetups/registrations.py": "from community_app.meetups import emails\n",
    })
    assert cycles(import_graph(root)) == [[
        "community_app.meetups.emails", "community_app.meetups.release",
        "community_app.meetups.registrations", "community_app.meetups.emails"]]


def test_the_check_passes_a_tree_without_circle(tmp_path):
    """A package re-exporting its modules, and a module importing the package for a name,
    is no circle; nor is an import only for type checkers."""
    root = _write(tmp_path, {
        "community_app/__init__.py": "",
        "community_app/meetups/__init__.py": "from community_app.meetups.emails import send\n",
        "community_app/meetups/emails.py": """
            from typing import TYPE_CHECKING
            from community_app.meetups.views import View
            if TYPE_CHECKING:
                from community_app.meetups import registrations
            def send(): ...
        """,
        "community_app/meetups/views.py": "class View: ...\n",
        "community_app/meetups/registrations.py": "from community_app.meetups import emails\n",
    })
    assert cycles(import_graph(root)) == []


def test_every_module_with_a_scheduled_task_is_in_the_one_list():
    """A task registers itself with ``@scheduler.periodic``; it runs only when the list of
    scheduled work (services/scheduled_tasks.py) imports its module."""
    graph = import_graph(PACKAGE)
    listed = set(graph["community_app.services.scheduled_tasks"])
    with_tasks = {
        name for name, (path, _) in _modules(PACKAGE).items()
        if name != "community_app.services.scheduler"
        and any(isinstance(node, ast.Call) and ast.unparse(node.func).endswith("periodic")
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert with_tasks, "the search for @scheduler.periodic found no task at all"
    assert with_tasks <= listed, f"not in services/scheduled_tasks.py: {sorted(with_tasks - listed)}"
    importers = {name for name, targets in graph.items()
                 if "community_app.services.scheduled_tasks" in targets}
    assert importers <= {"community_app.community_app", "community_app.ops.cli"}, importers
