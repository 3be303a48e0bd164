"""The Meetups section of /admin: list, form (speakers, sessions, notes, image) and the
registrations of one meetup (approval, check-in, CSV)."""

from __future__ import annotations

import itertools

import reflex as rx

from community_app.services.meetups import admin_edits
from community_app.state.admin import AdminState
from community_app.state.admin_meetups import AdminMeetupsState as S
from community_app.ui.components.admin_common import actions_cell, announce_switch, card, check
from community_app.ui.components.admin_common import choices
from community_app.ui.components.admin_common import columns, edit_button
from community_app.ui.components.admin_common import edit_or_new, image_card
from community_app.ui.components.admin_common import item_screen, list_screen, missing
from community_app.ui.components.admin_common import new_button, screen
from community_app.ui.components.admin_common import small_button, text_area, title_cell
from community_app.ui.components.admin_meetup_program import notes_card, sessions_card
from community_app.ui.components.admin_meetup_questions import questions_card
from community_app.ui.components.admin_meetup_program import speakers_card
from community_app.ui.components.admin_meetup_registrations import registrations_view
from community_app.ui.components.forms import field, stacked_form, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors


# ---------------------------------------------------------------- list


def _meetup_row(m) -> rx.Component:
    return rx.table.row(
        title_cell(m.title, m.location),
        rx.table.cell(
            rx.vstack(rx.text(t_var(m.date)), rx.text(t_var(m.time), size="1", color=COLORS["muted"]),
                      spacing="0"),
            white_space="nowrap",
        ),
        rx.table.cell(rx.text(m.registered, " / ", m.max_seats), white_space="nowrap"),
        rx.table.cell(
            rx.cond(m.pending > 0, rx.badge(m.pending, color_scheme="amber", variant="soft"), rx.text("0")),
        ),
        rx.table.cell(m.attended),
        actions_cell(
            edit_button(S.edit(m.id), aria_label=t("Edit") + " " + m.title),
            small_button(rx.icon("users", size=14), t("Registrations"),
                         on_click=S.open_registrations(m.id, m.title)),
            delete=(t("Delete this meetup?"),
                    t("Its speakers, sessions, notes and every registration are deleted too. This cannot be undone."),
                    S.delete(m.id)),
            wrap="nowrap",
        ),
    )


def _list() -> rx.Component:
    return list_screen(
        t("Meetups"),
        choices([("upcoming", t("Upcoming")), ("past", t("Past")), ("all", t("All"))],
                S.filter, S.set_filter, aria_label=t("Show")),
        new_button(t("New meetup"), S.new_meetup, id="admin-new-meetup"),
        subtitle=t("Past meetups: {count}. Checked in: {people}.",  # counts without plurals
                   people=S.total_attended, count=S.past_meetups),
        loaded=S.loaded, items=S.meetups, row=_meetup_row,
        columns=[t("Meetup"), t("Date"), t("Registered"), t("Waiting"), t("Attended"),
                 t("Actions")],
        empty_text=t("No meetups here yet."),
    )


# ---------------------------------------------------------------- form


# How each kind of field of ``admin_edits.MEETUP_FORM`` is drawn, and which kinds share a line.
_INPUT_TYPES = {admin_edits.DATE: "date", admin_edits.CLOCK: "time", admin_edits.NUMBER: "number"}


def _form_field(f: admin_edits.FormField) -> rx.Component:
    value = S.form[f.name]
    if f.kind == admin_edits.FLAG:
        return check(t(f.label), f.name, default_checked=value == admin_edits.ON)
    if f.kind == admin_edits.LONG_TEXT:
        return text_area(t(f.label), f.name, default_value=value, errors=E)
    low = getattr(admin_edits.MEETUP_RULES.get(f.name), "bounds", {}).get("low", 1)
    extra = {"min": str(low), "input_mode": "numeric"} if f.kind == admin_edits.NUMBER else {}
    if f.placeholder:
        extra["placeholder"] = t(f.placeholder)
    if f.required:
        extra["required"] = True
    return field(t(f.label), f.name, type_=_INPUT_TYPES.get(f.kind, "text"), errors=E,
                 default_value=value, **extra)


def _line(kind: str) -> str:
    """Fields drawn side by side: the date, clocks and seats; the flags."""
    if kind in _INPUT_TYPES:
        return "columns"
    return "flags" if kind == admin_edits.FLAG else kind


def _meetup_fields() -> list[rx.Component]:
    drawn = []
    for line, fields in itertools.groupby(admin_edits.MEETUP_FORM, key=lambda f: _line(f.kind)):
        parts = [_form_field(f) for f in fields]
        if line == "columns":
            drawn.append(columns(*parts, sm="2", md="4"))
        elif line == "flags":
            drawn.append(rx.flex(*parts, gap="16px", wrap="wrap"))
        else:
            drawn.extend(parts)
    return drawn


def _meetup_form() -> rx.Component:
    return card(
        stacked_form(
            *_meetup_fields(),
            rx.hstack(
                submit_button(t("Save meetup"), loading=AdminState.busy, width="auto",
                              id="admin-save-meetup"),
                spacing="3",
            ),
            on_submit=S.save,
            key=S.form_key,
        ),
    )


def _image_card() -> rx.Component:
    return image_card("meetup-image", S.image_url, S.form["title"], S.upload_image, S.remove_image,
                      caption=S.image_name)


def _form_view() -> rx.Component:
    announce_hint = t("Posted once when published, with an update when the date or place changes.")
    return item_screen(
        t("All meetups"), S.to_list,
        edit_or_new(S.editing_id, t("Edit meetup"), t("New meetup")),
        rx.cond(
            S.editing_id > 0,
            small_button(rx.icon("users", size=14), t("Registrations"),
                         on_click=S.open_registrations(S.editing_id, S.current_title)),
        ),
        subtitle=t("Times are Korea time."),
        body=(
            _meetup_form(),
            rx.cond(S.editing_id > 0,
                    screen(announce_switch(S.announce, S.set_announce, announce_hint),
                           _image_card(), speakers_card(), sessions_card(), notes_card(),
                           questions_card())),
        ),
    )


# ---------------------------------------------------------------- registrations


def meetups_section() -> rx.Component:
    return rx.match(
        S.mode,
        ("form", _form_view()),
        ("registrations", registrations_view()),
        ("missing", missing(t("All meetups"), S.to_list)),
        _list(),
    )
