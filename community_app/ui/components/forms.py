"""Form pieces with labels, hints and errors tied together for screen readers."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.ui.i18n import t_var
from community_app.ui.styles import BUTTON_HEIGHTS, COLORS, STRETCH_COLUMN

# The images the site takes (each re-encoded once uploaded): what a file chooser offers.
IMAGE_FILES = {"image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"], "image/webp": [".webp"]}


def field_label(text: Any, html_for: str) -> rx.Component:
    """A field's label above it."""
    return rx.el.label(text, html_for=html_for, font_weight="500", font_size="14px")


def error_text(errors: Any, field: str, *, id_: str) -> rx.Component:
    """The message of ``field`` in a state's ``dict[str, {en, uz}]`` of errors."""
    return rx.cond(
        errors.contains(field),
        rx.text(t_var(errors[field]), id=id_, color=COLORS["danger"], size="2", role="alert"),
    )


def field(
    label: Any,
    name: str,
    *,
    errors: Any = None,
    type_: str = "text",
    placeholder: Any = "",
    default_value: Any = "",
    autocomplete: str = "off",
    hint: Any = None,
    **props: Any,
) -> rx.Component:
    input_id = f"field-{name}"
    error_id = f"{input_id}-error"
    invalid = errors.contains(name) if errors is not None else False
    return rx.vstack(
        field_label(label, input_id),
        rx.input(
            id=input_id,
            name=name,
            type=type_,
            placeholder=placeholder,
            default_value=default_value,
            auto_complete=autocomplete,
            size="3",
            width="100%",
            aria_invalid=rx.cond(invalid, "true", "false") if errors is not None else "false",
            aria_describedby=error_id,
            **props,
        ),
        # The hint gives way to the error, so a field never shows two messages at once.
        (rx.cond(invalid, rx.fragment(), rx.text(hint, color=COLORS["muted"], size="1"))
         if hint is not None else rx.fragment()),
        error_text(errors, name, id_=error_id) if errors is not None else rx.fragment(),
        spacing="1",
        **STRETCH_COLUMN,
    )


def submit_button(label: Any, *, loading: Any = False, **props: Any) -> rx.Component:
    props.setdefault("width", "100%")
    return rx.button(
        label,
        type="submit",
        size="3",
        height=BUTTON_HEIGHTS["md"],
        loading=loading,
        cursor="pointer",
        **props,
    )


def form_alert(message: Any, *, visible: Any, color: str = "red") -> rx.Component:
    return rx.cond(
        visible,
        rx.callout.root(
            rx.callout.text(t_var(message)),
            color_scheme=color,
            role="alert" if color == "red" else "status",
            width="100%",
        ),
    )


def stacked_form(*children: Any, on_submit: Any, key: Any = None, spacing: str = "3",
                 align: str = "start", **props: Any) -> rx.Component:
    """A form of fields one under the other, read on submit; the browser's own checks are
    off, so the server's messages (tied to the fields) are the ones shown. ``key`` changes
    to show another item's values; ``align="stretch"`` makes every line as wide as the form."""
    if key is not None:
        props["key"] = key
    return rx.form(
        rx.vstack(*children, spacing=spacing, width="100%", align=align),
        on_submit=on_submit,
        no_validate=True,
        width="100%",
        **props,
    )


def labelled_upload(upload: rx.Component, label: Any) -> rx.Component:
    """``upload`` (an ``rx.upload``) with its file input named ``label``: react-dropzone's
    input is visually hidden but still in the accessibility tree (axe: ``label``)."""

    def inputs(component: rx.Component):
        for child in getattr(component, "children", []):
            if type(child).__name__ == "Input":
                yield child
            yield from inputs(child)

    for file_input in inputs(upload):
        file_input.custom_attrs["aria-label"] = label
    return upload


def upload_button(upload_id: str, icon: str, text: Any, on_drop: Any, *,
                  accept: dict[str, list[str]] = IMAGE_FILES, input_label: Any = None,
                  **button_props: Any) -> rx.Component:
    """A button that opens the file chooser for one file (no dropping) and hands it to
    ``on_drop`` at once; its hidden file input is named ``input_label``, else ``text``."""
    return labelled_upload(rx.upload(
        rx.button(rx.icon(icon, size=16), text, variant="soft", type="button", **button_props),
        id=upload_id,
        accept=accept,
        max_files=1,
        multiple=False,
        no_drag=True,
        on_drop=on_drop,
        border="none",
        padding="0",
    ), text if input_label is None else input_label)
