"""/speaker-talk/<token>: an accepted speaker's own page: confirm the talk, choose whether
the name stays after the account is erased, update the abstract, upload slides."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.page_load import PageData
from community_app.state.sent_writes import sent
from community_app.state.speaker_talk import SpeakerTalkState as S
from community_app.state.speaker_talk import read_speaker_talk
from community_app.ui.components.blocks import white_card
from community_app.ui.components.forms import (
    error_text, field_label, form_alert, stacked_form, submit_button, upload_button,
)
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS


def _confirm() -> rx.Component:
    return white_card(
        rx.heading(t("Confirm your talk"), as_="h2", size="5"),
        rx.cond(S.confirmed,
                rx.text(t("You confirmed this talk. You can still change your choice below."),
                        size="2", id="speaker-confirmed"),
                rx.text(t("Please confirm that you will give this talk."), size="2")),
        stacked_form(
            rx.el.label(
                rx.el.input(type="checkbox", name="keepName", default_checked=S.keep_name,
                            id="keep-name"),
                " ",
                t("Keep my name on my talks if I delete my account later"),
                html_for="keep-name",
                display="flex", gap="8px", align_items="center",
            ),
            rx.text(t("Without this, your talks stay in the programme without your name once "
                      "your account is erased."), size="1", color=COLORS["muted"]),
            submit_button(rx.cond(S.confirmed, t("Save my choice"), t("Confirm my talk")),
                          width="auto", id="speaker-confirm"),
            on_submit=sent(S.confirm, what=N_("Confirm my talk")), key=S.form_key,
        ),
        class_name="uzdev-stack uzdev-gap-3",
    )


def _abstract() -> rx.Component:
    return white_card(
        rx.heading(t("Abstract"), as_="h2", size="5"),
        stacked_form(
            field_label(t("What your talk is about (Markdown)"), "speaker-abstract"),
            rx.text_area(id="speaker-abstract", name="abstract", default_value=S.abstract,
                         rows="8", width="100%", aria_describedby="speaker-abstract-error"),
            error_text(S.errors, "abstract", id_="speaker-abstract-error"),
            submit_button(t("Save abstract"), width="auto", id="speaker-save-abstract"),
            on_submit=sent(S.save_abstract, what=N_("Save abstract")), key=S.form_key,
            align="stretch",
        ),
        class_name="uzdev-stack uzdev-gap-3",
    )


def _slides() -> rx.Component:
    return white_card(
        rx.heading(t("Slides"), as_="h2", size="5"),
        rx.text(t("Upload your slides as a PDF (20 MB at most), before or after the talk. "
                  "A new file replaces the old one."), size="2"),
        rx.cond(S.has_slides,
                rx.link(t("Your current slides"), href=S.slides_url, is_external=True,
                        id="speaker-slides-link")),
        upload_button("speaker-slides", "file-up", t("Upload slides (PDF)"),
                      sent(S.upload_slides(rx.upload_files(upload_id="speaker-slides")),
                           what=N_("Upload slides (PDF)")),
                      accept={"application/pdf": [".pdf"]}),
        rx.cond(S.uploaded_slides,
                rx.button(rx.icon("trash-2", size=16), t("Remove my slides"), variant="soft",
                          color_scheme="red", type="button", width="fit-content",
                          on_click=sent(S.remove_slides, what=N_("Remove my slides")))),
        error_text(S.errors, "slides", id_="speaker-slides-error"),
        class_name="uzdev-stack uzdev-gap-3",
    )


@page(routes.SPEAKER_TALK, title=N_("Your talk"),
      on_load=PageData(S, read_speaker_talk, S._apply_load))
def speaker_talk() -> rx.Component:
    return content_container(
        rx.vstack(
            rx.heading(t("Your talk"), as_="h1", size="7"),
            form_alert(S.notice, visible=S.notice.length() > 0, color="green"),
            form_alert(S.error, visible=S.error.length() > 0),
            rx.cond(
                S.loading,
                rx.text(t("Loading..."), color=COLORS["muted"]),
                rx.cond(
                    S.found,
                    rx.vstack(
                        rx.heading(S.title, as_="h2", size="6", id="speaker-talk-title"),
                        rx.text(S.meetup_title, " · ", t_var(S.meetup_date), " · ",
                                t_var(S.status_label), size="3", color=COLORS["muted"]),
                        _confirm(),
                        _abstract(),
                        _slides(),
                        spacing="4", width="100%",
                    ),
                ),
            ),
            spacing="5", max_width="760px", width="100%", min_height="40vh", padding_y="32px",
        )
    )
