"""My Page's "My talks" tab (issue 41): the talks the member starred (unstar), the talks
they heard and may rate now (1-5 and a comment, once), and, for a speaker, their talks
(services/speaker_talks.speaking: the talk page, its status and the speaker page's link; the
applications not yet a talk) with the feedback on them; a member linked to a speaker profile
edits it here (services/talks.update_own_speaker_profile) and uploads, replaces or removes its
photo (services/talks.change_own_speaker_photo). Rules: services/talk_stars.py,
services/talk_feedback.py, services/speaker_talks.py; database work in a worker thread."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any

import reflex as rx
from sqlmodel import Session, col, select

from community_app.core import routes
from community_app.core.db import session_scope, utcnow
from community_app.i18n.dates import date_texts, time_texts
from community_app.models import (
    ApplicationStatus, Meetup, MeetupRegistration, RegistrationStatus, Talk, TalkStatus,
)
from community_app.models.talk_people import TalkFeedback
from community_app.services import speaker_talks, talk_feedback, talk_stars, talks
from community_app.services.errors import DomainError, NotFound
from community_app.state.auth import AuthState
from community_app.state.messages import Message, field_messages, from_error, message
from community_app.state.sent_writes import write

MY_TALKS_HEADING_ID = "mypage-talks-heading"
TALK_STATUS_LABELS = TalkStatus.labels()
APPLICATION_STATUS_LABELS = ApplicationStatus.labels()
RATE_WITHIN = dt.timedelta(days=60)  # talks heard in the last two months are offered to rate
# The speaker profile form's fields (the service's names; links one per line).
SPEAKER_FORM_FIELDS = ("name", "jobPosition", "company", "bio", "links")


@dataclasses.dataclass
class StarredRow:
    talk_id: int
    title: str
    meetup_title: str
    date: Message
    time: Message
    href: str
    cancelled: bool


@dataclasses.dataclass
class RateRow:
    talk_id: int
    title: str
    meetup_title: str
    date: Message
    href: str


@dataclasses.dataclass
class FeedbackComment:
    rating: int
    comment: str


@dataclasses.dataclass
class SpeakingRow:
    key: str
    title: str
    href: str  # the public talk page ("" for a draft or an application)
    meetup_title: str
    date: Message
    status: Message  # the talk's status (draft/scheduled/cancelled) or the application's
    is_talk: bool
    cancelled: bool
    confirmed: bool
    speaker_page: str  # the signed speaker page ("" when no application made the talk)


def _speaking_row(v: speaker_talks.SpeakingItem) -> SpeakingRow:
    label = (TALK_STATUS_LABELS if v.talk_id is not None else APPLICATION_STATUS_LABELS).get(
        v.status, v.status)
    return SpeakingRow(f"talk-{v.talk_id}" if v.talk_id is not None else f"app-{v.application_id}",
                       v.title, v.talk_page, v.meetup_title, date_texts(v.starts_at),
                       message(label), v.talk_id is not None,
                       v.status == TalkStatus.CANCELLED.value, v.confirmed, v.speaker_page)


@dataclasses.dataclass
class FeedbackRow:
    talk_id: int
    title: str
    meetup_title: str
    average: str
    count: int
    comments: list[FeedbackComment]


@dataclasses.dataclass(frozen=True)
class MyTalks:
    starred: list[StarredRow]
    to_rate: list[RateRow]
    speaking: list[SpeakingRow]
    feedback: list[FeedbackRow]
    profile: talks.SpeakerView | None = None  # the speaker profile linked to the account


def _speaker_form(v: talks.SpeakerView | None) -> dict[str, str]:
    if v is None:
        return {}
    return {"name": v.name, "jobPosition": v.job_position, "company": v.company, "bio": v.bio,
            "links": "\n".join(v.links), "page": v.path, "photo": v.photo_url or ""}


def _own_profile(session: Session, user_id: int) -> talks.SpeakerView | None:
    try:
        return talks.own_speaker_profile(session, user_id)
    except NotFound:
        return None


def _to_rate(session: Session, user_id: int, now: dt.datetime) -> list[RateRow]:
    """Public talks that ended in the last ``RATE_WITHIN`` at meetups the member was
    registered for or checked in at, not rated by them yet."""
    reg = MeetupRegistration
    attended = select(reg.meetup_id).where(
        reg.user_id == user_id,
        (reg.status == RegistrationStatus.ACCEPTED.value) | col(reg.checked_in_at).is_not(None))
    rated = select(TalkFeedback.talk_id).where(TalkFeedback.user_id == user_id)
    rows = session.exec(
        select(Talk, Meetup).join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
        .where(col(Talk.meetup_id).in_(attended), col(Talk.id).not_in(rated),
               col(Talk.status).in_(talk_stars.PUBLIC_STATUSES),
               Meetup.starts_at > now - RATE_WITHIN, Meetup.starts_at < now)
        .order_by(col(Meetup.starts_at).desc(), col(Talk.starts_at), col(Talk.id))).all()
    return [RateRow(t.id, t.title, m.title, date_texts(m.starts_at),
                    routes.talk_page(t.id, t.slug))
            for t, m in rows if talk_feedback.talk_end(t, m) <= now]


def read_my_talks(user_id: int) -> MyTalks:
    now = utcnow()
    with session_scope() as session:
        starred = [StarredRow(s.talk_id, s.title, s.meetup_title, date_texts(s.starts_at),
                              time_texts(s.starts_at), routes.talk_page(s.talk_id, s.slug),
                              s.status == "cancelled")
                   for s in talk_stars.starred_talks(session, user_id, since=now)]
        to_rate = _to_rate(session, user_id, now)
        speaking = [_speaking_row(v) for v in speaker_talks.speaking(session, user_id)]
        feedback = [FeedbackRow(f.talk_id, f.title, f.meetup_title,
                                f"{f.average:.1f}" if f.average is not None else "", f.count,
                                [FeedbackComment(c.rating, c.comment) for c in f.comments])
                    for f in talk_feedback.speaker_feedback(session, user_id)]
        profile = _own_profile(session, user_id)
    return MyTalks(starred, to_rate, speaking, feedback, profile)


class MyTalksState(AuthState):
    starred: list[StarredRow] = []
    to_rate: list[RateRow] = []
    speaking: list[SpeakingRow] = []
    feedback: list[FeedbackRow] = []
    talks_loaded: bool = False
    talks_notice: Message = {}
    talks_error: Message = {}
    rating_errors: dict[str, Message] = {}
    # The linked speaker profile's form ({} when the account has none), remounted with
    # its saved values by a new key.
    speaker_form: dict[str, str] = {}
    speaker_form_key: int = 0
    speaker_errors: dict[str, Message] = {}
    speaker_notice: Message = {}
    speaker_error: Message = {}

    def _show(self, view: MyTalks) -> None:
        self.starred, self.to_rate = view.starred, view.to_rate
        self.speaking, self.feedback = view.speaking, view.feedback
        self.speaker_form = _speaker_form(view.profile)
        self.speaker_form_key += 1
        self.talks_loaded = True

    @rx.event
    async def load_talks(self):
        user = self._member()
        if user is None:
            return
        self.talks_notice, self.talks_error, self.rating_errors = {}, {}, {}
        self.speaker_notice, self.speaker_error, self.speaker_errors = {}, {}, {}
        self._show(await asyncio.to_thread(read_my_talks, user.id))

    async def _change(self, action, done: str):
        user = self._member()
        if user is None:
            return self._to_login()
        self.talks_notice, self.talks_error, self.rating_errors = {}, {}, {}

        def run() -> MyTalks:
            with session_scope() as session:
                action(session, user.id)
            return read_my_talks(user.id)

        try:
            self._show(await asyncio.to_thread(run))
        except DomainError as exc:
            self.talks_error, self.rating_errors = from_error(exc), field_messages(exc)
            return None
        self.talks_notice = message(done)
        return None

    @rx.event
    @write
    async def unstar(self, talk_id: int):
        return await self._change(lambda s, u: talk_stars.unstar_talk(s, u, talk_id),
                                  talk_stars.UNSTARRED)

    @rx.event
    @write
    async def rate(self, form: dict):
        try:
            talk_id = int(str(form.get("talkId", "")))
        except ValueError:
            return None
        rating, comment = form.get("rating", ""), str(form.get("comment", "") or "")
        return await self._change(
            lambda s, u: talk_feedback.give_feedback(s, u, talk_id, rating, comment),
            talk_feedback.THANKS)

    @rx.event
    @write
    async def save_speaker_profile(self, form: dict):
        data = {k: str(form.get(k, "") or "") for k in SPEAKER_FORM_FIELDS}
        return await self._speaker_change(
            lambda s, u: talks.update_own_speaker_profile(s, u, data), talks.SPEAKER_PROFILE_SAVED)

    async def _photo(self, data: bytes | None, done: str):
        return await self._speaker_change(
            lambda s, u: talks.change_own_speaker_photo(s, u, data), done)

    async def _speaker_change(self, change: Callable[[Any, int], talks.SpeakerView], done: str):
        """Run ``change(session, member_id)`` on the member's speaker profile off the event
        loop; show the profile it returns and ``done``, or why it was refused."""
        user = self._member()
        if user is None:
            return self._to_login()
        self.speaker_notice, self.speaker_error, self.speaker_errors = {}, {}, {}

        def run() -> talks.SpeakerView:
            with session_scope() as session:
                return change(session, user.id)

        try:
            view = await asyncio.to_thread(run)
        except DomainError as exc:
            self.speaker_errors = field_messages(exc)
            self.speaker_error = {} if self.speaker_errors else from_error(exc)
            return None
        self.speaker_form = _speaker_form(view)
        self.speaker_form_key += 1
        self.speaker_notice = message(done)
        return None

    @rx.event
    @write
    async def upload_speaker_photo(self, files: list[rx.UploadFile]):
        """Upload or replace the speaker profile's photo (services/talks.change_own_speaker_photo)."""
        if not files:
            return None
        data = await files[0].read()
        return await self._photo(data, talks.SPEAKER_PHOTO_SAVED)

    @rx.event
    @write
    async def remove_speaker_photo(self):
        return await self._photo(None, talks.SPEAKER_PHOTO_REMOVED)
