"""/admin/meetups/<id>/programme: the meetup's talks in programme order (drafts without a slot
last); each talk moved earlier or later with a button (keyboard usable), edited in one form
(title, abstract, language, level, slot, room, status, speaker, slides link, recording) and
given an uploaded PDF as its slides. Every change through services/talks/ (audited)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import ClassVar

import reflex as rx

from community_app.core.routes import path_id
from community_app.i18n import N_
from community_app.i18n.dates import time_texts
from community_app.services import talks as service
from community_app.state.admin import AdminState
from community_app.state.admin_editor import ItemEditor
from community_app.i18n import both
from community_app.state.messages import Message, message
from community_app.state.page_load import PageRequest

TALK_SAVED = N_("Talk saved.")
TALK_MOVED = N_("Programme changed.")
TALK_REMOVED = N_("Talk removed.")
SLIDES_SAVED = N_("Slides saved.")
NO_SLIDES_FILE = N_("Choose a PDF file first.")
NO_SLOT = N_("No slot")
UPLOAD_ID = "talk-slides-upload"


@dataclasses.dataclass
class ProgrammeRow:
    id: int
    title: str
    time: Message
    room: str
    status: str
    speakers: str
    slides: bool
    recording: bool
    href: str


@dataclasses.dataclass
class SpeakerChoice:
    id: str
    name: str


EMPTY_FORM = {"id": "0", "title": "", "abstract": "", "language": "en", "level": "all",
              "status": "scheduled", "durationMinutes": "30", "startTime": "", "room": "",
              "slidesUrl": "", "recordingUrl": "", "speakerId": ""}


def _row(t: service.TalkView) -> ProgrammeRow:
    time = time_texts(t.starts_at) if t.starts_at else both(NO_SLOT)
    return ProgrammeRow(t.id, t.title, time, t.room, t.status, t.speaker_names,
                        t.slides_link is not None, bool(t.recording_url), t.path)


def _form_of(t: service.TalkView) -> dict[str, str]:
    from community_app.core.korea_time import korea_clock

    return {"id": str(t.id), "title": t.title, "abstract": t.abstract, "language": t.language,
            "level": t.level, "status": t.status, "durationMinutes": str(t.duration_minutes),
            "startTime": korea_clock(t.starts_at) if t.starts_at else "", "room": t.room,
            "slidesUrl": t.slides_url or "", "recordingUrl": t.recording_url or "",
            "speakerId": str(t.speakers[0].id) if t.speakers else ""}


def _fetch(meetup_id: int):
    def read(session, actor):
        return (service.admin_programme(session, actor, meetup_id),
                service.admin_speakers(session, actor))
    return read


def read_programme(request: PageRequest):
    meetup_id = path_id(request.path, -2) or 0
    return {"meetup_id": meetup_id, "loaded": False}, _fetch(meetup_id)


class AdminProgrammeState(ItemEditor, AdminState):
    empty_form: ClassVar[dict[str, str]] = EMPTY_FORM
    meetup_id: int = 0
    rows: list[ProgrammeRow] = []
    speakers: list[SpeakerChoice] = []
    form: dict[str, str] = dict(EMPTY_FORM)
    loaded: bool = False

    def _show(self, data) -> None:
        programme, speakers = data
        self.rows = [_row(t) for t in programme]
        self._forms = {t.id: _form_of(t) for t in programme}
        self.speakers = [SpeakerChoice(str(s.id), s.name) for s in speakers]
        self.loaded = True

    def _reload(self) -> None:
        ok, data, _ = self._read(_fetch(self.meetup_id))
        if ok:
            self._show(data)

    @rx.event
    def move(self, talk_id: int, direction: int):
        ok, _, event = self._run(lambda s, a: service.move_talk(s, a, talk_id, direction),
                                 TALK_MOVED)
        if ok:
            self._reload()
        return event

    @rx.event
    def remove(self, talk_id: int):
        return self._remove(lambda s, a: service.delete_talk(s, a, talk_id), TALK_REMOVED)

    @rx.event
    def save(self, values: dict):
        talk_id = self._item_id()
        data = {k: str(values.get(k, "")) for k in EMPTY_FORM if k not in ("id", "speakerId")}
        speaker = str(values.get("speakerId") or "")
        data["speakerIds"] = [int(speaker)] if speaker.isdigit() else []
        meetup_id = self.meetup_id

        def write(s, a):
            if talk_id:
                return service.update_talk(s, a, talk_id, data)
            return service.create_talk(s, a, meetup_id, data)

        return self._save(write, TALK_SAVED, _form_of)

    @rx.event
    async def upload_slides(self, files: list[rx.UploadFile]):
        talk_id = self._item_id()
        if not files or not talk_id:
            self._clear_messages()
            self.error = message(NO_SLIDES_FILE)
            return
        data = await files[0].read()
        ok, _, event = await asyncio.to_thread(
            self._run, lambda s, a: service.upload_slides(s, a, talk_id, data), SLIDES_SAVED)
        if ok:
            self._reload()
        if event:
            yield event
        yield rx.clear_selected_files(UPLOAD_ID)
