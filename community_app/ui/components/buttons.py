"""Buttons of SPEC section 9 (sizes sm 36, md 44, lg 52, mini 32, xs 36 px)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.styles import BUTTON_HEIGHTS


def link_button(*children: Any, href: str, size: str = "md", link_props: dict[str, Any] | None = None,
                **props: Any) -> rx.Component:
    """A link that looks like a button: one focusable element, keyboard and screen-reader
    friendly (no button nested in a link). ``link_props`` go to the link (``target``...)."""
    props.setdefault("height", BUTTON_HEIGHTS[size])
    props.setdefault("cursor", "pointer")
    return rx.button(
        rx.link(*children, href=href, underline="none", **(link_props or {})),
        as_child=True,
        size="3" if size in ("md", "lg") else "2",
        **props,
    )


def action_button(*children: Any, size: str = "md", **props: Any) -> rx.Component:
    """A button of SPEC section 9's sizes (``md`` 44 px unless told) with the hand cursor."""
    props.setdefault("height", BUTTON_HEIGHTS[size])
    props.setdefault("cursor", "pointer")
    return rx.button(*children, size="3" if size in ("md", "lg") else "2", **props)


def text_button(*children: Any, on_click: Any, **props: Any) -> rx.Component:
    """A button drawn as text (ghost), small, that submits no form: 'Reply', 'Resend
    code', 'Remove photo'."""
    return rx.button(*children, on_click=on_click, variant="ghost", type="button", size="2",
                     cursor="pointer", **props)
