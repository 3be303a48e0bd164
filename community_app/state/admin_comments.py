"""/admin, Comments: the recent comments on every news item; hide, show again, delete."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.services import admin_comments as service
from community_app.services.admin_comments import SHOWN
from community_app.state.admin import AdminState, address_value, row_action, stamp, whole_list
from community_app.state.admin_rows import CommentRow

HIDDEN = N_("Comment hidden: it is gone from the public thread.")
DELETED = N_("Comment deleted.")


def _row(c: service.AdminCommentView) -> CommentRow:
    return CommentRow(c.id, c.news_id, c.news_title, routes.news_detail(c.news_id),
                      c.parent_id is not None, c.author_username, c.text, c.hidden,
                      stamp(c.created_at))


class AdminCommentsState(AdminState):
    comments: list[CommentRow] = []
    loaded: bool = False
    show: str = "all"  # all | visible | hidden
    query: str = ""

    def _load_list(self):
        hidden = {"visible": False, "hidden": True}.get(self.show)
        query = self.query
        return self._read_rows(
            lambda s, a: service.list_comments_admin(s, a, whole_list(query), hidden=hidden),
            "comments", _row,
        )

    @rx.event
    def load(self):
        """/admin/comments[?show=visible|hidden&search=...]"""
        self.query = self._address_text("search")
        return self._open_list("comments", show=("show", ("all", "visible", "hidden"), "all"))

    @rx.event
    def set_show(self, value: str | list[str]):
        return self._go(routes.ADMIN_COMMENTS, show=address_value(value, "all"),
                        search=self.query)

    @rx.event
    def set_query(self, value: str):
        return self._go(routes.ADMIN_COMMENTS, replace=True,
                        show=address_value(self.show, "all"), search=value[:200])

    hide = row_action(service.hide_comment, HIDDEN)
    unhide = row_action(service.unhide_comment, SHOWN)
    delete = row_action(service.delete_comment, DELETED)
