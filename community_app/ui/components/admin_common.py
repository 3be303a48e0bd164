"""Pieces every section of the back office uses: cards, tables that scroll inside their
container, status badges, confirmation dialogs, labelled selects and form fields."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.core.settings import telegram_settings
from community_app.state.admin import AdminState
from community_app.ui.components import blocks
from community_app.ui.components.blocks import notice
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.forms import IMAGE_FILES, error_text, labelled_upload
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import BUTTON_HEIGHTS, COLORS, STRETCH_COLUMN

STATUS_COLORS = {
    "PENDING": "amber", "NEW": "amber", "IN_REVIEW": "blue", "OPEN": "green",
    "ACCEPTED": "green", "EXPIRED": "orange", "CLOSED": "gray", "FILLED": "indigo",
    "REJECTED": "red", "CANCELLED": "gray",
}


def card(*children: rx.Component, **props: Any) -> rx.Component:
    """A back-office card: a white card with the section's padding."""
    props.setdefault("padding", ["14px", "16px", "20px"])
    return blocks.white_card(*children, **props)


def section_header(title: Any, *actions: rx.Component, subtitle: Any = None) -> rx.Component:
    return rx.flex(
        rx.vstack(
            rx.heading(title, as_="h2", size="5"),
            rx.text(subtitle, color=COLORS["muted"], size="2") if subtitle is not None else rx.fragment(),
            spacing="1",
        ),
        rx.hstack(*actions, spacing="2", wrap="wrap", align="center"),
        justify="between",
        align_items=["flex-start", "flex-start", "center"],
        flex_direction=["column", "column", "row"],
        gap="12px",
        width="100%",
    )


def scroll_table(header: list[Any], rows: rx.Component, *, label: Any) -> rx.Component:
    """A table that scrolls horizontally inside its own box on narrow screens, its first
    column (the row's title) staying in place (site.css ``.uzdev-admin-table``): on a phone
    a row scrolled sideways still says what it is (issue 42)."""
    return rx.box(
        rx.table.root(
            rx.table.header(
                rx.table.row(*[rx.table.column_header_cell(h, white_space="nowrap") for h in header])
            ),
            rx.table.body(rows),
            variant="surface",
            size="2",
            width="100%",
            aria_label=label,
        ),
        overflow_x="auto",
        width="100%",
        max_width="100%",
        tab_index=0,
        role="region",
        aria_label=label,
        class_name="uzdev-admin-table",
    )


def status_badge(status: Any, label: Any) -> rx.Component:
    """A back-office item's status, coloured by ``STATUS_COLORS``, on one line."""
    return blocks.status_badge(status, label, colors=STATUS_COLORS, white_space="nowrap")


def small_button(*children: Any, **props: Any) -> rx.Component:
    props.setdefault("variant", "soft")
    props.setdefault("size", "2")
    props.setdefault("type", "button")
    return rx.button(*children, min_height=BUTTON_HEIGHTS["sm"], cursor="pointer",
                     white_space="nowrap", **props)


def confirm(trigger: rx.Component, *, title: Any, text: Any, confirm_label: Any,
            on_confirm: Any) -> rx.Component:
    """An alert dialog asking before something that cannot be undone (Escape cancels)."""
    return confirm_dialog(title, text, confirm_label=confirm_label, cancel_label=t("Cancel"),
                          on_confirm=on_confirm, trigger=trigger)


def delete_button(*, title: Any, text: Any, on_confirm: Any) -> rx.Component:
    """Delete, after the confirmation dialog."""
    return confirm(
        small_button(rx.icon("trash-2", size=14), t("Delete"), color_scheme="red"),
        title=title, text=text, confirm_label=t("Delete"), on_confirm=on_confirm,
    )


def labelled(label: Any, for_id: Any, *controls: rx.Component, **props: Any) -> rx.Component:
    """A control with its visible label above it (and what follows it, e.g. its error)."""
    return rx.vstack(
        rx.el.label(label, html_for=for_id, font_weight="500", font_size="14px"),
        *controls,
        spacing="1",
        **props,
    )


def native_select(*options: Any, id_: Any, name: str, **props: Any) -> rx.Component:
    """A plain <select>, for options that come from a list (``rx.foreach``)."""
    return rx.el.select(
        *options,
        id=id_,
        name=name,
        height="40px",
        padding_x="8px",
        border=f"1px solid {COLORS['border']}",
        border_radius="8px",
        background_color="white",
        **props,
    )


def labelled_select(label: Any, name: str, options: list[tuple[str, Any]], *,
                    value: Any = None, default_value: Any = None, on_change: Any = None,
                    width: str = "100%") -> rx.Component:
    """A Radix select with a visible label tied to it (submits ``name`` in forms)."""
    select_id = f"select-{name}"
    props: dict[str, Any] = {}
    if value is not None:
        props["value"] = value
    if default_value is not None:
        props["default_value"] = default_value
    if on_change is not None:
        props["on_change"] = on_change
    return labelled(
        label, select_id,
        rx.select.root(
            rx.select.trigger(id=select_id, width="100%", aria_label=label),
            rx.select.content(*[rx.select.item(text, value=v) for v, text in options]),
            name=name,
            size="3",
            **props,
        ),
        width=width,
        align="stretch",
    )


def text_area(label: Any, name: str, *, default_value: Any = "", rows: str = "4",
              errors: Any = None, **props: Any) -> rx.Component:
    area_id = f"field-{name}"
    error_id = f"{area_id}-error"
    return labelled(
        label, area_id,
        rx.text_area(id=area_id, name=name, default_value=default_value, rows=rows,
                     size="3", width="100%", aria_describedby=error_id, **props),
        error_text(errors, name, id_=error_id) if errors is not None else rx.fragment(),
        **STRETCH_COLUMN,
    )


def toggle(control: rx.Component, text: rx.Component) -> rx.Component:
    """A checkbox or switch with its text, the whole line clickable."""
    return rx.el.label(
        rx.hstack(control, text, spacing="2", align="center"),
        cursor="pointer",
        min_height="36px",
        display="flex",
        align_items="center",
    )


def announce_switch(checked: Any, on_change: Any, hint: Any = None) -> rx.Component:
    """The switch of an item's Telegram channel post (nothing when the site has no
    channel); with ``hint``, in a card of its own with that explanation below."""
    if not telegram_settings().channel_enabled:
        return rx.fragment()
    label = t("Announce in the Telegram channel")
    control = toggle(rx.switch(checked=checked, on_change=on_change, aria_label=label),
                     rx.text(label))
    if hint is None:
        return control
    return card(control, rx.text(hint, color=COLORS["muted"], size="2"))


def check(label: Any, name: str, *, default_checked: Any = False) -> rx.Component:
    # Named by its text: Radix draws a <button role="checkbox">, which a wrapping <label>
    # does not name for every screen reader (axe: button-name).
    return toggle(rx.checkbox(name=name, default_checked=default_checked, size="3", aria_label=label),
                  rx.text(label, size="3"))


def _callout(text: Any, icon: str, color: str, role: str, id_: str) -> rx.Component:
    return rx.cond(
        text.contains("en"),
        notice(icon, t_var(text), color, role=role, width="100%", id=id_),
    )


def messages() -> rx.Component:
    """The result of the last action, for every section (live regions)."""
    return rx.fragment(
        _callout(AdminState.notice, "circle-check", "green", "status", "admin-notice"),
        _callout(AdminState.error, "triangle-alert", "red", "alert", "admin-error"),
    )


def empty(text: Any) -> rx.Component:
    return rx.center(
        rx.text(text, color=COLORS["muted"]),
        padding="32px 16px",
        width="100%",
    )


def loading_or(loaded: Any, content: rx.Component) -> rx.Component:
    return rx.cond(
        loaded,
        content,
        rx.center(rx.spinner(size="3"), rx.text(t("Loading..."), margin_left="8px"),
                  padding="32px", width="100%", role="status"),
    )


def missing(back_label: Any, back: Any) -> rx.Component:
    """An address whose item does not exist (the error says so above): the way back."""
    return small_button(rx.icon("arrow-left", size=14), back_label, on_click=back,
                        id="admin-back")


def image_card(upload_id: str, image_url: Any, alt: Any, on_upload: Any, on_remove: Any,
               caption: Any = "", *, title: Any = None, remove_label: Any = None,
               empty_text: Any = None) -> rx.Component:
    """An item's picture: the current one with Remove, and a drop zone with Upload
    (``on_upload`` receives ``rx.upload_files(upload_id=...)``). ``title`` (also the file
    field's name), ``remove_label`` and ``empty_text`` say what the picture is where
    "Image" is not the word (a speaker's photo)."""
    title = t("Image") if title is None else title
    return card(
        rx.vstack(
            rx.heading(title, as_="h3", size="4"),
            rx.cond(
                image_url != "",
                rx.hstack(
                    rx.image(src=image_url, alt=alt, width="160px", height="100px",
                             object_fit="cover", border_radius="8px"),
                    rx.vstack(
                        rx.text(caption, size="2", color=COLORS["muted"]),
                        small_button(t("Remove image") if remove_label is None else remove_label,
                                     color_scheme="red", on_click=on_remove),
                    ),
                    spacing="3",
                    wrap="wrap",
                    align="center",
                ),
                rx.text(t("No image yet: the public page shows the default picture.")
                        if empty_text is None else empty_text, color=COLORS["muted"], size="2"),
            ),
            labelled_upload(rx.upload.root(
                rx.vstack(
                    rx.icon("image-up", size=24, color=COLORS["muted"]),
                    rx.text(t("Drop an image here or click to choose (JPEG, PNG or WebP, at most 5 MB)."),
                            size="2", text_align="center"),
                    rx.foreach(rx.selected_files(upload_id),
                               lambda name: rx.text(name, size="2", font_weight="600")),
                    align="center",
                    spacing="1",
                ),
                id=upload_id,
                accept=IMAGE_FILES,
                max_files=1,
                border=f"1px dashed {COLORS['border']}",
                border_radius="12px",
                padding="16px",
                width="100%",
                cursor="pointer",
            ), title),
            small_button(rx.icon("upload", size=14), t("Upload image"), variant="solid",
                         on_click=on_upload(rx.upload_files(upload_id=upload_id))),
            spacing="3",
            width="100%",
        )
    )


# ---------------------------------------------------------------- one list screen


def screen(*children: rx.Component) -> rx.Component:
    """A section's column: its header, filters, list or form, one below the other."""
    return rx.vstack(*children, spacing="4", width="100%")


def choices(options: list[tuple[str, Any]], value: Any, on_change: Any,
            **props: Any) -> rx.Component:
    """A list's filter as a segmented control (``options``: value, shown text)."""
    return rx.segmented_control.root(
        *[rx.segmented_control.item(text, value=v) for v, text in options],
        value=value,
        on_change=on_change,
        **props,
    )


def search_box(value: Any, on_change: Any, placeholder: Any, *, max_width: str = "360px",
               **props: Any) -> rx.Component:
    """A search field with its magnifier (the list follows as one types)."""
    return rx.input(
        rx.input.slot(rx.icon("search", size=16)),
        value=value,
        on_change=on_change,
        placeholder=placeholder,
        type="search",
        size="3",
        width="100%",
        max_width=max_width,
        **props,
    )


def when_any(items: Any, content: rx.Component, empty_text: Any) -> rx.Component:
    """``content`` when there are ``items``, else the text saying there are none."""
    return rx.cond(items.length() > 0, content, empty(empty_text))


def table_or_empty(items: Any, header: list[Any], row: Any, *, label: Any,
                   empty_text: Any) -> rx.Component:
    """The rows as a scrolling table, or the text saying there are none."""
    return when_any(items, scroll_table(header, rx.foreach(items, row), label=label), empty_text)


def item_list(loaded: Any, items: Any, header: list[Any], row: Any, *, label: Any,
              empty_text: Any) -> rx.Component:
    """An area's list: a spinner until it is read, then the table or the empty text."""
    return loading_or(loaded, table_or_empty(items, header, row, label=label,
                                             empty_text=empty_text))


def card_list(loaded: Any, items: Any, item_card: Any, *, empty_text: Any) -> rx.Component:
    """An area's list of cards (the ``item_card`` of each item, one under the other): a
    spinner until it is read, then the cards or the empty text."""
    return loading_or(loaded, when_any(
        items, rx.vstack(rx.foreach(items, item_card), spacing="3", width="100%"), empty_text))


def list_screen(title: Any, *actions: rx.Component, loaded: Any, items: Any, columns: list[Any],
                row: Any, empty_text: Any, subtitle: Any = None, tools: Any = None,
                after: Any = None) -> rx.Component:
    """An area's list at its address: its heading with ``actions`` (filters, a New
    button), the ``tools`` under it (filters, a search), the table named after the title
    (a spinner until read, then the ``row`` of each item or ``empty_text``), then ``after``."""
    return screen(
        section_header(title, *actions, subtitle=subtitle),
        *[part for part in (tools,) if part is not None],
        item_list(loaded, items, columns, row, label=title, empty_text=empty_text),
        *[part for part in (after,) if part is not None],
    )


def list_and_form(loaded: Any, rows: Any, row: Any, form: rx.Component, *, label: Any,
                  empty_text: Any) -> rx.Component:
    """An editor's list (the ``row`` of each, or ``empty_text``) in a card, with the form
    that edits the picked item or a new one under it (state/admin_editor.py); a spinner
    until read."""
    return loading_or(loaded, rx.vstack(
        card(when_any(rows, rx.el.ul(rx.foreach(rows, row), list_style="none", padding="0",
                                     margin="0", width="100%", aria_label=label),
                      empty_text)),
        form,
        spacing="4", width="100%",
    ))


def item_screen(back_label: Any, back: Any, title: Any, *actions: rx.Component,
                subtitle: Any = None, body: tuple[rx.Component, ...] = ()) -> rx.Component:
    """One item's view: the way back to its list, its heading with ``actions``, then
    ``body``."""
    return screen(back_button(back_label, back),
                  section_header(title, *actions, subtitle=subtitle), *body)


def edit_or_new(editing_id: Any, edit_title: Any, new_title: Any) -> Any:
    """The heading of an item's form: editing one (an id) or making a new one."""
    return rx.cond(editing_id > 0, edit_title, new_title)


def title_cell(title: Any, *lines: Any, min_width: str = "160px") -> rx.Component:
    """A row's first cell: its name in bold over smaller muted lines (a component each,
    or the children of one line as a tuple)."""
    def line(value: Any) -> rx.Component:
        parts = value if isinstance(value, tuple) else (value,)
        return rx.text(*parts, size="1", color=COLORS["muted"])

    return rx.table.row_header_cell(
        rx.vstack(rx.text(title, font_weight="600"), *[line(v) for v in lines],
                  spacing="0", min_width=min_width)
    )


def actions_cell(*buttons: rx.Component, delete: tuple[Any, Any, Any] | None = None,
                 **props: Any) -> rx.Component:
    """A row's last cell: its buttons side by side, the last one ``delete`` (the confirm
    dialog's title and text, the event on confirm) when given."""
    if delete is not None:
        title, text, on_confirm = delete
        buttons = (*buttons, delete_button(title=title, text=text, on_confirm=on_confirm))
    return rx.table.cell(rx.hstack(*buttons, spacing="2", **props))


def edit_button(on_click: Any, label: Any = None, **props: Any) -> rx.Component:
    return small_button(rx.icon("pencil", size=14), t("Edit") if label is None else label,
                        on_click=on_click, **props)


def new_button(label: Any, on_click: Any, **props: Any) -> rx.Component:
    """The list's button for a new item, next to its heading."""
    return rx.button(rx.icon("plus", size=16), label, on_click=on_click, size="3",
                     cursor="pointer", **props)


def back_button(label: Any, on_click: Any) -> rx.Component:
    return small_button(rx.icon("arrow-left", size=14), label, on_click=on_click,
                        variant="ghost")


def columns(*fields: rx.Component, **widths: str) -> rx.Component:
    """Fields side by side from the small breakpoint up (``widths``: columns at each
    breakpoint, two from ``sm`` by default), one below the other on phones."""
    return rx.grid(*fields, columns=rx.breakpoints(initial="1", **(widths or {"sm": "2"})),
                   spacing="3", width="100%")
