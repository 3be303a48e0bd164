"""/completeAccount: finish a Google sign-up with a username (letters only) and phone.
``completion_form`` also serves /completeAccount/telegram."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.state.google import GoogleState
from community_app.state.page_load import PageData, address_only
from community_app.core import routes
from community_app.ui.components.buttons import link_button
from community_app.ui.components.forms import field, form_alert, stacked_form, submit_button
from community_app.services.validation import PHONE_HINT
from community_app.ui.i18n import t
from community_app.ui.layouts.frame import page
from community_app.ui.pages.login import auth_card, consent_boxes
from community_app.ui.styles import COLORS


def completion_form(S, intro: rx.Component, *first_fields: rx.Component) -> rx.Component:
    """The completion card of ``S`` (a ``state/complete_account.CompleteAccount``): the
    ``first_fields``, then username, phone and consents; without the provider's data, the
    way back to the login page."""
    return auth_card(
        rx.heading(t("Complete your account"), as_="h1", size="7"),
        rx.text(intro, color=COLORS["muted"]),
        form_alert(S.error, visible=S.error.contains("en")),
        form_alert(S.notice, visible=S.notice.contains("en"), color="green"),
        rx.cond(
            S.has_pending,
            stacked_form(
                *first_fields,
                field(t("Username"), "username", autocomplete="username",
                      errors=S.errors, hint=t("Letters only.")),
                field(t("Phone"), "phone", type_="tel", autocomplete="tel",
                      placeholder="01012345678", input_mode="tel", hint=t(PHONE_HINT),
                      errors=S.errors),
                consent_boxes(S.errors),
                submit_button(t("Complete registration"), loading=S.busy),
                on_submit=S.complete_account,
            ),
            rx.cond(~S.notice.contains("en"),
                    link_button(t("Back to login"), href=routes.LOGIN, width="100%")),
        ),
    )


@page(routes.COMPLETE_ACCOUNT, title=N_("Complete your account"),
      on_load=PageData(GoogleState, address_only, GoogleState._apply_load))
def complete_account() -> rx.Component:
    return completion_form(GoogleState, t("Choose a username and add your phone number."))
