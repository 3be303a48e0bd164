"""/admin/meetups/<id>/programme: the programme editor (issue 41, item 7). Each talk has
"Earlier" and "Later" buttons (a talk is moved by keyboard or pointer; no drag needed), Edit
and Remove; the form below edits the chosen talk or adds one; a chosen talk takes a PDF as
its slides."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.models.enums import TalkLanguage, TalkLevel, TalkStatus
from community_app.state.admin_programme import UPLOAD_ID
from community_app.state.admin_programme import AdminProgrammeState as S
from community_app.state.admin_programme import read_programme
from community_app.ui.components.admin_common import (
    card, labelled, list_and_form, native_select, screen, section_header, small_button,
)
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS

STATUS_COLORS = {"draft": "gray", "scheduled": "green", "cancelled": "red"}


def _row(r) -> rx.Component:
    return rx.el.li(
        rx.flex(
            rx.vstack(
                rx.text(rx.el.strong(t_var(r.time)), rx.cond(r.room != "", rx.fragment(" · ", r.room)),
                        size="2"),
                rx.link(r.title, href=r.href, weight="bold"),
                rx.text(r.speakers, size="2", color=COLORS["muted"]),
                rx.hstack(
                    rx.match(r.status,
                             ("draft", rx.badge(t(TalkStatus.DRAFT.label), color_scheme="gray")),
                             ("cancelled", rx.badge(t(TalkStatus.CANCELLED.label), color_scheme="red")),
                             rx.badge(t(TalkStatus.SCHEDULED.label), color_scheme="green")),
                    rx.cond(r.slides, rx.badge(t("Slides"), variant="soft")),
                    rx.cond(r.recording, rx.badge(t("Recording"), variant="soft")),
                    spacing="2",
                ),
                spacing="1",
            ),
            rx.hstack(
                small_button(rx.icon("arrow-up", size=14), t("Earlier"),
                             on_click=S.move(r.id, -1), aria_label=t("Move earlier")),
                small_button(rx.icon("arrow-down", size=14), t("Later"),
                             on_click=S.move(r.id, 1), aria_label=t("Move later")),
                small_button(rx.icon("pencil", size=14), t("Edit"), on_click=S.edit_item(r.id)),
                small_button(t("Remove"), color_scheme="red", on_click=S.remove(r.id)),
                spacing="2", wrap="wrap",
            ),
            justify="between", gap="12px", wrap="wrap", width="100%",
        ),
        padding_y="10px",
        border_bottom=f"1px solid {COLORS['border']}",
    )


def _input(label, name: str, **props) -> rx.Component:
    return labelled(label, f"talk-{name}",
                    rx.input(id=f"talk-{name}", name=name, default_value=S.form[name], size="3",
                             width="100%", **props),
                    width="100%", align="stretch")


def _select(label, name: str, options) -> rx.Component:
    return labelled(label, f"talk-{name}",
                    native_select(*[rx.el.option(t(text), value=value) for value, text in options],
                                  id_=f"talk-{name}", name=name, default_value=S.form[name]),
                    width="100%", align="stretch")


def _form() -> rx.Component:
    return card(
        rx.form(
            rx.vstack(
                rx.heading(rx.cond(S.form["id"] != "0", t("Edit talk"), t("New talk")),
                           as_="h3", size="4"),
                _input(t("Title"), "title"),
                labelled(t("Abstract (Markdown)"), "talk-abstract",
                         rx.text_area(id="talk-abstract", name="abstract",
                                      default_value=S.form["abstract"], rows="6", width="100%"),
                         width="100%", align="stretch"),
                rx.grid(
                    _select(t("Language"), "language", TalkLanguage.labels().items()),
                    _select(t("Level"), "level", TalkLevel.labels().items()),
                    _select(t("Status"), "status", TalkStatus.labels().items()),
                    _input(t("Starts (HH:MM)"), "startTime", placeholder="19:30"),
                    _input(t("Minutes"), "durationMinutes", type="number", min="5", max="480"),
                    _input(t("Room or track"), "room"),
                    columns=rx.breakpoints(initial="1", sm="2", md="3"), spacing="3", width="100%",
                ),
                labelled(t("Speaker"), "talk-speakerId",
                         native_select(rx.el.option(t("None"), value=""),
                                       rx.foreach(S.speakers,
                                                  lambda s: rx.el.option(s.name, value=s.id)),
                                       id_="talk-speakerId", name="speakerId",
                                       default_value=S.form["speakerId"]),
                         width="100%", align="stretch"),
                _input(t("Slides link"), "slidesUrl", placeholder="https://"),
                _input(t("Recording (YouTube, Vimeo or PeerTube)"), "recordingUrl",
                       placeholder="https://"),
                rx.hstack(
                    rx.button(t("Save talk"), type="submit", size="3"),
                    small_button(t("New talk"), on_click=S.new_item, type="button"),
                    spacing="3",
                ),
                spacing="3", width="100%",
            ),
            on_submit=S.save,
            key=S.form_key,
            width="100%",
        ),
        rx.cond(
            S.form["id"] != "0",
            rx.vstack(
                rx.heading(t("Slides (PDF)"), as_="h3", size="4"),
                rx.upload.root(
                    rx.vstack(
                        rx.icon("file-up", size=24, color=COLORS["muted"]),
                        rx.text(t("Drop a PDF here or click to choose (at most 20 MB)."), size="2"),
                        rx.foreach(rx.selected_files(UPLOAD_ID),
                                   lambda name: rx.text(name, size="2", font_weight="600")),
                        align="center", spacing="1",
                    ),
                    id=UPLOAD_ID, accept={"application/pdf": [".pdf"]}, max_files=1,
                    border=f"1px dashed {COLORS['border']}", border_radius="12px",
                    padding="16px", width="100%", cursor="pointer",
                    aria_label=t("Slides (PDF)"),
                ),
                small_button(rx.icon("upload", size=14), t("Upload slides"), variant="solid",
                             on_click=S.upload_slides(rx.upload_files(upload_id=UPLOAD_ID))),
                spacing="2", width="100%", margin_top="16px",
            ),
        ),
    )


@admin_page(routes.ADMIN_PROGRAMME, area="meetups", title=N_("Programme"),
            state=S, read=read_programme, show=S._show,
            examples=[{"meetup_id": routes.Sample.UPCOMING_MEETUP}])
def admin_programme() -> rx.Component:
    return screen(
        section_header(
            t("Programme"),
            rx.link(t("Back to the meetup"), href="/admin/meetups/" + S.meetup_id.to(str), size="2"),
            rx.link(t("Speaker profiles"), href=routes.ADMIN_SPEAKER_PROFILES, size="2"),
        ),
        list_and_form(S.loaded, S.rows, _row, _form(), label=t("Programme"),
                      empty_text=t("This meetup has no talks yet.")),
    )
