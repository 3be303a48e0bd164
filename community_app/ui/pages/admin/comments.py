"""/admin/comments: news comments to hide, show or delete (?show=&search=)."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.state.admin_comments import LIST, AdminCommentsState
from community_app.ui.components.admin_frame import admin_page
from community_app.ui.components.admin_people import comments_section


@admin_page(routes.ADMIN_COMMENTS, area="comments", title=N_("Comments"),
            state=AdminCommentsState, read=LIST.read, show=AdminCommentsState._show_list)
def admin_comments() -> rx.Component:
    return comments_section()
