"""The site loads only some Radix colour palettes (community_app/reflex_ext/radix_palettes.py): every
colour a component of ui/ can be given must be one of them, or it would render colourless."""

from __future__ import annotations

import re
from pathlib import Path

from community_app.reflex_ext.radix_palettes import PALETTES

RADIX_COLORS = {
    "gray", "gold", "bronze", "brown", "yellow", "amber", "orange", "tomato", "red", "ruby",
    "crimson", "pink", "plum", "purple", "violet", "iris", "indigo", "blue", "cyan", "teal",
    "jade", "green", "grass", "lime", "mint", "sky", "mauve", "slate", "sage", "olive", "sand",
}
UI = Path(__file__).resolve().parents[2] / "community_app" / "ui"


def test_every_colour_named_in_the_ui_has_its_palette_loaded():
    named = set()
    for path in UI.rglob("*.py"):
        named |= set(re.findall(r'"([a-z]+)"', path.read_text())) & RADIX_COLORS
    assert named, "the scan found no colour names at all"
    assert named <= set(PALETTES), sorted(named - set(PALETTES))
