"""/admin/news: every news item, drafts too (?show=published|drafts)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_news import LIST, AdminNewsState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_news import news_section


@admin_page(routes.ADMIN_NEWS, area="news", title=N_("News"),
            state=AdminNewsState, read=LIST.read, show=AdminNewsState._show_list)
def admin_news() -> rx.Component:
    return news_section()
