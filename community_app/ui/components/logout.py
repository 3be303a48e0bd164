"""Logout with confirmation (SPEC section 2)."""

from __future__ import annotations

import reflex as rx

from community_app.state.auth import AuthState
from community_app.ui.components.dialogs import confirm_dialog
from community_app.ui.i18n import t


def logout_dialog(trigger: rx.Component) -> rx.Component:
    return confirm_dialog(
        t("Confirm Logout"), t("Are you sure you want to log out?"),
        confirm_label=t("Yes, log out"), cancel_label=t("Cancel"),
        on_confirm=AuthState.logout,
        trigger=trigger,
    )
