"""/admin, Comments: the recent comments on every news item; hide, show again, delete."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.i18n import N_
from community_app.services import admin_comments as service
from community_app.state.admin import AdminState, one, stamp
from community_app.state.messages import Message
from community_app.ui import routes

HIDDEN = N_("Comment hidden: it is gone from the public thread.")
SHOWN = N_("Comment shown again.")
DELETED = N_("Comment deleted.")


@dataclasses.dataclass
class CommentRow:
    id: int
    news_id: int
    news_title: str
    news_href: str
    is_reply: bool
    author: str
    text: str
    hidden: bool
    created: Message


class AdminCommentsState(AdminState):
    comments: list[CommentRow] = []
    loaded: bool = False
    show: str = "all"  # all | visible | hidden
    query: str = ""

    def _load_list(self):
        hidden = {"visible": False, "hidden": True}.get(self.show)
        query = self.query
        ok, page, event = self._read(
            lambda s, a: service.list_comments_admin(s, a, hidden=hidden, search=query, size=100)
        )
        if ok:
            self.comments = [
                CommentRow(c.id, c.news_id, c.news_title, routes.news_detail(c.news_id),
                           c.parent_id is not None, c.author_username, c.text, c.hidden,
                           stamp(c.created_at))
                for c in page.items
            ]
            self.loaded = True
        return event

    @rx.event
    def load(self):
        self.section = "comments"
        return self._load_list()

    @rx.event
    def set_show(self, value: str | list[str]):
        value = one(value)
        self.show = value if value in ("all", "visible", "hidden") else "all"
        return self._load_list()

    @rx.event
    def set_query(self, value: str):
        self.query = value[:200]
        return self._load_list()

    def _act(self, fn, comment_id: int, done: str):
        ok, _, event = self._run(lambda s, a: fn(s, a, comment_id), done)
        if ok:
            notice = self.notice
            self._load_list()
            self.notice = notice
        return event

    @rx.event
    def hide(self, comment_id: int):
        return self._act(service.hide_comment, comment_id, HIDDEN)

    @rx.event
    def unhide(self, comment_id: int):
        return self._act(service.unhide_comment, comment_id, SHOWN)

    @rx.event
    def delete(self, comment_id: int):
        return self._act(service.delete_comment, comment_id, DELETED)
