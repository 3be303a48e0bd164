"""/admin/meetups/<id>/feedback: the ratings of every talk of one meetup (average, count,
comments without names) and their CSV."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_talk_feedback import AdminTalkFeedbackState as S
from community_app.state.admin_talk_feedback import read_talk_feedback
from community_app.ui.components.admin_common import (
    card, card_list, screen, section_header, small_button,
)
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _comment(c) -> rx.Component:
    return rx.el.li(
        rx.text(rx.el.strong(c.rating, "/5"), " · ", c.comment, " · ",
                rx.el.span(t_var(c.written), color=COLORS["muted"]), size="2"),
    )


def _talk(r) -> rx.Component:
    return card(
        rx.vstack(
            rx.flex(
                rx.vstack(
                    rx.heading(r.title, as_="h3", size="4"),
                    rx.text(t_var(r.time), rx.cond(r.speakers != "", rx.fragment(" · ", r.speakers)),
                            size="2", color=COLORS["muted"]),
                    spacing="1",
                ),
                rx.text(
                    rx.cond(r.count > 0,
                            rx.fragment(t("Average"), ": ", rx.el.strong(r.average), " · "),
                            ""),
                    t("Ratings"), ": ", r.count, size="3", class_name="talk-feedback-numbers",
                ),
                justify="between",
                gap="8px",
                wrap="wrap",
                width="100%",
            ),
            rx.cond(r.comments.length() > 0,
                    rx.el.ul(rx.foreach(r.comments, _comment),
                             class_name="uzdev-stack uzdev-gap-1",
                             aria_label=t("Comments")),
                    rx.text(t("No comments yet."), size="2", color=COLORS["muted"])),
            spacing="3",
            width="100%",
        ),
        class_name="admin-talk-feedback",
    )


@admin_page(routes.ADMIN_TALK_FEEDBACK, area="meetups", title=N_("Talk feedback"),
            state=S, read=read_talk_feedback, show=S._show,
            examples=[{"meetup_id": routes.Sample.PAST_MEETUP}])
def admin_talk_feedback() -> rx.Component:
    return screen(
        section_header(
            t("Talk feedback"),
            rx.link(t("Registrations"), href="/admin/meetups/" + S.meetup_id.to(str), size="2"),
            small_button(rx.icon("download", size=14), t("Download CSV"), variant="solid",
                         on_click=S.download_csv, id="admin-feedback-csv"),
            subtitle=S.meetup_title,
        ),
        card_list(S.loaded, S.rows, _talk, empty_text=t("This meetup has no talks yet.")),
    )
