"""/news/<id>: one news article and its comments (SPEC section 2, section 7 calls).

The article text is Markdown rendered to sanitised HTML on the server (services/markdown.py).
"""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.news_detail import NewsDetailState, read_article
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import button_row, message_block
from community_app.ui.components.buttons import link_button
from community_app.ui.components.news_cards import copy_link_button, news_image, tag_list, type_badge
from community_app.ui.components.news_comments import comments_section
from community_app.ui.components.skeletons import loading_label, picture_placeholder, skeleton_line
from community_app.ui.i18n import t, t_pick, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import CARD_STYLE, COLORS

ARTICLE_MAX_WIDTH = "820px"
# The article's box and its picture's, shared by the article and its loading placeholder
# (same size: the picture that comes with the data replaces the prerendered one in place).
ARTICLE_BOX = {
    "width": "100%",
    "padding": ["16px", "20px", "28px"],
    **CARD_STYLE,
}
PICTURE_BOX = {
    "aspect_ratio": "16 / 9",
    "height": "auto",
    "width": "100%",
    "border_radius": "12px",
    "border": f"1px solid {COLORS['border']}",
}


def back_link() -> rx.Component:
    return rx.link(
        rx.hstack(rx.icon("arrow-left", size=16), rx.text(t("Back to news")), align="center",
                  spacing="2"),
        href=routes.NEWS,
        font_weight="600",
        width="fit-content",
    )


def article() -> rx.Component:
    s = NewsDetailState
    return rx.el.article(
        rx.vstack(
            rx.hstack(
                type_badge(s.news_type),
                rx.text(
                    rx.el.time(t_pick(s.date_en, s.date_uz)),
                    " · ",
                    rx.text(t_pick(s.ago_en, s.ago_uz), as_="span", id="news-ago"),
                    " · ",
                    t("{n} min read", n=s.read_minutes),
                    size="2",
                    color=COLORS["muted"],
                ),
                align="center",
                spacing="3",
                wrap="wrap",
            ),
            rx.heading(s.title, as_="h1", font_size=["26px", "28px", "32px", "36px"],
                       line_height="1.2"),
            tag_list(s.tags),
            news_image(
                s.image,
                rx.cond(s.has_image, s.title, t("News illustration")),
                # Above the fold: not lazy.
                loading="eager",
                **PICTURE_BOX,
            ),
            rx.html(s.content_html, id="news-content", class_name="uzdev-prose", width="100%",
                    font_size="var(--font-size-4)"),
            button_row(copy_link_button(routes.NEWS + "/" + s.article_id.to_string())),
            spacing="4",
            width="100%",
        ),
        **ARTICLE_BOX,
    )


def not_found_state() -> rx.Component:
    return message_block(
        "newspaper",
        t_var(NewsDetailState.problem),
        rx.text(t("It may have been removed, or the link is wrong."), color=COLORS["muted"]),
        link_button(rx.icon("arrow-left", size=16), t("Back to news"), href=routes.NEWS),
        title_as="h1",
        title_size="6",
        boxed=True,
    )


def error_state() -> rx.Component:
    return message_block(
        "cloud-off",
        t_var(NewsDetailState.problem),
        rx.button(t("Try again"), on_click=NewsDetailState.load, size="3", cursor="pointer"),
        title_as="h1",
        role="alert",
    )


def loading_state() -> rx.Component:
    """The article's shape, prerendered: grey lines for the badge, date, title and tags,
    and the picture's box with the default illustration at the picture's size (the
    largest element is painted with the HTML; the article then fills the same places)."""
    return rx.box(
        loading_label(t("Loading...")),
        rx.vstack(
            # The type badge and the date line (side by side from the tablet width up).
            rx.flex(skeleton_line("64px", "22px", border_radius="999px"),
                    skeleton_line(["100%", "60%"], "20px"),
                    gap="12px", wrap="wrap", width="100%", align="center"),
            # The title: three lines on a phone (what most titles take there).
            rx.vstack(*[skeleton_line(width, ["29px", "31px", "35px", "39px"])
                        for width in ("95%", "90%", "50%")],
                      spacing="1", width="100%"),
            skeleton_line("40%", "20px"),
            picture_placeholder("/news-default.svg", **PICTURE_BOX),
            rx.vstack(skeleton_line("100%"), skeleton_line("100%"), skeleton_line("90%"),
                      skeleton_line("70%"), spacing="3", width="100%", padding_top="4px"),
            spacing="4",
            width="100%",
            aria_hidden="true",
        ),
        class_name="uzdev-skeletons",
        # The article and its comments are longer than a screen: the footer stays below
        # it while the article comes (no jump of the footer when it arrives).
        min_height="100vh",
        **ARTICLE_BOX,
    )


@page(routes.NEWS_DETAIL, title=N_("News details"), on_load=PageData(NewsDetailState, read_article, NewsDetailState._apply_load))
def news_detail() -> rx.Component:
    return content_container(
        rx.vstack(
            back_link(),
            rx.match(
                NewsDetailState.status,
                ("ready", rx.vstack(article(), comments_section(), spacing="5", width="100%")),
                ("not_found", not_found_state()),
                ("error", error_state()),
                loading_state(),
            ),
            spacing="4",
            width="100%",
            max_width=ARTICLE_MAX_WIDTH,
            margin_x="auto",
        )
    )
