"""Complete your account (complete_account route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.COMPLETE_ACCOUNT, title=N_("Complete your account"))
def complete_account() -> rx.Component:
    return placeholder_page(
        N_("Complete your account"),
        N_("Choose a username and add your phone number."),
    )
