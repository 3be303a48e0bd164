"""A native ``<select>`` styled like the site's other controls (``.uzdev-select`` in
assets/site.css).

The browser draws its menu: nothing to hydrate but the element itself, keyboard use and
screen readers as the platform does them (arrows, type-ahead, the phone's own picker), and
a label tied to it by ``id``. A Radix select costs a popper, a portal, a focus scope and a
collection per instance at hydration: /jobs, with seven of them, hydrated for ~530 ms on a
4x-slowed CPU (docs/performance.md)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.i18n import t


def native_select(select_id: str, options: list[tuple[str, str]], **props: Any) -> rx.Component:
    """``options`` are (value, message id) pairs, shown translated; ``props`` are the
    select's own (``value`` and ``on_change``, or ``name`` and ``default_value``)."""
    return rx.el.select(
        *[rx.el.option(t(text), value=value) for value, text in options],
        id=select_id,
        class_name="uzdev-select",
        **props,
    )
