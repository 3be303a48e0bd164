"""/speakers/<id>-<slug>: a speaker (one person across meetups) with every talk they gave,
each with its slides and recording."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.page_load import PageData
from community_app.state.talk_page import SpeakerPageState as S
from community_app.state.talk_page import read_speaker
from community_app.ui.components.page_skeletons import BLOG_COLUMN
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import page
from community_app.ui.pages.talk import CARD, item_screen
from community_app.ui.styles import COLORS


def _photo() -> rx.Component:
    return rx.cond(
        S.photo_url != "",
        rx.image(src=S.photo_url, alt="", width="80px", height="80px", border_radius="50%",
                 object_fit="cover"),
        rx.center(rx.text(S.initial, font_size="30px", font_weight="700", color="white"),
                  width="80px", height="80px", border_radius="50%",
                  background_color=COLORS["primary"], aria_hidden="true"),
    )


def _talk(item) -> rx.Component:
    return rx.el.li(
        rx.link(item.title, href=item.href, weight="bold", size="4"),
        rx.text(item.meetup, " · ", t_var(item.date), size="2", color=COLORS["muted"]),
        rx.hstack(
            rx.cond(item.slides_url != "",
                    rx.link(rx.hstack(rx.icon("file-text", size=16, aria_hidden="true"),
                                      t("Slides"), spacing="1", align="center"),
                            href=item.slides_url, is_external=True, size="2")),
            rx.cond(item.recording_url != "",
                    rx.link(rx.hstack(rx.icon("circle-play", size=16, aria_hidden="true"),
                                      t("Recording"), spacing="1", align="center"),
                            href=item.href, size="2")),
            spacing="4",
        ),
        padding_y="10px",
        border_bottom=f"1px solid {COLORS['border']}",
    )


def _link(url) -> rx.Component:
    return rx.el.li(rx.link(url, href=url, is_external=True, size="2"))


def _speaker() -> rx.Component:
    return rx.vstack(
        rx.hstack(
            _photo(),
            rx.vstack(rx.heading(S.name, as_="h1", size="8", id="speaker-name"),
                      rx.cond(S.role != "", rx.text(S.role, color=COLORS["muted"])),
                      spacing="1"),
            align="center", spacing="4",
        ),
        rx.cond(S.bio_html != "", rx.html(S.bio_html, class_name="uzdev-prose", width="100%")),
        rx.cond(S.links.length() > 0,
                rx.el.ul(rx.foreach(S.links, _link), list_style="none", padding="0",
                         margin="0", aria_label=t("Links"))),
        rx.el.section(
            rx.heading(t("Talks"), as_="h2", size="5", margin_bottom="8px"),
            rx.cond(S.talks.length() > 0,
                    rx.el.ul(rx.foreach(S.talks, _talk), list_style="none", padding="0",
                             margin="0", id="speaker-talks"),
                    rx.text(t("No talks yet."), color=COLORS["muted"])),
            **CARD,
        ),
        spacing="4", width="100%", max_width=BLOG_COLUMN,
    )


@page(routes.SPEAKER, title=N_("Speaker"), on_load=PageData(S, read_speaker, S._apply_load),
      examples=[{"speaker_ref": routes.Sample.SPEAKER}])
def speaker_page() -> rx.Component:
    return item_screen(S.status, _speaker())
