"""/login: log in (email, password, then the emailed code) or sign up. Header only."""

from __future__ import annotations

import reflex as rx

from community_app.models import ConsentKind
from community_app.core.settings import get_settings
from community_app.state.google import GoogleState
from community_app.state.page_load import PageData, address_only
from community_app.state.login import LoginState
from community_app.state.telegram import TelegramState
from community_app.core import routes
from community_app.ui.components.blocks import notice, white_card
from community_app.ui.components.buttons import text_button
from community_app.ui.components.forms import (
    error_text, field, form_alert, stacked_form, submit_button,
)
from community_app.ui.components.google import google_button
from community_app.ui.components.telegram import telegram_button
from community_app.services.validation import PHONE_HINT
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.styles import COLORS


def auth_card(*children: rx.Component) -> rx.Component:
    return rx.center(
        white_card(
            *children,
            layout=rx.vstack,
            spacing="4",
            max_width="440px",
            padding=["20px", "28px", "32px"],
            box_shadow="0 10px 30px rgba(15,23,42,0.06)",
        ),
        width="100%",
        padding_x="16px",
        padding_y=["24px", "40px", "56px"],
    )


def _link_button(*children, on_click, **props) -> rx.Component:
    return text_button(*children, on_click=on_click, min_height="36px", **props)


def _switch_mode(question, label, on_click) -> rx.Component:
    """'Don't have an account? Sign up' and its reverse."""
    return rx.hstack(
        rx.text(question, size="2", color=COLORS["muted"]),
        _link_button(label, on_click=on_click),
        align="center",
        justify="center",
        width="100%",
        wrap="wrap",
    )


def _messages() -> rx.Component:
    return rx.fragment(
        form_alert(LoginState.notice, visible=LoginState.notice.contains("en"), color="green"),
        form_alert(LoginState.error, visible=LoginState.error.contains("en")),
        form_alert(GoogleState.error, visible=GoogleState.error.contains("en")),
    )


def _step(*children: rx.Component) -> rx.Component:
    """One step of logging in or signing up, under the card's heading and messages."""
    return rx.vstack(*children, spacing="4", width="100%")


def _credentials() -> rx.Component:
    return _step(
        stacked_form(
            field(t("Email"), "email", type_="email", autocomplete="email",
                  default_value=LoginState.login_email, required=True),
            field(t("Password"), "password", type_="password",
                  autocomplete="current-password", required=True),
            rx.hstack(
                rx.spacer(),
                rx.link(t("Forgot password?"), href=routes.FORGOT_PASSWORD, size="2",
                        weight="medium", min_height="36px", display="inline-flex",
                        align_items="center"),
                width="100%",
            ),
            submit_button(t("Login"), loading=LoginState.busy),
            on_submit=LoginState.submit_credentials,
        ),
        google_button(mode="signin"),
        telegram_button(TelegramState.sign_in),
        _switch_mode(t("Don't have an account?"), t("Sign up"), LoginState.show_signup),
    )


def _otp() -> rx.Component:
    return _step(
        rx.text(
            t("We sent a {digits}-digit code to {email}. Enter it below; it is valid for 10 minutes.",
              email=LoginState.login_email, digits=get_settings().login_code_digits),
            color=COLORS["muted"],
        ),
        stacked_form(
            field(
                t("Verification code"),
                "otp",
                autocomplete="one-time-code",
                input_mode="numeric",
                pattern="[0-9]*",
                max_length=get_settings().login_code_digits,
                required=True,
                auto_focus=True,
            ),
            submit_button(t("Verify"), loading=LoginState.busy),
            on_submit=LoginState.submit_code, reset_on_submit=True,
        ),
        rx.hstack(
            _link_button(rx.icon("arrow-left", size=16), t("Back to login"), on_click=LoginState.back_to_login),
            rx.spacer(),
            _link_button(t("Resend code"), on_click=LoginState.resend_code),
            width="100%",
            wrap="wrap",
        ),
    )


def _signup_contact() -> rx.Component:
    return _step(
        stacked_form(
            # The name other members see on comments, posts and attendee lists.
            rx.grid(
                field(t("First name"), "firstName", autocomplete="given-name",
                      errors=LoginState.errors, default_value=LoginState.signup_first_name),
                field(t("Last name"), "lastName", autocomplete="family-name",
                      errors=LoginState.errors, default_value=LoginState.signup_last_name),
                columns=rx.breakpoints(initial="1", xs="2"),
                gap="12px",
                width="100%",
            ),
            field(t("Email"), "email", type_="email", autocomplete="email",
                  errors=LoginState.errors, default_value=LoginState.signup_email),
            # A Korean mobile, or a number from abroad (issue 42): "+" needs the phone
            # keypad (inputmode tel), not the digits-only one.
            field(t("Phone"), "phone", type_="tel", autocomplete="tel",
                  placeholder="01012345678", input_mode="tel", hint=t(PHONE_HINT),
                  errors=LoginState.errors, default_value=LoginState.signup_phone),
            submit_button(t("Continue")),
            on_submit=LoginState.submit_contact,
        ),
        google_button(mode="signup"),
        telegram_button(TelegramState.sign_in),
        _switch_mode(t("Already have an account?"), t("Login"), LoginState.show_login),
    )


def _signup_password() -> rx.Component:
    return _step(
        rx.text(LoginState.signup_email, " · ", LoginState.signup_phone, color=COLORS["muted"], size="2"),
        stacked_form(
            field(t("Password"), "password", type_="password", autocomplete="new-password",
                  errors=LoginState.errors,
                  hint=t("At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.")),
            field(t("Confirm password"), "confirmPassword", type_="password",
                  autocomplete="new-password", errors=LoginState.errors),
            consent_boxes(LoginState.errors),
            submit_button(t("Sign up"), loading=LoginState.busy),
            on_submit=LoginState.submit_signup,
        ),
        _link_button(rx.icon("arrow-left", size=16), t("Back"), on_click=LoginState.back_to_contact),
    )


def consent_boxes(errors) -> rx.Component:
    """The Terms and Privacy agreement (required) and the optional news emails."""
    return rx.vstack(
        rx.checkbox(
            t("I agree to the Terms of Service and the Privacy Policy."),
            name="consent",
            id="field-consent",
            size="2",
            aria_invalid=rx.cond(errors.contains("consent"), "true", "false"),
            aria_describedby="field-consent-error",
        ),
        rx.hstack(
            rx.link(t(ConsentKind.TERMS.label), href=routes.TERMS, size="2", is_external=True),
            rx.link(t(ConsentKind.PRIVACY.label), href=routes.PRIVACY, size="2", is_external=True),
            spacing="4",
            wrap="wrap",
        ),
        error_text(errors, "consent", id_="field-consent-error"),
        rx.checkbox(
            t("Email me about new meetups, news and jobs (optional; you can stop it on My Page)."),
            name="newsEmails",
            id="field-newsEmails",
            size="2",
        ),
        spacing="2",
        width="100%",
    )


def _signup_sent() -> rx.Component:
    """The end of every sign-up: check your email (the notice above names the address)."""
    return _step(
        rx.hstack(
            rx.icon("mail-check", size=28, flex_shrink="0"),
            rx.text(t("The link in the email is valid for 24 hours. Opening it finishes your "
                      "account and signs you in. No email? Check your spam folder, or sign up "
                      "again."), color=COLORS["muted"]),
            spacing="3",
            align="start",
        ),
        _switch_mode(t("Already have an account?"), t("Login"), LoginState.show_login),
    )


@page(routes.LOGIN, on_load=PageData(LoginState, address_only, LoginState._apply_load))
def login() -> rx.Component:
    return auth_card(
        rx.image(src="/logo.svg", alt="", width="48px", height="48px"),
        rx.heading(
            rx.cond(
                LoginState.mode == "signup",
                rx.cond(LoginState.signup_step == "sent", t("Check your email"),
                        t("Create your account")),
                t("Welcome back"),
            ),
            as_="h1",
            size="7",
        ),
        rx.text(
            rx.cond(
                LoginState.mode == "signup",
                t("Join {site}: meetups, news and jobs for Uzbek developers in Korea.",
                  site=get_settings().site_name),
                t("Log in with your email and password. We will email you a code."),
            ),
            color=COLORS["muted"],
        ),
        rx.cond(
            LoginState.registering_for_event,
            notice("calendar-check", t("Log in to continue registering for an event"), "blue", width="100%"),
        ),
        _messages(),
        rx.cond(
            LoginState.mode == "signup",
            rx.match(
                LoginState.signup_step,
                ("password", _signup_password()),
                ("sent", _signup_sent()),
                _signup_contact(),
            ),
            rx.cond(LoginState.step == "otp", _otp(), _credentials()),
        ),
    )
