"""/admin, Comments: the recent comments on every news item; hide, show again, delete."""

from __future__ import annotations

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_
from community_app.services.admin import comments as service
from community_app.services.admin.comments import SHOWN
from community_app.state.admin import AdminList, AdminState, address_value, row_action, stamp, whole_list
from community_app.state.admin_rows import CommentRow

HIDDEN = N_("Comment hidden: it is gone from the public thread.")
DELETED = N_("Comment deleted.")


def _row(c: service.AdminCommentView) -> CommentRow:
    return CommentRow(c.id, c.news_id, c.news_title, routes.news_detail(c.news_id),
                      c.parent_id is not None, c.author_username, c.text, c.hidden,
                      stamp(c.created_at))


def _fetch(show: str, query: str):
    hidden = {"visible": False, "hidden": True}.get(show)
    return lambda s, a: service.list_comments_admin(s, a, whole_list(query), hidden=hidden)


# /admin/comments[?show=visible|hidden&search=...]
LIST = AdminList(_fetch, {"show": ("show", ("all", "visible", "hidden"), "all"),
                          "query": ("search", None, "")})


class AdminCommentsState(AdminState):
    comments: list[CommentRow] = []
    loaded: bool = False
    show: str = "all"  # all | visible | hidden
    query: str = ""

    def _show_list(self, page):
        self.comments = [_row(v) for v in page.items]
        self.loaded = True

    def _load_list(self):
        return self._read_list(LIST, AdminCommentsState._show_list)

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
