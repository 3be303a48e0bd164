"""Pieces the event pages share: the event card, badges, seat texts, avatars and stars."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.ui.components.blocks import AVATAR_SIZES, badge, icon_link, icon_tile, round_photo
from community_app.ui.components.buttons import link_button, plain_link, with_class
from community_app.ui.components.icons import glyph
from community_app.ui.components.status_screen import status_screen
from community_app.i18n import Np_
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def event_title(card: Any, **props: Any) -> rx.Component:
    """The event's title (h2), a link to its page."""
    return rx.heading(
        plain_link(t_var(card.title), href=card.href, class_name="uzdev-card-title-link"),
        as_="h2",
        size="4",
        **with_class(props, "uzdev-card-title", "uzdev-wrap-any"),
    )


def event_not_found(error: Any, text: Any = None) -> rx.Component:
    """'Event not found.' (or the error of the load) and the way to every event."""
    return status_screen(
        glyph("calendar-x", size=48, color="#a5b4fc"),
        rx.cond(error.contains("en"), t_var(error), t("Event not found.")),
        text,
        size="7",
        text_size=None,
        min_height="45vh",
        action=link_button(t("See all events"), href=routes.EVENTS),
    )


def status_badge(is_past: Any, *, size: str = "2", **props: Any) -> rx.Component:
    """Upcoming (green) or Past (grey)."""
    return badge(rx.cond(is_past, t("Past"), t("Upcoming")), color_scheme=rx.cond(is_past, "gray", "green"),
                 variant="solid", size=size, **props)


def seats_text(seats_left: Any, full: Any) -> Any:
    """'12 seats left', '1 seat left' or 'Full'."""
    return rx.cond(
        full,
        t("Full"),
        t(Np_("{n} seat left", "{n} seats left"), n=seats_left),
    )


def seats_or_registered(card: Any) -> Any:
    """Upcoming: seats left (or Full). Past: how many had registered (seats no longer mean
    anything once a meetup is over)."""
    return rx.cond(
        card.is_past,
        t("{n} registered", n=card.registered),
        seats_text(card.seats_left, card.full),
    )


def seats_badge(card: Any) -> rx.Component:
    """Upcoming: seats left (or Full). Past: how many had registered."""
    return badge(
        glyph("users", size=14),
        seats_or_registered(card),
        color_scheme=rx.cond(card.is_past, "gray", rx.cond(card.full, "red", "indigo")),
        size="2",
    )


def fact(icon: str, *children: Any, **props: Any) -> rx.Component:
    """An icon and a line of text (date, time, place...)."""
    return rx.el.div(
        glyph(icon, size=16),
        rx.el.p(*children),
        **with_class(props, "uzdev-fact"),
    )


def avatar(image: Any, initials: Any, name: Any, *, size: str = "40px") -> rx.Component:
    """A round photo (alt text: the name) or the person's initials."""
    if size in AVATAR_SIZES:  # drawn by its class (site.css): nothing to hydrate but a div
        initials_tile = rx.el.div(rx.el.span(initials, aria_hidden="true"),
                                  class_name=f"uzdev-initials uzdev-avatar-{size}")
    else:
        initials_tile = icon_tile(rx.text(initials, font_weight="600", font_size="14px", aria_hidden="true"),
                                  size, background="#e0e7ff", min_width=size, color=COLORS["primary_dark"])
    return round_photo(image, alt=name, size=size, fallback=initials_tile)


def stars(rating: Any) -> rx.Component:
    """Five stars, filled up to the rating, read as 'Rated 4 out of 5'."""
    return rx.el.div(
        *[rx.cond(rating >= i, glyph("star", size=16, class_name="uzdev-star-on"),
                  glyph("star", size=16, class_name="uzdev-star-off"))
          for i in range(1, 6)],
        class_name="uzdev-stars",
        role="img",
        aria_label=t("Rated {n} out of 5", n=rating),
    )


def event_image(card: Any, *, height: Any = "180px", lazy: bool = False, classed: bool = False) -> rx.Component:
    """The meetup's picture (its cover when none was uploaded). ``lazy`` for cards of a
    list: a phone fetches only the covers it shows (every page stays under 350 KiB).
    ``classed``: its size and fit come from its frame's class (site.css), not style props."""
    alt = rx.cond(card.image_is_default, "", t_var(card.title))
    if classed:
        return rx.image(src=card.image, loading="lazy" if lazy else "eager", alt=alt)
    return rx.image(
        src=card.image,
        loading="lazy" if lazy else "eager",
        alt=alt,
        width="100%",
        height=height,
        object_fit="cover",
        display="block",
        background_color="#eef2ff",
    )


def event_card(card: Any) -> rx.Component:
    """One meetup on the list: image, badge, title (the link), date, time, place, seats
    (drawn by site.css classes: ``.uzdev-event-card*``)."""
    title_id = "event-title-" + card.id.to_string()
    return rx.el.article(
        rx.el.div(
            plain_link(
                event_image(card, lazy=True, classed=True),
                href=card.href,
                tab_index=-1,
                aria_hidden="true",
                class_name="uzdev-event-card-picture",
            ),
            rx.el.div(status_badge(card.is_past), class_name="uzdev-event-card-badge"),
            class_name="uzdev-relative",
        ),
        rx.el.div(
            event_title(card, id=title_id),
            rx.el.div(
                fact("calendar", rx.el.time(t_var(card.date), date_time=card.date_iso)),
                fact("clock", t_var(card.time)),
                fact("map-pin", t_var(card.location)),
                class_name="uzdev-facts",
            ),
            rx.el.div(
                seats_badge(card),
                icon_link("arrow-right", t("View details"), href=card.href, icon_after=True, gap="4px",
                          aria_describedby=title_id, weight="600", size="2", min_height="36px"),
                class_name="uzdev-event-card-foot",
            ),
            class_name="uzdev-stack uzdev-gap-3 uzdev-event-card-body",
        ),
        class_name="uzdev-card uzdev-event-card",
        data_testid="event-card",
    )


def loading_block(label: Any) -> rx.Component:
    return rx.center(
        rx.vstack(
            rx.spinner(size="3"),
            rx.text(label, color=COLORS["muted"]),
            align="center",
            spacing="3",
        ),
        role="status",
        min_height="45vh",
        width="100%",
    )
