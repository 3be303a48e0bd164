"""/speaker-talk/<token>: an accepted speaker's page (services/speaker_talks.py): confirm the
talk (and whether their name stays on it once their account is erased), update its
abstract, upload or remove slides. The signed link in the address is the credential, as the
acceptance email and My Page give it; no sign-in needed."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n.dates import date_texts
from community_app.models import TalkStatus
from community_app.services import cache, speaker_talks
from community_app.services.errors import DomainError
from community_app.state.messages import (
    SERVER_ERROR, FormMessages, Message, field_messages, from_error, message,
)
from community_app.state.page_load import PageRequest
from community_app.state.sent_writes import write

STATUS_LABELS = TalkStatus.labels()


@dataclasses.dataclass(frozen=True)
class SpeakerTalkData:
    view: speaker_talks.SpeakerTalkView | None
    error: Message | None
    token: str


def read_speaker_talk(request: PageRequest) -> SpeakerTalkData:
    cache.needs_database()
    token = request.path.rstrip("/").rsplit("/", 1)[-1]
    try:
        with session_scope() as session:
            return SpeakerTalkData(speaker_talks.speaker_talk(session, token), None, token)
    except DomainError as exc:
        return SpeakerTalkData(None, from_error(exc), token)


class SpeakerTalkState(FormMessages, rx.State):
    loading: bool = True
    found: bool = False
    speaker_name: str = ""
    title: str = ""
    abstract: str = ""
    status: str = ""
    status_label: Message = {}
    meetup_title: str = ""
    meetup_date: Message = {}
    confirmed: bool = False
    keep_name: bool = False
    has_slides: bool = False
    slides_url: str = ""
    uploaded_slides: bool = False
    form_key: int = 0
    _token: str = ""

    def _show(self, view: speaker_talks.SpeakerTalkView) -> None:
        self.found = True
        self.speaker_name, self.title, self.abstract = view.speaker_name, view.title, view.abstract
        self.status = view.status
        self.status_label = message(STATUS_LABELS.get(view.status, view.status))
        self.meetup_title, self.meetup_date = view.meetup_title, date_texts(view.meetup_starts_at)
        self.confirmed, self.keep_name = view.confirmed, view.keep_name_after_erasure
        self.has_slides, self.slides_url = view.has_slides, view.slides_url
        self.uploaded_slides = view.uploaded_slides
        self.form_key += 1

    def _apply_load(self, data: SpeakerTalkData):
        self.loading = False
        self._clear_messages()
        self._token = data.token
        if data.view is None:
            self.found = False
            self.error = data.error or message(SERVER_ERROR)
            return
        self._show(data.view)

    def _act(self, action, done: str) -> None:
        self._clear_messages()
        token = self._token
        try:
            with session_scope() as session:
                view = action(session, token)
        except DomainError as exc:
            self.error, self.errors = from_error(exc), field_messages(exc)
            return
        self._show(view)
        self.notice = message(done)

    @rx.event
    @write
    async def confirm(self, form: dict):
        keep = str(form.get("keepName", "")).lower() in ("on", "true", "1")
        await asyncio.to_thread(self._act, lambda s, tok: speaker_talks.confirm_talk(s, tok, keep),
                                speaker_talks.CONFIRMED)

    @rx.event
    @write
    async def save_abstract(self, form: dict):
        abstract = str(form.get("abstract", ""))
        self.abstract = abstract
        await asyncio.to_thread(
            self._act, lambda s, tok: speaker_talks.update_abstract(s, tok, abstract),
            speaker_talks.ABSTRACT_SAVED)

    @rx.event
    @write
    async def upload_slides(self, files: list[rx.UploadFile]):
        if not files:
            return
        data = await files[0].read()
        await asyncio.to_thread(
            self._act, lambda s, tok: speaker_talks.upload_speaker_slides(s, tok, data),
            speaker_talks.SLIDES_SAVED)

    @rx.event
    @write
    async def remove_slides(self):
        await asyncio.to_thread(
            self._act, lambda s, tok: speaker_talks.remove_speaker_slides(s, tok),
            speaker_talks.SLIDES_REMOVED)
