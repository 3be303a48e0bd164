"""Icons.

``glyph`` draws a lucide icon as one ``<span>`` (assets/glyphs.css, written by
``python -m community_app.ops.glyphs`` from lucide's own drawings): where a page draws many
icons (cards in a list, facts, badges) it costs the first render one element instead of
``rx.icon``'s two components and an ``<svg>`` with its paths.

``rx.icon`` with a Var name makes the page load lucide's dynamic map of every icon (a 240 KB
chunk); ``icon_by_name`` instead draws the glyph of a fixed list whose name the Var holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx

from community_app.ops.glyphs import SIZES, drawn
from community_app.ui.styles import COLORS

# The site's colours a glyph takes by a class of site.css (.uzdev-c-*) instead of a style.
COLOR_CLASSES = {COLORS[name]: f"uzdev-c-{name}" for name in ("primary", "muted", "text", "danger")}

# Every glyph the pages asked for while they were built (tests/unit/test_glyphs.py).
ASKED: set[str] = set()


def glyph(name: str, size: int = 24, **props: Any) -> rx.Component:
    """lucide's icon ``name`` at ``size`` px in the text's colour (``color`` sets it), hidden
    from assistive technology as ``rx.icon(..., aria_hidden="true")``. A name or size that
    assets/glyphs.css does not draw stops the build (add it: community_app/ops/glyphs.py)."""
    props.setdefault("aria_hidden", "true")
    extra = _own_classes(props)
    return rx.el.span(class_name=f"{_drawing_classes(name, size)}{extra}", **props)


def icon_by_name(name: Any, names: Sequence[str], fallback: str, size: int = 24,
                 **props: Any) -> rx.Component:
    """The glyph of ``names`` (lucide's names, with ``_`` or ``-``) whose name equals the
    Var ``name``, else ``fallback``'s: one ``<span>`` whose classes the name chooses."""
    props.setdefault("aria_hidden", "true")
    extra = _own_classes(props)
    drawing = {n: f"{_drawing_classes(n.replace('_', '-'), size)}{extra}" for n in (*names, fallback)}
    return rx.el.span(
        class_name=rx.match(name, *[(n, c) for n, c in drawing.items() if n != fallback], drawing[fallback]),
        **props,
    )


def _drawing_classes(name: str, size: int) -> str:
    """The classes that draw glyph ``name`` at ``size`` (checked against assets/glyphs.css)."""
    ASKED.add(name)
    if size not in SIZES:
        raise ValueError(f"glyph size {size} is not one of {SIZES} (community_app/ops/glyphs.py)")
    if name not in drawn():
        raise ValueError(f"glyph {name!r} is not in assets/glyphs.css: run "
                         f"`.venv/bin/python -m community_app.ops.glyphs {name}` after a build")
    return f"uzdev-glyph uzdev-glyph-{size} g-{name}"


def _own_classes(props: dict[str, Any]) -> str:
    """The site colour (by class) and ``class_name`` of ``props``, taken out of them."""
    extra = ""
    if isinstance(props.get("color"), str) and props["color"] in COLOR_CLASSES:
        extra += f" {COLOR_CLASSES[props.pop('color')]}"
    if props.get("class_name"):
        extra += f" {props.pop('class_name')}"
    return extra
