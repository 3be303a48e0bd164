"""The registration form's part of issue 45: the kind of seat (in person or online, with
the seats left of each) and the meetup's own questions, each with its message under it.
The inputs' names are the state's (``state/event_register.form_values``)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.models.enums import SeatKind
from community_app.state.event_register import EventRegisterState as S
from community_app.ui.components.events_parts import seats_text
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _error(field: Any, id_: Any) -> rx.Component:
    return rx.cond(
        S.errors.contains(field),
        rx.text(t_var(S.errors[field]), id=id_, color=COLORS["danger"], size="2", role="alert"),
    )


def seat_kind_choice() -> rx.Component:
    """In person or online, each with its seats left: only for meetups with online seats."""
    card = S.card
    return rx.cond(
        card.online_max_seats > 0,
        rx.vstack(
            rx.text(t("How will you attend?"), id="field-seatKind-label", font_weight="500",
                    font_size="14px", as_="div"),
            rx.radio_cards.root(
                rx.radio_cards.item(
                    rx.vstack(rx.text(t(SeatKind.IN_PERSON.label), size="2", weight="medium"),
                              rx.text(seats_text(card.seats_left, card.seats_left <= 0), size="1",
                                      id="seats-left-in-person"),
                              spacing="0", align="start"),
                    value="IN_PERSON", min_height="44px"),
                rx.radio_cards.item(
                    rx.vstack(rx.text(t(SeatKind.ONLINE.label), size="2", weight="medium"),
                              rx.text(seats_text(card.online_seats_left, card.online_seats_left <= 0), size="1",
                                      id="seats-left-online"),
                              spacing="0", align="start"),
                    value="ONLINE", min_height="44px"),
                name="seatKind",
                value=S.seat_kind,
                on_value_change=S.choose_seat_kind,
                columns="repeat(auto-fill, minmax(140px, 1fr))",
                gap="2",
                size="1",
                aria_labelledby="field-seatKind-label",
                aria_describedby="field-seatKind-error",
                width="100%",
            ),
            _error("seatKind", "field-seatKind-error"),
            spacing="2",
            width="100%",
        ),
    )


def _text_input(q: Any) -> rx.Component:
    common = dict(id="field-" + q.input_name, name=q.input_name,
                  default_value=S.kept[q.input_name].to(str), width="100%",
                  aria_invalid=rx.cond(S.errors.contains(q.field), "true", "false"),
                  aria_describedby="error-" + q.input_name)
    return rx.cond(
        q.kind == "LONG_TEXT",
        rx.text_area(rows="3", size="3", max_length=2000, **common),
        rx.input(size="3", max_length=200, **common),
    )


def _choice(q: Any, items: Any) -> rx.Component:
    return rx.radio_cards.root(
        items,
        name=q.input_name,
        default_value=S.kept[q.input_name].to(str),
        columns="repeat(auto-fill, minmax(120px, 1fr))",
        gap="2",
        size="1",
        aria_labelledby="label-" + q.input_name,
        aria_describedby="error-" + q.input_name,
        aria_invalid=rx.cond(S.errors.contains(q.field), "true", "false"),
        width="100%",
    )


def _options(q: Any) -> rx.Component:
    return _choice(q, rx.foreach(
        q.options,
        lambda o: rx.radio_cards.item(rx.text(t_var(o.label), size="2"), value=o.key,
                                      min_height="44px")))


def _yes_no(q: Any) -> rx.Component:
    return _choice(q, rx.fragment(
        rx.radio_cards.item(rx.text(t("Yes"), size="2"), value="yes", min_height="44px"),
        rx.radio_cards.item(rx.text(t("No"), size="2"), value="no", min_height="44px"),
    ))


def _several(q: Any) -> rx.Component:
    return rx.flex(
        rx.foreach(q.options, lambda o: rx.checkbox(
            t_var(o.label), name=o.input_name, aria_label=t_var(o.label), size="2",
            default_checked=S.kept[o.input_name].to(str) == "on")),
        role="group",
        aria_labelledby="label-" + q.input_name,
        aria_describedby="error-" + q.input_name,
        flex_wrap="wrap",
        gap="12px",
    )


def question_field(q: Any) -> rx.Component:
    return rx.vstack(
        rx.el.label(
            t_var(q.label),
            rx.cond(q.required, rx.text.span(" *", aria_hidden="true", color=COLORS["danger"])),
            id="label-" + q.input_name,
            html_for="field-" + q.input_name,
            font_weight="500",
            font_size="14px",
        ),
        rx.cond(q.note.contains("en"),
                rx.text(t_var(q.note), size="1", color=COLORS["muted"], class_name="question-note")),
        rx.match(
            q.kind,
            ("ONE_CHOICE", _options(q)),
            ("YES_NO", _yes_no(q)),
            ("CHOICES", _several(q)),
            _text_input(q),
        ),
        _error(q.field, "error-" + q.input_name),
        spacing="1",
        width="100%",
        class_name="registration-question",
    )


def questions_block() -> rx.Component:
    """The meetup's own questions, in the organizer's order (none: nothing)."""
    return rx.cond(
        S.questions.length() > 0,
        rx.vstack(rx.foreach(S.questions, question_field), spacing="4", width="100%"),
    )
