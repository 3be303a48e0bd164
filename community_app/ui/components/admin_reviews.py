"""/admin/speakers/reviews: the review queue (state/admin_reviews.py): a card per
application with the organizer's own score form, the others' reviews once given, and
a checkbox to accept or decline several at once."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.state.admin_reviews import STATUS_LABELS
from community_app.state.admin_reviews import AdminReviewsState as R
from community_app.ui.components.admin_common import card, choices, labelled, labelled_select
from community_app.ui.components.admin_common import card_list, native_select, screen
from community_app.ui.components.admin_common import section_header, status_badge
from community_app.ui.components.forms import submit_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _other(o) -> rx.Component:
    return rx.el.li(
        rx.text(rx.el.strong(o.name), " · ", o.score, "/5",
                rx.cond(o.comment != "", rx.fragment(" · ", o.comment)), size="2"),
    )


def _review_form(a) -> rx.Component:
    key = a.id.to_string()
    return rx.form(
        rx.flex(
            rx.el.input(type="hidden", name="id", value=key),
            labelled(
                t("Your score"), "score-" + key,
                native_select(
                    rx.el.option(t("Choose…"), value=""),
                    *[rx.el.option(str(n), value=str(n)) for n in range(1, 6)],
                    id_="score-" + key, name="score", default_value=a.my_score,
                    min_width="110px", key="score-" + key + "-" + a.my_score,
                ),
            ),
            labelled(
                t("Your comment"), "comment-" + key,
                rx.input(id="comment-" + key, name="comment", size="3", width="100%",
                         default_value=a.my_comment, key="comment-" + key + "-" + a.my_score),
                flex="1",
                min_width="200px",
            ),
            submit_button(rx.cond(a.reviewed, t("Update review"), t("Save review")),
                          width="auto"),
            gap="12px",
            wrap="wrap",
            align="end",
            width="100%",
        ),
        on_submit=R.review,
        no_validate=True,
        width="100%",
        aria_label=t("Review of") + " " + a.full_name,
    )


def _application(a) -> rx.Component:
    key = a.id.to_string()
    return card(
        rx.vstack(
            rx.flex(
                rx.hstack(
                    rx.cond(
                        a.decidable,
                        rx.checkbox(
                            checked=R.selected.contains(a.id),
                            on_change=lambda on: R.toggle(a.id, on),
                            aria_label=t("Select") + " " + a.full_name,
                            id="select-" + key, size="3",
                        ),
                    ),
                    rx.vstack(
                        rx.heading(a.full_name, as_="h3", size="4"),
                        rx.text(a.job_position, " · ", t_var(a.created), size="2",
                                color=COLORS["muted"]),
                        spacing="1",
                    ),
                    spacing="3",
                    align="start",
                ),
                rx.hstack(
                    status_badge(a.status, a.status_label),
                    rx.cond(a.has_talk, rx.badge(t("Draft talk"), variant="soft",
                                                 color_scheme="purple")),
                    spacing="2",
                ),
                justify="between",
                gap="8px",
                wrap="wrap",
                width="100%",
            ),
            rx.text(a.topics, white_space="pre-wrap"),
            rx.cond(
                a.reviewed,
                rx.vstack(
                    rx.text(t("Average"), ": ", rx.el.strong(a.average), " · ",
                            t("Reviews"), ": ", a.review_count, size="2",
                            class_name="review-average"),
                    rx.cond(a.others.length() > 0,
                            rx.el.ul(rx.foreach(a.others, _other),
                                     class_name="uzdev-stack uzdev-gap-1",
                                     aria_label=t("Other organizers' reviews"))),
                    spacing="1",
                ),
                rx.text(t("Give your score to see the other organizers' reviews."), " (",
                        t("Reviews"), ": ", a.review_count, ")", size="2",
                        color=COLORS["muted"]),
            ),
            _review_form(a),
            spacing="3",
            width="100%",
        ),
        class_name="admin-review",
    )


def reviews_section() -> rx.Component:
    count = R.selected.length()
    return screen(
        section_header(
            t("Review queue"),
            rx.link(t("All applications"), href=routes.ADMIN_SPEAKERS, size="2"),
            subtitle=t("Score each application from 1 to 5. You see the other organizers' "
                       "scores once you gave yours."),
        ),
        rx.flex(
            labelled_select(
                t("Status"), "statusFilter",
                [("all", t("All")), *[(k, t(v)) for k, v in STATUS_LABELS.items()]],
                value=R.status_filter, on_change=R.set_status_filter, width="200px",
            ),
            choices([("average", t("By average")), ("newest", t("Newest first"))],
                    R.sort, R.set_sort, aria_label=t("Sort")),
            gap="12px",
            wrap="wrap",
            align="end",
        ),
        rx.flex(
            rx.text(t("Selected"), ": ", count, size="2", id="selected-count"),
            rx.el.label(t("Into meetup"), html_for="accept-meetup", font_size="14px",
                        font_weight="500"),
            native_select(
                rx.foreach(R.meetup_choices,
                           lambda c: rx.el.option(c.label, value=c.value)),
                id_="accept-meetup", name="acceptMeetup", value=R.accept_meetup,
                on_change=R.set_accept_meetup, max_width="320px",
            ),
            rx.button(rx.icon("check", size=16), t("Accept selected"),
                      on_click=R.accept_selected, disabled=count == 0, color_scheme="green",
                      id="accept-selected"),
            rx.button(rx.icon("x", size=16), t("Decline selected"),
                      on_click=R.decline_selected, disabled=count == 0, variant="soft",
                      color_scheme="red", id="decline-selected"),
            rx.text(t("Each applicant is emailed; an accepted one becomes a draft talk of "
                      "the meetup chosen."), size="2", color=COLORS["muted"]),
            gap="12px",
            wrap="wrap",
            align="center",
        ),
        card_list(R.loaded, R.rows, _application,
                  empty_text=t("No applications match these filters.")),
    )
