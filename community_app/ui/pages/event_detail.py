"""/events/[event_type]/details/[event_id]: a meetup with its facts, speakers, keynote
sessions, registrations, notes and reviews, and the register button (or why there is none)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_
from community_app.state.event_detail import EventDetailState as S, read_event_detail
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import first_of, icon_link
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.event_waitlist import full_event_waitlist
from community_app.ui.components.buttons import link_button
from community_app.ui.components.forms import form_alert
from community_app.ui.components.icons import glyph
from community_app.ui.components.events_parts import (
    avatar,
    event_image,
    event_not_found,
    fact,
    seats_text,
    stars,
    status_badge,
)
from community_app.ui.components.page_skeletons import (
    EVENT_GRID as GRID,
    EVENT_PICTURE_FRAME as PICTURE_FRAME,
    EVENT_PICTURE_HEIGHT as PICTURE_HEIGHT,
    event_details_skeleton,
)
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import BUTTON_HEIGHTS, CARD_STYLE, COLORS, FLEX_COLUMN, FLEX_WRAP


def back_link() -> rx.Component:
    return icon_link("arrow-left", t("All events"), href=routes.EVENTS, font_weight="500", min_height="36px")


def section(title: Any, *children: Any, count: Any = None, id_: str = "") -> rx.Component:
    return rx.el.section(
        rx.vstack(
            rx.hstack(
                rx.heading(title, as_="h2", size="5", id=f"{id_}-heading"),
                rx.badge(count, variant="soft", size="2", color_scheme="gray") if count is not None
                else rx.fragment(),
                align="center",
                spacing="2",
            ),
            *children,
            spacing="3",
            width="100%",
        ),
        aria_labelledby=f"{id_}-heading",
        padding=["18px", "24px"],
        width="100%",
        **CARD_STYLE,
    )


def muted(text: Any) -> rx.Component:
    return rx.text(text, color=COLORS["muted"], size="2")


# ---------------------------------------------------------------- the aside


def _cancel_dialog() -> rx.Component:
    return confirm_dialog(
        t("Cancel your registration?"), t("Your seat will be given to someone else."),
        confirm_label=t("Yes, cancel"), cancel_label=t("Keep my seat"),
        on_confirm=S.cancel_registration,
        trigger=rx.button(t("Cancel registration"), variant="outline", color_scheme="red", size="3",
                          width="100%", height=BUTTON_HEIGHTS["md"], loading=S.cancel_busy, cursor="pointer"),
    )


def _disabled(label: Any) -> rx.Component:
    return rx.button(label, disabled=True, size="3", width="100%", height=BUTTON_HEIGHTS["lg"])


def register_area() -> rx.Component:
    """Register (a link), or why not: past, already registered (then: cancel), or full."""
    card = S.details.card
    registered = rx.vstack(
        rx.callout.root(
            rx.callout.icon(rx.cond(S.is_pending, rx.icon("hourglass"), rx.icon("circle-check"))),
            rx.callout.text(
                rx.cond(S.is_pending, t("Your registration is waiting for approval"),
                        t("You are registered"))
            ),
            color_scheme=rx.cond(S.is_pending, "amber", "green"),
            width="100%",
        ),
        _cancel_dialog(),
        spacing="2",
        width="100%",
    )
    return rx.vstack(
        first_of(
            (card.is_past, _disabled(t("Registration closed"))),
            (S.is_registered, registered),
            (card.full, full_event_waitlist(card.register_href)),
            otherwise=link_button(
                rx.icon("calendar-plus", size=18, aria_hidden="true"),
                t("Register now"),
                href=card.register_href,
                size="lg",
                width="100%",
            ),
        ),
        rx.cond(
            card.is_past,
            rx.fragment(),
            # The browser fetches the file (reload_document): the client-side router would
            # look this API address up among the site's pages and show the 404 page.
            icon_link("calendar-plus", t("Add to calendar"), href=card.calendar_href,
                      id="event-add-to-calendar", min_height="36px", font_weight="500",
                      reload_document=True),
        ),
        form_alert(S.notice, visible=S.notice.contains("en"), color="green"),
        form_alert(S.action_error, visible=S.action_error.contains("en")),
        spacing="2",
        width="100%",
    )


def _seats() -> rx.Component:
    card = S.details.card
    return rx.vstack(
        rx.hstack(
            glyph("users", size=16, color=COLORS["muted"]),
            rx.text(t("{registered} / {max} registered", registered=card.registered, max=card.max_seats),
                    size="2", id="event-seats-registered"),
            rx.spacer(),
            rx.cond(
                card.is_past,
                rx.fragment(),
                rx.text(seats_text(card.seats_left, card.full), size="2", font_weight="600",
                        color=rx.cond(card.full, COLORS["danger"], COLORS["primary"]), id="event-seats-left"),
            ),
            width="100%",
            align="center",
        ),
        rx.progress(
            value=rx.cond(card.max_seats > 0, (card.registered * 100 / card.max_seats).to(int), 0),
            size="2",
            color_scheme=rx.cond(card.full, "red", "indigo"),
            aria_label=t("Seats taken"),
        ),
        spacing="2",
        width="100%",
    )


def aside() -> rx.Component:
    card = S.details.card
    return rx.el.aside(
        rx.vstack(
            fact("calendar", rx.el.time(t_var(S.details.date_long), date_time=card.date_iso)),
            fact("clock", t_var(card.time), " ", rx.text.span(t("(Korea time)"), color=COLORS["muted"])),
            fact("map-pin", t_var(card.location)),
            fact("car", rx.cond(S.details.meetup.parking, t("Parking available"), t("No parking")), id="event-parking"),
            fact(
                "gift",
                rx.text.strong(t("Provided:")),
                " ",
                rx.cond(S.details.meetup.provided != "", S.details.meetup.provided, t("Not announced yet")),
                id="event-provided",
            ),
            rx.separator(size="4"),
            _seats(),
            register_area(),
            spacing="3",
            width="100%",
        ),
        aria_label=t("Event summary"),
        padding="20px",
        width="100%",
        position=["static", "static", "static", "sticky"],
        top="88px",
        grid_area="aside",
        **CARD_STYLE,
    )


# ---------------------------------------------------------------- the main column


def _speaker(s: Any) -> rx.Component:
    return rx.hstack(
        avatar(s.image, s.initials, s.name, size="56px"),
        rx.vstack(
            rx.heading(s.name, as_="h3", size="3"),
            rx.text(
                s.position,
                rx.cond((s.position != "") & (s.company != ""), " · ", ""),
                s.company,
                color=COLORS["muted"],
                size="2",
            ),
            rx.cond(s.bio != "", rx.text(s.bio, size="2", line_height="1.6")),
            spacing="1",
            min_width="0",
        ),
        spacing="3",
        align="start",
        width="100%",
        padding_y="6px",
    )


def _session(k: Any) -> rx.Component:
    return rx.el.li(
        rx.flex(
            rx.text(t_var(k.time), font_weight="600", size="2", color=COLORS["primary"],
                    min_width=["auto", "150px"], white_space="nowrap"),
            rx.vstack(
                rx.text(k.subject, font_weight="500", overflow_wrap="anywhere"),
                rx.cond(k.speaker != "", rx.text(k.speaker, size="2", color=COLORS["muted"])),
                spacing="1",
                min_width="0",
            ),
            flex_direction=["column", "row"],
            gap=["2px", "16px"],
            width="100%",
        ),
        padding_y="10px",
        border_top=f"1px solid {COLORS['border']}",
        list_style="none",
    )


def _attendee(a: Any) -> rx.Component:
    return rx.el.li(
        avatar(a.image, a.initials, a.name, size="32px"),
        rx.text(rx.cond(a.page != "", rx.link(a.name, href=a.page), a.name), size="2",
                class_name="uzdev-attendee-name"),
        class_name="uzdev-attendee",
    )


def _note(n: Any) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            glyph("info", size=18, color="#b45309", margin_top="2px"),
            rx.vstack(
                rx.text(n.content, size="2", line_height="1.6"),
                rx.text(t_var(n.date), size="1", color=COLORS["muted"]),
                spacing="1",
                min_width="0",
            ),
            spacing="2",
            align="start",
        ),
        list_style="none",
        padding="12px",
        background_color="#fffbeb",
        border="1px solid #fde68a",
        border_radius="12px",
    )


def _review(r: Any) -> rx.Component:
    return rx.el.li(
        rx.vstack(
            rx.hstack(
                avatar("", r.initials, r.author, size="36px"),
                rx.vstack(
                    rx.text(r.author, font_weight="600", size="2"),
                    stars(r.rating),
                    spacing="1",
                ),
                rx.spacer(),
                rx.text(t_var(r.date), size="1", color=COLORS["muted"]),
                align="center",
                width="100%",
                spacing="3",
            ),
            rx.text(r.content, size="2", line_height="1.6"),
            spacing="2",
            width="100%",
        ),
        list_style="none",
        padding_y="12px",
        border_top=f"1px solid {COLORS['border']}",
    )


def _list(*children: Any, **props: Any) -> rx.Component:
    return rx.el.ul(*children, padding="0", margin="0", width="100%", **props)


def main_column() -> rx.Component:
    return rx.vstack(
        section(
            t("About this event"),
            rx.cond(
                S.details.description_is_default,
                rx.text(t("No description available"), color=COLORS["muted"]),
                rx.vstack(rx.foreach(S.details.description, lambda p: rx.text(p, line_height="1.7")), spacing="3"),
            ),
            id_="about",
        ),
        section(
            t("Speakers"),
            rx.cond(
                S.details.speakers.length() > 0,
                rx.vstack(rx.foreach(S.details.speakers, _speaker), spacing="2", width="100%"),
                muted(t("Speakers will be announced soon.")),
            ),
            count=S.details.speakers.length(),
            id_="speakers",
        ),
        section(
            t("Keynote sessions"),
            rx.cond(
                S.details.sessions.length() > 0,
                _list(rx.foreach(S.details.sessions, _session)),
                muted(t("The schedule will be announced soon.")),
            ),
            id_="sessions",
        ),
        rx.cond(
            S.details.notes.length() > 0,
            section(
                t("Notes"),
                _list(rx.foreach(S.details.notes, _note), **FLEX_COLUMN, gap="8px"),
                id_="notes",
            ),
        ),
        section(
            t("Registrations"),
            rx.text(
                rx.cond(S.details.attendee_count == 1, t("1 person registered"),
                        t("{n} people registered", n=S.details.attendee_count)),
                size="2",
                color=COLORS["muted"],
                id="event-attendee-count",
            ),
            rx.cond(
                S.details.attendee_count > 0,
                rx.vstack(
                    _list(rx.foreach(S.shown_attendees, _attendee), **FLEX_WRAP, gap="8px",
                          aria_label=t("Attendees")),
                    rx.cond(
                        (S.hidden_attendees > 0) | S.show_all_attendees,
                        rx.button(
                            rx.cond(S.show_all_attendees, t("Show fewer"),
                                    t("Show all ({n} more)", n=S.hidden_attendees)),
                            on_click=S.toggle_attendees,
                            variant="ghost",
                            size="2",
                            cursor="pointer",
                        ),
                    ),
                    spacing="2",
                    width="100%",
                ),
                muted(t("Be the first to register.")),
            ),
            count=S.details.attendee_count,
            id_="registrations",
        ),
        section(
            t("Reviews"),
            rx.cond(
                S.details.reviews.length() > 0,
                _list(rx.foreach(S.details.reviews, _review)),
                muted(rx.cond(S.details.card.is_past, t("No reviews yet."),
                              t("Reviews open after the event."))),
            ),
            count=S.details.reviews.length(),
            id_="reviews",
        ),
        spacing="4",
        width="100%",
        min_width="0",
        grid_area="main",
    )


# ---------------------------------------------------------------- states


def _not_found() -> rx.Component:
    return event_not_found(S.error, t("The event may have been removed, or the address is wrong."))


def _failed() -> rx.Component:
    return rx.callout.root(
        rx.callout.icon(rx.icon("triangle-alert")),
        rx.callout.text(t_var(S.error)),
        rx.button(t("Try Again"), on_click=S.retry, variant="soft", size="2", margin_top="8px",
                  width="fit-content"),
        color_scheme="red",
        role="alert",
        width="100%",
    )


def _details() -> rx.Component:
    card = S.details.card
    return rx.vstack(
        back_link(),
        rx.box(
            event_image(card, height=PICTURE_HEIGHT),
            rx.box(status_badge(card.is_past), position="absolute", top="16px", left="16px"),
            **PICTURE_FRAME,
        ),
        rx.heading(t_var(card.title), as_="h1", font_size=["26px", "30px", "34px", "38px"], line_height="1.2",
                   overflow_wrap="anywhere"),
        rx.grid(aside(), main_column(), **GRID),
        spacing="4",
        width="100%",
    )


@page(routes.EVENT_DETAIL, title=N_("Event details"),
      on_load=PageData(S, read_event_detail, S._apply_load))
def event_detail() -> rx.Component:
    return content_container(
        first_of(
            (S.loading, event_details_skeleton(back_link())),
            (S.not_found, _not_found()),
            (S.error.contains("en"), rx.vstack(back_link(), _failed(), spacing="4")),
            otherwise=_details(),
        )
    )
