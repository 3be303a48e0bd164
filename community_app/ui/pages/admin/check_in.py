"""/admin/meetups/<id>/check-in: the door. Scan a ticket with the phone's camera (any
current browser: assets/check_in_scanner.js, loaded on this page only), type its short
code, or find a member by name; the answer is shown large. Offline the page goes on by
itself (assets/check_in_door.js: the held list, the check-ins waiting to sync, the service
worker and manifest of this page alone)."""

from __future__ import annotations

import json

import reflex as rx

from community_app.core import routes
from community_app.i18n import LANGUAGES, N_, gettext
from community_app.services.meetups import tickets
from community_app.state.admin_check_in import AdminCheckInState as S, read_check_in
from community_app.ui.components.admin_common import (
    card, screen, search_box, section_header, small_button, when_any,
)
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.blocks import list_row
from community_app.ui.components.icons import glyph
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import COLORS


def _result() -> rx.Component:
    r = S.result
    return rx.cond(
        r.outcome != "",
        rx.box(
            rx.vstack(
                rx.hstack(
                    # Two fixed icons: an icon named by a Var loads lucide's map of every icon.
                    rx.cond(r.accepted, glyph("circle-check", size=40), glyph("circle-x", size=40)),
                    rx.text(t_var(r.text), size="6", weight="bold"),
                    align="center", spacing="3",
                ),
                rx.cond(r.name != "", rx.text(r.name, size="8", weight="bold",
                                              id="check-in-name")),
                rx.cond(r.status.contains("en"),
                        rx.badge(t_var(r.status), size="3", variant="soft")),
                rx.cond(r.first_scan.contains("en"),
                        rx.text(t("First scanned: {when}", when=t_var(r.first_scan)), size="4")),
                rx.cond(r.other_title != "",
                        rx.text(t("Ticket for: {title}", title=r.other_title), size="4")),
                # Issue 45: accessibility needs first (services/meetups/door_answers.py).
                rx.foreach(r.needs, lambda n: rx.callout(t_var(n), icon="accessibility",
                                                         color_scheme="blue", size="2",
                                                         class_name="door-need")),
                spacing="2",
            ),
            id="check-in-result", role="status", aria_live="polite", width="100%",
            padding=["14px", "16px", "20px"], border_radius="16px",
            background_color=rx.cond(r.accepted, "#dcfce7", "#fee2e2"),
            border=rx.cond(r.accepted, "2px solid #16a34a", "2px solid #dc2626"),
        ),
    )


def _scanner() -> rx.Component:
    return card(
        rx.vstack(
            rx.form(
                rx.flex(
                    rx.input(name="code", id="check-in-code", placeholder=t("Ticket code, e.g. 12-ABCDEF"),
                             aria_label=t("Ticket code"), size="3", flex="1", auto_complete="off",
                             auto_focus=True),
                    rx.button(t("Check in"), type="submit", size="3", loading=S.busy),
                    # The phone's name (assets/check_in_door.js sets it as the form goes).
                    rx.el.input(type="hidden", name="device"),
                    gap="8px", width="100%", flex_direction=["column", "row"],
                ),
                on_submit=S.scan, reset_on_submit=True, key=S.form_key, width="100%",
            ),
            rx.hstack(
                rx.button(rx.icon("camera", size=18), t("Scan with the camera"), variant="soft",
                          size="3", type="button", custom_attrs={"data-check-in-camera": ""}),
                wrap="wrap",
            ),
            rx.text(t("This browser cannot read QR codes with the camera: type the code under "
                      "the QR code instead."), id="check-in-camera-unavailable", hidden=True,
                    color=COLORS["muted"], size="2"),
            rx.text(t("The camera is not allowed for this site. Allow it in the browser's site "
                      "settings, or type the code under the QR code."),
                    id="check-in-camera-refused", hidden=True, role="alert", size="2"),
            rx.text(t("No camera could be opened: type the code under the QR code instead."),
                    id="check-in-camera-missing", hidden=True, role="alert", size="2"),
            rx.box(
                rx.el.video(id="check-in-video", muted=True, plays_inline=True, width="100%",
                            style={"max_height": "50vh", "border_radius": "12px",
                                   "background": "#000"}),
                rx.hstack(
                    small_button(t("Stop the camera"), type="button", variant="soft",
                                 custom_attrs={"data-check-in-camera-stop": ""}),
                    rx.box(small_button(t("Switch camera"), type="button", variant="soft",
                                        custom_attrs={"data-check-in-camera-switch": ""}),
                           id="check-in-camera-switch", hidden=True),
                    rx.box(small_button(t("Light"), type="button", variant="soft",
                                        custom_attrs={"data-check-in-torch": "",
                                                      "aria-pressed": "false"}),
                           id="check-in-torch", hidden=True),
                    wrap="wrap", spacing="2",
                ),
                id="check-in-camera-box", hidden=True, width="100%",
            ),
            spacing="3", width="100%",
        ),
    )


# The door kept on the phone (assets/check_in_offline.html, opened by the page's service
# worker when the network fails) shows these texts: "<element id>|<attribute>" or "|text".
KEPT_PAGE_TEXTS = {
    "door-title|text": N_("Check-in"),
    "door-offline-note|text": N_("No network: this is the door kept on this phone. It answers "
                                 "from the list of tickets it holds and sends the check-ins "
                                 "when the network is back."),
    "door-back-online|text": N_("The network is back: open the full check-in page"),
    "door-status|data-offline": N_("Offline, {n} waiting to sync"),
    "door-status|data-online-waiting": N_("Online, {n} waiting to sync"),
    "door-status|data-online-held": N_("{n} tickets held on this phone for check-in without a "
                                       "network"),
    "door-status|data-no-list": N_("Offline, and this phone holds no list of tickets yet: "
                                   "connect once on this page to take it."),
    "door-device|data-label": N_("This phone: {device}"),
    "door-result|data-checked-in": tickets.OUTCOME_TEXTS[tickets.CHECKED_IN],
    "door-result|data-already": tickets.OUTCOME_TEXTS[tickets.ALREADY],
    "door-result|data-unknown": tickets.OUTCOME_TEXTS[tickets.UNKNOWN],
    "door-result|data-no-list": N_("This phone holds no list of tickets for this event yet."),
    "door-result|data-first": N_("First scanned: {when}"),
    "door-result|data-member": N_("Member"),
    "check-in-code|placeholder": N_("Ticket code, e.g. 12-ABCDEF"),
    "check-in-code|aria-label": N_("Ticket code"),
    "door-submit|text": N_("Check in"),
    "door-camera|text": N_("Scan with the camera"),
    "check-in-camera-unavailable|text": N_("This browser cannot read QR codes with the camera: "
                                           "type the code under the QR code instead."),
    "check-in-camera-refused|text": N_("The camera is not allowed for this site. Allow it in the "
                                       "browser's site settings, or type the code under the QR "
                                       "code."),
    "check-in-camera-missing|text": N_("No camera could be opened: type the code under the QR "
                                       "code instead."),
    "door-camera-stop|text": N_("Stop the camera"),
    "door-camera-switch|text": N_("Switch camera"),
    "door-torch|text": N_("Light"),
}


def _kept_page_texts() -> rx.Component:
    """The texts of the door kept on the phone, in both languages (assets/check_in_door.js
    keeps them on the phone)."""
    texts = {lang: {key: gettext(msgid, lang) for key, msgid in KEPT_PAGE_TEXTS.items()}
             for lang in LANGUAGES}
    return rx.el.div(id="door-texts", hidden=True,
                     custom_attrs={"data-texts": json.dumps(texts, ensure_ascii=False)})


def _door_status() -> rx.Component:
    """Filled by assets/check_in_door.js with these texts ({n}, {device} replaced)."""
    return rx.vstack(
        rx.text("", id="door-status", role="status", hidden=True, weight="bold", custom_attrs={
            "data-offline": t("Offline, {n} waiting to sync"),
            "data-online-waiting": t("Online, {n} waiting to sync"),
            "data-online-held": t("{n} tickets held on this phone for check-in without a network"),
            "data-no-list": t("Offline, and this phone holds no list of tickets yet: connect "
                              "once on this page to take it."),
        }),
        rx.text("", id="door-device", size="1", color=COLORS["muted"],
                custom_attrs={"data-label": t("This phone: {device}")}),
        rx.box(id="door-result", hidden=True, width="100%", class_name="uzdev-door-result",
               custom_attrs={
                   "data-checked-in": t(tickets.OUTCOME_TEXTS[tickets.CHECKED_IN]),
                   "data-already": t(tickets.OUTCOME_TEXTS[tickets.ALREADY]),
                   "data-unknown": t(tickets.OUTCOME_TEXTS[tickets.UNKNOWN]),
                   "data-no-list": t("This phone holds no list of tickets for this event yet."),
                   "data-first": t("First scanned: {when}"),
                   "data-member": t("Member"),
                   "aria-live": "polite", "role": "status",
               }),
        # Pressed by assets/check_in_door.js every few seconds while online.
        rx.el.button(on_click=S.refresh, hidden=True, type="button", tab_index=-1,
                     aria_hidden="true", custom_attrs={"data-door-refresh": ""}),
        _kept_page_texts(),
        spacing="1", width="100%",
    )


def _duplicates() -> rx.Component:
    return rx.cond(
        S.duplicates.length() > 0,
        card(rx.vstack(
            rx.heading(t("Admitted by two phones"), as_="h3", size="4"),
            rx.text(t("The same ticket was checked in at two doors while offline: each phone "
                      "and its time."), size="2", color=COLORS["muted"]),
            rx.el.ul(rx.foreach(S.duplicates, lambda d: rx.el.li(
                rx.text(d.name, weight="bold"),
                rx.foreach(d.times, lambda e: rx.text(t_var(e), size="2")),
            )), id="door-duplicates", class_name="uzdev-stack uzdev-gap-2"),
            spacing="2", width="100%",
        )),
    )


def _match(m) -> rx.Component:
    return list_row(
        # The address breaks anywhere: one word, it was cut at a phone's edge (issue 42).
        rx.vstack(rx.text(m.name, weight="bold"), rx.text(m.email, color=COLORS["muted"], size="2",
                                                          overflow_wrap="anywhere"),
                  rx.foreach(m.needs, lambda n: rx.text(t_var(n), size="2", color="#1d4ed8",
                                                        class_name="door-need")),
                  spacing="0", min_width="0"),
        rx.cond(
            m.checked_in,
            rx.badge(t("Checked in"), color_scheme="green", variant="soft"),
            small_button(t("Check in"), on_click=S.check_in_match(m.registration_id),
                         variant="solid", aria_label=t("Check in") + " " + m.name),
        ),
        padding_y="8px",
    )


def _search() -> rx.Component:
    return card(
        rx.vstack(
            rx.heading(t("No phone? Find the member by name"), as_="h3", size="4"),
            search_box(S.query, S.set_query, t("Name, username or email"), max_width="100%",
                       aria_label=t("Find a member")),
            rx.cond(S.query.length() > 1,
                    when_any(S.matches, rx.vstack(rx.foreach(S.matches, _match), spacing="0",
                                                  width="100%"),
                             t("Nobody registered matches."))),
            spacing="3", width="100%",
        ),
    )


def _numbers() -> rx.Component:
    n = S.numbers
    return rx.hstack(
        *[rx.vstack(rx.text(value, size="6", weight="bold"), rx.text(label, size="2",
                                                                      color=COLORS["muted"]),
                    spacing="0")
          for value, label in ((n.registered.to(str), t("Registered")),
                               (n.attended.to(str), t("Attended")),
                               (n.no_show_rate, t("No-show rate")))],
        spacing="6", id="check-in-numbers",
    )


@admin_page(routes.ADMIN_CHECK_IN, area="meetups", title=N_("Check-in"),
            state=S, read=read_check_in, show=S._show)
def admin_check_in() -> rx.Component:
    return screen(
        rx.script(src="/check_in_scanner.js"),
        rx.script(src="/check_in_door.js"),
        section_header(
            t("Check-in"),
            rx.link(t("Back to the meetup"), href=routes.ADMIN_MEETUPS + "/" + S.meetup_id.to(str)
                    + "?view=registrations"),
            subtitle=S.title,
        ),
        _numbers(),
        _door_status(),
        _result(),
        _scanner(),
        _duplicates(),
        _search(),
    )
