"""Buttons of SPEC section 9 (sizes sm 36, md 44, lg 52, mini 32, xs 36 px)."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from community_app.ui.styles import BUTTON_HEIGHTS


def with_class(props: dict[str, Any], *names: str) -> dict[str, Any]:
    """``props`` with ``names`` added to its ``class_name`` (a string or a list)."""
    given = props.get("class_name")
    given = [] if given is None else [given] if isinstance(given, str) else list(given)
    return {**props, "class_name": " ".join([*names, *given])}


def plain_link(*children: Any, href: Any, **props: Any) -> rx.Component:
    """A link to a page of the site drawn only by its ``class_name`` (site.css): React
    Router's own ``<a>`` (navigation without a reload, as ``rx.link``), without the Radix
    Link around it and the per-link hover style ``rx.link`` adds, which the CSS-in-JS
    runtime turns into a rule while the page hydrates (issue 29)."""
    return ReactRouterLink.create(*children, to=href, **props)


def _button_class(size: str, props: dict[str, Any]) -> dict[str, Any]:
    """SPEC section 9's height for ``size`` and the hand cursor as classes (site.css),
    unless the caller gives its own height or cursor (then as style props, as before)."""
    if "height" in props or "cursor" in props:
        props.setdefault("height", BUTTON_HEIGHTS[size])
        props.setdefault("cursor", "pointer")
        return props
    return with_class(props, "uzdev-btn", f"uzdev-btn-{size}")


def link_button(*children: Any, href: str, size: str = "md", link_props: dict[str, Any] | None = None,
                **props: Any) -> rx.Component:
    """A link that looks like a button: one focusable element, keyboard and screen-reader
    friendly (no button nested in a link). ``link_props`` go to the link (``target``...)."""
    return rx.button(
        plain_link(*children, href=href, **(link_props or {})),
        as_child=True,
        size="3" if size in ("md", "lg") else "2",
        **_button_class(size, props),
    )


def action_button(*children: Any, size: str = "md", **props: Any) -> rx.Component:
    """A button of SPEC section 9's sizes (``md`` 44 px unless told) with the hand cursor."""
    return rx.button(*children, size="3" if size in ("md", "lg") else "2", **_button_class(size, props))


def text_button(*children: Any, on_click: Any, **props: Any) -> rx.Component:
    """A button drawn as text (ghost), small, that submits no form: 'Reply', 'Resend
    code', 'Remove photo'."""
    return rx.button(*children, on_click=on_click, variant="ghost", type="button", size="2",
                     cursor="pointer", **props)
