"""Job alerts in the site (state/job_alerts.py): the /jobs "Save as an alert" box and
My Page's list of alerts."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.models import AlertFrequency
from community_app.state.auth import AuthState
from community_app.state.job_alerts import JobAlertsState as S
from community_app.ui.components.buttons import link_button
from community_app.ui.components.mypage_parts import CARD
from community_app.ui.components.select import native_select
from community_app.ui.i18n import t, t_var
from community_app.ui.styles import CARD_STYLE, COLORS

FREQUENCY_OPTIONS = list(AlertFrequency.labels().items())


def _notice(msg, color: str) -> rx.Component:
    return rx.cond(msg.contains("en"),
                   rx.callout(t_var(msg), color_scheme=color, size="1", role="status", width="100%"))


def save_alert_box() -> rx.Component:
    """Under the jobs board's filters: keep them as an alert (members), or sign in."""
    return rx.box(
        rx.flex(
            rx.hstack(rx.icon("bell", size=18, aria_hidden="true"),
                      rx.text(t("Hear first: get new jobs that fit these filters by email."),
                              size="2"),
                      align="center", spacing="2", flex="1", min_width="220px"),
            rx.cond(
                AuthState.show_signed_in,
                rx.hstack(
                    rx.el.label(t("How often"), html_for="alert-frequency", class_name="sr-only",
                                position="absolute", width="1px", height="1px", overflow="hidden"),
                    native_select("alert-frequency", FREQUENCY_OPTIONS, value=S.new_frequency,
                                  on_change=S.set_new_frequency),
                    rx.button(t("Save as an alert"), on_click=S.save_from_jobs, size="2",
                              min_height="44px", cursor="pointer"),
                    spacing="2", align="center",
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


def _alert(a) -> rx.Component:
    return rx.el.li(
        rx.vstack(
            rx.hstack(
                rx.text(a.name, weight="bold", flex="1"),
                rx.cond(a.active, rx.badge(t("On"), color_scheme="green"),
                        rx.badge(t("Off"), color_scheme="gray")),
                align="center", width="100%",
            ),
            rx.flex(
                rx.el.select(
                    *[rx.el.option(t(label), value=value) for value, label in FREQUENCY_OPTIONS],
                    value=a.frequency,
                    on_change=lambda v: S.change_frequency(a.id, v),
                    class_name="uzdev-select",
                    aria_label=t("How often"),
                ),
                rx.button(rx.cond(a.active, t("Switch off"), t("Switch on")),
                          on_click=S.switch(a.id, ~a.active), variant="outline", size="2",
                          min_height="44px", cursor="pointer"),
                rx.link(rx.icon("rss", size=16, aria_hidden="true"), t("Private feed"),
                        href=a.feed_url, is_external=True, display="inline-flex", gap="4px",
                        align_items="center", min_height="44px"),
                rx.button(rx.icon("trash-2", size=16), t("Delete"), on_click=S.delete(a.id),
                          color_scheme="red", variant="soft", size="2", min_height="44px",
                          cursor="pointer"),
                gap="8px", wrap="wrap", align="center",
            ),
            spacing="2",
        ),
        list_style="none",
        padding="12px 16px",
        **CARD_STYLE,
    )


def alerts_tab() -> rx.Component:
    return rx.vstack(
        rx.heading(t("Job alerts"), as_="h2", size="6"),
        rx.text(t("New jobs that fit your saved filters, by email, each once."),
                color=COLORS["muted"], size="2"),
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
        spacing="3",
        on_mount=S.load_alerts,
        **CARD,  # a white card, as My Page's other tabs
    )
