"""/speakers/<id>-<slug>: a speaker (one person across meetups) with every talk they gave,
each with its slides and recording."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.page_load import PageData
from community_app.state.talk_page import SpeakerPageState as S
from community_app.state.talk_page import read_speaker
from community_app.ui.components.blocks import icon_link
from community_app.ui.components.buttons import plain_link
from community_app.ui.components.page_skeletons import ITEM_COLUMN, TALK_TITLE, speaker_skeleton
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import page
from community_app.ui.pages.talk import item_screen, section


def _photo() -> rx.Component:
    return rx.cond(
        S.photo_url != "",
        rx.image(src=S.photo_url, alt="", class_name="uzdev-photo uzdev-avatar-80px"),
        rx.el.div(S.initial, class_name="uzdev-initials uzdev-avatar-80px", aria_hidden="true"),
    )


def _talk(item) -> rx.Component:
    return rx.el.li(
        plain_link(item.title, href=item.href, class_name="uzdev-link uzdev-w700 uzdev-t4"),
        rx.el.p(item.meetup, " · ", t_var(item.date), class_name="uzdev-t2 uzdev-c-muted"),
        rx.el.div(
            rx.cond(item.slides_url != "",
                    icon_link("file-text", t("Slides"), href=item.slides_url, size="2",
                              gap="4px", document=True, target="_blank",
                              rel="noopener noreferrer")),
            rx.cond(item.recording_url != "",
                    icon_link("circle-play", t("Recording"), href=item.href, size="2", gap="4px")),
            class_name="uzdev-wrap-row uzdev-gap-4",
        ),
        class_name="uzdev-speaker-talk",
    )


def _link(url) -> rx.Component:
    return rx.el.li(rx.el.a(url, href=url, target="_blank", rel="noopener noreferrer",
                            class_name="uzdev-link uzdev-t2 uzdev-break-all"))


def _speaker() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            _photo(),
            rx.el.div(rx.heading(S.name, id="speaker-name", **TALK_TITLE),
                      rx.cond(S.role != "", rx.el.p(S.role, class_name="uzdev-t3 uzdev-c-muted")),
                      class_name="uzdev-stack uzdev-gap-1 uzdev-min-w-0"),
            class_name="uzdev-row uzdev-gap-4 uzdev-w-full",
        ),
        rx.cond(S.bio_html != "", rx.html(S.bio_html, class_name="uzdev-prose uzdev-w-full")),
        rx.cond(S.links.length() > 0,
                rx.el.ul(rx.foreach(S.links, _link), aria_label=t("Links"),
                         class_name="uzdev-bare-list uzdev-stack uzdev-gap-1")),
        section(
            t("Talks"),
            rx.cond(S.talks.length() > 0,
                    rx.el.ul(rx.foreach(S.talks, _talk), id="speaker-talks",
                             class_name="uzdev-bare-list"),
                    rx.el.p(t("No talks yet."), class_name="uzdev-p uzdev-c-muted")),
        ),
        class_name=ITEM_COLUMN,
    )


@page(routes.SPEAKER, title=N_("Speaker"), on_load=PageData(S, read_speaker, S._apply_load),
      examples=[{"speaker_ref": routes.Sample.SPEAKER}])
def speaker_page() -> rx.Component:
    return item_screen(S.status, _speaker(), speaker_skeleton())
