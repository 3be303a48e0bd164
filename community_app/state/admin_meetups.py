"""/admin, Meetups: the list, the create/edit form with speakers, keynote sessions, notes
and the image, and one meetup's registrations (approval, check-in, CSV)."""

from __future__ import annotations

import dataclasses

import reflex as rx

from community_app.i18n import N_, both
from community_app.i18n.dates import date_texts, time_texts, to_korea
from community_app.services import admin_meetups as service
from community_app.state.admin import AdminState, one, stamp
from community_app.state.lang import LangState
from community_app.state.messages import Message

MEETUP_SAVED = N_("Meetup saved.")
MEETUP_CREATED = N_("Meetup created. Now add its speakers, sessions and notes.")
MEETUP_DELETED = N_("Meetup deleted.")
IMAGE_SAVED = N_("Image saved.")
IMAGE_REMOVED = N_("Image removed.")
SPEAKER_SAVED = N_("Speaker saved.")
SPEAKER_REMOVED = N_("Speaker removed.")
SESSION_SAVED = N_("Session saved.")
SESSION_REMOVED = N_("Session removed.")
NOTE_SAVED = N_("Note saved.")
NOTE_REMOVED = N_("Note removed.")
NOTE_ARCHIVED = N_("Note archived.")
NOTE_RESTORED = N_("Note restored.")
ACCEPTED = N_("Registration accepted.")
REJECTED = N_("Registration rejected.")
CHECKED_IN = N_("{name} is checked in.")
CHECK_IN_UNDONE = N_("Check-in undone.")
NO_IMAGE = N_("Choose an image first.")

REASONS = {
    "first_time": N_("First time"),
    "attended_before": N_("Attended before"),
    "networking": N_("Networking"),
    "learning": N_("Learning"),
    "job_opportunities": N_("Job opportunities"),
    "others": N_("Others"),
}
FIELDS = {
    "ai": "AI", "backend": "Backend", "frontend": "Frontend", "ui": "UI", "mobile": "Mobile",
    "cloud": "Cloud", "cyber": "Cyber", "data": "Data",
}
STATUS_LABELS = {
    "PENDING": N_("Pending"),
    "ACCEPTED": N_("Accepted"),
    "REJECTED": N_("Rejected"),
    "CANCELLED": N_("Cancelled"),
}


@dataclasses.dataclass
class MeetupRow:
    id: int
    title: str
    date: Message
    time: Message
    location: str
    registered: int
    max_seats: int
    available: int
    pending: int
    attended: int
    is_past: bool
    requires_approval: bool
    image_url: str


@dataclasses.dataclass
class MeetupForm:
    title: str = ""
    description: str = ""
    date: str = ""
    start: str = "19:00"
    end: str = "21:00"
    location: str = ""
    seats: str = "50"
    provided: str = ""
    parking: bool = False
    approval: bool = False
    image_url: str = ""
    image_name: str = ""


@dataclasses.dataclass
class SpeakerRow:
    id: int
    full_name: str
    job_position: str
    company: str
    bio: str
    profile_url: str


@dataclasses.dataclass
class SessionRow:
    id: int
    subject: str
    start: str
    end: str
    speaker_id: int
    speaker_name: str


@dataclasses.dataclass
class NoteRow:
    id: int
    content: str
    active: bool
    created: Message


@dataclasses.dataclass
class RegistrationRow:
    id: int
    name: str
    username: str
    email: str
    phone: str
    status: str
    status_label: Message
    reason: Message
    field: str
    expectation: str
    registered: Message
    checked_in: Message
    is_checked_in: bool
    is_pending: bool
    is_accepted: bool


def _hhmm(value) -> str:
    return to_korea(value).strftime("%H:%M")


def _row(v: service.AdminMeetupView) -> MeetupRow:
    m = v.meetup
    return MeetupRow(
        id=m.id, title=m.title, date=date_texts(m.starts_at),
        time={lang: f"{time_texts(m.starts_at)[lang]} – {time_texts(m.ends_at)[lang]}"
              for lang in ("en", "uz")},
        location=m.location, registered=m.registered_count, max_seats=m.max_seats,
        available=m.available_seats, pending=v.pending_count, attended=v.attended_count,
        is_past=m.is_past, requires_approval=m.requires_approval, image_url=m.image_url or "",
    )


def _registration(r: service.AdminRegistrationView) -> RegistrationRow:
    return RegistrationRow(
        id=r.id, name=r.name, username=r.username, email=r.email, phone=r.phone,
        status=r.status, status_label=both(STATUS_LABELS.get(r.status, r.status)),
        reason=both(REASONS.get(r.attendance_reason, r.attendance_reason)),
        field=FIELDS.get(r.interested_field, r.interested_field), expectation=r.expectation,
        registered=stamp(r.registered_at), checked_in=stamp(r.checked_in_at),
        is_checked_in=r.checked_in_at is not None, is_pending=r.status == "PENDING",
        is_accepted=r.status == "ACCEPTED",
    )


class AdminMeetupsState(AdminState):
    meetups: list[MeetupRow] = []
    loaded: bool = False
    filter: str = "upcoming"  # upcoming | past | all
    past_meetups: int = 0
    total_attended: int = 0
    mode: str = "list"  # list | form | registrations

    editing_id: int = 0
    form: MeetupForm = MeetupForm()
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

    @rx.var
    def live_count(self) -> int:
        """Registrations holding a seat (accepted or waiting) in the list shown."""
        return len([r for r in self.registrations if r.is_accepted or r.is_pending])

    @rx.var
    def checked_in_count(self) -> int:
        return len([r for r in self.registrations if r.is_checked_in])

    # --- list ---------------------------------------------------------------------------

    def _load_list(self):
        kind = None if self.filter == "all" else self.filter

        def read(session, actor):
            page = service.list_meetups_admin(session, actor, kind, size=100)
            return page.items, service.attendance_summary(session, actor)

        ok, result, event = self._read(read)
        if ok:
            items, summary = result
            self.meetups = [_row(v) for v in items]
            self.past_meetups = summary.past_meetups
            self.total_attended = summary.total_attended
            self.loaded = True
        return event

    @rx.event
    def load(self):
        self.section = "meetups"
        self.mode = "list"
        return self._load_list()

    @rx.event
    def set_filter(self, value: str | list[str]):
        value = one(value)
        self.filter = value if value in ("upcoming", "past", "all") else "upcoming"
        return self._load_list()

    @rx.event
    def back_to_list(self):
        self.mode = "list"
        self._clear_messages()
        return self._load_list()

    @rx.event
    def delete(self, meetup_id: int):
        ok, _, event = self._run(
            lambda s, a: service.delete_meetup(s, a, meetup_id), MEETUP_DELETED
        )
        if ok:
            self.mode = "list"
            return self._load_list()
        return event

    # --- the form -----------------------------------------------------------------------

    @rx.event
    def new_meetup(self):
        self._clear_messages()
        self.editing_id = 0
        self.form = MeetupForm()
        self.speakers, self.sessions, self.notes = [], [], []
        self.form_key += 1
        self.mode = "form"

    def _load_details(self, meetup_id: int):
        ok, d, event = self._read(lambda s, a: service.get_meetup_admin(s, a, meetup_id))
        if not ok:
            return False, event
        m = d.summary.meetup
        self.editing_id = m.id
        self.current_title = m.title
        self.form = MeetupForm(
            title=m.title, description=m.description,
            date=to_korea(m.starts_at).strftime("%Y-%m-%d"), start=_hhmm(m.starts_at),
            end=_hhmm(m.ends_at), location=m.location, seats=str(m.max_seats),
            provided=m.provided, parking=m.parking, approval=m.requires_approval,
            image_url=m.image_url or "", image_name=m.image_name or "",
        )
        self.speakers = [
            SpeakerRow(s.id, s.full_name, s.job_position, s.company, s.bio, s.profile_url or "")
            for s in d.speakers
        ]
        self.sessions = [
            SessionRow(k.id, k.subject, _hhmm(k.starts_at), _hhmm(k.ends_at),
                       k.speaker_id or 0, k.speaker_name or "")
            for k in d.sessions
        ]
        self.notes = [NoteRow(n.id, n.content, n.is_active, stamp(n.created_at)) for n in d.notes]
        return True, None

    @rx.event
    def edit(self, meetup_id: int):
        self._clear_messages()
        ok, event = self._load_details(meetup_id)
        if ok:
            self.form_key += 1
            self.speaker_form = SpeakerRow(0, "", "", "", "", "")
            self.session_form = SessionRow(0, "", self.form.start, self.form.end, 0, "")
            self.speaker_key += 1
            self.session_key += 1
            self.mode = "form"
        return event

    @rx.event
    def save(self, data: dict):
        values = {
            "title": data.get("title", ""),
            "description": data.get("description", ""),
            "meetupDate": data.get("meetupDate", ""),
            "startTime": data.get("startTime", ""),
            "endTime": data.get("endTime", ""),
            "location": data.get("location", ""),
            "maxSeats": data.get("maxSeats", ""),
            "provided": data.get("provided", ""),
            "parking": data.get("parking") in ("on", "true", True),
            "requiresApproval": data.get("requiresApproval") in ("on", "true", True),
        }
        # What was typed stays in the form whatever happens.
        self.form = MeetupForm(
            title=str(values["title"]), description=str(values["description"]),
            date=str(values["meetupDate"]), start=str(values["startTime"]),
            end=str(values["endTime"]), location=str(values["location"]),
            seats=str(values["maxSeats"]), provided=str(values["provided"]),
            parking=bool(values["parking"]), approval=bool(values["requiresApproval"]),
            image_url=self.form.image_url, image_name=self.form.image_name,
        )
        if self.editing_id:
            meetup_id = self.editing_id
            ok, _, event = self._run(
                lambda s, a: service.update_meetup(s, a, meetup_id, values), MEETUP_SAVED
            )
        else:
            ok, view, event = self._run(
                lambda s, a: service.create_meetup(s, a, values), MEETUP_CREATED
            )
            if ok:
                self.editing_id = view.meetup.id
        if ok:
            self.current_title = str(values["title"])
        return event

    @rx.event
    async def upload_image(self, files: list[rx.UploadFile]):
        if not files:
            self._clear_messages()
            self.error = both(NO_IMAGE)
            return
        upload = files[0]
        data = await upload.read()
        name = getattr(upload, "name", None) or getattr(upload, "filename", None)
        meetup_id = self.editing_id
        ok, view, event = self._run(
            lambda s, a: service.set_meetup_image(s, a, meetup_id, data, name), IMAGE_SAVED
        )
        if ok:
            self.form.image_url = view.meetup.image_url or ""
            self.form.image_name = view.meetup.image_name or ""
        if event:
            yield event
        yield rx.clear_selected_files("meetup-image")

    @rx.event
    def remove_image(self):
        meetup_id = self.editing_id
        ok, _, event = self._run(
            lambda s, a: service.remove_meetup_image(s, a, meetup_id), IMAGE_REMOVED
        )
        if ok:
            self.form.image_url = ""
            self.form.image_name = ""
        return event

    def _refresh_parts(self):
        notice, error = self.notice, self.error
        self._load_details(self.editing_id)
        self.notice, self.error = notice, error

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
        meetup_id, speaker_id = self.editing_id, self.speaker_form.id
        if speaker_id:
            ok, _, event = self._run(
                lambda s, a: service.update_speaker(s, a, meetup_id, speaker_id, values),
                SPEAKER_SAVED,
            )
        else:
            ok, _, event = self._run(
                lambda s, a: service.add_speaker(s, a, meetup_id, values), SPEAKER_SAVED
            )
        if ok:
            self.speaker_form = SpeakerRow(0, "", "", "", "", "")
            self.speaker_key += 1
            self._refresh_parts()
        return event

    @rx.event
    def remove_speaker(self, speaker_id: int):
        meetup_id = self.editing_id
        ok, _, event = self._run(
            lambda s, a: service.remove_speaker(s, a, meetup_id, speaker_id), SPEAKER_REMOVED
        )
        if ok:
            self._refresh_parts()
        return event

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
        self.session_form = SessionRow(0, "", self.form.start, self.form.end, 0, "")
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
        meetup_id, session_id = self.editing_id, self.session_form.id
        if session_id:
            ok, _, event = self._run(
                lambda s, a: service.update_session(s, a, meetup_id, session_id, values),
                SESSION_SAVED,
            )
        else:
            ok, _, event = self._run(
                lambda s, a: service.add_session(s, a, meetup_id, values), SESSION_SAVED
            )
        if ok:
            self.session_form = SessionRow(0, "", str(values["endTime"]),
                                           str(values["endTime"]), 0, "")
            self.session_key += 1
            self._refresh_parts()
        else:
            names = {"subject": "sessionSubject", "startTime": "sessionStart",
                     "endTime": "sessionEnd"}
            self.errors = {names.get(k, k): v for k, v in self.errors.items()}
        return event

    @rx.event
    def remove_session(self, session_id: int):
        meetup_id = self.editing_id
        ok, _, event = self._run(
            lambda s, a: service.remove_session(s, a, meetup_id, session_id), SESSION_REMOVED
        )
        if ok:
            self._refresh_parts()
        return event

    @rx.event
    def add_note(self, data: dict):
        meetup_id = self.editing_id
        values = {"content": data.get("content", ""), "active": True}
        ok, _, event = self._run(
            lambda s, a: service.add_note(s, a, meetup_id, values), NOTE_SAVED
        )
        if ok:
            self._refresh_parts()
        return event

    @rx.event
    def toggle_note(self, note_id: int, active: bool):
        meetup_id = self.editing_id
        ok, _, event = self._run(
            lambda s, a: service.update_note(s, a, meetup_id, note_id, {"active": not active}),
            NOTE_ARCHIVED if active else NOTE_RESTORED,
        )
        if ok:
            self._refresh_parts()
        return event

    @rx.event
    def remove_note(self, note_id: int):
        meetup_id = self.editing_id
        ok, _, event = self._run(
            lambda s, a: service.remove_note(s, a, meetup_id, note_id), NOTE_REMOVED
        )
        if ok:
            self._refresh_parts()
        return event

    # --- registrations ------------------------------------------------------------------

    def _load_registrations(self):
        meetup_id, search = self.editing_id, self.search
        ok, rows, event = self._read(
            lambda s, a: service.list_registrations(s, a, meetup_id, search=search)
        )
        if ok:
            self.registrations = [_registration(r) for r in rows]
        return event

    @rx.event
    def open_registrations(self, meetup_id: int, title: str):
        self._clear_messages()
        self.editing_id = meetup_id
        self.current_title = title
        self.search = ""
        self.mode = "registrations"
        return self._load_registrations()

    @rx.event
    def set_search(self, value: str):
        self.search = value[:200]
        return self._load_registrations()

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

    @rx.event
    def accept(self, registration_id: int):
        return self._decide(service.accept_registration, registration_id, ACCEPTED)

    @rx.event
    def reject(self, registration_id: int):
        return self._decide(service.reject_registration, registration_id, REJECTED)

    @rx.event
    def check_in(self, registration_id: int):
        return self._decide(service.check_in, registration_id, CHECKED_IN)

    @rx.event
    def undo_check_in(self, registration_id: int):
        return self._decide(service.undo_check_in, registration_id, CHECK_IN_UNDONE)

    @rx.event
    async def download_csv(self):
        meetup_id = self.editing_id
        lang = (await self.get_state(LangState)).current

        def export(session, actor):
            return (
                service.export_attendees_csv(session, actor, meetup_id, lang=lang),
                service.attendees_csv_filename(session, meetup_id),
            )

        ok, result, event = self._read(export)
        if not ok:
            return event
        text, filename = result
        return rx.download(data=text, filename=filename, mime_type="text/csv;charset=utf-8")
