"""A confirmation dialog (alert dialog: focus trapped, closes on Escape)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.styles import MODAL_WIDTHS


def confirm_dialog(
    *,
    title: Any,
    description: Any,
    confirm_label: Any,
    cancel_label: Any,
    on_confirm: Any,
    on_cancel: Any = None,
    open_: Any = None,
    trigger: rx.Component | None = None,
) -> rx.Component:
    """Either ``trigger`` opens it, or state controls it through ``open_`` (then
    ``on_cancel`` runs when it closes without confirming)."""
    cancel = rx.button(cancel_label, variant="soft", color_scheme="gray", size="3",
                       **({"on_click": on_cancel} if on_cancel is not None else {}))
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
    if trigger is not None:
        return rx.alert_dialog.root(rx.alert_dialog.trigger(trigger), content)
    return rx.alert_dialog.root(
        content,
        open=open_,
        on_open_change=lambda is_open: rx.cond(is_open, rx.noop(), on_cancel),
    )
