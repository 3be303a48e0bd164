"""The star button of a talk (issue 41, item 4) on a meetup's programme and a talk's page:
which talks the signed-in member starred, read once when a button first shows, and the
toggle (services/talk_stars.py). A visitor's click goes to sign in and back."""

from __future__ import annotations

import asyncio

import reflex as rx

from community_app.core.db import session_scope
from community_app.services import talk_stars
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.messages import Message, from_error, message
from community_app.state.sent_writes import write


def _starred_ids(user_id: int) -> list[int]:
    with session_scope() as session:
        return [s.talk_id for s in talk_stars.starred_talks(session, user_id)]


class TalkStarsState(AuthState):
    starred_ids: list[int] = []
    stars_loaded: bool = False
    star_notice: Message = {}
    star_error: Message = {}

    @rx.event
    async def load_stars(self):
        user = self._member()
        if user is None:
            self.starred_ids, self.stars_loaded = [], True
            return
        self.starred_ids = await asyncio.to_thread(_starred_ids, user.id)
        self.stars_loaded = True

    @rx.event
    @write
    async def toggle_star(self, talk_id: int):
        user = self._member()
        if user is None:
            return self._to_login()
        on = talk_id not in self.starred_ids
        self.star_notice, self.star_error = {}, {}

        def run() -> list[int]:
            with session_scope() as session:
                if on:
                    talk_stars.star_talk(session, user.id, talk_id)
                else:
                    talk_stars.unstar_talk(session, user.id, talk_id)
            return _starred_ids(user.id)

        try:
            self.starred_ids = await asyncio.to_thread(run)
        except DomainError as exc:
            self.star_error = from_error(exc)
            return None
        self.star_notice = message(talk_stars.STARRED if on else talk_stars.UNSTARRED)
        return None


