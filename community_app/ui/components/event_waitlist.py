"""The waitlist on the registration page of a full meetup: why to join (above the form,
whose button then says "Join the waitlist"), and the member's place once in line (the
position, or the seat held with its deadline), with leave and claim buttons."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.state.event_register import EventRegisterState as S
from community_app.ui.components.blocks import button_row, notice
from community_app.ui.components.buttons import action_button, link_button
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import BUTTON_HEIGHTS
from community_app.state.sent_writes import sent
from community_app.i18n import N_


def full_event_waitlist(register_href) -> rx.Component:
    """The event page of a full meetup: it says so, and leads to its waitlist (the
    register page's form)."""
    return rx.vstack(
        rx.button(t("This event is full"), disabled=True, size="3", width="100%",
                  height=BUTTON_HEIGHTS["lg"]),
        link_button(rx.icon("list-ordered", size=18, aria_hidden="true"), t("Join the waitlist"),
                    href=register_href, size="lg", width="100%", variant="outline"),
        spacing="2", width="100%",
    )


def waitlist_intro() -> rx.Component:
    return notice(
        "users",
        t("This event is full. Join the waitlist: when a seat frees up, it is offered "
          "to the first in line by email and on My Page."),
        "amber",
        role="status",
        width="100%",
    )


def _leave_button() -> rx.Component:
    return action_button(
        t("Leave the waitlist"), on_click=sent(S.leave_waitlist, what=N_("Leave the waitlist")), loading=S.busy, variant="outline",
        color_scheme="gray",
    )


def _offered() -> rx.Component:
    return rx.vstack(
        rx.callout.root(
            rx.callout.icon(rx.icon("ticket")),
            rx.callout.text(
                t("A seat is held for you until {deadline} (Korea time). Claim it before then.",
                  deadline=t_var(S.place.deadline)),
            ),
            color_scheme="green", role="status", width="100%",
        ),
        button_row(
            action_button(rx.icon("check", size=18), t("Claim the seat"), on_click=sent(S.claim_seat, what=N_("Claim the seat")),
                          loading=S.busy),
            _leave_button(),
        ),
        spacing="4", width="100%",
    )


def _waiting() -> rx.Component:
    return rx.vstack(
        rx.callout.root(
            rx.callout.icon(rx.icon("list-ordered")),
            rx.callout.text(
                rx.text.strong(t("You are on the waitlist: number {position} in line.",
                                 position=S.place.position.to(str))),
                " ",
                t_var(S.place.hold),
            ),
            color_scheme="blue", role="status", width="100%", id="waitlist-place",
        ),
        button_row(_leave_button(), link_button(t("Go to My Page"), href=routes.MYPAGE,
                                                variant="outline")),
        spacing="4", width="100%",
    )


def waitlist_place() -> rx.Component:
    return rx.cond(S.place.status == "OFFERED", _offered(), _waiting())
