"""Pieces of the news screens: type badge, tag badges, copy-link button and the news card."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars.base import Var

from community_app.models import NewsType
from community_app.ui.components.blocks import card_title, icon_text
from community_app.ui.components.buttons import with_class
from community_app.ui.i18n import t, t_pick
from community_app.ui.styles import BUTTON_HEIGHTS, COLORS

COPIED_MS = 2000  # how long 'Link copied to clipboard' shows (SPEC section 9)

TYPE_COLORS = (("TECH", "indigo"), ("MEETUP", "teal"), ("SOCIAL", "orange"))
GROUP_COLORS = (("programming", "blue"), ("ai", "purple"), ("development", "green"))


def type_label(news_type: Any) -> Any:
    return rx.match(
        news_type,
        *[(value, t(label)) for value, label in NewsType.labels().items()],
        news_type,
    )


def type_badge(news_type: Any, **props: Any) -> rx.Component:
    return rx.badge(
        type_label(news_type),
        color_scheme=rx.match(news_type, *TYPE_COLORS, "gray"),
        variant="solid",
        radius="full",
        size="2",
        **props,
    )


def tag_badge(tag: Any) -> rx.Component:
    """A tag in the colour of its group (programming, ai, development, default)."""
    return rx.badge(
        "#",
        t_pick(tag.en, tag.uz),
        color_scheme=rx.match(tag.group, *GROUP_COLORS, "gray"),
        variant="soft",
        radius="full",
        size="1",
        data_group=tag.group,
        class_name="news-tag",
    )


def tag_list(tags: Any, **props: Any) -> rx.Component:
    return rx.flex(
        rx.foreach(tags, tag_badge),
        gap="6px",
        wrap="wrap",
        **props,
    )


def copy_link_button(href: Any, **props: Any) -> rx.Component:
    """Copies the full address of ``href`` (a site path) and says so for 2 seconds."""
    url = Var("window.location.origin").to(str) + href
    props.setdefault("variant", "soft")
    return rx.button(
        rx.icon("link", size=16),
        rx.text(t("Copy link"), as_="span"),
        on_click=[
            rx.set_clipboard(url),
            rx.toast(t("Link copied to clipboard"), duration=COPIED_MS),
        ],
        type="button",
        size="2",
        height=BUTTON_HEIGHTS["sm"],
        cursor="pointer",
        **props,
    )


def copy_link_icon_button(href: Any, **props: Any) -> rx.Component:
    """The compact copy-link button of a card: an icon with its name as label and tooltip."""
    url = Var("window.location.origin").to(str) + href
    return rx.tooltip(
        rx.icon_button(
            rx.icon("link", size=16),
            on_click=[
                rx.set_clipboard(url),
                rx.toast(t("Link copied to clipboard"), duration=COPIED_MS),
            ],
            type="button",
            variant="soft",
            radius="full",
            size="2",
            aria_label=t("Copy link"),
            **with_class(props, "uzdev-btn", "uzdev-icon-btn-sm"),
        ),
        content=t("Copy link"),
    )


def news_image(src: Any, alt: Any, **props: Any) -> rx.Component:
    props.setdefault("loading", "lazy")
    if "class_name" in props:  # drawn by its class (site.css)
        return rx.el.img(src=src, alt=alt, **props)
    props.setdefault("width", "100%")
    return rx.image(
        src=src,
        alt=alt,
        object_fit="cover",
        background_color="#eef2ff",
        **props,
    )


def news_card(card: Any) -> rx.Component:
    """A card of the list. The title link covers the whole card (a 'stretched link'),
    so the card opens the article while the copy-link button stays a button of its own.
    Drawn by site.css (.news-card): a list of them is the biggest part of /news's first
    render, and static classes cost the browser nothing while it hydrates (issue 29)."""
    return rx.el.article(
        news_image(
            card.image,
            rx.cond(card.has_image, card.title, t("News illustration")),
            class_name="news-card-image",
        ),
        rx.vstack(
            rx.hstack(
                type_badge(card.type),
                rx.spacer(),
                copy_link_icon_button(card.href, class_name="news-card-copy"),
                class_name="uzdev-w-full",
                align="center",
            ),
            card_title(card.title, card.href, class_name="news-card-link"),
            tag_list(card.tags),
            rx.text(card.excerpt, size="2", class_name="news-excerpt uzdev-muted"),
            rx.spacer(),
            rx.el.div(
                icon_text("calendar", t_pick(card.date_en, card.date_uz), icon_size=14),
                icon_text("clock", t("{n} min read", n=card.read_minutes), icon_size=14),
                class_name="news-card-meta",
            ),
            spacing="3",
            class_name="news-card-body",
        ),
        class_name="news-card",
    )
