"""/members/<username>: a member's public page (opt-in; services/members.py)."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx

from community_app.core import routes
from community_app.core.db import session_scope
from community_app.i18n.dates import date_texts
from community_app.services import cache, members
from community_app.services.errors import NotFound
from community_app.state.page_load import PageRequest

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

    def _apply_load(self, data: MemberData) -> None:
        """The page load's update (``state/page_load.py``): what ``read_member`` read."""
        if data.status == "ready":
            self.username, self.name = data.username, data.name
            self.image_url, self.joined = data.image_url, data.joined
        self.posts, self.meetups, self.status = data.posts, data.meetups, data.status


@dataclasses.dataclass
class MemberData:
    status: str  # ready | not_found | error
    username: str = ""
    name: str = ""
    image_url: str = ""
    joined: dict[str, str] = dataclasses.field(default_factory=dict)
    posts: list[MemberItem] = dataclasses.field(default_factory=list)
    meetups: list[MemberItem] = dataclasses.field(default_factory=list)


def read_member(request: PageRequest) -> MemberData:
    """The public page the address names (no lock held)."""
    cache.needs_database()
    try:
        with session_scope() as session:
            view = members.public_member(session, _username(request.path))
    except NotFound:
        return MemberData("not_found")
    except Exception:  # noqa: BLE001 - the page says it could not load
        log.exception("member page %s", request.path)
        return MemberData("error")
    return MemberData(
        "ready", view.username, view.name, view.image_url or "",
        date_texts(view.joined_at, "long"),
        [MemberItem(p.id, p.title, routes.blog_post(p.id),
                    date_texts(p.published_at) if p.published_at else {"en": "", "uz": ""})
         for p in view.posts],
        [MemberItem(m.id, m.title, routes.event_detail("past", m.id), date_texts(m.starts_at))
         for m in view.meetups],
    )
