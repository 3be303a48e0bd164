"""/completeAccount: finish a Google sign-up with a username (letters only) and phone."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.google import GoogleState
from community_app.core import routes
from community_app.ui.components.buttons import link_button
from community_app.ui.components.forms import field, form_alert, stacked_form, submit_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.pages.login import auth_card, consent_boxes
from community_app.ui.styles import COLORS


@page(routes.COMPLETE_ACCOUNT, title=N_("Complete your account"), on_load=[GoogleState.open_complete_account])
def complete_account() -> rx.Component:
    return auth_card(
        rx.heading(t("Complete your account"), as_="h1", size="7"),
        rx.text(t("Choose a username and add your phone number."), color=COLORS["muted"]),
        form_alert(GoogleState.error, visible=GoogleState.error.contains("en")),
        rx.cond(
            GoogleState.has_credential,
            stacked_form(
                field(t("Username"), "username", autocomplete="username",
                      errors=GoogleState.errors, hint=t("Letters only.")),
                field(t("Phone"), "phone", type_="tel", autocomplete="tel",
                      placeholder="01012345678", input_mode="numeric", errors=GoogleState.errors),
                consent_boxes(GoogleState.errors),
                submit_button(t("Complete registration"), loading=GoogleState.busy),
                on_submit=GoogleState.complete_account,
            ),
            link_button(t("Back to login"), href=routes.LOGIN, width="100%"),
        ),
    )
