"""/admin/meetups/<id>/feedback: every talk of the meetup's programme with its average,
count and comments (services/talk_feedback.py), and the same as a CSV download."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core.routes import path_id
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import talk_feedback as service
from community_app.state.admin import AdminState
from community_app.state.messages import Message
from community_app.state.page_load import PageRequest


@dataclasses.dataclass
class FeedbackComment:
    rating: int
    comment: str
    written: Message


@dataclasses.dataclass
class TalkFeedbackRow:
    talk_id: int
    title: str
    speakers: str
    time: Message
    average: str
    count: int
    comments: list[FeedbackComment]


def _row(v: service.TalkFeedbackSummary) -> TalkFeedbackRow:
    return TalkFeedbackRow(
        talk_id=v.talk_id, title=v.title, speakers=v.speakers, time=time_texts(v.starts_at),
        average=f"{v.average:.1f}" if v.average is not None else "",
        count=v.count,
        comments=[FeedbackComment(c.rating, c.comment, date_texts(c.created_at))
                  for c in v.comments if c.comment])


def _fetch(meetup_id: int):
    def read(session, actor):
        meetup, rows = service.meetup_feedback(session, actor, meetup_id)
        return meetup.title, rows

    return read


def read_talk_feedback(request: PageRequest):
    meetup_id = path_id(request.path, -2) or 0
    return {"meetup_id": meetup_id, "loaded": False}, _fetch(meetup_id)


class AdminTalkFeedbackState(AdminState):
    meetup_id: int = 0
    meetup_title: str = ""
    rows: list[TalkFeedbackRow] = []
    loaded: bool = False

    def _show(self, data) -> None:
        self.meetup_title = data[0]
        self.rows = [_row(v) for v in data[1]]
        self.loaded = True

    @rx.event
    async def download_csv(self):
        meetup_id = self.meetup_id
        ok, text, event = await asyncio.to_thread(
            self._read, lambda s, a: service.meetup_feedback_csv(s, a, meetup_id))
        if not ok:
            return event
        return rx.download(data=text, filename=service.feedback_filename(meetup_id),
                           mime_type="text/csv;charset=utf-8")
