"""The README stays a five-minute read, and every link of the README and of docs/ leads to a
file of the repository (and, with a #part, to a heading of that file)."""

from __future__ import annotations

import re
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
