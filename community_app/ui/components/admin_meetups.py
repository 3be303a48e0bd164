"""The Meetups section of /admin: list, form (speakers, sessions, notes, image) and the
registrations of one meetup (approval, check-in, CSV)."""

from __future__ import annotations

import reflex as rx

from community_app.state.admin import AdminState
from community_app.state.admin_meetups import AdminMeetupsState as S
from community_app.ui.components.admin_common import (
    card,
    check,
    confirm,
    empty,
    labelled_select,
    loading_or,
    scroll_table,
    section_header,
    small_button,
    status_badge,
    text_area,
)
from community_app.ui.components.forms import field, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

E = AdminState.errors


# ---------------------------------------------------------------- list


def _meetup_row(m) -> rx.Component:
    return rx.table.row(
        rx.table.row_header_cell(
            rx.vstack(
                rx.text(m.title, font_weight="600"),
                rx.text(m.location, color=COLORS["muted"], size="1"),
                spacing="0",
                min_width="160px",
            )
        ),
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
        rx.table.cell(
            rx.hstack(
                small_button(rx.icon("pencil", size=14), t("Edit"), on_click=S.edit(m.id),
                             aria_label=t("Edit") + " " + m.title),
                small_button(rx.icon("users", size=14), t("Registrations"),
                             on_click=S.open_registrations(m.id, m.title)),
                confirm(
                    small_button(rx.icon("trash-2", size=14), t("Delete"), color_scheme="red"),
                    title=t("Delete this meetup?"),
                    text=t("Its speakers, sessions, notes and every registration are deleted too. This cannot be undone."),
                    confirm_label=t("Delete"),
                    on_confirm=S.delete(m.id),
                ),
                spacing="2",
                wrap="nowrap",
            )
        ),
    )


def _list() -> rx.Component:
    return rx.vstack(
        section_header(
            t("Meetups"),
            rx.segmented_control.root(
                rx.segmented_control.item(t("Upcoming"), value="upcoming"),
                rx.segmented_control.item(t("Past"), value="past"),
                rx.segmented_control.item(t("All"), value="all"),
                value=S.filter,
                on_change=S.set_filter,
                aria_label=t("Show"),
            ),
            rx.button(rx.icon("plus", size=16), t("New meetup"), on_click=S.new_meetup, size="3",
                      cursor="pointer", id="admin-new-meetup"),
            subtitle=t("{people} people checked in at {count} past meetups.",
                       people=S.total_attended, count=S.past_meetups),
        ),
        loading_or(
            S.loaded,
            rx.cond(
                S.meetups.length() > 0,
                scroll_table(
                    [t("Meetup"), t("Date"), t("Registered"), t("Waiting"), t("Attended"), t("Actions")],
                    rx.foreach(S.meetups, _meetup_row),
                    label=t("Meetups"),
                ),
                empty(t("No meetups here yet.")),
            ),
        ),
        spacing="4",
        width="100%",
    )


# ---------------------------------------------------------------- form


def _meetup_form() -> rx.Component:
    f = S.form
    return card(
        rx.form(
            rx.vstack(
                field(t("Title"), "title", errors=E, default_value=f.title, required=True),
                text_area(t("Description"), "description", default_value=f.description, errors=E),
                rx.grid(
                    field(t("Date (Korea time)"), "meetupDate", type_="date", errors=E,
                          default_value=f.date),
                    field(t("Starts"), "startTime", type_="time", errors=E, default_value=f.start),
                    field(t("Ends"), "endTime", type_="time", errors=E, default_value=f.end),
                    field(t("Seats"), "maxSeats", type_="number", errors=E, default_value=f.seats,
                          min="1", input_mode="numeric"),
                    columns=rx.breakpoints(initial="1", sm="2", md="4"),
                    spacing="3",
                    width="100%",
                ),
                field(t("Location"), "location", errors=E, default_value=f.location),
                field(t("What is provided"), "provided", errors=E, default_value=f.provided,
                      placeholder=t("Pizza, drinks, Wi-Fi")),
                rx.flex(
                    check(t("Parking available"), "parking", default_checked=f.parking),
                    check(t("Registrations need approval"), "requiresApproval",
                          default_checked=f.approval),
                    gap="16px",
                    wrap="wrap",
                ),
                rx.hstack(
                    submit_button(t("Save meetup"), loading=AdminState.busy, width="auto",
                                  id="admin-save-meetup"),
                    spacing="3",
                ),
                spacing="3",
                width="100%",
            ),
            on_submit=S.save,
            no_validate=True,
            key=S.form_key,
            width="100%",
        ),
    )


def _image_card() -> rx.Component:
    return card(
        rx.vstack(
            rx.heading(t("Image"), as_="h3", size="4"),
            rx.cond(
                S.form.image_url != "",
                rx.hstack(
                    rx.image(src=S.form.image_url, alt=S.form.title, width="160px", height="100px",
                             object_fit="cover", border_radius="8px"),
                    rx.vstack(
                        rx.text(S.form.image_name, size="2", color=COLORS["muted"]),
                        small_button(t("Remove image"), color_scheme="red", on_click=S.remove_image),
                    ),
                    spacing="3",
                    wrap="wrap",
                ),
                rx.text(t("No image yet: the public page shows the default picture."),
                        color=COLORS["muted"], size="2"),
            ),
            rx.upload.root(
                rx.vstack(
                    rx.icon("image-up", size=24, color=COLORS["muted"]),
                    rx.text(t("Drop an image here or click to choose (JPEG, PNG or WebP, at most 5 MB)."),
                            size="2", text_align="center"),
                    rx.foreach(rx.selected_files("meetup-image"),
                               lambda name: rx.text(name, size="2", font_weight="600")),
                    align="center",
                    spacing="1",
                ),
                id="meetup-image",
                accept={"image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"],
                        "image/webp": [".webp"]},
                max_files=1,
                border=f"1px dashed {COLORS['border']}",
                border_radius="12px",
                padding="16px",
                width="100%",
                cursor="pointer",
            ),
            small_button(rx.icon("upload", size=14), t("Upload image"), variant="solid",
                         on_click=S.upload_image(rx.upload_files(upload_id="meetup-image"))),
            spacing="3",
            width="100%",
        )
    )


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


def _speakers_card() -> rx.Component:
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


def _sessions_card() -> rx.Component:
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


def _notes_card() -> rx.Component:
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


def _form_view() -> rx.Component:
    return rx.vstack(
        small_button(rx.icon("arrow-left", size=14), t("All meetups"), on_click=S.back_to_list,
                     variant="ghost"),
        section_header(
            rx.cond(S.editing_id > 0, t("Edit meetup"), t("New meetup")),
            rx.cond(
                S.editing_id > 0,
                small_button(rx.icon("users", size=14), t("Registrations"),
                             on_click=S.open_registrations(S.editing_id, S.current_title)),
            ),
            subtitle=t("Times are Korea time."),
        ),
        _meetup_form(),
        rx.cond(
            S.editing_id > 0,
            rx.vstack(_image_card(), _speakers_card(), _sessions_card(), _notes_card(),
                      spacing="4", width="100%"),
        ),
        spacing="4",
        width="100%",
    )


# ---------------------------------------------------------------- registrations


def _registration_row(r) -> rx.Component:
    return rx.table.row(
        rx.table.row_header_cell(
            rx.vstack(
                rx.text(rx.cond(r.name != "", r.name, r.username), font_weight="600"),
                rx.text(r.email, size="1", color=COLORS["muted"]),
                rx.text(r.phone, size="1", color=COLORS["muted"]),
                spacing="0",
                min_width="160px",
            )
        ),
        rx.table.cell(status_badge(r.status, r.status_label)),
        rx.table.cell(
            rx.cond(
                r.is_checked_in,
                rx.hstack(
                    rx.badge(rx.icon("check", size=12), t_var(r.checked_in), color_scheme="green",
                             variant="soft"),
                    small_button(t("Undo"), on_click=S.undo_check_in(r.id), variant="ghost",
                                 aria_label=t("Undo check-in") + " " + r.name),
                    spacing="1",
                    align="center",
                ),
                rx.cond(
                    r.is_accepted,
                    small_button(rx.icon("user-check", size=14), t("Check in"), variant="solid",
                                 color_scheme="green", on_click=S.check_in(r.id),
                                 aria_label=t("Check in") + " " + r.name),
                    rx.text("—", color=COLORS["muted"]),
                ),
            )
        ),
        rx.table.cell(
            rx.cond(
                r.is_pending,
                rx.hstack(
                    small_button(t("Accept"), color_scheme="green", on_click=S.accept(r.id),
                                 aria_label=t("Accept") + " " + r.name),
                    small_button(t("Reject"), color_scheme="red", on_click=S.reject(r.id),
                                 aria_label=t("Reject") + " " + r.name),
                    spacing="2",
                ),
                rx.text("—", color=COLORS["muted"]),
            )
        ),
        rx.table.cell(rx.vstack(rx.text(t_var(r.reason)), rx.text(r.field, size="1",
                                                                   color=COLORS["muted"]),
                                spacing="0"), white_space="nowrap"),
        rx.table.cell(rx.text(r.expectation, size="2", min_width="200px", max_width="320px")),
        rx.table.cell(rx.text(t_var(r.registered), size="2"), white_space="nowrap"),
    )


def _registrations_view() -> rx.Component:
    return rx.vstack(
        small_button(rx.icon("arrow-left", size=14), t("All meetups"), on_click=S.back_to_list,
                     variant="ghost"),
        section_header(
            t("Registrations"),
            small_button(rx.icon("pencil", size=14), t("Edit meetup"), on_click=S.edit(S.editing_id)),
            small_button(rx.icon("download", size=14), t("Download CSV"), variant="solid",
                         on_click=S.download_csv, id="admin-download-csv"),
            subtitle=S.current_title,
        ),
        rx.text(t("{registered} registered · {checked} checked in", registered=S.live_count,
                  checked=S.checked_in_count), id="registration-counts", size="2",
                color=COLORS["muted"]),
        rx.vstack(
            rx.el.label(t("Search by name or email"), html_for="registration-search",
                        font_weight="500", font_size="14px"),
            rx.input(
                rx.input.slot(rx.icon("search", size=16)),
                id="registration-search",
                value=S.search,
                on_change=S.set_search,
                placeholder=t("Name or email"),
                type="search",
                size="3",
                width="100%",
                max_width="420px",
            ),
            spacing="1",
            width="100%",
        ),
        rx.cond(
            S.registrations.length() > 0,
            scroll_table(
                [t("Member"), t("Status"), t("Check-in"), t("Approval"), t("Reason and field"),
                 t("Expectation"), t("Registered at")],
                rx.foreach(S.registrations, _registration_row),
                label=t("Registrations"),
            ),
            empty(rx.cond(S.search != "", t("Nobody matches this search."),
                          t("No registrations yet."))),
        ),
        spacing="4",
        width="100%",
    )


def meetups_section() -> rx.Component:
    return rx.match(
        S.mode,
        ("form", _form_view()),
        ("registrations", _registrations_view()),
        _list(),
    )
