"""/admin/speaker-profiles: every speaker profile (one person across meetups), edited in one
form: name, position, company, Markdown bio, photo address, links (one per line) and whether
the talks keep the name if the speaker's account is erased (services/talks.py, audited)."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.i18n import N_
from community_app.services import talks as service
from community_app.state.admin import AdminState
from community_app.state.page_load import PageRequest

SPEAKER_SAVED = N_("Speaker saved.")
SPEAKER_REMOVED = N_("Speaker removed.")
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


class AdminSpeakerProfilesState(AdminState):
    rows: list[SpeakerRow] = []
    form: dict[str, str] = dict(EMPTY_FORM)
    form_key: int = 0
    loaded: bool = False
    _profiles: dict[int, dict[str, str]] = {}

    def _show(self, speakers) -> None:
        self.rows = [SpeakerRow(s.id, s.name, ", ".join(p for p in (s.job_position, s.company) if p),
                                s.path, s.user_id is not None) for s in speakers]
        self._profiles = {s.id: _form_of(s) for s in speakers}
        self.loaded = True

    def _reload(self) -> None:
        ok, data, _ = self._read(_fetch)
        if ok:
            self._show(data)

    @rx.event
    def new_speaker(self):
        self.form = dict(EMPTY_FORM)
        self.form_key += 1

    @rx.event
    def edit_speaker(self, speaker_id: int):
        self.form = dict(self._profiles.get(speaker_id, EMPTY_FORM))
        self.form_key += 1

    @rx.event
    def remove(self, speaker_id: int):
        ok, _, event = self._run(lambda s, a: service.delete_speaker(s, a, speaker_id),
                                 SPEAKER_REMOVED)
        if ok:
            self._reload()
            self.form = dict(EMPTY_FORM)
            self.form_key += 1
        return event

    @rx.event
    def save(self, values: dict):
        speaker_id = int(self.form.get("id") or 0)
        data = {k: str(values.get(k, "")) for k in ("name", "jobPosition", "company", "bio",
                                                    "photoUrl", "links")}
        data["keepNameAfterErasure"] = bool(values.get("keepNameAfterErasure"))

        def write(s, a):
            if speaker_id:
                return service.update_speaker(s, a, speaker_id, data)
            return service.create_speaker(s, a, data)

        ok, view, event = self._run(write, SPEAKER_SAVED)
        if ok:
            self._reload()
            self.form = _form_of(view)
            self.form_key += 1
        return event
