"""/admin, Meetups: the list, the create/edit form with speakers, keynote sessions, notes
and the image, and one meetup's registrations (approval, check-in, CSV)."""

from __future__ import annotations

import asyncio
from typing import Any

import reflex as rx

from community_app.core import routes
from community_app.core.korea_time import korea_clock as hhmm  # HH:MM in Korea time
from community_app.i18n import N_, both
from community_app.services.meetups import (
    admin_edits, admin_program, admin_registrations, decisions, questions,
)
from community_app.services.meetups.admin_views import ACCEPTED, CHECK_IN_UNDONE, REJECTED
from community_app.state.admin import NEW, AdminState, row_action, stamp
from community_app.state.admin_meetup_reads import (
    LIST, REGISTRATIONS_VIEW, QuestionAdminRow, question_admin_row, question_form, question_id_of,
    read_details, read_registrations,
)
from community_app.state.admin_rows import (
    MeetupRow, NoteRow, RegistrationRow, SessionRow, SpeakerRow, meetup_row, registration_row,
)
from community_app.state.lang import LangState

MEETUP_SAVED = N_("Meetup saved.")
MEETUP_CREATED = N_("Meetup created. Now add its speakers, sessions and notes.")
MEETUP_DELETED = N_("Meetup deleted.")
SPEAKER_SAVED = N_("Speaker saved.")
SPEAKER_REMOVED = N_("Speaker removed.")
SESSION_SAVED = N_("Session saved.")
SESSION_REMOVED = N_("Session removed.")
NOTE_SAVED = N_("Note saved.")
NOTE_REMOVED = N_("Note removed.")
NOTE_ARCHIVED = N_("Note archived.")
NOTE_RESTORED = N_("Note restored.")
CHECKED_IN = N_("{name} is checked in.")
QUESTIONS_SAVED = N_("The registration questions are saved.")
QUESTION_REMOVED = N_("The question is removed.")
DECIDED = N_("The decisions are saved and the members told.")


class AdminMeetupsState(AdminState):
    meetups: list[MeetupRow] = []
    loaded: bool = False
    filter: str = "upcoming"  # upcoming | past | all
    past_meetups: int = 0
    total_attended: int = 0
    mode: str = "list"  # list | form | registrations

    editing_id: int = 0
    announce: bool = True  # posted to the Telegram channel
    # The meetup form's values by field name (``admin_edits.MEETUP_FORM``; flags "on" or "").
    form: dict[str, str] = admin_edits.new_form()
    image_url: str = ""
    image_name: str = ""
    form_key: int = 0
    speakers: list[SpeakerRow] = []
    sessions: list[SessionRow] = []
    notes: list[NoteRow] = []
    speaker_form: SpeakerRow = SpeakerRow(0, "", "", "", "", "")
    speaker_key: int = 0
    session_form: SessionRow = SessionRow(0, "", "19:00", "19:30", 0, "")
    session_key: int = 0

    registrations: list[RegistrationRow] = []
    search: str = ""
    current_title: str = ""
    # Issue 45: the registration form's questions, where to copy them from, the answer
    # filter of the registrations, the applications chosen and the decision's note.
    questions: list[QuestionAdminRow] = []
    copy_sources: list[list[str]] = []  # [id, title]
    builtins_on: list[str] = []
    answer_question: str = ""
    answer_filter: str = ""
    selected: list[int] = []
    decision_note: str = ""
    waitlist_overflow: bool = False
    question_key: int = 0

    @rx.var
    def live_count(self) -> int:
        """Registrations holding a seat (accepted or waiting) in the list shown."""
        return len([r for r in self.registrations if r.is_accepted or r.is_pending])

    @rx.var
    def checked_in_count(self) -> int:
        return len([r for r in self.registrations if r.is_checked_in])

    # --- list ---------------------------------------------------------------------------

    def _show_list(self, result):
        items, summary = result
        self.meetups = [meetup_row(v) for v in items]
        self.past_meetups = summary.past_meetups
        self.total_attended = summary.total_attended
        self.loaded = True

    def _load_list(self):
        return self._read_list(LIST, AdminMeetupsState._show_list)

    delete = row_action(admin_edits.delete_meetup, MEETUP_DELETED, via="_delete")

    # --- one meetup: /admin/meetups/<id>[?view=registrations], /admin/meetups/new ------

    def _show_item(self, data):
        """The page of one meetup as read (``read_item``): the empty form (no data), the
        form, or the registrations."""
        if data is None:
            self._new_form()
            return
        details, registrations = data
        self._show_details(details)
        if registrations is None:
            self._open_form()
        else:
            self.mode = "registrations"
            self._show_registrations(registrations)

    @rx.event
    def new_meetup(self):
        return self._go(routes.admin_meetup(NEW))

    @rx.event
    def open_registrations(self, meetup_id: int, title: str = ""):
        return self._go(routes.admin_meetup(meetup_id), view=REGISTRATIONS_VIEW)

    # --- the form -----------------------------------------------------------------------

    def _new_form(self) -> None:
        self.editing_id = 0
        self.form = admin_edits.new_form()
        self.image_url = self.image_name = ""
        self.speakers, self.sessions, self.notes = [], [], []
        self.form_key += 1
        self.mode = "form"

    def _load_details(self, meetup_id: int):
        ok, d, event = self._read(read_details(meetup_id))
        if ok:
            self._show_details(d)
        return ok, event

    def _show_details(self, d) -> None:
        m = d.summary.meetup
        self.editing_id = m.id
        self.current_title = m.title
        self.announce = d.summary.telegram_announce
        self.form = admin_edits.form_of(m, d.summary.stream_url)
        self._show_questions(d.questions)
        self.copy_sources = [[str(i), title] for i, title in d.copy_sources]
        self.image_url, self.image_name = m.image_url or "", m.image_name or ""
        self.speakers = [
            SpeakerRow(s.id, s.full_name, s.job_position, s.company, s.bio, s.profile_url or "")
            for s in d.speakers
        ]
        self.sessions = [
            SessionRow(k.id, k.subject, hhmm(k.starts_at), hhmm(k.ends_at),
                       k.speaker_id or 0, k.speaker_name or "")
            for k in d.sessions
        ]
        self.notes = [NoteRow(n.id, n.content, n.is_active, stamp(n.created_at)) for n in d.notes]

    def _open_form(self) -> None:
        """The form of the meetup just read, its speaker and session forms empty."""
        self.form_key += 1
        self.speaker_form = SpeakerRow(0, "", "", "", "", "")
        self.session_form = SessionRow(0, "", self.form["startTime"], self.form["endTime"], 0, "")
        self.speaker_key += 1
        self.session_key += 1
        self.mode = "form"

    @rx.event
    def save(self, data: dict):
        values = admin_edits.submitted(data)
        # What was typed stays in the form whatever happens.
        self.form = {name: (admin_edits.ON if value is True else "" if value is False else str(value))
                     for name, value in values.items()}
        if self.editing_id:
            meetup_id = self.editing_id
            ok, _, event = self._run(
                lambda s, a: admin_edits.update_meetup(s, a, meetup_id, values), MEETUP_SAVED
            )
        else:
            ok, view, event = self._run(
                lambda s, a: admin_edits.create_meetup(s, a, values), MEETUP_CREATED
            )
            if ok:  # its own address from now on (speakers, sessions and notes follow)
                return self._go(routes.admin_meetup(view.meetup.id), replace=True,
                                keep_messages=True)
        if ok:
            self.current_title = str(values["title"])
        return event

    def _show_image(self, view) -> None:
        self.image_url = (view.meetup.image_url or "") if view else ""
        self.image_name = (view.meetup.image_name or "") if view else ""

    @rx.event
    async def upload_image(self, files: list[rx.UploadFile]):
        meetup_id = self.editing_id
        async for event in self._upload_image(
            files, "meetup-image",
            lambda s, a, data, name: admin_edits.set_meetup_image(s, a, meetup_id, data, name),
            self._show_image,
        ):
            yield event

    @rx.event
    def remove_image(self):
        meetup_id = self.editing_id
        return self._remove_image(
            lambda s, a: admin_edits.remove_meetup_image(s, a, meetup_id), self._show_image
        )

    def _refresh_parts(self):
        notice, error = self.notice, self.error
        self._load_details(self.editing_id)
        self.notice, self.error = notice, error

    def _change_part(self, change, done: str) -> tuple[bool, Any]:
        """``change(session, organizer_id, meetup_id)`` on a speaker, session or note of
        the meetup shown, with ``done`` shown and the parts read again."""
        meetup_id = self.editing_id
        ok, _, event = self._run(lambda s, a: change(s, a, meetup_id), done)
        if ok:
            self._refresh_parts()
        return ok, event

    def _save_part(self, part_id: int, update, add, values: dict, done: str) -> tuple[bool, Any]:
        """Save the part being edited (``update``), or add a new one (``add``)."""
        if part_id:
            return self._change_part(lambda s, a, m: update(s, a, m, part_id, values), done)
        return self._change_part(lambda s, a, m: add(s, a, m, values), done)

    def _remove_part(self, remove, part_id: int, done: str):
        return self._change_part(lambda s, a, m: remove(s, a, m, part_id), done)[1]

    # --- speakers, sessions, notes ------------------------------------------------------

    @rx.event
    def edit_speaker(self, speaker_id: int):
        self._clear_messages()
        found = next((s for s in self.speakers if s.id == speaker_id), None)
        if found:
            self.speaker_form = SpeakerRow(found.id, found.full_name, found.job_position,
                                           found.company, found.bio, found.profile_url)
            self.speaker_key += 1

    @rx.event
    def cancel_speaker(self):
        self.speaker_form = SpeakerRow(0, "", "", "", "", "")
        self.speaker_key += 1

    @rx.event
    def save_speaker(self, data: dict):
        values = {k: data.get(k, "") for k in ("fullName", "jobPosition", "company", "bio",
                                               "profileURL")}
        self.speaker_form = SpeakerRow(self.speaker_form.id, str(values["fullName"]),
                                       str(values["jobPosition"]), str(values["company"]),
                                       str(values["bio"]), str(values["profileURL"]))
        ok, event = self._save_part(self.speaker_form.id, admin_program.update_speaker,
                                    admin_program.add_speaker, values, SPEAKER_SAVED)
        if ok:
            self.speaker_form = SpeakerRow(0, "", "", "", "", "")
            self.speaker_key += 1
        return event

    remove_speaker = row_action(admin_program.remove_speaker, SPEAKER_REMOVED,
                                via="_remove_part")

    @rx.event
    def edit_session(self, session_id: int):
        self._clear_messages()
        found = next((k for k in self.sessions if k.id == session_id), None)
        if found:
            self.session_form = SessionRow(found.id, found.subject, found.start, found.end,
                                           found.speaker_id, found.speaker_name)
            self.session_key += 1

    @rx.event
    def cancel_session(self):
        self.session_form = SessionRow(0, "", self.form["startTime"], self.form["endTime"], 0, "")
        self.session_key += 1

    @rx.event
    def save_session(self, data: dict):
        """The session form's fields are named sessionSubject, sessionStart, sessionEnd and
        speakerId (the meetup form above already has startTime and endTime)."""
        speaker = str(data.get("speakerId", "") or "")
        values = {
            "subject": data.get("sessionSubject", ""),
            "startTime": data.get("sessionStart", ""),
            "endTime": data.get("sessionEnd", ""),
            "speakerId": None if speaker in ("", "0", "none") else speaker,
        }
        self.session_form = SessionRow(
            self.session_form.id, str(values["subject"]), str(values["startTime"]),
            str(values["endTime"]), int(speaker) if speaker.isdigit() else 0, "",
        )
        ok, event = self._save_part(self.session_form.id, admin_program.update_session,
                                    admin_program.add_session, values, SESSION_SAVED)
        if ok:
            self.session_form = SessionRow(0, "", str(values["endTime"]),
                                           str(values["endTime"]), 0, "")
            self.session_key += 1
        else:
            names = {"subject": "sessionSubject", "startTime": "sessionStart",
                     "endTime": "sessionEnd"}
            self.errors = {names.get(k, k): v for k, v in self.errors.items()}
        return event

    remove_session = row_action(admin_program.remove_session, SESSION_REMOVED,
                                via="_remove_part")

    @rx.event
    def set_announce(self, on: bool):
        """The Telegram channel announcement of this meetup, on or off."""
        return self._switch_announce("meetup", self.editing_id, on)

    @rx.event
    def add_note(self, data: dict):
        values = {"content": data.get("content", ""), "active": True}
        return self._save_part(0, None, admin_program.add_note, values, NOTE_SAVED)[1]

    @rx.event
    def toggle_note(self, note_id: int, active: bool):
        return self._save_part(note_id, admin_program.update_note, None, {"active": not active},
                               NOTE_ARCHIVED if active else NOTE_RESTORED)[1]

    remove_note = row_action(admin_program.remove_note, NOTE_REMOVED, via="_remove_part")

    # --- registrations ------------------------------------------------------------------

    def _load_registrations(self):
        ok, rows, event = self._read(read_registrations(
            self.editing_id, self.search, question_id_of(self.answer_question), self.answer_filter))
        if ok:
            self._show_registrations(rows)
        return event

    def _show_registrations(self, rows) -> None:
        self.registrations = [registration_row(r) for r in rows]
        self.selected = [i for i in self.selected if i in {r.id for r in self.registrations}]

    # --- questions and decisions (issue 45) ----------------------------------------------

    def _show_questions(self, views) -> None:
        self.questions = [question_admin_row(q) for q in views]
        self.builtins_on = [q.builtin for q in views if q.builtin]

    def _question_step(self, step, done: str):
        meetup_id = self.editing_id
        ok, views, event = self._run(lambda s, a: step(s, a, meetup_id), done)
        if ok:
            ok2, fresh, _ = self._read(lambda s, a: questions.organizer_questions(s, a, meetup_id))
            if ok2:
                self._show_questions(fresh)
            self.question_key += 1
        return event

    @rx.event
    def add_question(self, form: dict):
        data = question_form(form)
        return self._question_step(
            lambda s, a, m: questions.add_question(s, a, m, data), QUESTIONS_SAVED)

    @rx.event
    def remove_question(self, question_id: int):
        return self._question_step(
            lambda s, a, m: questions.remove_question(s, a, m, question_id), QUESTION_REMOVED)

    @rx.event
    def move_question(self, question_id: int, step: int):
        return self._question_step(
            lambda s, a, m: questions.move_question(s, a, m, question_id, step), QUESTIONS_SAVED)

    @rx.event
    def set_built_in(self, builtin: str, on: bool):
        return self._question_step(
            lambda s, a, m: questions.set_built_in(s, a, m, builtin, bool(on)), QUESTIONS_SAVED)

    @rx.event
    def copy_questions(self, form: dict):
        source = question_id_of(str(form.get("fromMeetupId") or ""))
        if source is None:
            return None
        return self._question_step(
            lambda s, a, m: questions.copy_questions(s, a, m, source), QUESTIONS_SAVED)

    @rx.event
    def filter_by_answer(self, form: dict):
        return self._go(routes.admin_meetup(self.editing_id), replace=True,
                        view=REGISTRATIONS_VIEW, search=self.search,
                        question=str(form.get("question") or "")[:9],
                        answer=str(form.get("answer") or "")[:200])

    @rx.event
    def toggle_selected(self, registration_id: int, on: bool):
        rest = [i for i in self.selected if i != registration_id]
        self.selected = rest + [registration_id] if on else rest

    @rx.event
    def set_decision_note(self, value: str):
        self.decision_note = value[:1000]

    @rx.event
    def set_waitlist_overflow(self, on: bool):
        self.waitlist_overflow = bool(on)

    @rx.event
    def decide_selected(self, accept: bool):
        meetup_id, ids = self.editing_id, list(self.selected)
        note, overflow = self.decision_note, self.waitlist_overflow
        ok, _, event = self._run(lambda s, a: decisions.decide_registrations(
            s, a, meetup_id, ids, accept=bool(accept), note=note,
            overflow_to_waitlist=overflow), DECIDED)
        if ok:
            self.selected, self.decision_note, self.waitlist_overflow = [], "", False
            notice = self.notice
            self._load_registrations()
            self.notice = notice
        return event

    @rx.event
    def set_search(self, value: str):
        return self._go(routes.admin_meetup(self.editing_id), replace=True,
                        view=REGISTRATIONS_VIEW, search=value[:200])

    def _decide(self, fn, registration_id: int, done: str):
        meetup_id = self.editing_id
        ok, view, event = self._run(lambda s, a: fn(s, a, meetup_id, registration_id), done)
        if ok:
            if done == CHECKED_IN:
                self.notice = both(CHECKED_IN, name=view.name or view.username)
            notice = self.notice
            self._load_registrations()
            self.notice = notice
        return event

    accept = row_action(admin_registrations.accept_registration, ACCEPTED, via="_decide")
    reject = row_action(admin_registrations.reject_registration, REJECTED, via="_decide")
    check_in = row_action(admin_registrations.check_in, CHECKED_IN, via="_decide")
    undo_check_in = row_action(admin_registrations.undo_check_in, CHECK_IN_UNDONE, via="_decide")

    @rx.event
    async def download_csv(self):
        meetup_id = self.editing_id
        lang = (await self.get_state(LangState)).current

        def export(session, actor):
            return (
                admin_registrations.export_attendees_csv(session, actor, meetup_id, lang=lang),
                admin_registrations.attendees_csv_filename(session, meetup_id),
            )

        ok, result, event = await asyncio.to_thread(self._read, export)
        if not ok:
            return event
        text, filename = result
        return rx.download(data=text, filename=filename, mime_type="text/csv;charset=utf-8")
