"""A confirmation dialog (alert dialog: focus trapped, closes on Escape) and the dialog
that tells how an action went (a registration, an application)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.components.blocks import button_row
from community_app.ui.styles import CENTRED_LINES, COLORS, FONT_STACK, MODAL_WIDTHS

MAIN_ID = "main-content"  # the frame's <main> (layouts/frame.py), focusable (tabindex -1)

# A small dialog's box: never wider than the screen less a margin, in the site's font and
# colour (a dialog is portalled outside the app's root element).
SMALL_DIALOG = {
    "max_width": MODAL_WIDTHS["sm"],
    "width": "calc(100vw - 32px)",
    "font_family": FONT_STACK,
    "color": COLORS["text"],
}


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
    on_confirm: Any = None,
    on_cancel: Any = None,
    open_: Any = None,
    trigger: rx.Component | None = None,
    confirm_form: str | None = None,
) -> rx.Component:
    """Either ``trigger`` opens it, or state controls it through ``open_`` (then
    ``on_cancel`` runs when it closes without confirming).

    With ``confirm_form`` (a form's id) the confirm button sends that form instead of
    running ``on_confirm``: what the form holds (a password) goes straight to its submit
    handler, never kept in the state while the member decides; the handler closes the
    dialog (it stays open until then, or the button would be gone before it sends).

    The cancel button has no click handler of its own: Reflex would wrap it in a <div>,
    the element Radix gives focus to when the dialog opens, and a <div> takes none (the
    focus stayed behind the dialog). Closing, by the button or Escape, runs ``on_cancel``."""
    cancel = rx.button(cancel_label, variant="soft", color_scheme="gray", size="3")
    # In the site's font, title included (a Radix heading has its own): portalled outside
    # the app's root, the dialog read in Radix's (issue 42).
    content = rx.alert_dialog.content(
        rx.alert_dialog.title(title, font_family=FONT_STACK),
        rx.alert_dialog.description(description),
        button_row(
            rx.alert_dialog.cancel(cancel),
            rx.button(confirm_label, color_scheme="red", size="3", type="submit",
                      custom_attrs={"form": confirm_form}) if confirm_form else
            rx.alert_dialog.action(rx.button(confirm_label, color_scheme="red", size="3", on_click=on_confirm)),
            justify="end",
            margin_top="16px",
        ),
        max_width=MODAL_WIDTHS["sm"],
        font_family=FONT_STACK,
        color=COLORS["text"],
    )
    closed = {} if on_cancel is None else {
        "on_open_change": lambda is_open: rx.cond(is_open, rx.noop(), on_cancel)}
    if trigger is not None:
        return rx.alert_dialog.root(rx.alert_dialog.trigger(trigger), content, **closed)
    return rx.alert_dialog.root(content, open=open_, **closed)


def outcome_dialog(top: rx.Component, title: Any, description: Any, actions: rx.Component, *,
                   open_: Any, on_open_change: Any, close_label: Any = None, spacing: str = "4",
                   description_color: Any = COLORS["muted"]) -> rx.Component:
    """A dialog opened by state to say how an action went: ``top`` (a picture), the title,
    ``description`` and ``actions`` (a ``button_row``), centred; ``close_label`` adds a
    close button in its corner. Focus goes back to the page's content when it closes."""
    corner = [] if close_label is None else [rx.dialog.close(
        rx.icon_button(rx.icon("x", size=18), variant="ghost", color_scheme="gray", aria_label=close_label,
                       position="absolute", top="12px", right="12px", cursor="pointer"),
    )]
    return rx.dialog.root(
        rx.dialog.content(
            rx.vstack(
                top,
                rx.dialog.title(title, margin="0", font_family=FONT_STACK),
                rx.dialog.description(description, color=description_color),
                actions,
                **CENTRED_LINES,
                spacing=spacing,
            ),
            *corner,
            position="relative",
            on_close_auto_focus=focus_main_on_close(),
            **SMALL_DIALOG,
        ),
        open=open_,
        on_open_change=on_open_change,
    )
