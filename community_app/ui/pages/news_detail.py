"""News details (news_detail route). Placeholder body until its issue lands."""

from __future__ import annotations

import reflex as rx

from community_app.i18n import N_
from community_app.ui import routes
from community_app.ui.components.placeholder import placeholder_page
from community_app.ui.layouts.frame import page


@page(routes.NEWS_DETAIL, title=N_("News details"))
def news_detail() -> rx.Component:
    return placeholder_page(
        N_("News details"),
        N_("The full article and its comments."),
    )
