"""The README stays a five-minute read, and every link of the README and of docs/ leads to a
file of the repository (and, with a #part, to a heading of that file).

Every path named elsewhere exists too: in the code spans of the README and docs/, in the
comments and docstrings of community_app/ and tests/, in the comments of the Makefile,
requirements.txt and deploy/ (``tests/e2e/test_frame.py``, ``services/seo.py`` for
community_app/services/seo.py, ``state/page_load.PageData``, a file name such as
``rxconfig.py``), and so does every section named as ``README "Main settings"`` or
``docs/operations.md#settings``. Globs and placeholders (``test_*.py``, ``0012_<name>``, ``...``) and
generated folders (.web/, var/, .make/) are not paths of the repository."""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
REQUIRED = ["architecture", "howto", "operations", "api", "performance", "decisions", "product"]


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [m.group(1) for m in LINK.finditer(text)]


def test_the_readme_is_short():
    assert (ROOT / "README.md").stat().st_size <= 10 * 1024


@pytest.mark.parametrize("name", REQUIRED)
def test_docs_holds_each_document(name):
    assert (ROOT / "docs" / f"{name}.md").is_file()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_link_resolves_inside_the_repository(doc):
    broken = []
    for link in _links(doc):
        if re.match(r"[a-z]+:", link):  # http://, https://, mailto:
            continue
        target, _, part = link.partition("#")
        file = (doc.parent / target).resolve() if target else doc
        if not file.exists() or ROOT not in file.parents:
            broken.append(link)
        elif part and file.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), flags=re.M)
            if part not in {_anchor(h) for h in headings}:
                broken.append(link)
    assert broken == []


def test_a_broken_link_is_found(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("[a](missing.md) [b](https://example.org) ```\n[c](nowhere.md)\n```")
    assert _links(doc) == ["missing.md", "https://example.org"]


# --- paths and sections named in docs, comments and docstrings -------------------------

TOP = ("community_app", "tests", "docs", "deploy", "alembic", "locales", "assets", ".ci")
# community_app's packages are named without it: ``services/seo.py``, ``api/`` ...
PACKAGES = tuple(sorted(p.name for p in (ROOT / "community_app").iterdir()
                        if (p / "__init__.py").is_file()))
GENERATED = (".web", ".states", ".make", ".venv", "var", "tests/output", "test-results",
             "assets/external", "uploaded_files", "node_modules")
PATH = re.compile(r"(?<![\w./~:@-])((?:%s)/[\w./-]*)" % "|".join(map(re.escape, TOP + PACKAGES)))
PY_FILE = re.compile(r"(?<![\w./~:@-])(\w+\.py)\b(?![\w/])")
PLACEHOLDER = re.compile(r"^[<{*…\[$]")
SECTION = re.compile(r"\b(README(?:\.md)?|(?:docs/)?[\w-]+\.md)(?:'s)?\s+(?:section\s+)?\"([^\"\n]+)\"")
ANCHOR = re.compile(r"#([\w-]+)")
# Files the recipes of docs/howto.md create (followed on a scratch branch, then deleted).
RECIPE_EXAMPLES = {"docs/howto.md": re.compile(r"numbers|outbox|dress_code")}


def _walk(top: Path, suffix: str = "") -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(top):
        here = Path(folder).relative_to(ROOT)
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__"))
                         and (here / d).as_posix() not in GENERATED)
        found += [Path(folder) / f for f in sorted(files) if f.endswith(suffix)]
    return found


PY_NAMES = {p.name for p in _walk(ROOT, ".py")}


def _exists(path: str) -> bool:
    """A file or folder, a module without its ``.py``, or a name in a module
    (``services/seo.STATIC_PAGES``)."""
    base = ROOT if path.split("/")[0] in TOP else ROOT / "community_app"
    cuts = [path, *(path[:i] for i, c in enumerate(path) if c == ".")]
    return any((base / cut).exists() or (base / f"{cut}.py").is_file() for cut in cuts if cut)


def _headings(doc: Path) -> set[str]:
    return {h.strip().strip("`").lower()
            for h in re.findall(r"^#+ (.+)$", doc.read_text(encoding="utf-8"), flags=re.M)}


def _doc_named(name: str) -> Path:
    if name.startswith("README"):
        return ROOT / "README.md"
    return ROOT / name if "/" in name else ROOT / "docs" / name


def stale_references(text: str, skip: re.Pattern[str] | None = None) -> list[str]:
    """The paths, Python file names and document sections ``text`` names that do not exist."""
    stale = []
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".-")
        after = text[match.end():match.end() + 1]
        if (PLACEHOLDER.match(after) or "..." in path or path.startswith(GENERATED)
                or (skip and skip.search(path))):
            continue
        if not _exists(path):
            stale.append(path)
        elif after == "#" and path.endswith(".md"):
            part = ANCHOR.match(text, match.end())
            doc = ROOT / path if path.split("/")[0] in TOP else ROOT / "community_app" / path
            if part and part.group(1) not in {_anchor(h) for h in _headings(doc)}:
                stale.append(f"{path}#{part.group(1)}")
    for match in PY_FILE.finditer(text):
        if match.group(1) not in PY_NAMES and not (skip and skip.search(match.group(1))):
            stale.append(match.group(1))
    for match in SECTION.finditer(text):
        doc = _doc_named(match.group(1))
        if not doc.is_file() or match.group(2).strip().lower() not in _headings(doc):
            stale.append(f'{match.group(1)} "{match.group(2)}"')
    return stale


def _python_texts(path: Path) -> list[tuple[int, str]]:
    """The comments and docstrings of a Python file, with their line."""
    source = path.read_text(encoding="utf-8")
    texts = [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline)
             if tok.type == tokenize.COMMENT]
    def statements(node: ast.AST):  # docstrings stand only in statements' bodies
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.stmt, ast.excepthandler)):
                yield from statements(child)

    for node in statements(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            if (doc := ast.get_docstring(node, clean=False)) is not None:
                texts.append((node.body[0].lineno, doc))
    return texts


def _comment_texts(path: Path) -> list[tuple[int, str]]:
    """The ``#`` comments of a Makefile, requirements file or configuration."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, line[line.index("#"):]) for n, line in enumerate(lines, 1) if "#" in line]


def _markdown_texts(path: Path) -> list[tuple[int, str]]:
    """Each line's code spans (outside fenced blocks) and its words naming a section."""
    text = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"),
                  path.read_text(encoding="utf-8"), flags=re.S)
    texts = []
    for n, line in enumerate(text.splitlines(), 1):
        texts += [(n, span) for span in re.findall(r"`([^`]+)`", line)]
        texts += [(n, m.group(0)) for m in SECTION.finditer(line)]
    return texts


AREAS = {
    "docs": lambda: [(p, _markdown_texts) for p in DOCS],
    "community_app": lambda: [(p, _python_texts) for p in _walk(ROOT / "community_app", ".py")],
    "tests": lambda: [(p, _python_texts) for p in _walk(ROOT / "tests", ".py")],
    "Makefile, requirements, deploy": lambda: [
        (p, _comment_texts) for p in [ROOT / "Makefile", ROOT / "requirements.txt",
                                      *_walk(ROOT / "deploy")]],
}


@pytest.mark.parametrize("area", AREAS)
def test_every_path_named_in_docs_comments_and_requirements_exists(area):
    stale = []
    for path, texts in AREAS[area]():
        name = path.relative_to(ROOT).as_posix()
        for line, text in texts(path):
            stale += [f"{name}:{line}: {ref}" for ref in stale_references(text, RECIPE_EXAMPLES.get(name))]
    assert not stale, "named but missing:\n" + "\n".join(stale)


def test_a_stale_path_is_found():
    text = """See community_app/services/seo.py, services/seo.STATIC_PAGES, `state/`, tests/e2e/,
    docs/operations.md#settings, README "Main settings", site.css and rxconfig.py; not
    community_app/services/gone.py, state/gone.py, tests/unit/test_gone.py, web_serving.py,
    docs/operations.md#no-such-part, README "Performance" nor docs/howto.md "Gone". Not paths:
    tests/unit/test_*.py, alembic/versions/0012_<name>.py, var/outbox/x.eml, .web/build,
    https://example.org/docs/x.md, /api/v1/docs."""
    assert stale_references(text) == [
        "community_app/services/gone.py", "state/gone.py", "tests/unit/test_gone.py",
        "docs/operations.md#no-such-part", "web_serving.py", 'README "Performance"',
        'docs/howto.md "Gone"']
