"""/admin/news/<id>: one news item with its preview and image; /admin/news/new for a new one."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_news import AdminNewsState, read_item
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_news import news_section


@admin_page(routes.ADMIN_NEWS_ITEM, area="news", title=N_("News item"),
            state=AdminNewsState, read=read_item, show=AdminNewsState._show_item,
            examples=[{"news_id": routes.Sample.NEWS}, {"news_id": "new"}])
def admin_news_item() -> rx.Component:
    return news_section()
