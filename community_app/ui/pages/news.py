"""News (news route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.NEWS, title=N_("News"))
def news() -> rx.Component:
    return placeholder_page(
        N_("News"),
        N_("News from the community: tech, meetups and social life in Korea."),
    )
