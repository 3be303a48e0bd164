"""/events/[event_type]/register/[event_id]: the event registration form with its success
dialog; signed-out visitors are asked to log in first (SPEC sections 2-5)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.models import AttendanceReason, InterestedField
from community_app.state.event_register import EventRegisterState as S
from community_app.state.event_register import FORM_ID, REMEMBER_SENT, read_register
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import button_row, first_of, icon_link, icon_tile, notice
from community_app.ui.components.buttons import link_button
from community_app.ui.components.events_parts import (
    event_image,
    event_not_found,
    event_title,
    fact,
    seats_or_registered,
    status_badge,
)
from community_app.ui.components.event_waitlist import waitlist_intro, waitlist_place
from community_app.ui.components.page_skeletons import (
    AT_LEAST_A_SCREEN,
    REGISTER_COLUMN,
    REGISTER_PICTURE_BOX,
    REGISTER_PICTURE_HEIGHT,
    REGISTER_SUMMARY,
    event_register_skeleton,
)
from community_app.ui.components.dialogs import outcome_dialog
from community_app.ui.components.registration_questions import questions_block, seat_kind_choice
from community_app.ui.components.forms import error_text, form_alert, stacked_form, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_STYLE, COLORS

# Labels live with the enumerations, so the back office shows the same ones.
REASONS = tuple((m, m.label) for m in AttendanceReason)
FIELDS = tuple((m, m.label) for m in InterestedField)


# ---------------------------------------------------------------- the summary


def summary() -> rx.Component:
    card = S.card
    return rx.flex(
        rx.box(event_image(card, height=REGISTER_PICTURE_HEIGHT), **REGISTER_PICTURE_BOX),
        rx.vstack(
            rx.hstack(status_badge(card.is_past, size="1"), spacing="2"),
            event_title(card),
            rx.flex(
                fact("calendar", rx.el.time(t_var(card.date), date_time=card.date_iso)),
                fact("clock", t_var(card.time)),
                fact("map-pin", t_var(card.location)),
                fact("users", rx.text.span(seats_or_registered(card), id="summary-seats-left",
                                           font_weight="600")),
                flex_wrap="wrap",
                column_gap="16px",
                row_gap="4px",
            ),
            spacing="2",
            min_width="0",
        ),
        aria_label=t("Event summary"),
        role="region",
        **REGISTER_SUMMARY,
        **CARD_STYLE,
    )


# ---------------------------------------------------------------- the form


def _group_label(text: Any, id_: str) -> rx.Component:
    return rx.text(text, id=id_, font_weight="500", font_size="14px", as_="div")


def choice_group(label: Any, name: str, options: tuple, default: Any, columns: str) -> rx.Component:
    label_id = f"field-{name}-label"
    error_id = f"field-{name}-error"
    return rx.vstack(
        _group_label(label, label_id),
        rx.radio_cards.root(
            *[
                rx.radio_cards.item(rx.text(t(text), size="2"), value=value.value, min_height="44px")
                for value, text in options
            ],
            name=name,
            default_value=default,
            columns=columns,
            gap="2",
            size="1",
            aria_labelledby=label_id,
            aria_describedby=error_id,
            aria_invalid=rx.cond(S.errors.contains(name), "true", "false"),
            width="100%",
        ),
        error_text(S.errors, name, id_=error_id),
        spacing="2",
        width="100%",
    )


def expectation_field() -> rx.Component:
    return rx.vstack(
        rx.el.label(t("What do you expect from this event?"), html_for="field-expectation",
                    font_weight="500", font_size="14px"),
        rx.text_area(
            id="field-expectation",
            name="expectation",
            default_value=S.expectation,
            placeholder=t("Topics you want to hear about, people you hope to meet..."),
            rows="4",
            size="3",
            width="100%",
            max_length=2000,
            aria_invalid=rx.cond(S.errors.contains("expectation"), "true", "false"),
            aria_describedby="field-expectation-hint field-expectation-error",
        ),
        rx.text(t("At least 10 characters."), id="field-expectation-hint", color=COLORS["muted"], size="1"),
        error_text(S.errors, "expectation", id_="field-expectation-error"),
        spacing="1",
        width="100%",
    )


def consent_field() -> rx.Component:
    return rx.vstack(
        rx.checkbox(
            t("I agree to the terms and conditions and to my first name showing on the attendee list."),
            name="consent",
            id="field-consent",
            default_checked=S.consent,
            size="2",
            aria_invalid=rx.cond(S.errors.contains("consent"), "true", "false"),
            aria_describedby="field-consent-error",
        ),
        rx.link(t("Read the Terms of Service"), href=routes.TERMS, size="2", is_external=True),
        error_text(S.errors, "consent", id_="field-consent-error"),
        spacing="1",
        width="100%",
    )


def registration_form(*, waitlist: bool = False) -> rx.Component:
    """The form; ``waitlist``: the same answers join a full meetup's waitlist."""
    return stacked_form(
        *([waitlist_intro()] if waitlist else []),
        seat_kind_choice(),
        choice_group(t("Why are you attending?"), "attendanceReason", REASONS, S.reason,
                     "repeat(auto-fill, minmax(140px, 1fr))"),
        choice_group(t("Which field interests you most?"), "interestedField", FIELDS, S.field,
                     "repeat(auto-fill, minmax(120px, 1fr))"),
        expectation_field(),
        questions_block(),
        consent_field(),
        rx.cond(
            S.card.requires_approval,
            rx.text(t("The organizers approve registrations for this event; you will get an answer by email."),
                    size="2", color=COLORS["muted"]),
        ),
        submit_button(
            rx.cond(S.busy, t("Submitting..."),
                    t("Join the waitlist") if waitlist else t("Register")),
            loading=S.busy,
            width=["100%", "auto"],
            min_width="200px",
        ),
        # The browser notes what it sends before it goes (state/event_register.py): a page
        # that never gets the answer (its node died) says what became of it.
        on_submit=[rx.call_script(REMEMBER_SENT), S.join_waitlist if waitlist else S.submit],
        key=S.form_key, spacing="5", id=FORM_ID,
        aria_label=t("Event registration"),
    )


# ---------------------------------------------------------------- other states


def _notice(icon: str, color: str, text: Any, *actions: rx.Component, role: str = "status") -> rx.Component:
    return rx.vstack(
        notice(icon, text, color, role=role, width="100%"),
        button_row(*actions),
        spacing="4",
        width="100%",
    )


def signed_out() -> rx.Component:
    return _notice(
        "log-in",
        "blue",
        t("Log in to continue registering for an event"),
        link_button(rx.icon("log-in", size=18, aria_hidden="true"), t("Login"), href=S.login_href),
    )


def _see_event() -> rx.Component:
    return link_button(t("See the event"), href=S.card.href, variant="outline")


def unavailable() -> rx.Component:
    """Past, registered already (or waiting for approval) or full: say so instead of the form."""
    return rx.cond(
        S.card.is_past,
        _notice("calendar-x", "gray", t("Registration is closed for past events."), _see_event()),
        rx.cond(
            S.member_status == "PENDING",
            _notice("hourglass", "amber", t("Your registration is waiting for approval"), _see_event(),
                    link_button(t("Go to My Page"), href=routes.MYPAGE)),
            rx.cond(
                S.is_registered,
                # Not behind "You are registered!" (issue 42): said once the dialog is closed.
                rx.cond(S.success_open, rx.fragment(),
                        _notice("circle-check", "green", t("You are already registered for this event."),
                                _see_event(), link_button(t("Go to My Page"), href=routes.MYPAGE))),
                _notice("ban", "red", t("This event is full."), _see_event()),
            ),
        ),
    )


def success_dialog() -> rx.Component:
    return outcome_dialog(
        icon_tile(
            rx.cond(S.success_pending, rx.icon("hourglass", size=32, color="#b45309"),
                    rx.icon("party-popper", size=32, color="#15803d")),
            "64px", background=rx.cond(S.success_pending, "#fef3c7", "#dcfce7"),
        ),
        rx.cond(S.success_pending, t("Registration received"), t("You are registered!")),
        rx.fragment(
            rx.cond(
                S.success_pending,
                t("Your registration is waiting for the organizers' approval."),
                t("You are registered for this event."),
            ),
            " ",
            t("See you at {title}.", title=t_var(S.card.title)),
        ),
        button_row(
            link_button(t("See the event"), href=S.card.href, variant="outline"),
            link_button(t("Go to My Page"), href=routes.MYPAGE),
            justify="center",
            padding_top="8px",
        ),
        open_=S.success_open,
        on_open_change=S.set_success_open,
        close_label=t("Close"),
        spacing="3",
        description_color=None,
    )


def _not_found() -> rx.Component:
    return event_not_found(S.load_error)


def _body() -> rx.Component:
    return rx.vstack(
        icon_link("arrow-left", t("Back to event"), href=S.card.href, weight="500", min_height="36px"),
        rx.heading(t("Event registration"), as_="h1", size="8"),
        summary(),
        form_alert(S.form_error, visible=S.form_error.contains("en")),
        rx.box(
            # A past meetup is closed for everyone: no login to offer.
            rx.cond(
                S.card.is_past,
                unavailable(),
                rx.cond(
                    S.signed_out,
                    signed_out(),
                    rx.cond(
                        S.can_register,
                        registration_form(),
                        rx.cond(
                            S.place.status != "",
                            waitlist_place(),
                            rx.cond(S.can_join_waitlist, registration_form(waitlist=True),
                                    unavailable()),
                        ),
                    ),
                ),
            ),
            padding=["18px", "24px"],
            width="100%",
            **CARD_STYLE,
        ),
        success_dialog(),
        spacing="4",
        **REGISTER_COLUMN,
    )


@page(routes.EVENT_REGISTER, title=N_("Event registration"), on_load=PageData(S, read_register, S._apply_load))
def event_register() -> rx.Component:
    return content_container(
        first_of(
            (S.loading, event_register_skeleton()),
            (S.not_found, _not_found()),
            (S.load_error.contains("en"), form_alert(S.load_error, visible=True)),
            otherwise=_body(),
        ),
        min_height=AT_LEAST_A_SCREEN,
    )
