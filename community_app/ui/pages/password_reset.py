"""/password-reset (ask for a link by email) and /password-reset/<token> (the emailed
link: choose a new password)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.password_reset import ForgotPasswordState as F
from community_app.state.password_reset import ResetPasswordState as R
from community_app.state.password_reset import read_link
from community_app.state.page_load import PageData, address_only
from community_app.ui.components.buttons import link_button
from community_app.ui.components.forms import field, form_alert, stacked_form, submit_button
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.pages.login import auth_card
from community_app.ui.styles import COLORS


def _back_to_login() -> rx.Component:
    return rx.link(rx.hstack(rx.icon("arrow-left", size=16), t("Back to login"), align="center"),
                   href=routes.LOGIN, size="2", weight="medium")


def _card(title: str, form, body: rx.Component) -> rx.Component:
    """Both pages' card: the heading (the page's title), the form's notice and error, what
    the page shows, and the way back to the login."""
    return auth_card(
        rx.heading(t(title), as_="h1", size="7"),
        form_alert(form.notice, visible=form.notice.contains("en"), color="green"),
        form_alert(form.error, visible=form.error.contains("en")),
        body,
        _back_to_login(),
    )


@page(routes.FORGOT_PASSWORD, title=N_("Reset your password"), on_load=PageData(F, address_only, F._apply_load))
def forgot_password() -> rx.Component:
    return _card(
        "Reset your password", F,
        rx.cond(
            F.sent,
            rx.vstack(
                rx.text(t("No email? Check your spam folder. You can ask for a new link in a few minutes."),
                        color=COLORS["muted"]),
                rx.button(t("Send another link"), on_click=F.ask_again, variant="outline",
                          size="3", width="100%"),
                spacing="3",
                width="100%",
            ),
            stacked_form(
                rx.text(t("Enter the email of your account. We will email you a link to choose a new password."),
                        color=COLORS["muted"]),
                field(t("Email"), "email", type_="email", autocomplete="email", errors=F.errors,
                      default_value=F.email_value, required=True),
                submit_button(t("Send the link"), loading=F.busy),
                on_submit=F.submit,
            ),
        ),
    )


@page(routes.PASSWORD_RESET, title=N_("Choose a new password"), on_load=PageData(R, read_link, R._apply_load))
def reset_password() -> rx.Component:
    return _card(
        "Choose a new password", R,
        rx.match(
            R.link,
            ("checking", rx.text(t("Loading..."), color=COLORS["muted"])),
            ("live", stacked_form(
                field(t("New password"), "password", type_="password",
                      autocomplete="new-password", errors=R.errors,
                      hint=t("At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.")),
                field(t("Confirm password"), "confirmPassword", type_="password",
                      autocomplete="new-password", errors=R.errors),
                submit_button(t("Save the new password"), loading=R.busy),
                on_submit=R.submit,
            )),
            ("done", link_button(t("Log in"), href=routes.LOGIN, width="100%")),
            rx.vstack(
                rx.text(t("This password reset link has expired or was already used. Please ask for a new one."),
                        role="status"),
                link_button(t("Ask for a new link"), href=routes.FORGOT_PASSWORD, width="100%"),
                spacing="3",
                width="100%",
            ),
        ),
    )
