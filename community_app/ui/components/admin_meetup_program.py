"""A meetup's programme in the back office: its speakers, keynote sessions and notes
(the cards under the meetup form at /admin/meetups/<id>)."""

from __future__ import annotations

import reflex as rx

from community_app.state.admin import AdminState
from community_app.state.admin_meetups import AdminMeetupsState as S
from community_app.ui.components.admin_common import (
    card,
    confirm,
    small_button,
    text_area,
)
from community_app.ui.components.forms import field, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors


# ---------------------------------------------------------------- list


def _speaker_item(s) -> rx.Component:
    return rx.flex(
        rx.vstack(
            rx.text(s.full_name, font_weight="600"),
            rx.text(s.job_position, rx.cond(s.company != "", " · " + s.company, ""), size="2",
                    color=COLORS["muted"]),
            spacing="0",
        ),
        rx.hstack(
            small_button(t("Edit"), on_click=S.edit_speaker(s.id)),
            confirm(small_button(t("Remove"), color_scheme="red"),
                    title=t("Remove this speaker?"),
                    text=t("Their sessions stay, without a speaker."),
                    confirm_label=t("Remove"), on_confirm=S.remove_speaker(s.id)),
            spacing="2",
        ),
        justify="between",
        align="center",
        gap="8px",
        wrap="wrap",
        padding_y="8px",
        border_bottom=f"1px solid {COLORS['border']}",
        width="100%",
    )


def speakers_card() -> rx.Component:
    f = S.speaker_form
    return card(
        rx.vstack(
            rx.heading(t("Speakers"), as_="h3", size="4"),
            rx.cond(S.speakers.length() > 0, rx.vstack(rx.foreach(S.speakers, _speaker_item),
                                                       spacing="0", width="100%"),
                    rx.text(t("No speakers yet."), color=COLORS["muted"], size="2")),
            rx.form(
                rx.vstack(
                    rx.heading(rx.cond(f.id > 0, t("Edit speaker"), t("Add a speaker")), as_="h4",
                               size="3"),
                    rx.grid(
                        field(t("Full name"), "fullName", errors=E, default_value=f.full_name),
                        field(t("Job position"), "jobPosition", errors=E, default_value=f.job_position),
                        field(t("Company"), "company", errors=E, default_value=f.company),
                        field(t("Profile link"), "profileURL", errors=E, default_value=f.profile_url,
                              type_="url", placeholder="https://"),
                        columns=rx.breakpoints(initial="1", sm="2"),
                        spacing="3",
                        width="100%",
                    ),
                    text_area(t("Short bio"), "bio", default_value=f.bio, rows="2"),
                    rx.hstack(
                        submit_button(t("Save speaker"), width="auto", id="admin-save-speaker"),
                        rx.cond(f.id > 0, small_button(t("Cancel"), on_click=S.cancel_speaker)),
                        spacing="2",
                    ),
                    spacing="3",
                    width="100%",
                ),
                on_submit=S.save_speaker,
                no_validate=True,
                key=S.speaker_key,
                width="100%",
            ),
            spacing="3",
            width="100%",
        )
    )


def _session_item(k) -> rx.Component:
    return rx.flex(
        rx.vstack(
            rx.text(k.start, "–", k.end, " · ", k.subject, font_weight="600"),
            rx.text(rx.cond(k.speaker_name != "", k.speaker_name, t("No speaker")), size="2",
                    color=COLORS["muted"]),
            spacing="0",
        ),
        rx.hstack(
            small_button(t("Edit"), on_click=S.edit_session(k.id)),
            confirm(small_button(t("Remove"), color_scheme="red"),
                    title=t("Remove this session?"), text=k.subject,
                    confirm_label=t("Remove"), on_confirm=S.remove_session(k.id)),
            spacing="2",
        ),
        justify="between",
        align="center",
        gap="8px",
        wrap="wrap",
        padding_y="8px",
        border_bottom=f"1px solid {COLORS['border']}",
        width="100%",
    )


def sessions_card() -> rx.Component:
    f = S.session_form
    return card(
        rx.vstack(
            rx.heading(t("Keynote sessions"), as_="h3", size="4"),
            rx.cond(S.sessions.length() > 0, rx.vstack(rx.foreach(S.sessions, _session_item),
                                                       spacing="0", width="100%"),
                    rx.text(t("No sessions yet."), color=COLORS["muted"], size="2")),
            rx.form(
                rx.vstack(
                    rx.heading(rx.cond(f.id > 0, t("Edit session"), t("Add a session")), as_="h4",
                               size="3"),
                    field(t("Subject"), "sessionSubject", errors=E, default_value=f.subject),
                    rx.grid(
                        field(t("Session starts"), "sessionStart", type_="time", errors=E,
                              default_value=f.start),
                        field(t("Session ends"), "sessionEnd", type_="time", errors=E,
                              default_value=f.end),
                        rx.vstack(
                            rx.el.label(t("Speaker"), html_for="field-speakerId", font_weight="500",
                                        font_size="14px"),
                            rx.el.select(
                                rx.el.option(t("No speaker"), value="0"),
                                rx.foreach(S.speakers,
                                           lambda s: rx.el.option(s.full_name, value=s.id.to_string())),
                                id="field-speakerId",
                                name="speakerId",
                                default_value=f.speaker_id.to_string(),
                                height="40px",
                                padding_x="8px",
                                border=f"1px solid {COLORS['border']}",
                                border_radius="8px",
                                background_color="white",
                                width="100%",
                            ),
                            spacing="1",
                            width="100%",
                        ),
                        columns=rx.breakpoints(initial="1", sm="3"),
                        spacing="3",
                        width="100%",
                    ),
                    rx.hstack(
                        submit_button(t("Save session"), width="auto", id="admin-save-session"),
                        rx.cond(f.id > 0, small_button(t("Cancel"), on_click=S.cancel_session)),
                        spacing="2",
                    ),
                    spacing="3",
                    width="100%",
                ),
                on_submit=S.save_session,
                no_validate=True,
                key=S.session_key,
                width="100%",
            ),
            spacing="3",
            width="100%",
        )
    )


def _note_item(n) -> rx.Component:
    return rx.flex(
        rx.vstack(
            rx.text(n.content, white_space="pre-wrap"),
            rx.hstack(
                rx.badge(rx.cond(n.active, t("Active"), t("Archived")),
                         color_scheme=rx.cond(n.active, "green", "gray"), variant="soft"),
                rx.text(t_var(n.created), size="1", color=COLORS["muted"]),
                spacing="2",
            ),
            spacing="1",
            flex="1",
            min_width="0",
        ),
        rx.hstack(
            small_button(rx.cond(n.active, t("Archive"), t("Restore")),
                         on_click=S.toggle_note(n.id, n.active)),
            confirm(small_button(t("Remove"), color_scheme="red"),
                    title=t("Remove this note?"), text=n.content,
                    confirm_label=t("Remove"), on_confirm=S.remove_note(n.id)),
            spacing="2",
        ),
        justify="between",
        align="center",
        gap="8px",
        wrap="wrap",
        padding_y="8px",
        border_bottom=f"1px solid {COLORS['border']}",
        width="100%",
    )


def notes_card() -> rx.Component:
    return card(
        rx.vstack(
            rx.heading(t("Notes"), as_="h3", size="4"),
            rx.text(t("Active notes show on the meetup page; archived ones stay here."),
                    color=COLORS["muted"], size="2"),
            rx.cond(S.notes.length() > 0, rx.vstack(rx.foreach(S.notes, _note_item), spacing="0",
                                                    width="100%"),
                    rx.text(t("No notes yet."), color=COLORS["muted"], size="2")),
            rx.form(
                rx.vstack(
                    text_area(t("New note"), "content", rows="2", errors=E),
                    submit_button(t("Add note"), width="auto"),
                    spacing="2",
                    width="100%",
                ),
                on_submit=S.add_note,
                no_validate=True,
                reset_on_submit=True,
                width="100%",
            ),
            spacing="3",
            width="100%",
        )
    )
