"""Logout with confirmation (SPEC section 2)."""

from __future__ import annotations

import reflex as rx

from community_app.state.auth import AuthState
from community_app.ui.i18n import t


def logout_dialog(trigger: rx.Component) -> rx.Component:
    return rx.alert_dialog.root(
        rx.alert_dialog.trigger(trigger),
        rx.alert_dialog.content(
            rx.alert_dialog.title(t("Confirm Logout")),
            rx.alert_dialog.description(t("Are you sure you want to log out?")),
            rx.flex(
                rx.alert_dialog.cancel(
                    rx.button(t("Cancel"), variant="soft", color_scheme="gray", size="3"),
                ),
                rx.alert_dialog.action(
                    rx.button(t("Yes, log out"), color_scheme="red", size="3", on_click=AuthState.logout),
                ),
                spacing="3",
                justify="end",
                margin_top="16px",
                wrap="wrap",
            ),
            max_width="400px",
        ),
    )
