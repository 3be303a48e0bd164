"""A meetup's programme in the back office: its speakers, keynote sessions and notes
(the cards under the meetup form at /admin/meetups/<id>)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.state.admin import AdminState
from community_app.state.admin_meetups import AdminMeetupsState as S
from community_app.ui.components.admin_common import labelled, native_select
from community_app.ui.components.admin_common import card, columns, confirm
from community_app.ui.components.admin_common import small_button, text_area
from community_app.ui.components.blocks import list_row
from community_app.ui.components.forms import field, stacked_form, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors


# ---------------------------------------------------------------- the parts of a programme


def _item(lines: list[rx.Component], *buttons: rx.Component, **info: Any) -> rx.Component:
    """One speaker, session or note: its lines (one under the other), and its buttons on
    the right."""
    info.setdefault("spacing", "0")
    return list_row(
        rx.vstack(*lines, **info),
        rx.hstack(*buttons, spacing="2"),
        padding_y="8px",
        wrap="wrap",
    )


def _remove(title, text, on_confirm) -> rx.Component:
    return confirm(small_button(t("Remove"), color_scheme="red"), title=title, text=text,
                   confirm_label=t("Remove"), on_confirm=on_confirm)


def _part_card(title, items, item, empty_text, form: rx.Component, *intro) -> rx.Component:
    """A card: its heading, the items (or the text saying there are none), then its form."""
    return card(
        rx.vstack(
            rx.heading(title, as_="h3", size="4"),
            *intro,
            rx.cond(items.length() > 0, rx.vstack(rx.foreach(items, item), spacing="0",
                                                  width="100%"),
                    rx.text(empty_text, color=COLORS["muted"], size="2")),
            form,
            spacing="3",
            width="100%",
        )
    )


def _part_form(kind: str, titles, save, fields) -> rx.Component:
    """Add a part, or edit the one chosen (``f.id > 0``: its values, and Cancel); ``fields(f)``
    gives the form's fields. The state names a part's pieces alike: ``S.<kind>_form``,
    ``S.save_<kind>``, ``S.cancel_<kind>`` and ``S.<kind>_key`` (the key that resets the form)."""
    f = getattr(S, f"{kind}_form")
    return stacked_form(
        rx.heading(rx.cond(f.id > 0, *titles), as_="h4", size="3"),
        *fields(f),
        rx.hstack(
            submit_button(save, width="auto", id=f"admin-save-{kind}"),
            rx.cond(f.id > 0, small_button(t("Cancel"), on_click=getattr(S, f"cancel_{kind}"))),
            spacing="2",
        ),
        on_submit=getattr(S, f"save_{kind}"),
        key=getattr(S, f"{kind}_key"),
    )


def _speaker_item(s) -> rx.Component:
    return _item(
        [
            rx.text(s.full_name, font_weight="600"),
            rx.text(s.job_position, rx.cond(s.company != "", " · " + s.company, ""), size="2",
                    color=COLORS["muted"]),
        ],
        small_button(t("Edit"), on_click=S.edit_speaker(s.id)),
        _remove(t("Remove this speaker?"), t("Their sessions stay, without a speaker."),
                S.remove_speaker(s.id)),
    )


def _speaker_fields(f) -> list[rx.Component]:
    return [
        columns(
            field(t("Full name"), "fullName", errors=E, default_value=f.full_name),
            field(t("Job position"), "jobPosition", errors=E, default_value=f.job_position),
            field(t("Company"), "company", errors=E, default_value=f.company),
            field(t("Profile link"), "profileURL", errors=E, default_value=f.profile_url,
                  type_="url", placeholder="https://"),
        ),
        text_area(t("Short bio"), "bio", default_value=f.bio, rows="2"),
    ]


def speakers_card() -> rx.Component:
    form = _part_form("speaker", (t("Edit speaker"), t("Add a speaker")), t("Save speaker"), _speaker_fields)
    return _part_card(t("Speakers"), S.speakers, _speaker_item, t("No speakers yet."), form)


def _session_item(k) -> rx.Component:
    return _item(
        [
            rx.text(k.start, "–", k.end, " · ", k.subject, font_weight="600"),
            rx.text(rx.cond(k.speaker_name != "", k.speaker_name, t("No speaker")), size="2",
                    color=COLORS["muted"]),
        ],
        small_button(t("Edit"), on_click=S.edit_session(k.id)),
        _remove(t("Remove this session?"), k.subject, S.remove_session(k.id)),
    )


def _session_fields(f) -> list[rx.Component]:
    return [
        field(t("Subject"), "sessionSubject", errors=E, default_value=f.subject),
        columns(
            field(t("Session starts"), "sessionStart", type_="time", errors=E,
                  default_value=f.start),
            field(t("Session ends"), "sessionEnd", type_="time", errors=E,
                  default_value=f.end),
            labelled(
                t("Speaker"), "field-speakerId",
                native_select(
                    rx.el.option(t("No speaker"), value="0"),
                    rx.foreach(S.speakers,
                               lambda s: rx.el.option(s.full_name, value=s.id.to_string())),
                    id_="field-speakerId", name="speakerId",
                    default_value=f.speaker_id.to_string(), width="100%",
                ),
                width="100%",
            ),
            sm="3",
        ),
    ]


def sessions_card() -> rx.Component:
    form = _part_form("session", (t("Edit session"), t("Add a session")), t("Save session"), _session_fields)
    return rx.vstack(
        # Issue 41: the whole programme (drafts, abstracts, slides, recordings, order).
        rx.link(small_button(rx.icon("list-ordered", size=14), t("Programme editor")),
                href="/admin/meetups/" + S.editing_id.to(str) + "/programme",
                id="admin-programme-link"),
        _part_card(t("Keynote sessions"), S.sessions, _session_item, t("No sessions yet."), form),
        spacing="2", width="100%",
    )


def _note_item(n) -> rx.Component:
    return _item(
        [
            rx.text(n.content, white_space="pre-wrap"),
            rx.hstack(
                rx.badge(rx.cond(n.active, t("Active"), t("Archived")),
                         color_scheme=rx.cond(n.active, "green", "gray"), variant="soft"),
                rx.text(t_var(n.created), size="1", color=COLORS["muted"]),
                spacing="2",
            ),
        ],
        small_button(rx.cond(n.active, t("Archive"), t("Restore")),
                     on_click=S.toggle_note(n.id, n.active)),
        _remove(t("Remove this note?"), n.content, S.remove_note(n.id)),
        spacing="1",
        flex="1",
        min_width="0",
    )


def notes_card() -> rx.Component:
    return _part_card(
        t("Notes"), S.notes, _note_item, t("No notes yet."),
        stacked_form(
            text_area(t("New note"), "content", rows="2", errors=E),
            submit_button(t("Add note"), width="auto"),
            on_submit=S.add_note,
            reset_on_submit=True,
            spacing="2",
        ),
        rx.text(t("Active notes show on the meetup page; archived ones stay here."),
                color=COLORS["muted"], size="2"),
    )
