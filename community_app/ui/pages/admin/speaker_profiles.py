"""/admin/speaker-profiles: the speaker editor (issue 41, item 7): every profile with Edit and
Remove (its talks stay), and one form to edit or add a profile; a saved profile's photo is
uploaded or removed under it."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_speaker_profiles import PHOTO_UPLOAD_ID
from community_app.state.admin_speaker_profiles import AdminSpeakerProfilesState as S
from community_app.state.admin_speaker_profiles import read_speaker_profiles
from community_app.ui.components.admin_common import (
    card, image_card, labelled, list_and_form, screen, section_header, small_button,
)
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.i18n import t
from community_app.ui.styles import COLORS


def _row(r) -> rx.Component:
    return rx.el.li(
        rx.flex(
            rx.vstack(
                rx.link(r.name, href=r.href, weight="bold"),
                rx.text(r.role, size="2", color=COLORS["muted"]),
                rx.cond(r.member, rx.badge(t("Member"), variant="soft")),
                spacing="1",
            ),
            rx.hstack(
                small_button(rx.icon("pencil", size=14), t("Edit"), on_click=S.edit_item(r.id)),
                small_button(t("Remove"), color_scheme="red", on_click=S.remove(r.id)),
                spacing="2",
            ),
            justify="between", gap="12px", wrap="wrap", width="100%",
        ),
        padding_y="10px",
        border_bottom=f"1px solid {COLORS['border']}",
    )


def _input(label, name: str, **props) -> rx.Component:
    return labelled(label, f"speaker-{name}",
                    rx.input(id=f"speaker-{name}", name=name, default_value=S.form[name],
                             size="3", width="100%", **props),
                    width="100%", align="stretch")


def _area(label, name: str, rows: str) -> rx.Component:
    return labelled(label, f"speaker-{name}",
                    rx.text_area(id=f"speaker-{name}", name=name, default_value=S.form[name],
                                 rows=rows, width="100%"),
                    width="100%", align="stretch")


def _form() -> rx.Component:
    return card(rx.form(
        rx.vstack(
            rx.heading(rx.cond(S.form["id"] != "0", t("Edit speaker"), t("Add a speaker")),
                       as_="h3", size="4"),
            _input(t("Name"), "name"),
            _input(t("Position"), "jobPosition"),
            _input(t("Company"), "company"),
            _area(t("Bio (Markdown)"), "bio", "4"),
            # Drawn again when an upload or removal changes it (the rest keeps what is typed).
            _input(t("Photo address"), "photoUrl", placeholder="https://",
                   key="photo-" + S.form["photoUrl"]),
            _area(t("Links (one per line)"), "links", "3"),
            rx.el.label(
                rx.el.input(type="checkbox", name="keepNameAfterErasure", id="speaker-keep-name",
                            default_checked=S.form["keepNameAfterErasure"] == "on"),
                " ", t("The talks keep the name if the speaker's account is deleted"),
                html_for="speaker-keep-name", font_size="14px",
            ),
            rx.hstack(rx.button(t("Save speaker"), type="submit", size="3"),
                      small_button(t("Add a speaker"), on_click=S.new_item, type="button"),
                      spacing="3", wrap="wrap"),
            spacing="3", width="100%",
        ),
        on_submit=S.save, key=S.form_key, width="100%",
    ))


def _photo() -> rx.Component:
    """A saved profile's photo: uploaded (JPEG, PNG or WebP, checked as a member's own) or
    removed at once."""
    return rx.cond(
        S.form["id"] != "0",
        image_card(PHOTO_UPLOAD_ID, S.form["photoUrl"], S.form["name"], S.upload_photo,
                   S.remove_photo, title=t("Photo"), remove_label=t("Remove the photo"),
                   empty_text=t("No photo yet.")),
    )


@admin_page(routes.ADMIN_SPEAKER_PROFILES, area="meetups", title=N_("Speaker profiles"),
            state=S, read=read_speaker_profiles, show=S._show)
def admin_speaker_profiles() -> rx.Component:
    return screen(
        section_header(t("Speaker profiles")),
        list_and_form(S.loaded, S.rows, _row,
                      rx.vstack(_form(), _photo(), spacing="4", width="100%"),
                      label=t("Speaker profiles"),
                      empty_text=t("No speakers yet.")),
    )
