"""/signup/confirm/<token>: the emailed sign-up link. On load it finishes the account,
signs the member in and goes to the home page; a used or expired link says so."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.confirm_sign_up import ConfirmSignUpState as S, read_confirmation
from community_app.state.page_load import PageData
from community_app.ui.components.buttons import link_button
from community_app.ui.components.forms import form_alert
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.pages.login import auth_card
from community_app.ui.styles import COLORS


@page(routes.CONFIRM_SIGN_UP, title=N_("Finish signing up"), on_load=PageData(S, read_confirmation, S._apply_load))
def confirm_sign_up() -> rx.Component:
    return auth_card(
        rx.heading(t("Finish signing up"), as_="h1", size="7"),
        rx.cond(
            S.outcome == "failed",
            rx.vstack(
                form_alert(S.failure, visible=S.failure.contains("en")),
                rx.hstack(
                    link_button(t("Log in"), href=routes.LOGIN),
                    link_button(t("Sign up"), href=f"{routes.LOGIN}?mode=signup", variant="outline"),
                    spacing="3",
                    wrap="wrap",
                ),
                spacing="3",
                width="100%",
            ),
            rx.text(t("Signing you in..."), color=COLORS["muted"], role="status"),
        ),
    )
