"""The icons drawn by CSS (assets/glyphs.css, ui/components/icons.glyph): every page builds
with the glyphs it asks for, the stylesheet draws lucide's own shapes, and a name the
stylesheet lacks stops the build instead of showing an empty square."""

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


def test_the_stylesheet_draws_lucides_shape_with_its_stroke(tmp_path: Path):
    (tmp_path / "map-pin.mjs").write_text(LUCIDE_MAP_PIN)
    css = glyphs.stylesheet(["map-pin"], icons=tmp_path)
    rule = re.search(r'\.g-map-pin\{--uzdev-glyph:url\("data:image/svg\+xml,(.*)"\)\}', css)
    assert rule
    svg = rule.group(1).replace("%3C", "<").replace("%3E", ">")
    assert "viewBox='0 0 24 24'" in svg and "stroke-width='2'" in svg and "fill='none'" in svg
    assert "<path d='M20 10c0 4.993-5.539" in svg and "<circle cx='12' cy='10' r='3'/>" in svg
    assert "key=" not in svg and '"' not in svg
    assert glyphs.names_in(css) == {"map-pin"}
    assert ".uzdev-glyph-16{width:16px;height:16px}" in css


def test_the_committed_stylesheet_is_what_the_generator_writes():
    css = glyphs.CSS.read_text(encoding="utf-8")
    names = sorted(glyphs.names_in(css))
    if not (glyphs.LUCIDE / "map-pin.mjs").exists():
        pytest.skip("lucide-react is not installed (.web/node_modules: after a build)")
    assert css == glyphs.stylesheet(names)


def test_an_unknown_glyph_or_size_stops_the_build():
    with pytest.raises(ValueError, match="not in assets/glyphs.css"):
        icons.glyph("no-such-icon", size=16)
    with pytest.raises(ValueError, match="size 17"):
        icons.glyph("map-pin", size=17)


def test_the_site_colours_a_glyph_takes_by_class_are_the_colours_of_styles():
    css = (Path(glyphs.ROOT) / "assets" / "site.css").read_text(encoding="utf-8")
    for colour, name in icons.COLOR_CLASSES.items():
        assert f".{name} {{ color: {colour}; }}" in css
    html = str(icons.glyph("map-pin", size=16, color=COLORS["primary"]))
    assert "uzdev-c-primary" in html and COLORS["primary"] not in html  # no style of its own


def test_a_glyph_is_one_hidden_span_with_its_classes():
    html = str(icons.glyph("map-pin", size=16, class_name="extra"))
    assert "span" in html
    assert "uzdev-glyph uzdev-glyph-16 g-map-pin extra" in html
    assert "true" in html and "aria-hidden" in html.replace("ariaHidden", "aria-hidden")
