"""Writes ``community_app/ui/components/glyphs.json``: the drawings of the site's icons,
from lucide's own.

``ui.components.icons.glyph("map-pin", size=16)`` renders lucide's drawing as an inline
``<svg>`` of plain elements (its paths, circles, lines), in the prerendered HTML: what
React hydrates is those elements, not ``rx.icon``'s two components per icon (5-10 fibers
each; a page of 20 job cards drew 57 of them). Drawn inline, an icon costs the browser no
image of its own: a CSS mask of an SVG data URL (how the glyphs were first drawn) made
Chromium build an SVG document for each distinct icon at the first style recalculation
after hydration, about 7 ms each on a Lighthouse phone (docs/performance.md).

The drawings come from the lucide-react package the build installs (``.web/node_modules``,
the same version ``rx.icon`` draws from; ISC licence), so the glyphs look exactly like the
icons they replace. Run after a build when a glyph is added or lucide is upgraded::

    .venv/bin/python -m community_app.ops.glyphs map-pin building-2 ...   # add names
    .venv/bin/python -m community_app.ops.glyphs                          # redraw the file's

tests/unit/test_glyphs.py checks that every name the site's code asks for is in the file.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DRAWINGS = ROOT / "community_app" / "ui" / "components" / "glyphs.json"
LUCIDE = ROOT / ".web" / "node_modules" / "lucide-react" / "dist" / "esm" / "icons"

_ELEMENT = re.compile(r'\[\s*"(?P<tag>[a-z]+)",\s*\{(?P<attrs>[^}]*)\}\s*\]')
_ATTRIBUTE = re.compile(r'"?(?P<name>[a-zA-Z0-9-]+)"?:\s*"(?P<value>[^"]*)"')
# The SVG elements lucide draws with and the glyphs render (a polyline becomes a path).
SHAPES = ("path", "circle", "rect", "line", "polygon", "ellipse")

Drawing = list[tuple[str, dict[str, str]]]


def drawing(name: str, icons: Path = LUCIDE) -> Drawing:
    """Lucide's icon ``name`` as lucide-react draws it on its 24x24 grid: its elements and
    their attributes (lucide's React ``key`` left out)."""
    source = icons / f"{name}.mjs"
    if not source.exists():
        raise SystemExit(f"no lucide icon {name!r} at {source} (run `make build` first)")
    node = source.read_text(encoding="utf-8").split("const __iconNode = ", 1)[1].split("];", 1)[0]
    parts: Drawing = []
    for element in _ELEMENT.finditer(node):
        attrs = {a["name"]: a["value"] for a in _ATTRIBUTE.finditer(element["attrs"]) if a["name"] != "key"}
        tag = element["tag"]
        if tag == "polyline":
            tag, attrs = "path", {"d": _polyline_path(attrs.pop("points")), **attrs}
        if tag not in SHAPES:
            raise SystemExit(f"lucide's {name!r} draws a <{tag}>: add it to SHAPES and icons.py")
        parts.append((tag, attrs))
    if not parts:
        raise SystemExit(f"could not read lucide's drawing of {name!r} in {source}")
    return parts


def _polyline_path(points: str) -> str:
    """A polyline's ``points`` as a path's ``d`` (the same line)."""
    numbers = points.replace(",", " ").split()
    pairs = [f"{x} {y}" for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
    return "M" + "L".join(pairs)


def drawings_file(names: list[str], icons: Path = LUCIDE) -> str:
    """The JSON of the drawings of ``names``, one icon a line (readable diffs)."""
    lines = [f"  {json.dumps(name)}: {json.dumps(drawing(name, icons))}" for name in sorted(set(names))]
    return "{\n" + ",\n".join(lines) + "\n}\n"


@functools.cache
def drawings() -> dict[str, Drawing]:
    """The drawings in glyphs.json (read once)."""
    if not DRAWINGS.exists():
        return {}
    return {name: [(tag, attrs) for tag, attrs in parts]
            for name, parts in json.loads(DRAWINGS.read_text(encoding="utf-8")).items()}


def drawn() -> frozenset[str]:
    """The glyph names glyphs.json draws."""
    return frozenset(drawings())


def main(argv: list[str]) -> int:
    names = set(drawn()) | set(argv)
    DRAWINGS.write_text(drawings_file(sorted(names)), encoding="utf-8")
    print(f"{DRAWINGS.relative_to(ROOT)}: {len(names)} glyphs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
