"""A talk page's rating box (issue 41, item 5): whether the signed-in member may rate the
talk now, their rating once given, and the form (services/talk_feedback.py). Read when the
box first shows (its talk id is known then)."""

from __future__ import annotations

import asyncio

import reflex as rx

from community_app.core.db import session_scope
from community_app.models import Meetup
from community_app.services import talk_feedback, talk_stars
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.messages import Message, field_messages, from_error, message
from community_app.state.sent_writes import write


def _read(user_id: int | None, talk_id: int) -> tuple[int, Message]:
    """(the member's rating or 0, why they cannot rate now or {})."""
    with session_scope() as session:
        talk = talk_stars.public_talk(session, talk_id)
        meetup = session.get(Meetup, talk.meetup_id)
        if user_id and (rating := talk_feedback.own_rating(session, user_id, talk_id)):
            return rating, {}
        problem = talk_feedback.may_rate(session, user_id, talk, meetup)
        return 0, message(problem) if problem else {}


class TalkRatingState(AuthState):
    rating_talk_id: int = 0
    my_rating: int = 0
    rating_refusal: Message = {}
    rating_loaded: bool = False
    rating_notice: Message = {}
    rating_error: Message = {}
    rating_field_errors: dict[str, Message] = {}

    @rx.event
    async def load_rating(self, talk_id: int):
        user = self._member()
        self.rating_talk_id, self.rating_notice, self.rating_error = talk_id, {}, {}
        try:
            self.my_rating, self.rating_refusal = await asyncio.to_thread(
                _read, user.id if user else None, talk_id)
        except DomainError:
            self.my_rating, self.rating_refusal = 0, {}
        self.rating_loaded = True

    @rx.event
    @write
    async def rate_talk(self, form: dict):
        user = self._member()
        if user is None:
            return self._to_login()
        talk_id = self.rating_talk_id
        rating, comment = form.get("rating", ""), str(form.get("comment", "") or "")
        self.rating_notice, self.rating_error, self.rating_field_errors = {}, {}, {}

        def run() -> None:
            with session_scope() as session:
                talk_feedback.give_feedback(session, user.id, talk_id, rating, comment)

        try:
            await asyncio.to_thread(run)
        except DomainError as exc:
            self.rating_error, self.rating_field_errors = from_error(exc), field_messages(exc)
            return None
        self.my_rating = int(str(rating))
        self.rating_notice = message(talk_feedback.THANKS)
        return None
