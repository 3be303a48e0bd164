"""/completeAccount/telegram: finish a first sign-in with Telegram (email, username,
phone), as a Google sign-up completes."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.telegram import TelegramState
from community_app.ui.components.buttons import link_button
from community_app.ui.components.forms import field, form_alert, stacked_form, submit_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.pages.login import auth_card, consent_boxes
from community_app.ui.styles import COLORS


@page(routes.COMPLETE_TELEGRAM_ACCOUNT, title=N_("Complete your account"),
      on_load=[TelegramState.open_complete_account])
def complete_telegram_account() -> rx.Component:
    return auth_card(
        rx.heading(t("Complete your account"), as_="h1", size="7"),
        rx.text(t("Telegram does not share your email: add it, choose a username and add your "
                  "phone number."), color=COLORS["muted"]),
        form_alert(TelegramState.error, visible=TelegramState.error.contains("en")),
        rx.cond(
            TelegramState.has_payload,
            stacked_form(
                field(t("Email"), "email", type_="email", autocomplete="email",
                      errors=TelegramState.errors, required=True),
                field(t("Username"), "username", autocomplete="username",
                      errors=TelegramState.errors, hint=t("Letters only.")),
                field(t("Phone"), "phone", type_="tel", autocomplete="tel",
                      placeholder="01012345678", input_mode="numeric", errors=TelegramState.errors),
                consent_boxes(TelegramState.errors),
                submit_button(t("Complete registration"), loading=TelegramState.busy),
                on_submit=TelegramState.complete_account,
            ),
            link_button(t("Back to login"), href=routes.LOGIN, width="100%"),
        ),
    )
