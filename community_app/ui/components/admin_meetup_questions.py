"""Issue 45 in the back office: a meetup's registration questions (add, order, remove, copy
from an earlier meetup, the built-in accessibility and dietary needs), and on its
registrations the answers, the filter by answer and the decision on several applications."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.models import QuestionKind
from community_app.state.admin import AdminState
from community_app.state.admin_meetups import AdminMeetupsState as S
from community_app.ui.components.admin_common import check, small_button, text_area
from community_app.ui.components.forms import field, stacked_form, submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import CARD_STYLE, COLORS

E = AdminState.errors
KINDS = tuple((m.value, m.label) for m in QuestionKind)


def _question_item(q) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            rx.vstack(
                rx.text(q.label_en, weight="medium", size="2"),
                rx.text(q.label_uz, size="2", color=COLORS["muted"]),
                rx.hstack(
                    rx.badge(t_var(q.kind), variant="soft"),
                    rx.cond(q.required, rx.badge(t("Required"), color_scheme="red", variant="soft")),
                    rx.cond(q.at_door, rx.badge(t("At the door"), color_scheme="blue", variant="soft")),
                    rx.cond(q.options != "", rx.text(q.options, size="1", color=COLORS["muted"])),
                    spacing="2", wrap="wrap",
                ),
                spacing="1", min_width="0",
            ),
            rx.spacer(),
            small_button(rx.icon("arrow-up", size=14), on_click=S.move_question(q.id, -1),
                         variant="ghost", aria_label=t("Move up") + " " + q.label_en),
            small_button(rx.icon("arrow-down", size=14), on_click=S.move_question(q.id, 1),
                         variant="ghost", aria_label=t("Move down") + " " + q.label_en),
            small_button(rx.icon("trash-2", size=14), on_click=S.remove_question(q.id),
                         variant="ghost", color_scheme="red",
                         aria_label=t("Remove question") + " " + q.label_en),
            align="center", width="100%", spacing="2",
        ),
        padding_y="8px",
        border_bottom=f"1px solid {COLORS['border']}",
    )


def _built_in(name: str, label: str) -> rx.Component:
    on = S.builtins_on.contains(name)
    return rx.checkbox(t(label), checked=on, on_change=lambda v: S.set_built_in(name, v),
                       aria_label=t(label), id=f"builtin-{name}")


def questions_card() -> rx.Component:
    """The registration form's questions of the meetup being edited."""
    return rx.vstack(
        rx.heading(t("Registration questions"), as_="h2", size="4"),
        rx.text(t("Members answer these when they register. Answers are seen by organizers "
                  "only."), size="2", color=COLORS["muted"]),
        rx.vstack(
            _built_in("accessibility", N_("Ask about accessibility needs")),
            _built_in("dietary", N_("Ask about dietary needs")),
            rx.text(t("Only the organizers see this answer. It is given to them with the "
                      "attendee list and deleted {days} days after the event.", days=30),
                    size="1", color=COLORS["muted"]),
            spacing="2",
        ),
        rx.cond(
            S.questions.length() > 0,
            rx.el.ul(rx.foreach(S.questions, _question_item), list_style="none", padding="0",
                     margin="0", width="100%", id="question-list"),
            rx.text(t("No questions yet."), size="2", color=COLORS["muted"]),
        ),
        stacked_form(
            rx.el.label(t("Kind of question"), html_for="question-kind", font_weight="500",
                        font_size="14px"),
            rx.el.select(
                *[rx.el.option(t(label), value=value) for value, label in KINDS],
                name="kind", id="question-kind", default_value=QuestionKind.SHORT_TEXT.value,
                style={"min_height": "36px", "padding": "4px 8px", "border_radius": "6px"},
            ),
            field(t("Question in English"), "labelEn", errors=E),
            field(t("Question in Uzbek"), "labelUz", errors=E),
            text_area(t("Options, one per line: English | Uzbek"), "options", rows="3", errors=E),
            rx.flex(check(t("Required"), "required"), check(t("Show at the door"), "atDoor"),
                    gap="16px", wrap="wrap"),
            submit_button(t("Add question"), width="auto", id="add-question"),
            on_submit=S.add_question,
            key=S.question_key,
            spacing="2",
            aria_label=t("Add question"),
        ),
        rx.cond(
            S.copy_sources.length() > 0,
            rx.form(
                rx.hstack(
                    rx.el.label(t("Copy the questions of"), html_for="copy-from", font_size="14px"),
                    rx.el.select(
                        rx.foreach(S.copy_sources, lambda m: rx.el.option(m[1], value=m[0])),
                        name="fromMeetupId", id="copy-from",
                        style={"min_height": "36px", "padding": "4px 8px", "border_radius": "6px"},
                    ),
                    small_button(t("Copy"), type="submit"),
                    spacing="2", align="center", wrap="wrap",
                ),
                on_submit=S.copy_questions,
            ),
        ),
        spacing="3",
        width="100%",
        padding="16px",
        id="registration-questions",
        **CARD_STYLE,
    )


# ---------------------------------------------------------------- registrations


def answers_cell(r) -> rx.Component:
    return rx.table.cell(
        rx.vstack(
            rx.badge(t_var(r.seat), variant="outline"),
            rx.foreach(r.answers, lambda a: rx.text(t_var(a), size="1")),
            spacing="1", min_width="160px", max_width="320px",
        )
    )


def select_cell(r) -> rx.Component:
    return rx.table.cell(
        rx.cond(
            r.is_pending,
            rx.checkbox(checked=S.selected.contains(r.id),
                        on_change=lambda v: S.toggle_selected(r.id, v),
                        aria_label=t("Choose") + " " + r.name),
        )
    )


def decision_bar() -> rx.Component:
    """Accept or decline the chosen applications at once, with a note."""
    return rx.cond(
        S.selected.length() > 0,
        rx.vstack(
            rx.text(t("{n} chosen", n=S.selected.length()), weight="medium", size="2",
                    id="chosen-count"),
            rx.el.label(t("Note to the members (optional)"), html_for="decision-note",
                        font_size="14px"),
            rx.text_area(id="decision-note", value=S.decision_note,
                         on_change=S.set_decision_note, rows="2", width="100%", max_length=1000),
            rx.checkbox(t("If the seats run out, put the others on the waitlist"),
                        checked=S.waitlist_overflow, on_change=S.set_waitlist_overflow,
                        aria_label=t("If the seats run out, put the others on the waitlist")),
            rx.hstack(
                small_button(rx.icon("check", size=14), t("Accept chosen"), variant="solid",
                             color_scheme="green", on_click=S.decide_selected(True),
                             id="accept-chosen"),
                small_button(rx.icon("x", size=14), t("Decline chosen"), variant="solid",
                             color_scheme="red", on_click=S.decide_selected(False),
                             id="decline-chosen"),
                spacing="2",
                wrap="wrap",  # Uzbek's longer labels on a phone
            ),
            spacing="2",
            width="100%",
            padding="12px",
            id="decision-bar",
            **CARD_STYLE,
        ),
    )


def answer_filter() -> rx.Component:
    return rx.cond(
        S.questions.length() > 0,
        rx.form(
            rx.hstack(
                rx.el.label(t("Answer to"), html_for="answer-question", font_size="14px"),
                rx.el.select(
                    rx.el.option(t("Any question"), value=""),
                    rx.foreach(S.questions, lambda q: rx.el.option(q.label_en,
                                                                   value=q.id.to(str))),
                    name="question", id="answer-question", default_value=S.answer_question,
                    style={"min_height": "36px", "padding": "4px 8px", "border_radius": "6px"},
                ),
                rx.input(name="answer", default_value=S.answer_filter, placeholder=t("contains"),
                         aria_label=t("Answer contains"), max_length=200),
                small_button(t("Filter"), type="submit"),
                spacing="2", align="center", wrap="wrap",
            ),
            on_submit=S.filter_by_answer,
        ),
    )
