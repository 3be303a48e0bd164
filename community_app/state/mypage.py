"""/mypage: the member's events, job posts, blog posts and account (SPEC section 2)."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import N_
from community_app.i18n.dates import date_texts, time_texts
from community_app.services import blogs, cache, job_submissions, meetups, password_reset, profile
from community_app.services import users
from community_app.services.markdown import render_markdown
from community_app.services.errors import DomainError
from community_app.state.auth import AuthState
from community_app.state.focus import focus_element, opener_id
from community_app.state.job_texts import visa_choice
from community_app.state.mypage_data import MyDataMixin
from community_app.state.messages import Message, attempt, field_messages, from_error, message
from community_app.state.sent_writes import write


SECTIONS = ("events", "talks", "jobs", "blogs", "alerts", "digest", "account")
EVENTS_HEADING_ID = "mypage-events-heading"  # "My events" (ui/components/mypage_events.py)
BLOGS_HEADING_ID = "mypage-blogs-heading"  # "My Blogs" (ui/components/mypage_blogs.py)
CANCEL_OPENER, DELETE_POST_OPENER = "cancel-registration", "delete-post"  # with opener_id


@dataclasses.dataclass
class EventRow:
    meetup_id: int
    title: str
    location: str
    date: dict[str, str]
    time: dict[str, str]
    status: str
    cancelled: bool
    past: bool
    type: str
    note: str = ""  # the organizers' note with their decision (issue 45)
    online: bool = False  # an online seat


@dataclasses.dataclass
class JobRow:
    id: int
    title: str
    company: str
    status: str
    date: dict[str, str]


@dataclasses.dataclass
class PostRow:
    id: int
    title: str
    status: str
    date: dict[str, str]
    published: bool
SAVE_FAILED = N_("Saving failed. Please try again.")
VISA_SAVED = N_("Your visa is saved: the jobs board starts from it, and so do the alerts you "
                "save there.")
VISA_CLEARED = N_("Your visa is cleared: the jobs board shows jobs for every visa.")
PASSWORD_FORM_ID = "password-form"  # My account's "Change password" (ui/components/mypage_account.py)


class MyPageState(MyDataMixin, AuthState):
    section: str = "events"
    events_tab: str = "upcoming"
    loading: bool = True

    upcoming: list[EventRow] = []
    past: list[EventRow] = []
    cancel_id: int = 0
    cancel_title: str = ""
    events_error: Message = {}

    my_jobs: list[JobRow] = []
    job_errors: dict[str, Message] = {}
    job_notice: Message = {}
    job_form_key: int = 0

    my_posts: list[PostRow] = []
    editor_key: int = 0
    editor_id: int = 0
    editor_title: str = ""
    editor_content: str = ""
    # The blog editor's preview: the text as readers will see it (server-side Markdown).
    editor_preview_html: str = ""
    editor_published: bool = False
    editor_cover_name: str = ""
    editor_cover_url: str = ""
    post_errors: dict[str, Message] = {}
    post_notice: Message = {}
    delete_post_id: int = 0
    _cover: bytes = b""

    account_errors: dict[str, Message] = {}
    account_notice: Message = {}
    account_key: int = 0
    # The name shown on public attendee lists ("": the first name only; services/meetups/attendees.py).
    attendee_name: str = ""
    photo_progress: int = 0
    uploading_photo: bool = False

    # "My visa" (users.visa_status): /jobs and the alerts saved there start from it.
    my_visa: str = ""
    visa_notice: Message = {}
    # "Change password" (services/password_reset.change_password).
    password_errors: dict[str, Message] = {}
    password_notice: Message = {}
    password_key: int = 0

    busy: bool = False


    # --- loading --------------------------------------------------------------------

    def _apply_load(self, data: MyPageData) -> None:
        """The page load's update (``state/page_load.py``): what ``read_mypage`` read."""
        self.section = data.section
        self._apply_lists(data)
        if data.section == "account" and self.user_id:
            self._load_privacy(self.user_id)
        self.loading = False

    def _apply_lists(self, data: MyPageData) -> None:
        self.upcoming, self.past = data.upcoming, data.past
        self.my_jobs, self.my_posts = data.my_jobs, data.my_posts
        self._show_attendee_name(data.attendee_name)
        self.my_visa = data.visa

    def _show_attendee_name(self, value: str) -> None:
        if value != self.attendee_name:
            self.attendee_name = value
            self.account_key += 1  # the form's field shows the saved value

    def _load_all(self, user_id: int) -> None:
        self._apply_lists(read_lists(user_id))

    @staticmethod
    def _event_row(r: meetups.MyRegistrationView) -> EventRow:
        m = r.meetup
        return EventRow(
            meetup_id=m.id,
            title=m.title,
            location=m.location,
            date=date_texts(m.starts_at),
            time=time_texts(m.starts_at),
            status=r.registration.status,
            cancelled=r.registration.status == "CANCELLED",
            past=m.is_past,
            type="past" if m.is_past else "upcoming",
            note=r.registration.decision_note,
            online=r.registration.seat_kind == "ONLINE",
        )

    @rx.event
    def show_section(self, section: str):
        if section in SECTIONS:
            self.section = section
        if section == "account":
            return MyPageState.load_privacy
        return None

    @rx.event
    def show_events_tab(self, tab: str):
        self.events_tab = "past" if tab == "past" else "upcoming"

    # --- events -----------------------------------------------------------------------

    @rx.event
    def ask_cancel(self, meetup_id: int, title: str):
        self.cancel_id, self.cancel_title = meetup_id, title

    @rx.event
    def keep_registration(self):
        opener = opener_id(CANCEL_OPENER, self.cancel_id)
        self.cancel_id, self.cancel_title = 0, ""
        return focus_element(opener)  # back to its "Cancel registration" button

    # "Yes, cancel" is MyMeetupsState.confirm_cancel (state/mypage_meetups.py): it reloads
    # both cards, and that module imports this one (never the other way: no import circle).

    @rx.event
    async def reload_lists(self):
        """After a seat claimed on My Page's waitlist card (state/mypage_meetups.py)."""
        if self.user_id:
            self._apply_lists(await asyncio.to_thread(read_lists, self.user_id))

    # --- job posting ------------------------------------------------------------------

    @rx.event
    @write
    def submit_job(self, form: dict):
        self.job_errors, self.job_notice = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        try:
            with session_scope() as session:
                job_submissions.submit_job_post(session, user.id, form,
                                                client=self.router.session.client_ip)
        except DomainError as exc:  # the fields', or one for the form (too many tries)
            self.job_errors = field_messages(exc) or {"form": from_error(exc)}
            return None
        self.job_notice = message(N_("Thank you! Your job post was sent and waits for an organizer's review."))
        self.job_form_key += 1
        self._load_all(user.id)
        return None

    # --- blogs ------------------------------------------------------------------------

    @rx.event
    def preview_post(self, content: str):
        """Show (or, when shown, hide) the editor's text rendered like the published post."""
        if self.editor_preview_html:
            self.editor_preview_html = ""
        else:
            self.editor_preview_html = render_markdown(str(content or "")) or " "

    @rx.event
    def new_post(self):
        self.editor_preview_html = ""
        self.editor_id, self.editor_title, self.editor_content = 0, "", ""
        self.editor_published, self._cover = False, b""
        self.editor_cover_name = self.editor_cover_url = ""
        self.post_errors, self.post_notice = {}, {}
        self.editor_key += 1

    @rx.event
    def edit_post(self, post_id: int):
        user = self._member()
        if user is None:
            return self._to_login()
        with session_scope() as session:
            post = next((p for p in blogs.list_my_posts(session, user.id) if p.id == post_id), None)
        if post is None:
            return None
        self.editor_id, self.editor_title, self.editor_content = post.id, post.title, post.content
        self.editor_preview_html = ""
        self.editor_published = post.status == "PUBLISHED"
        self.editor_cover_url, self.editor_cover_name, self._cover = post.cover_url or "", "", b""
        self.post_errors, self.post_notice = {}, {}
        self.editor_key += 1
        return None

    @rx.event
    async def choose_cover(self, files: list[rx.UploadFile]):
        if not files:
            return
        data = await files[0].read()
        if len(data) > 5 * 1024 * 1024:
            self.post_errors = {"cover": message(N_("Photo must be a JPEG, PNG or WebP image of at most 5 MB."))}
            return
        self._cover = data
        self.editor_cover_name = files[0].filename or "cover"
        self.post_errors = {k: v for k, v in self.post_errors.items() if k != "cover"}

    @rx.event
    @write
    async def save_post(self, form: dict):
        self.post_errors, self.post_notice = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        title, content = str(form.get("title", "")), str(form.get("content", ""))
        published = str(form.get("status", "DRAFT")) == "PUBLISHED"
        # Keep what was typed, whatever happens next.
        self.editor_title, self.editor_content, self.editor_published = title, content, published
        post_id, cover = self.editor_id or None, self._cover or None
        client = self.router.session.client_ip

        def save():  # the cover's decoding and the database: off the event loop
            with session_scope() as session:
                return blogs.save_post(
                    session, user.id, title=title, content=content, published=published,
                    post_id=post_id, cover=cover, client=client,
                )

        saved = await attempt(save, SAVE_FAILED, "Saving a blog post")
        if not saved.ok:  # tell the member; the text stays in the editor
            self.post_errors = saved.errors or {"form": saved.error}
            return None
        post = saved.result
        self.editor_id, self._cover, self.editor_cover_name = post.id, b"", ""
        self.editor_cover_url = post.cover_url or ""
        self.post_notice = message(
            N_("Your post is published.") if published else N_("Your draft is saved.")
        )
        self._load_all(user.id)
        return None

    @rx.event
    def ask_delete_post(self, post_id: int):
        self.delete_post_id = post_id

    @rx.event
    def keep_post(self):
        opener = opener_id(DELETE_POST_OPENER, self.delete_post_id)
        self.delete_post_id = 0
        return focus_element(opener)  # back to its "Delete" button

    @rx.event
    @write
    def confirm_delete_post(self):
        user = self._member()
        if user is None:
            return self._to_login()
        post_id, self.delete_post_id = self.delete_post_id, 0
        with session_scope() as session:
            blogs.delete_post(session, user.id, post_id)
        if self.editor_id == post_id:
            self.new_post()
        self._load_all(user.id)
        return focus_element(BLOGS_HEADING_ID)  # its row and button are gone

    # --- account ----------------------------------------------------------------------

    @rx.event
    @write
    def save_account(self, form: dict):
        self.account_errors, self.account_notice = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        try:
            with session_scope() as session:
                updated = profile.update_profile(
                    session, user.id,
                    first_name=str(form.get("firstName", "")),
                    last_name=str(form.get("lastName", "")),
                    phone=str(form.get("phone", "")),
                    attendee_name=str(form.get("attendeeName", "")),
                )
        except DomainError as exc:
            self.account_errors = field_messages(exc) or {"form": from_error(exc)}
            return None
        self._set_user(updated)
        self._show_attendee_name(updated.attendee_name or "")
        self.account_notice = message(N_("Your changes are saved."))
        return None

    @rx.event
    @write
    async def set_my_visa(self, value: str):
        """Keep the member's visa on the account (the same as choosing "My visa" on /jobs),
        and in this browser, where /jobs reads it first (state/jobs.py)."""
        from community_app.state.jobs import JobsState

        self.visa_notice = {}
        user = self._member()
        if user is None:
            return self._to_login()
        visa = visa_choice(value)

        def save() -> None:
            with session_scope() as session:
                users.set_visa_status(session, user.id, visa)

        await asyncio.to_thread(save)
        self.my_visa = visa or ""
        (await self.get_state(JobsState)).remembered_visa = visa or ""
        self.visa_notice = message(VISA_SAVED if visa else VISA_CLEARED)
        return None

    @rx.event
    @write
    async def change_password(self, form: dict):
        """A new password: the current one checked like a login; every other device is
        signed out and this one gets fresh tokens, so it stays signed in."""
        self.password_errors, self.password_notice = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        current, new, confirm = (str(form.get(name, "")) for name in
                                 ("currentPassword", "newPassword", "confirmPassword"))
        client = self.router.session.client_ip

        def change():  # two password hashes: off the event loop
            with session_scope() as session:
                return password_reset.change_password(
                    session, user.id, current_password=current, new_password=new,
                    confirm_password=confirm, client=client)

        try:
            pair = await asyncio.to_thread(change)
        except DomainError as exc:
            self.password_errors = field_messages(exc) or {"form": from_error(exc)}
            return None
        self._store_tokens(pair)
        self.password_notice = message(password_reset.PASSWORD_NOW_CHANGED)
        self.password_key += 1  # the fields are emptied
        return None

    @rx.event
    def cancel_account(self):
        self.account_errors, self.account_notice = {}, {}
        self.account_key += 1  # the form shows the saved values again

    @rx.event
    def photo_progress_changed(self, progress: dict):
        self.uploading_photo = True
        self.photo_progress = round(float(progress.get("progress", 0)) * 100)

    @rx.event
    @write
    async def upload_photo(self, files: list[rx.UploadFile]):
        self.account_errors, self.account_notice = {}, {}
        user = self._member()
        if user is None or not files:
            self.uploading_photo = False
            return
        data = await files[0].read()
        def store():  # decoding a big photo takes a while: off the event loop
            with session_scope() as session:
                return profile.set_photo(session, user.id, data)

        stored = await attempt(store, SAVE_FAILED, "Storing a member's photo")
        self.uploading_photo = False
        self.photo_progress = 0
        if stored.ok:
            self._set_user(stored.result)
            self.account_notice = message(N_("Your photo is updated."))
        else:
            self.account_errors = stored.errors or {"photo": stored.error}

    @rx.event
    @write
    def delete_photo(self):
        user = self._member()
        if user is None:
            return self._to_login()
        with session_scope() as session:
            updated = profile.delete_photo(session, user.id)
        self._set_user(updated)
        self.account_notice = message(N_("Your photo is removed."))
        return None


@dataclasses.dataclass
class MyPageData:
    section: str = "events"
    upcoming: list = dataclasses.field(default_factory=list)
    past: list = dataclasses.field(default_factory=list)
    my_jobs: list = dataclasses.field(default_factory=list)
    my_posts: list = dataclasses.field(default_factory=list)
    attendee_name: str = ""
    visa: str = ""


def read_lists(user_id: int) -> MyPageData:
    """The member's registrations, job posts and blog posts, and the name they chose for
    attendee lists."""
    with session_scope() as session:
        regs = meetups.list_my_registrations(session, user_id)
        jobs = job_submissions.list_my_job_posts(session, user_id)
        posts = blogs.list_my_posts(session, user_id)
        attendee_name = profile.attendee_name_of(session, user_id)
        visa = users.get_visa_status(session, user_id) or ""
    rows = [MyPageState._event_row(r) for r in meetups.latest_per_meetup(regs)]
    return MyPageData(
        upcoming=[r for r in rows if not r.past][::-1],  # soonest first
        past=[r for r in rows if r.past],
        my_jobs=[
            JobRow(j.id, j.title, j.company_name, j.status, date_texts(j.created_at)) for j in jobs
        ],
        my_posts=[
            PostRow(p.id, p.title, p.status, date_texts(p.updated_at), p.status == "PUBLISHED")
            for p in posts
        ],
        attendee_name=attendee_name,
        visa=visa,
    )


def read_mypage(request) -> MyPageData:
    """Read with no lock held; the page load sends anonymous visitors to /login first."""
    cache.needs_database()
    section = request.query.get("tab", "events")
    data = read_lists(request.member.id) if request.member is not None else MyPageData()
    data.section = section if section in SECTIONS else "events"
    return data
