"""No module of the site over 500 lines (issue 43): a module a reader can hold in mind has
one purpose; a longer one is split by responsibility (services/digest/ is a package of six,
services/privacy/personal_data.py reads its classification from three ``tables_*`` parts).
Demo data (community_app/demo/) is exempt: it is content, not code."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "community_app"
EXEMPT = (PACKAGE / "demo",)
MAX_LINES = 500


def too_long(root: Path = PACKAGE, limit: int = MAX_LINES) -> list[str]:
    """Each module of ``root`` (demo data aside) over ``limit`` lines, with its count."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if any(path.is_relative_to(folder) for folder in EXEMPT):
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(root.parent)}: {lines} lines")
    return found


def test_no_module_is_over_500_lines():
    found = too_long()
    assert not found, (
        f"modules over {MAX_LINES} lines (split them by responsibility):\n" + "\n".join(found))


def test_the_check_names_a_long_module_and_its_count(tmp_path):
    (tmp_path / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    found = too_long(tmp_path)
    assert len(found) == 1 and found[0].endswith("long.py: 501 lines"), found
