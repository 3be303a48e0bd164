"""/events/[event_type]/details/[event_id]: a meetup with its facts, speakers, keynote
sessions, registrations, notes and reviews, and the register button (or why there is none)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from community_app.i18n import N_, Np_
from community_app.state.event_detail import EventDetailState as S, read_event_detail
from community_app.state.page_load import PageData
from community_app.core import routes
from community_app.ui.components.blocks import badge, first_of, icon_link
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.event_waitlist import full_event_waitlist
from community_app.ui.components.buttons import link_button, plain_link, with_class
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
from community_app.ui.components.page_skeletons import event_details_skeleton
from community_app.ui.components.talk_star import star_button, star_messages, stars_loader
from community_app.ui.i18n import t, t_var
from community_app.ui.layouts.frame import content_container, page
from community_app.ui.styles import COLORS
from community_app.state.sent_writes import sent


def back_link() -> rx.Component:
    return icon_link("arrow-left", t("All events"), href=routes.EVENTS, weight="500", min_height="36px")


# The page is drawn by site.css classes (``.uzdev-event-*``, the text and stack classes) and
# native elements rather than style props on Radix layout components: each style prop is a
# rule the CSS-in-JS runtime makes while the page hydrates, each Radix component more work
# for React (issue 29, docs/performance.md).


def _stack(*children: Any, gap: str = "3", **props: Any) -> rx.Component:
    """A column of ``children`` as ``rx.vstack`` lays them out (``gap``: Radix's spacing
    1-4), as wide as its parent."""
    return rx.el.div(*children, **with_class(props, "uzdev-stack", f"uzdev-gap-{gap}", "uzdev-w-full"))


def _p(*children: Any, size: str = "", classes: str = "", **props: Any) -> rx.Component:
    """A paragraph in Radix's text ``size`` ("1" or "2"; else the page's), with ``classes``."""
    names = " ".join(n for n in (f"uzdev-t{size}" if size else "uzdev-p", classes) if n)
    return rx.el.p(*children, **with_class(props, names))


def section(title: Any, *children: Any, count: Any = None, id_: str = "") -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.heading(title, as_="h2", size="5", id=f"{id_}-heading"),
            badge(count, color_scheme="gray", size="2") if count is not None else rx.fragment(),
            class_name="uzdev-row uzdev-gap-2",
        ),
        *children,
        aria_labelledby=f"{id_}-heading",
        class_name="uzdev-card uzdev-stack uzdev-gap-3 uzdev-event-section",
    )


def muted(text: Any) -> rx.Component:
    return _p(text, size="2", classes="uzdev-c-muted")


# ---------------------------------------------------------------- the aside


def _cancel_dialog() -> rx.Component:
    return confirm_dialog(
        t("Cancel your registration?"), t("Your seat will be given to someone else."),
        confirm_label=t("Yes, cancel"), cancel_label=t("Keep my seat"),
        on_confirm=sent(S.cancel_registration, what=N_("Cancel registration")),
        trigger=rx.button(t("Cancel registration"), variant="outline", color_scheme="red", size="3",
                          loading=S.cancel_busy, class_name="uzdev-w-full uzdev-btn uzdev-btn-md"),
    )


def _disabled(label: Any) -> rx.Component:
    return rx.button(label, disabled=True, size="3", class_name="uzdev-w-full uzdev-btn-lg")


def register_area() -> rx.Component:
    """Register (a link), or why not: past, already registered (then: cancel), or full."""
    card = S.details.card
    registered = _stack(
        rx.callout.root(
            rx.callout.icon(rx.cond(S.is_pending, rx.icon("hourglass"), rx.icon("circle-check"))),
            rx.callout.text(
                rx.cond(S.is_pending, t("Your registration is waiting for approval"),
                        t("You are registered"))
            ),
            color_scheme=rx.cond(S.is_pending, "amber", "green"),
            class_name="uzdev-w-full",
        ),
        # Issue 45: in person <-> online, one action.
        rx.cond(
            card.online_max_seats > 0,
            rx.button(
                rx.cond(S.seat_kind == "ONLINE", t("Switch to an in-person seat"),
                        t("Switch to an online seat")),
                on_click=sent(S.switch_seat_kind, what=N_("Switch between an in-person and an online seat")), variant="soft", size="3", id="switch-seat-kind",
                class_name="uzdev-w-full uzdev-btn uzdev-btn-md",
            ),
        ),
        _cancel_dialog(),
        gap="2",
    )
    return _stack(
        first_of(
            (card.is_past, _disabled(t("Registration closed"))),
            (S.is_registered, registered),
            (card.full & ~card.open_when_full, full_event_waitlist(card.register_href)),
            otherwise=link_button(
                glyph("calendar-plus", size=18),
                t("Register now"),
                href=card.register_href,
                size="lg",
                class_name="uzdev-w-full",
            ),
        ),
        rx.cond(
            card.is_past,
            rx.fragment(),
            # The browser fetches the file (document): the client-side router would look
            # this API address up among the site's pages and show the 404 page.
            icon_link("calendar-plus", t("Add to calendar"), href=card.calendar_href,
                      id="event-add-to-calendar", min_height="36px", weight="500", document=True),
        ),
        form_alert(S.notice, visible=S.notice.contains("en"), color="green"),
        form_alert(S.action_error, visible=S.action_error.contains("en")),
        gap="2",
    )


def _seats() -> rx.Component:
    card = S.details.card
    return _stack(
        rx.el.div(
            glyph("users", size=16, color=COLORS["muted"]),
            _p(t("{registered} / {max} registered", registered=card.registered, max=card.max_seats),
               size="2", id="event-seats-registered"),
            rx.cond(
                card.is_past,
                rx.fragment(),
                rx.el.p(seats_text(card.seats_left, card.full), id="event-seats-left",
                        class_name=rx.cond(card.full, "uzdev-t2 uzdev-w600 uzdev-c-danger",
                                           "uzdev-t2 uzdev-w600 uzdev-c-primary")),
            ),
            class_name="uzdev-seats-line",
        ),
        # Issue 45: a meetup with online seats says the seats left of each kind.
        rx.cond(
            (card.online_max_seats > 0) & ~card.is_past,
            rx.el.p(t("Online"), ": ", seats_text(card.online_seats_left,
                                                  card.online_seats_left <= 0),
                    id="event-online-seats-left", class_name="uzdev-t2 uzdev-w600"),
        ),
        rx.el.progress(
            value=rx.cond(card.max_seats > 0, (card.registered * 100 / card.max_seats).to(int), 0),
            max=100,
            aria_label=t("Seats taken"),
            custom_attrs={"data-accent-color": rx.cond(card.full, "red", "indigo")},
            class_name="uzdev-progress",
        ),
        gap="2",
    )


def aside() -> rx.Component:
    card = S.details.card
    return rx.el.aside(
        _stack(
            fact("calendar", rx.el.time(t_var(S.details.date_long), date_time=card.date_iso)),
            fact("clock", t_var(card.time), " ", rx.el.span(t("(Korea time)"), class_name="uzdev-c-muted")),
            fact("map-pin", t_var(card.location)),
            fact("car", rx.cond(S.details.meetup.parking, t("Parking available"), t("No parking")), id="event-parking"),
            fact(
                "gift",
                rx.el.strong(t("Provided:")),
                " ",
                rx.cond(S.details.meetup.provided != "", S.details.meetup.provided, t("Not announced yet")),
                id="event-provided",
            ),
            rx.el.hr(class_name="uzdev-rule"),
            _seats(),
            register_area(),
        ),
        aria_label=t("Event summary"),
        class_name="uzdev-card uzdev-event-aside",
    )


# ---------------------------------------------------------------- the main column


def _speaker(s: Any) -> rx.Component:
    return rx.el.div(
        avatar(s.image, s.initials, s.name, size="56px"),
        rx.el.div(
            rx.heading(rx.cond(s.href != "", plain_link(s.name, href=s.href, class_name="uzdev-link"),
                               s.name), as_="h3", size="3"),
            _p(
                s.position,
                rx.cond((s.position != "") & (s.company != ""), " · ", ""),
                s.company,
                size="2",
                classes="uzdev-c-muted",
            ),
            rx.cond(s.bio != "", _p(s.bio, size="2", classes="uzdev-lh-16")),
            class_name="uzdev-stack uzdev-gap-1 uzdev-min-w-0",
        ),
        class_name="uzdev-speaker",
    )


def _session(k: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            _p(t_var(k.time), size="2", classes="uzdev-session-time"),
            rx.el.div(
                _p(rx.cond(k.href != "", plain_link(k.subject, href=k.href, class_name="uzdev-link"),
                           k.subject), classes="uzdev-w500 uzdev-wrap-any"),
                rx.cond(k.speaker != "", _p(k.speaker, size="2", classes="uzdev-c-muted")),
                class_name="uzdev-stack uzdev-gap-1 uzdev-min-w-0",
            ),
            # Issue 41: star a talk that has not ended (state/talk_stars.py).
            rx.cond(k.upcoming & (k.talk_id > 0), star_button(k.talk_id, k.subject)),
            class_name="uzdev-session-row",
        ),
        class_name="uzdev-session",
    )


def _attendee(a: Any) -> rx.Component:
    """The name the member agreed to show (services/meetups/attendees.py)."""
    name = t_var(a.name)
    return rx.el.li(
        avatar(a.image, a.initials, name, size="32px"),
        _p(rx.cond(a.page != "", plain_link(name, href=a.page, class_name="uzdev-link"), name),
           size="2", classes="uzdev-attendee-name"),
        class_name="uzdev-attendee",
    )


def _note(n: Any) -> rx.Component:
    return rx.el.li(
        glyph("info", size=18),
        rx.el.div(
            _p(n.content, size="2", classes="uzdev-lh-16"),
            _p(t_var(n.date), size="1", classes="uzdev-c-muted"),
            class_name="uzdev-stack uzdev-gap-1 uzdev-min-w-0",
        ),
        class_name="uzdev-note",
    )


def _review(r: Any) -> rx.Component:
    return rx.el.li(
        _stack(
            rx.el.div(
                avatar("", r.initials, r.author, size="36px"),
                rx.el.div(
                    _p(r.author, size="2", classes="uzdev-w600"),
                    stars(r.rating),
                    class_name="uzdev-stack uzdev-gap-1",
                ),
                _p(t_var(r.date), size="1", classes="uzdev-c-muted"),
                class_name="uzdev-review-head",
            ),
            _p(r.content, size="2", classes="uzdev-lh-16"),
            gap="2",
        ),
        class_name="uzdev-review",
    )


def _list(*children: Any, classes: str = "", **props: Any) -> rx.Component:
    return rx.el.ul(*children, **with_class(props, "uzdev-bare-list", *([classes] if classes else [])))


def main_column() -> rx.Component:
    return rx.el.div(
        section(
            t("About this event"),
            rx.cond(
                S.details.description_is_default,
                _p(t("No description available"), classes="uzdev-c-muted"),
                _stack(rx.foreach(S.details.description, lambda p: _p(p, classes="uzdev-lh-17"))),
            ),
            id_="about",
        ),
        section(
            t("Speakers"),
            rx.cond(
                S.details.speakers.length() > 0,
                _stack(rx.foreach(S.details.speakers, _speaker), gap="2"),
                muted(t("Speakers will be announced soon.")),
            ),
            count=S.details.speakers.length(),
            id_="speakers",
        ),
        section(
            t("Keynote sessions"),
            rx.cond(
                S.details.sessions.length() > 0,
                rx.fragment(star_messages(), _list(rx.foreach(S.details.sessions, _session)),
                            stars_loader()),
                muted(t("The schedule will be announced soon.")),
            ),
            id_="sessions",
        ),
        rx.cond(
            S.details.notes.length() > 0,
            section(
                t("Notes"),
                _list(rx.foreach(S.details.notes, _note), classes="uzdev-notes"),
                id_="notes",
            ),
        ),
        section(
            t("Registrations"),
            _p(
                t(Np_("{n} person registered", "{n} people registered"),
                  n=S.details.attendee_count),
                size="2",
                classes="uzdev-c-muted",
                id="event-attendee-count",
            ),
            rx.cond(
                S.details.attendee_count > 0,
                _stack(
                    _list(rx.foreach(S.shown_attendees, _attendee), classes="uzdev-attendees",
                          aria_label=t("Attendees")),
                    rx.cond(
                        (S.hidden_attendees > 0) | S.show_all_attendees,
                        rx.button(
                            rx.cond(S.show_all_attendees, t("Show fewer"),
                                    t("Show all ({n} more)", n=S.hidden_attendees)),
                            on_click=S.toggle_attendees,
                            variant="ghost",
                            size="2",
                            class_name="uzdev-pointer",
                        ),
                    ),
                    gap="2",
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
        class_name="uzdev-stack uzdev-gap-4 uzdev-event-main",
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
    return _stack(
        back_link(),
        rx.el.div(
            event_image(card, classed=True),
            rx.el.div(status_badge(card.is_past), class_name="uzdev-event-picture-badge"),
            class_name="uzdev-event-picture",
        ),
        rx.heading(t_var(card.title), as_="h1", class_name="uzdev-event-title"),
        rx.el.div(aside(), main_column(), class_name="uzdev-event-grid"),
        gap="4",
    )


@page(routes.EVENT_DETAIL, title=N_("Event details"),
      on_load=PageData(S, read_event_detail, S._apply_load),
      examples=[{"event_type": "upcoming", "event_id": routes.Sample.UPCOMING_MEETUP},
                {"event_type": "past", "event_id": routes.Sample.PAST_MEETUP}])
def event_detail() -> rx.Component:
    return content_container(
        first_of(
            (S.loading, event_details_skeleton(back_link())),
            (S.not_found, _not_found()),
            (S.error.contains("en"), rx.vstack(back_link(), _failed(), spacing="4")),
            otherwise=_details(),
        )
    )
