"""Job alerts in the site (state/job_alerts.py): the /jobs "Save as an alert" box and
My Page's list of alerts."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.models import AlertFrequency
from community_app.state.auth import AuthState
from community_app.state.job_alerts import ALERTS_HEADING_ID, DELETE_OPENER
from community_app.state.job_alerts import JobAlertsState as S
from community_app.ui.components.buttons import link_button
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.components.select import native_select
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import CARD_STYLE, COLORS
from community_app.state.sent_writes import sent

FREQUENCY_OPTIONS = list(AlertFrequency.labels().items())
# A frequency select shows its whole choice ("Har hafta") on a 390 px phone: it keeps its
# width instead of giving way to the button beside it (issue 42: "Har k...").
SELECT_FITS = {"width": "auto", "min_width": "9.5em", "flex_shrink": "0"}
WHEN_DIGESTS_COME = N_(
    "Digests come at 09:00 Korea time: a daily alert every morning, a weekly one on Mondays. "
    "When nothing new fits, nothing is sent."
)


def _notice(msg, color: str) -> rx.Component:
    return rx.cond(msg.contains("en"),
                   rx.callout(t_var(msg), color_scheme=color, size="1", role="status", width="100%"))


def save_alert_box() -> rx.Component:
    """Under the jobs board's filters: keep them as an alert (members), or sign in."""
    return rx.box(
        rx.flex(
            rx.vstack(
                rx.hstack(rx.icon("bell", size=18, aria_hidden="true"),
                          rx.text(t("Hear first: get new jobs that fit these filters by email."),
                                  size="2"),
                          align="center", spacing="2"),
                rx.text(t(WHEN_DIGESTS_COME), size="1", color=COLORS["muted"]),
                spacing="1", flex="1", min_width="220px",
            ),
            rx.cond(
                AuthState.show_signed_in,
                rx.flex(
                    rx.el.label(t("How often"), html_for="alert-frequency", class_name="sr-only",
                                position="absolute", width="1px", height="1px", overflow="hidden"),
                    native_select("alert-frequency", FREQUENCY_OPTIONS, value=S.new_frequency,
                                  on_change=S.set_new_frequency, **SELECT_FITS),
                    rx.button(t("Save as an alert"), on_click=sent(S.save_from_jobs, what=N_("Save as an alert")), size="2",
                              min_height="44px", cursor="pointer"),
                    gap="8px", align="center", wrap="wrap",
                ),
                link_button(t("Log in to save an alert"), href=routes.LOGIN + "?from=/jobs",
                            variant="outline"),
            ),
            gap="12px", align="center", wrap="wrap", width="100%",
        ),
        _notice(S.alert_notice, "green"),
        _notice(S.alert_error, "red"),
        padding="12px 16px",
        **CARD_STYLE,
        width="100%",
        display="flex", flex_direction="column", gap="8px",
    )


def _preview_job(job) -> rx.Component:
    return rx.el.li(rx.link(job.title, href=job.href), " · ", job.company)


def _preview(a) -> rx.Component:
    """What the next digest would carry now: a native disclosure (keyboard and screen
    readers as the platform does them, nothing to hydrate)."""
    return rx.el.details(
        # A list item (the platform's disclosure triangle), tall enough for a finger.
        rx.el.summary(t("Preview the next digest"), " (", a.preview_total.to(str), ")",
                      cursor="pointer", padding_y="12px", width="fit-content"),
        rx.cond(
            a.preview_total > 0,
            rx.vstack(
                rx.el.ul(rx.foreach(a.preview, _preview_job), class_name="uzdev-digest-preview",
                         margin="0", padding_left="1.25em", list_style_type="disc"),
                rx.cond(a.preview_more.contains("en"),
                        rx.text(t_var(a.preview_more), size="2", color=COLORS["muted"])),
                spacing="1",
            ),
            rx.text(t("Nothing new fits yet: the next digest is sent only when a new job fits."),
                    size="2", color=COLORS["muted"]),
        ),
        font_size="14px",
    )


def _alert(a) -> rx.Component:
    return rx.el.li(
        rx.vstack(
            rx.hstack(
                rx.text(t_var(a.name), weight="bold", flex="1"),
                rx.cond(a.active, rx.badge(t("Switched on"), color_scheme="green"),
                        rx.badge(t("Paused"), color_scheme="gray")),
                align="center", width="100%",
            ),
            rx.text(t_var(a.next_digest), size="2", color=COLORS["muted"]),
            rx.flex(
                rx.el.select(
                    *[rx.el.option(t(label), value=value) for value, label in FREQUENCY_OPTIONS],
                    value=a.frequency,
                    on_change=lambda v: sent(S.change_frequency(a.id, v), what=N_("How often")),
                    class_name="uzdev-select",
                    aria_label=t("How often"),
                    **SELECT_FITS,
                ),
                # Pausing keeps the alert (switch it on again here); deleting removes it,
                # after "are you sure?": two different words, looks and icons (issue 42).
                rx.button(rx.cond(a.active, rx.icon("pause", size=16), rx.icon("play", size=16)),
                          rx.cond(a.active, t("Pause"), t("Switch on")),
                          on_click=sent(S.switch(a.id, ~a.active), what=N_("Pause or switch on an alert")), variant="outline", size="2",
                          min_height="44px", cursor="pointer"),
                rx.link(rx.icon("rss", size=16, aria_hidden="true"), t("Private feed"),
                        href=a.feed_url, is_external=True, display="inline-flex", gap="4px",
                        align_items="center", min_height="44px"),
                rx.button(rx.icon("trash-2", size=16), t("Delete alert"), on_click=S.ask_delete(a.id),
                          color_scheme="red", variant="solid", size="2", min_height="44px",
                          cursor="pointer", id=DELETE_OPENER + "-" + a.id.to(str)),
                gap="8px", wrap="wrap", align="center",
            ),
            _preview(a),
            spacing="2",
        ),
        list_style="none",
        padding="12px 16px",
        **CARD_STYLE,
    )


def _delete_dialog() -> rx.Component:
    return confirm_dialog(
        t("Delete this alert?"),
        t("“{name}” stops and is removed from your alerts. To only stop its emails for a while, "
          "pause it instead.", name=t_var(S.delete_name)),
        confirm_label=t("Yes, delete it"), cancel_label=t("Keep it"),
        on_confirm=sent(S.confirm_delete, what=N_("Delete alert")), on_cancel=S.keep_alert, open_=S.delete_id > 0,
    )


def alerts_tab() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Job alerts"), as_="h2", size="6", id=ALERTS_HEADING_ID, tab_index=-1,
                   outline="none"),
        rx.text(t("New jobs that fit your saved filters, by email, each once."),
                color=COLORS["muted"], size="2"),
        rx.text(t(WHEN_DIGESTS_COME), color=COLORS["muted"], size="2"),
        _notice(S.alert_notice, "green"),
        _notice(S.alert_error, "red"),
        rx.cond(
            S.alerts.length() > 0,
            rx.el.ul(rx.foreach(S.alerts, _alert), padding="0", margin="0", width="100%",
                     display="flex", flex_direction="column", gap="12px"),
            rx.cond(S.alerts_loaded,
                    rx.text(t("No alerts yet. Choose filters on the jobs board and save them as an alert."),
                            size="2")),
        ),
        link_button(t("Jobs"), href=routes.JOBS, variant="outline"),
        _delete_dialog(),
        spacing="3",
        on_mount=S.load_alerts,
        **CARD,  # a white card, as My Page's other tabs
    )
