"""A confirmation dialog (alert dialog: focus trapped, closes on Escape)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.styles import MODAL_WIDTHS

MAIN_ID = "main-content"  # the frame's <main> (layouts/frame.py), focusable (tabindex -1)


def focus_main_on_close() -> list:
    """``on_close_auto_focus`` of a dialog opened by state, not by a trigger: Radix would
    give focus back to the control that opened it, often gone by then (focus falls to
    the page's start); the page's content gets it instead."""
    return [rx.prevent_default, rx.call_script(f"document.getElementById('{MAIN_ID}')?.focus()")]


def confirm_dialog(
    title: Any,
    description: Any,
    *,
    confirm_label: Any,
    cancel_label: Any,
    on_confirm: Any,
    on_cancel: Any = None,
    open_: Any = None,
    trigger: rx.Component | None = None,
) -> rx.Component:
    """Either ``trigger`` opens it, or state controls it through ``open_`` (then
    ``on_cancel`` runs when it closes without confirming).

    The cancel button has no click handler of its own: Reflex would wrap it in a <div>,
    the element Radix gives focus to when the dialog opens, and a <div> takes none (the
    focus stayed behind the dialog). Closing, by the button or Escape, runs ``on_cancel``."""
    cancel = rx.button(cancel_label, variant="soft", color_scheme="gray", size="3")
    content = rx.alert_dialog.content(
        rx.alert_dialog.title(title),
        rx.alert_dialog.description(description),
        rx.flex(
            rx.alert_dialog.cancel(cancel),
            rx.alert_dialog.action(rx.button(confirm_label, color_scheme="red", size="3", on_click=on_confirm)),
            spacing="3",
            justify="end",
            margin_top="16px",
            wrap="wrap",
        ),
        max_width=MODAL_WIDTHS["sm"],
    )
    closed = {} if on_cancel is None else {
        "on_open_change": lambda is_open: rx.cond(is_open, rx.noop(), on_cancel)}
    if trigger is not None:
        return rx.alert_dialog.root(rx.alert_dialog.trigger(trigger), content, **closed)
    return rx.alert_dialog.root(content, open=open_, **closed)
