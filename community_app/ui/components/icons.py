"""Icons chosen by a value known only in the browser, imported statically.

``rx.icon`` with a Var name makes the page load lucide's dynamic map of every icon (a large
chunk); ``icon_by_name`` instead renders one of a fixed list of static icons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import reflex as rx


def icon_by_name(name: Any, names: Sequence[str], fallback: str, **props: Any) -> rx.Component:
    """The icon of ``names`` whose name equals the Var ``name``, else ``fallback``."""
    return rx.match(
        name,
        *[(n, rx.icon(n, **props)) for n in names if n != fallback],
        rx.icon(fallback, **props),
    )
