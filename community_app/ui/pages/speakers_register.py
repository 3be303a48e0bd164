"""Call for speakers (/speakers/register): the application form with an optional photo,
every problem shown at its field, and the success modal (SPEC sections 2, 3, 5, 8)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.services.uploads import MAX_IMAGE_BYTES
from community_app.services.validation import PHONE_HINT
from community_app.state.page_load import PageData, address_only
from community_app.state.speakers import (
    EXPERIENCE_OPTIONS,
    EXPERTISE_OPTIONS,
    PHOTO,
    PHOTO_UPLOAD_ID,
    SpeakerState,
)
from community_app.core import routes
from community_app.ui.components.blocks import button_row, icon_tile
from community_app.ui.components.buttons import text_button
from community_app.ui.components.dialogs import outcome_dialog
from community_app.ui.components.forms import IMAGE_FILES, error_text, field, form_alert, labelled_upload
from community_app.ui.components.forms import stacked_form, submit_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_STYLE, COLORS, FLEX_COLUMN, FONT_STACK, STRETCH_COLUMN
from community_app.state.sent_writes import sent

ERRORS = SpeakerState.errors
VALUES = SpeakerState.values

STEPS = (
    ("send", N_("Send us your topic and a few links about your work.")),
    ("messages-square", N_("An organizer reviews it and contacts you within 5-7 business days.")),
    ("presentation", N_("We help you prepare and pick the meetup that suits you.")),
)


def _label(text: Any, html_for: str) -> rx.Component:
    return rx.el.label(text, html_for=html_for, font_weight="500", font_size="14px")


def _invalid(name: str):
    return rx.cond(ERRORS.contains(name), "true", "false")


def text_field(label: Any, name: str, **props: Any) -> rx.Component:
    return field(label, name, errors=ERRORS, default_value=VALUES[name], **props)


def textarea_field(label: Any, name: str, *, hint: Any = None, **props: Any) -> rx.Component:
    input_id, error_id = f"field-{name}", f"field-{name}-error"
    return rx.vstack(
        _label(label, input_id),
        rx.text_area(
            id=input_id,
            name=name,
            default_value=VALUES[name],
            size="3",
            width="100%",
            aria_invalid=_invalid(name),
            aria_describedby=f"{error_id} {input_id}-hint",
            **props,
        ),
        rx.text(hint, id=f"{input_id}-hint", color=COLORS["muted"], size="1") if hint is not None else rx.fragment(),
        error_text(ERRORS, name, id_=error_id),
        spacing="1",
        **STRETCH_COLUMN,
    )


def select_field(label: Any, name: str, options: tuple[tuple[str, str], ...]) -> rx.Component:
    input_id, error_id = f"field-{name}", f"field-{name}-error"
    return rx.vstack(
        _label(label, input_id),
        rx.select.root(
            rx.select.trigger(
                placeholder=t("Select an option"),
                id=input_id,
                width="100%",
                aria_invalid=_invalid(name),
                aria_describedby=error_id,
            ),
            rx.select.content(
                *[rx.select.item(t(text), value=value) for value, text in options],
                position="popper",
                font_family=FONT_STACK,  # rendered in a portal, outside the app's root
            ),
            name=name,
            default_value=VALUES[name],
            size="3",
        ),
        error_text(ERRORS, name, id_=error_id),
        spacing="1",
        **STRETCH_COLUMN,
    )


def photo_field() -> rx.Component:
    button_id, hint_id, error_id = f"field-{PHOTO}", f"field-{PHOTO}-hint", f"field-{PHOTO}-error"
    return rx.vstack(
        rx.text(t("Photo (optional)"), font_weight="500", font_size="14px", id=f"field-{PHOTO}-label"),
        labelled_upload(rx.upload.root(
            rx.flex(
                rx.button(
                    rx.icon("image-up", size=18),
                    rx.cond(SpeakerState.photo_name != "", t("Choose another photo"), t("Choose a photo")),
                    type="button",
                    id=button_id,
                    variant="surface",
                    size="3",
                    loading=SpeakerState.photo_busy,
                    aria_describedby=f"{hint_id} {error_id}",
                    cursor="pointer",
                ),
                rx.text(
                    t("or drop it here. JPEG, PNG or WebP, at most 5 MB."),
                    id=hint_id,
                    color=COLORS["muted"],
                    size="2",
                ),
                flex_direction=["column", "column", "row"],
                align_items=["flex-start", "flex-start", "center"],
                gap="12px",
            ),
            id=PHOTO_UPLOAD_ID,
            accept=IMAGE_FILES,
            multiple=False,
            max_files=1,
            max_size=MAX_IMAGE_BYTES,
            no_keyboard=True,  # the button inside is the keyboard's way in
            on_drop=SpeakerState.receive_photo(rx.upload_files(upload_id=PHOTO_UPLOAD_ID)),
            on_drop_rejected=SpeakerState.photo_rejected,
            border=rx.cond(ERRORS.contains(PHOTO), f"1px dashed {COLORS['danger']}", "1px dashed #94a3b8"),
            border_radius="12px",
            padding="16px",
            width="100%",
            cursor="pointer",
        ), t("Photo (optional)")),
        rx.cond(
            SpeakerState.photo_name != "",
            rx.hstack(
                rx.icon("circle-check", size=18, color="#16a34a", aria_hidden="true"),
                rx.text(SpeakerState.photo_name, size="2", id="photo-name", word_break="break-all"),
                text_button(t("Remove photo"), on_click=SpeakerState.remove_photo, color_scheme="red"),
                align="center",
                spacing="2",
                wrap="wrap",
            ),
        ),
        error_text(ERRORS, PHOTO, id_=error_id),
        spacing="1",
        **STRETCH_COLUMN,
        role="group",
        aria_labelledby=f"field-{PHOTO}-label",
    )


def _pair(*children: rx.Component) -> rx.Component:
    return rx.grid(
        *children,
        grid_template_columns=["1fr", "1fr", "1fr", "repeat(2, minmax(0, 1fr))"],
        gap="16px",
        width="100%",
    )


def application_form() -> rx.Component:
    return stacked_form(
        rx.text(t("All fields are required unless marked optional."), color=COLORS["muted"], size="2"),
        form_alert(SpeakerState.error, visible=SpeakerState.error.contains("en")),
        _pair(
            text_field(t("Email"), "email", type_="email", autocomplete="email",
                       placeholder="you@example.com"),
            text_field(t("Phone"), "phone", type_="tel", autocomplete="tel", input_mode="tel",
                       placeholder="01012345678", hint=t(PHONE_HINT)),
        ),
        _pair(
            text_field(t("Full name"), "fullName", autocomplete="name"),
            text_field(t("Job position"), "jobPosition", autocomplete="organization-title",
                       placeholder=t("e.g. Backend engineer at Naver")),
        ),
        _pair(
            select_field(t("Years of experience"), "yearsOfExperience", EXPERIENCE_OPTIONS),
            select_field(t("Field of expertise"), "expertiseField", EXPERTISE_OPTIONS),
        ),
        textarea_field(
            t("Topics you would like to talk about"),
            "topics",
            rows="5",
            hint=t("A title or two and a few sentences about each (at least 10 characters)."),
        ),
        text_field(t("LinkedIn profile URL"), "linkedinUrl", type_="url",
                   placeholder="https://www.linkedin.com/in/your-name"),
        _pair(
            text_field(t("GitHub profile URL"), "githubUrl", type_="url",
                       placeholder="https://github.com/your-name"),
            text_field(t("Portfolio or website URL"), "portfolioUrl", type_="url",
                       placeholder="https://your-site.dev"),
        ),
        photo_field(),
        submit_button(
            t("Submit application"),
            loading=SpeakerState.busy,
            disabled=SpeakerState.busy,
            width=["100%", "100%", "auto"],
            min_width="220px",
        ),
        on_submit=sent(SpeakerState.submit, what=N_("Submit application")), key=SpeakerState.form_version, spacing="5",
        aria_labelledby="speaker-form-heading",
    )


def success_dialog() -> rx.Component:
    return outcome_dialog(
        icon_tile(
            rx.icon("circle-check", size=32, color="#16a34a"),
            "64px", background="#dcfce7",
            aria_hidden="true",
        ),
        t("Application received!"),
        t(
            "Thank you for offering to speak. Our organizers will review your "
            "application and contact you within 5-7 business days."
        ),
        button_row(
            rx.dialog.close(
                rx.button(t("Close"), variant="soft", color_scheme="gray", size="3", cursor="pointer"),
            ),
            rx.button(
                rx.icon("house", size=18),
                t("Back to Home"),
                on_click=SpeakerState.back_home,
                size="3",
                cursor="pointer",
            ),
            justify="center",
        ),
        open_=SpeakerState.success,
        on_open_change=SpeakerState.set_success_open,
    )


def _intro() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Become a speaker"), as_="h1", size="8"),
        rx.text(
            t(
                "Share your experience with Uzbek developers in Korea at one of our meetups. "
                "First talk? Even better: we help with the topic, the slides and a rehearsal."
            ),
            color=COLORS["muted"],
            size="4",
        ),
        rx.el.ol(
            *[
                rx.el.li(
                    rx.hstack(
                        icon_tile(
                            rx.icon(icon, size=18, color=COLORS["primary"]),
                            "36px", radius="10px", min_width="36px",
                            aria_hidden="true",
                        ),
                        rx.text(t(text)),
                        align="center",
                        spacing="3",
                    ),
                    list_style="none",
                )
                for icon, text in STEPS
            ],
            **FLEX_COLUMN,
            gap="12px",
            padding="0",
            margin="0",
        ),
        spacing="4",
        width="100%",
        max_width=["100%", "100%", "100%", "100%", "340px"],
        flex_shrink="0",
    )


@page(routes.SPEAKERS_REGISTER, on_load=PageData(SpeakerState, address_only, SpeakerState._apply_load))
def speakers_register() -> rx.Component:
    return content_container(
        rx.flex(
            _intro(),
            rx.vstack(
                rx.heading(t("Speaker application"), as_="h2", size="6", id="speaker-form-heading"),
                application_form(),
                spacing="4",
                flex="1",
                min_width="0",
                width="100%",
                padding=["20px", "24px", "32px"],
                **CARD_STYLE,
            ),
            success_dialog(),
            flex_direction=["column", "column", "column", "column", "row"],
            gap="32px",
            align_items="flex-start",
            width="100%",
        )
    )
