"""/admin/speaker-profiles: every speaker profile (one person across meetups), edited in one
form: name, position, company, Markdown bio, photo address, links (one per line) and whether
the talks keep the name if the speaker's account is erased; a saved profile's photo uploaded
or removed beside it (services/talks.change_speaker_photo, the member's own upload's rule).
Every change audited."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import reflex as rx

from community_app.i18n import N_
from community_app.services import talks as service
from community_app.state.admin import AdminState
from community_app.state.admin_editor import ItemEditor
from community_app.state.page_load import PageRequest

SPEAKER_SAVED = N_("Speaker saved.")
SPEAKER_REMOVED = N_("Speaker removed.")
PHOTO_UPLOAD_ID = "speaker-photo-upload"
EMPTY_FORM = {"id": "0", "name": "", "jobPosition": "", "company": "", "bio": "",
              "photoUrl": "", "links": "", "keepNameAfterErasure": ""}


@dataclasses.dataclass
class SpeakerRow:
    id: int
    name: str
    role: str
    href: str
    member: bool  # linked to a member account


def _form_of(s: service.SpeakerView) -> dict[str, str]:
    return {"id": str(s.id), "name": s.name, "jobPosition": s.job_position,
            "company": s.company, "bio": s.bio, "photoUrl": s.photo_url or "",
            "links": "\n".join(s.links), "keepNameAfterErasure": "on" if s.keep_name_after_erasure else ""}


def _fetch(session, actor):
    return service.admin_speakers(session, actor)


def read_speaker_profiles(request: PageRequest):
    return {"loaded": False}, _fetch


class AdminSpeakerProfilesState(ItemEditor, AdminState):
    empty_form: ClassVar[dict[str, str]] = EMPTY_FORM
    rows: list[SpeakerRow] = []
    form: dict[str, str] = dict(EMPTY_FORM)
    loaded: bool = False

    def _show(self, speakers) -> None:
        self.rows = [SpeakerRow(s.id, s.name, ", ".join(p for p in (s.job_position, s.company) if p),
                                s.path, s.user_id is not None) for s in speakers]
        self._forms = {s.id: _form_of(s) for s in speakers}
        self.loaded = True

    def _reload(self) -> None:
        ok, data, _ = self._read(_fetch)
        if ok:
            self._show(data)

    @rx.event
    def remove(self, speaker_id: int):
        return self._remove(lambda s, a: service.delete_speaker(s, a, speaker_id), SPEAKER_REMOVED)

    @rx.event
    def save(self, values: dict):
        speaker_id = self._item_id()
        data = {k: str(values.get(k, "")) for k in ("name", "jobPosition", "company", "bio",
                                                    "photoUrl", "links")}
        data["keepNameAfterErasure"] = bool(values.get("keepNameAfterErasure"))

        def write(s, a):
            if speaker_id:
                return service.update_speaker(s, a, speaker_id, data)
            return service.create_speaker(s, a, data)

        return self._save(write, SPEAKER_SAVED, _form_of)

    def _show_photo(self, view: service.SpeakerView | None) -> None:
        """The photo as saved, in the form and in the list's copy of it; the other fields
        keep what the organizer typed (the address field alone is drawn again: its key)."""
        url = (view.photo_url or "") if view else ""
        self.form = {**self.form, "photoUrl": url}
        speaker_id = self._item_id()
        if speaker_id in self._forms:
            self._forms = {**self._forms, speaker_id: {**self._forms[speaker_id], "photoUrl": url}}

    @rx.event
    async def upload_photo(self, files: list[rx.UploadFile]):
        speaker_id = self._item_id()
        async for event in self._upload_image(
            files, PHOTO_UPLOAD_ID,
            lambda s, a, data, _name: service.change_speaker_photo(s, a, speaker_id, data),
            self._show_photo,
        ):
            yield event

    @rx.event
    def remove_photo(self):
        speaker_id = self._item_id()
        return self._remove_image(
            lambda s, a: service.change_speaker_photo(s, a, speaker_id, None), self._show_photo)
