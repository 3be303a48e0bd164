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
from community_app.ui.components.page_skeletons import AT_LEAST_A_SCREEN, BLOG_COLUMN
from community_app.ui.components.status_screen import status_screen
from community_app.ui.components.talk_rating import talk_people_box
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS

CARD = {"width": "100%", "padding": ["18px", "24px"], "background_color": "white",
        "border": f"1px solid {COLORS['border']}", "border_radius": "16px"}


def not_found_screen() -> rx.Component:
    return status_screen(
        rx.text("404", font_size=["64px", "96px"], font_weight="800", color="#c7d2fe"),
        t("Page Not Found"),
        t("The page you're looking for doesn't exist or has been moved."),
    )


def error_screen() -> rx.Component:
    return status_screen(rx.icon("triangle-alert", size=48, color=COLORS["muted"]),
                         t("Something went wrong"),
                         t("Could not load this page. Please try again."))


def loading_lines() -> rx.Component:
    return rx.vstack(rx.skeleton(height="40px", width="70%"), rx.skeleton(height="16px", width="40%"),
                     rx.skeleton(height="160px", width="100%"), spacing="4", width="100%",
                     max_width=BLOG_COLUMN, aria_busy="true")


def item_screen(status, ready: rx.Component) -> rx.Component:
    """The page of one item (a talk, a speaker) by its ``status``: loading, not found, failed,
    or ``ready``."""
    return content_container(
        rx.match(
            status,
            ("loading", loading_lines()),
            ("not_found", not_found_screen()),
            ("error", error_screen()),
            ready,
        ),
        min_height=AT_LEAST_A_SCREEN,
    )


def _fact(label, value) -> rx.Component:
    return rx.hstack(rx.text(label, weight="medium", size="2"), rx.text(value, size="2"),
                     spacing="2", wrap="wrap")


def _speaker(s) -> rx.Component:
    return rx.el.li(
        rx.link(s.name, href=s.href, weight="bold"),
        rx.cond(s.role != "", rx.text(s.role, size="2", color=COLORS["muted"])),
        padding_y="4px",
    )


def _slides() -> rx.Component:
    return rx.el.section(
        rx.heading(t("Slides"), as_="h2", size="5", margin_bottom="8px"),
        rx.cond(
            S.slides_url != "",
            rx.link(
                rx.hstack(rx.icon("file-text", size=18, aria_hidden="true"),
                          rx.cond(S.slides_pdf, t("Open the slides (PDF)"), t("Open the slides")),
                          spacing="2", align="center"),
                href=S.slides_url, is_external=True, id="talk-slides",
            ),
            rx.text(t("No slides for this talk yet."), color=COLORS["muted"]),
        ),
        **CARD,
    )


def _recording() -> rx.Component:
    player = rx.el.iframe(
        src=S.recording_embed, title=t("Recording of the talk"), id="talk-player",
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture",
        allowfullscreen=True, width="100%", height="100%", border="0",
        referrerpolicy="strict-origin-when-cross-origin",
    )
    placeholder = rx.button(
        rx.vstack(
            rx.icon("circle-play", size=56, aria_hidden="true"),
            rx.text(t("Play the recording"), size="4", weight="bold"),
            rx.text(t("Loads the player from"), " ", S.recording_provider, size="2"),
            align="center", spacing="2",
        ),
        on_click=S.play, id="talk-play", variant="solid", color_scheme="indigo",
        width="100%", height="100%", border_radius="12px", cursor="pointer",
    )
    return rx.el.section(
        rx.heading(t("Recording"), as_="h2", size="5", margin_bottom="8px"),
        rx.cond(
            S.recording_embed != "",
            rx.vstack(
                rx.box(rx.cond(S.playing, player, placeholder), width="100%",
                       aspect_ratio="16 / 9", border_radius="12px", overflow="hidden",
                       background_color="#1e1b4b"),
                rx.link(t("Watch on the video site"), href=S.recording_url, is_external=True,
                        size="2"),
                spacing="2", width="100%",
            ),
            rx.text(t("No recording of this talk."), color=COLORS["muted"]),
        ),
        **CARD,
    )


def _talk() -> rx.Component:
    return rx.vstack(
        rx.link(rx.hstack(rx.icon("arrow-left", size=16, aria_hidden="true"), S.meetup_title,
                          spacing="1", align="center"),
                href=S.meetup_href, size="2", id="talk-meetup"),
        rx.heading(S.title, as_="h1", size="8", id="talk-title"),
        rx.cond(S.cancelled, rx.badge(t("Cancelled"), color_scheme="red", size="2")),
        rx.el.ul(rx.foreach(S.speakers, _speaker), list_style="none", padding="0", margin="0",
                 aria_label=t("Speakers"), id="talk-speakers"),
        rx.vstack(
            rx.cond(S.time.length() > 0, _fact(t("When"), rx.fragment(t_var(S.date), " · ", t_var(S.time)))),
            rx.cond(S.room != "", _fact(t("Room"), S.room)),
            _fact(t("Language"), t_var(S.language)),
            _fact(t("Level"), t_var(S.level)),
            spacing="1",
        ),
        # Issue 41 part B: the star, and after the talk its attendees' rating form.
        talk_people_box(S.talk_id, S.title, can_star=~S.cancelled),
        rx.el.section(
            rx.heading(t("Abstract"), as_="h2", size="5", margin_bottom="8px"),
            rx.html(S.abstract_html, class_name="uzdev-prose", id="talk-abstract", width="100%"),
            **CARD,
        ),
        _slides(),
        _recording(),
        spacing="4",
        width="100%",
        max_width=BLOG_COLUMN,
    )


@page(routes.TALK, title=N_("Talk"), on_load=PageData(S, read_talk, S._apply_load),
      examples=[{"talk_ref": routes.Sample.PAST_TALK}])
def talk_page() -> rx.Component:
    return item_screen(S.status, _talk())
