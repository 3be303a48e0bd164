"""My Page, the events section's cards (state/mypage_meetups.py): the waitlist with its
offers, the tickets with their QR codes, the private calendar feed and the meetups
attended."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.mypage_meetups import MyMeetupsState as S
from community_app.ui.components.blocks import list_row
from community_app.ui.components.forms import form_alert
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS
from community_app.state.sent_writes import sent


def _muted(*children, **props) -> rx.Component:
    return rx.text(*children, color=COLORS["muted"], size="2", **props)


def _wait_row(row) -> rx.Component:
    offered = row.status == "OFFERED"
    return list_row(
        rx.vstack(
            rx.link(row.title, href=row.href, font_weight="600"),
            _muted(t_var(row.date)),
            rx.cond(
                offered,
                rx.text(t("A seat is held for you until {deadline} (Korea time).",
                          deadline=t_var(row.deadline)), size="2", color="#15803d",
                        weight="medium"),
                rx.text(t("Number {position} in line", position=row.position.to(str)), size="2",
                        weight="medium"),
            ),
            spacing="1", min_width="0",
        ),
        rx.hstack(
            rx.cond(
                offered,
                rx.hstack(
                    rx.button(t("Claim the seat"), on_click=sent(S.claim(row.meetup_id), what=N_("Claim the seat")),
                              loading=S.working, size="2"),
                    rx.button(t("Decline"), on_click=sent(S.decline(row.meetup_id), what=N_("Decline")), variant="soft",
                              color_scheme="gray", size="2"),
                ),
                rx.button(t("Leave the waitlist"), on_click=sent(S.leave(row.meetup_id), what=N_("Leave the waitlist")),
                          variant="soft", color_scheme="gray", size="2"),
            ),
            wrap="wrap",
        ),
        stack_on_phones=True,
    )


def _list_card(items, row, heading: str, id_: str) -> rx.Component:
    """A card with a heading over its rows, shown only when there are some."""
    return rx.cond(
        items.length() > 0,
        rx.vstack(
            rx.heading(t(heading), as_="h2", size="5"),
            rx.vstack(rx.foreach(items, row), spacing="0", width="100%"),
            spacing="2", id=id_, **CARD,
        ),
    )


def _ticket(row) -> rx.Component:
    return rx.flex(
        rx.vstack(
            rx.image(src=row.qr, alt=t("QR code of your ticket"), width="168px", height="168px",
                     style={"image_rendering": "pixelated"}),
            rx.text(row.code, font_family="ui-monospace, monospace", size="4", weight="bold",
                    letter_spacing="0.08em", class_name="uzdev-ticket-code"),
            align="center", spacing="1",
        ),
        rx.vstack(
            rx.text(row.title, weight="bold", size="4"),
            _muted(t_var(row.date), " · ", t_var(row.time)),
            _muted(row.location),
            _muted(t("Show this code at the door.")),
            rx.link(rx.hstack(rx.icon("calendar-plus", size=16), t("Add to calendar"),
                              align="center", spacing="1"),
                    href=row.ics, size="2", download=True,
                    reload_document=True),  # fetched by the browser, not the router (404 page)
            spacing="1", min_width="0",
        ),
        gap="16px", flex_direction=["column", "row"], align_items=["center", "flex-start"],
        padding_y="12px", border_bottom=f"1px solid {COLORS['border']}", width="100%",
    )


def calendar_card() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Calendar feed"), as_="h2", size="5"),
        _muted(t("Subscribe to this private address in your calendar app: your registered "
                 "events appear there by themselves. Keep it to yourself; a new address "
                 "stops the old one.")),
        rx.input(value=S.feed_url, read_only=True, width="100%", size="2",
                 aria_label=t("Calendar feed"), id="mypage-feed-url",
                 on_focus=rx.call_script("document.getElementById('mypage-feed-url').select()")),
        rx.button(rx.icon("refresh-cw", size=16), t("New address"), on_click=sent(S.renew_feed, what=N_("New address")),
                  variant="soft", color_scheme="gray", size="2", loading=S.working),
        spacing="2", **CARD,
    )


def attended_card() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Meetups attended"), as_="h2", size="5"),
        rx.text(rx.text.strong(S.attended.length().to(str), id="mypage-attended-count"), " ",
                t("meetups attended (checked in at the door)"), size="2"),
        rx.foreach(S.attended, lambda a: _muted(a.title, " · ", t_var(a.date))),
        spacing="2", **CARD,
    )


def my_meetups_cards() -> rx.Component:
    return rx.vstack(
        form_alert(S.notice, visible=S.notice.contains("en"), color="green"),
        form_alert(S.error, visible=S.error.contains("en")),
        _list_card(S.waitlist, _wait_row, N_("My waitlist"), "mypage-waitlist"),
        _list_card(S.tickets, _ticket, N_("My tickets"), "mypage-tickets"),
        calendar_card(),
        attended_card(),
        spacing="4", width="100%", on_mount=S.load,
    )
