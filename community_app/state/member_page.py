"""/members/<username>: a member's public page (opt-in; services/members.py)."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.i18n.dates import date_texts
from community_app.services import members
from community_app.services.errors import NotFound

log = logging.getLogger(__name__)


@dataclasses.dataclass
class MemberItem:
    """A post or a meetup on the page: its title, its address and its date per language."""

    id: int
    title: str
    href: str
    date: dict[str, str]


def _username(path: str) -> str:
    parts = [p for p in (path or "").split("/") if p]
    return parts[1] if len(parts) == 2 and parts[0] == "members" else ""


class MemberPageState(rx.State):
    status: str = "loading"  # loading | ready | not_found | error
    username: str = ""
    name: str = ""
    image_url: str = ""
    joined: dict[str, str] = {}
    posts: list[MemberItem] = []
    meetups: list[MemberItem] = []

    @rx.var
    def initial(self) -> str:
        return (self.name[:1] or "?").upper()

    @rx.event
    def load(self):
        self.status, self.posts, self.meetups = "loading", [], []
        try:
            with session_scope() as session:
                view = members.public_member(session, _username(self.router.url.path))
        except NotFound:
            self.status = "not_found"
            return
        except Exception:  # noqa: BLE001 - the page says it could not load
            log.exception("member page %s", self.router.url.path)
            self.status = "error"
            return
        self.username, self.name = view.username, view.name
        self.image_url = view.image_url or ""
        self.joined = date_texts(view.joined_at, "long")
        self.posts = [MemberItem(p.id, p.title, routes.blog_post(p.id),
                                 date_texts(p.published_at) if p.published_at else {"en": "", "uz": ""})
                      for p in view.posts]
        self.meetups = [MemberItem(m.id, m.title, routes.event_detail("past", m.id),
                                   date_texts(m.starts_at))
                        for m in view.meetups]
        self.status = "ready"
