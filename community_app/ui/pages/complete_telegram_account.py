"""/completeAccount/telegram: finish a first sign-in with Telegram (email, username,
phone), as a Google sign-up completes."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.page_load import PageData, address_only
from community_app.state.telegram import TelegramState
from community_app.ui.components.forms import field
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.pages.complete_account import completion_form


@page(routes.COMPLETE_TELEGRAM_ACCOUNT, title=N_("Complete your account"),
      on_load=PageData(TelegramState, address_only, TelegramState._apply_load))
def complete_telegram_account() -> rx.Component:
    return completion_form(
        TelegramState,
        t("Telegram does not share your email: add it, choose a username and add your "
          "phone number."),
        field(t("Email"), "email", type_="email", autocomplete="email",
              errors=TelegramState.errors, required=True),
    )
