"""Login (login route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.LOGIN, title=N_("Login"))
def login() -> rx.Component:
    return placeholder_page(
        N_("Login"),
        N_("Sign in with your email and the code we send you."),
    )
