"""Icons.

``glyph`` draws a lucide icon as an inline ``<svg>`` of plain elements (the drawings in
``glyphs.json``, written by ``python -m community_app.ops.glyphs`` from lucide's own; the
stroke is site.css's ``.uzdev-glyph``): where a page draws many icons (cards in a list,
facts, badges) it costs the first render a few elements instead of ``rx.icon``'s two
components per icon, and the browser no image of its own.

``rx.icon`` with a Var name makes the page load lucide's dynamic map of every icon (a 240 KB
chunk); ``icon_by_name`` instead draws the glyph of a fixed list whose name the Var holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx

from community_app.ops.glyphs import drawings
from community_app.ui.styles import COLORS

# The site's colours a glyph takes by a class of site.css (.uzdev-c-*) instead of a style.
COLOR_CLASSES = {COLORS[name]: f"uzdev-c-{name}" for name in ("primary", "muted", "text", "danger")}

# Every glyph the pages asked for while they were built (tests/unit/test_glyphs.py).
ASKED: set[str] = set()


def glyph(name: str, size: int = 24, **props: Any) -> rx.Component:
    """lucide's icon ``name`` at ``size`` px in the text's colour (``color`` sets it), hidden
    from assistive technology as ``rx.icon(..., aria_hidden="true")``. A name glyphs.json
    does not draw stops the build (add it: community_app/ops/glyphs.py)."""
    props.setdefault("aria_hidden", "true")
    extra = _own_classes(props)
    return _svg(name, size, extra, props)


def icon_by_name(name: Any, names: Sequence[str], fallback: str, size: int = 24,
                 **props: Any) -> rx.Component:
    """The glyph of ``names`` (lucide's names, with ``_`` or ``-``) whose name equals the
    Var ``name``, else ``fallback``'s."""
    props.setdefault("aria_hidden", "true")
    extra = _own_classes(props)
    drawn_as = {n: _svg(n.replace("_", "-"), size, extra, props) for n in (*names, fallback)}
    return rx.match(name, *[(n, svg) for n, svg in drawn_as.items() if n != fallback], drawn_as[fallback])


# The SVG elements of lucide's drawings (ops/glyphs.py SHAPES), as Reflex elements.
_SHAPES = {"path": rx.el.path, "circle": rx.el.circle, "rect": rx.el.rect, "line": rx.el.line,
           "polygon": rx.el.polygon, "ellipse": rx.el.ellipse}


def _svg(name: str, size: int, classes: str, props: dict[str, Any]) -> rx.Component:
    """Glyph ``name`` at ``size``: its shapes' attributes are the drawing's, as written."""
    ASKED.add(name)
    if not isinstance(size, int) or size <= 0:
        raise ValueError(f"glyph size {size!r} is not a number of pixels")
    shapes = drawings().get(name)
    if shapes is None:
        raise ValueError(f"glyph {name!r} is not in ui/components/glyphs.json: run "
                         f"`.venv/bin/python -m community_app.ops.glyphs {name}` after a build")
    return rx.el.svg(
        *[_SHAPES[tag](custom_attrs=dict(attrs)) for tag, attrs in shapes],
        custom_attrs={"width": str(size), "height": str(size), "viewBox": "0 0 24 24"},
        class_name=f"uzdev-glyph g-{name}{classes}",
        **props,
    )


def _own_classes(props: dict[str, Any]) -> str:
    """The site colour (by class) and ``class_name`` of ``props``, taken out of them."""
    extra = ""
    if isinstance(props.get("color"), str) and props["color"] in COLOR_CLASSES:
        extra += f" {COLOR_CLASSES[props.pop('color')]}"
    if props.get("class_name"):
        extra += f" {props.pop('class_name')}"
    return extra
