"""/talks/<id>-<slug>: a talk of a meetup's programme: its abstract, speakers, slides (the
uploaded PDF or a link) and its recording, whose player loads only when asked for (a
placeholder button first: no request to the video site before the click). The head (Open
Graph, JSON-LD Event) is written on the server (services/seo_items.py)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.page_load import PageData
from community_app.state.talk_page import TalkPageState as S
from community_app.state.talk_page import read_talk
from community_app.ui.components.blocks import badge, icon_link
from community_app.ui.components.buttons import plain_link, with_class
from community_app.ui.components.icons import glyph
from community_app.ui.components.page_skeletons import ITEM_COLUMN, TALK_TITLE, talk_skeleton
from community_app.ui.components.status_screen import status_screen
from community_app.ui.components.talk_rating import talk_rating_box, talk_star_box
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS

# The page is drawn by site.css classes (``.uzdev-talk-*``, the card, text and stack
# classes) and native elements rather than style props on Radix layout components, and its
# loading state is the prerendered placeholder of page_skeletons.talk_skeleton (the title
# filled in by the server): the job and event pages' treatment (issue 29, issue 46).
SECTION = "uzdev-card uzdev-stack uzdev-gap-2 uzdev-event-section"


def not_found_screen() -> rx.Component:
    return status_screen(
        rx.text("404", font_size=["64px", "96px"], font_weight="800", color="#c7d2fe"),
        t("Page Not Found"),
        t("The page you're looking for doesn't exist or has been moved."),
    )


def error_screen() -> rx.Component:
    return status_screen(glyph("triangle-alert", size=48, color=COLORS["muted"]),
                         t("Something went wrong"),
                         t("Could not load this page. Please try again."))


def item_screen(status, ready: rx.Component, loading: rx.Component) -> rx.Component:
    """The page of one item (a talk, a speaker) by its ``status``: ``loading`` (its
    prerendered placeholder), not found, failed, or ``ready``; at least a screen tall in
    every state (the footer never moves into the first screen)."""
    return content_container(
        rx.match(
            status,
            ("ready", ready),
            ("not_found", not_found_screen()),
            ("error", error_screen()),
            loading,
        ),
        class_name="uzdev-screen-tall",
    )


def section(title, *children, **props) -> rx.Component:
    """A card of the talk's or the speaker's page with its h2 ``title``."""
    return rx.el.section(rx.heading(title, as_="h2", size="5"), *children,
                         **with_class(props, SECTION))


def _p(*children, classes: str = "uzdev-t2") -> rx.Component:
    return rx.el.p(*children, class_name=classes)


def _fact(label, *value) -> rx.Component:
    return _p(rx.el.span(label, class_name="uzdev-w500"), " ", *value)


def _speaker(s) -> rx.Component:
    return rx.el.li(
        plain_link(s.name, href=s.href, class_name="uzdev-link uzdev-w700"),
        rx.cond(s.role != "", _p(s.role, classes="uzdev-t2 uzdev-c-muted")),
    )


def _slides() -> rx.Component:
    return section(
        t("Slides"),
        rx.cond(
            S.slides_url != "",
            icon_link("file-text", rx.cond(S.slides_pdf, t("Open the slides (PDF)"),
                                           t("Open the slides")),
                      href=S.slides_url, icon_size=18, document=True, id="talk-slides",
                      target="_blank", rel="noopener noreferrer"),
            _p(t("No slides for this talk yet."), classes="uzdev-p uzdev-c-muted"),
        ),
    )


def _recording() -> rx.Component:
    player = rx.el.iframe(
        src=S.recording_embed, title=t("Recording of the talk"), id="talk-player",
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture",
        allowfullscreen=True, class_name="uzdev-talk-player",
        referrerpolicy="strict-origin-when-cross-origin",
    )
    placeholder = rx.el.button(
        glyph("circle-play", size=56),
        rx.el.span(t("Play the recording"), class_name="uzdev-t4 uzdev-w700"),
        rx.el.span(t("Loads the player from"), " ", S.recording_provider, class_name="uzdev-t2"),
        on_click=S.play, id="talk-play", type="button", class_name="uzdev-talk-play",
    )
    return section(
        t("Recording"),
        rx.cond(
            S.recording_embed != "",
            rx.el.div(
                rx.el.div(rx.cond(S.playing, player, placeholder), class_name="uzdev-talk-video"),
                icon_link("external-link", t("Watch on the video site"), href=S.recording_url,
                          document=True, size="2", icon_after=True, target="_blank",
                          rel="noopener noreferrer"),
                class_name="uzdev-stack uzdev-gap-2 uzdev-w-full",
            ),
            _p(t("No recording of this talk."), classes="uzdev-p uzdev-c-muted"),
        ),
    )


def _talk() -> rx.Component:
    return rx.el.div(
        icon_link("arrow-left", S.meetup_title, href=S.meetup_href, size="2", id="talk-meetup"),
        rx.heading(S.title, id="talk-title", **TALK_TITLE),
        rx.cond(S.cancelled, badge(t("Cancelled"), color_scheme="red", size="2")),
        rx.el.ul(rx.foreach(S.speakers, _speaker), aria_label=t("Speakers"), id="talk-speakers",
                 class_name="uzdev-bare-list uzdev-stack uzdev-gap-2"),
        rx.el.div(
            rx.cond(S.time.length() > 0, _fact(t("When"), t_var(S.date), " · ", t_var(S.time))),
            rx.cond(S.room != "", _fact(t("Room"), S.room)),
            _fact(t("Language"), t_var(S.language)),
            _fact(t("Level"), t_var(S.level)),
            class_name="uzdev-stack uzdev-gap-1",
        ),
        # Issue 41 part B: the star; after the talk, its attendees' rating form at the end.
        talk_star_box(S.talk_id, S.title, can_star=~S.cancelled),
        section(t("Abstract"),
                rx.html(S.abstract_html, class_name="uzdev-prose uzdev-w-full", id="talk-abstract")),
        _slides(),
        _recording(),
        talk_rating_box(S.talk_id),
        class_name=ITEM_COLUMN,
    )


@page(routes.TALK, title=N_("Talk"), on_load=PageData(S, read_talk, S._apply_load),
      examples=[{"talk_ref": routes.Sample.PAST_TALK}])
def talk_page() -> rx.Component:
    return item_screen(S.status, _talk(), talk_skeleton())
