"""The icons drawn inline (ui/components/glyphs.json, ui/components/icons.glyph): every
page builds with the glyphs it asks for, the drawings are lucide's own shapes, and a name
the file lacks stops the build instead of showing an empty square."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from community_app.ops import glyphs
from community_app.ui.components import icons
from community_app.ui.pages import PAGES
from community_app.ui.styles import COLORS

LUCIDE_MAP_PIN = '''/**
 * @license lucide-react v1.26.0 - ISC
 */
import createLucideIcon from '../createLucideIcon.mjs';

const __iconNode = [
  [
    "path",
    {
      d: "M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0",
      key: "1r0f0z"
    }
  ],
  ["circle", { cx: "12", cy: "10", r: "3", key: "ilqhr7" }]
];
const MapPin = createLucideIcon("map-pin", __iconNode);
'''


def test_every_page_builds_and_each_glyph_it_asks_for_is_drawn():
    icons.ASKED.clear()
    for route in PAGES:
        route.component()
    assert icons.ASKED, "no page asked for a glyph"
    assert icons.ASKED <= glyphs.drawn()
    # The cards of the lists and the items' facts are drawn by glyphs.
    assert {"building-2", "map-pin", "users", "calendar"} <= icons.ASKED


def test_the_drawings_are_lucides_shapes(tmp_path: Path):
    (tmp_path / "map-pin.mjs").write_text(LUCIDE_MAP_PIN)
    (tmp_path / "activity.mjs").write_text(LUCIDE_MAP_PIN.replace(
        '["circle", { cx: "12", cy: "10", r: "3", key: "ilqhr7" }]',
        '["polyline", { points: "22 12 18 12 15 21", key: "x" }]'))
    assert glyphs.drawing("map-pin", icons=tmp_path) == [
        ("path", {"d": "M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"}),
        ("circle", {"cx": "12", "cy": "10", "r": "3"}),
    ]
    # A polyline is drawn as the same line by a path.
    assert glyphs.drawing("activity", icons=tmp_path)[1] == ("path", {"d": "M22 12L18 12L15 21"})
    assert '"map-pin": [["path", {"d": "M20 10c0' in glyphs.drawings_file(["map-pin"], icons=tmp_path)


def test_a_glyph_is_an_inline_svg_of_its_drawing_stroked_by_the_stylesheet():
    svg = icons.glyph("map-pin", size=16).render()
    assert svg["name"] == '"svg"'
    assert {'width:"16"', 'height:"16"', 'viewBox:"0 0 24 24"', '"aria-hidden":"true"'} <= set(svg["props"])
    assert [c["name"] for c in svg["children"]] == ['"path"', '"circle"']
    assert 'cx:"12"' in svg["children"][1]["props"]
    css = (Path(glyphs.ROOT) / "assets" / "site.css").read_text(encoding="utf-8")
    rule = re.search(r"\.uzdev-glyph \{([^}]*)\}", css)
    assert rule and "stroke: currentColor" in rule.group(1) and "fill: none" in rule.group(1)
    assert "stroke-width: 2" in rule.group(1) and "stroke-linecap: round" in rule.group(1)


def test_the_committed_drawings_are_what_the_generator_writes():
    text = glyphs.DRAWINGS.read_text(encoding="utf-8")
    if not (glyphs.LUCIDE / "map-pin.mjs").exists():
        pytest.skip("lucide-react is not installed (.web/node_modules: after a build)")
    assert text == glyphs.drawings_file(sorted(glyphs.drawn()))


def test_an_unknown_glyph_or_size_stops_the_build():
    with pytest.raises(ValueError, match="not in ui/components/glyphs.json"):
        icons.glyph("no-such-icon", size=16)
    with pytest.raises(ValueError, match="size"):
        icons.glyph("map-pin", size="16px")


def test_the_site_colours_a_glyph_takes_by_class_are_the_colours_of_styles():
    css = (Path(glyphs.ROOT) / "assets" / "site.css").read_text(encoding="utf-8")
    for colour, name in icons.COLOR_CLASSES.items():
        assert f".{name} {{ color: {colour}; }}" in css
    html = str(icons.glyph("map-pin", size=16, color=COLORS["primary"]))
    assert "uzdev-c-primary" in html and COLORS["primary"] not in html  # no style of its own


def test_a_glyph_keeps_its_classes_and_is_hidden_from_assistive_technology():
    html = str(icons.glyph("map-pin", size=16, class_name="extra"))
    assert html.startswith('jsx("svg",')
    assert 'className:"uzdev-glyph g-map-pin extra"' in html and '"aria-hidden":"true"' in html
