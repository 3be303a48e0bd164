"""/mypage?tab=account, the member's own data: the consents they gave, the export of
everything kept about them, the deletion of their account, and the switch of their public
member page. A mixin of ``MyPageState`` (state/mypage.py), whose page shows it; its
handlers use the signed-in member of ``AuthState``, which ``MyPageState`` inherits."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core.db import session_scope
import datetime as dt

from community_app.i18n import LANGUAGES, N_, gettext
from community_app.i18n.dates import date_texts
from community_app.models import ConsentKind
from community_app.services import members, privacy
from community_app.services.errors import DomainError
from community_app.state.lang import LangState
from community_app.state.messages import SERVER_ERROR, Message, attempt, from_error, message
from community_app.state.sent_writes import write


CONSENT_GIVEN = N_("Saved: we will email you about new meetups, news and jobs.")
CONSENT_WITHDRAWN = N_("Withdrawn: we will no longer email you about new meetups, news and jobs.")


@dataclasses.dataclass
class ConsentRow:
    label: str  # message id
    meetup: str
    date: dict[str, str]
    withdrawn: dict[str, str] = dataclasses.field(default_factory=dict)  # empty: in force


DELETION_PENDING = N_("Your account will be deleted on {date}.")


def _pending_texts(erases_at: dt.datetime | None) -> Message:
    """"Your account will be deleted on <date>." in each language ({} when not pending)."""
    if erases_at is None:
        return {}
    dates = date_texts(erases_at, "long")
    return {lang: gettext(DELETION_PENDING, lang, date=dates[lang]) for lang in LANGUAGES}


class MyDataMixin(rx.State, mixin=True):
    # The public member page /members/<username> (opt-in: services/members.py).
    public_profile: bool = False
    profile_notice: Message = {}
    consents: list[ConsentRow] = []
    news_emails: bool = False  # the one agreement a member may withdraw and give again
    consent_notice: Message = {}
    export_status: str = ""
    export_progress: int = 0
    export_url: str = ""
    deletion_error: Message = {}
    deletion_notice: Message = {}
    # A pending deletion: "Your account will be deleted on <date>." ({} when none).
    deletion_pending: Message = {}
    deletion_confirming: bool = False  # the "are you sure?" dialog is open
    confirm_with_google: bool = False  # a Google-only account: Google, not a password
    google_confirmed: bool = False
    _google_credential: str = ""

    def _load_privacy(self, user_id: int) -> None:
        with session_scope() as session:
            rows = privacy.list_consents(session, user_id)
            export = privacy.latest_export(session, user_id)
            link = privacy.download_link(export) if export else None
            self.confirm_with_google = privacy.confirms_with_google(session, user_id)
            self.public_profile = members.profile_shown(session, user_id)
            self.deletion_pending = _pending_texts(privacy.pending_deletion(session, user_id))
        self.consents = [ConsentRow(c.label, c.meetup_title or "", date_texts(c.given_at),
                                    date_texts(c.withdrawn_at) if c.withdrawn_at else {})
                         for c in rows]
        self.news_emails = any(c.kind == ConsentKind.NEWS_EMAILS.value and c.withdrawn_at is None
                               for c in rows)
        self.export_status = export.status if export else ""
        self.export_progress = export.progress if export else 0
        self.export_url = link or ""

    @rx.event
    @write
    def set_public_profile(self, shown: bool):
        """The switch "Show my public profile page"."""
        self.profile_notice = {}
        user = self._member()
        if user is None:
            return self._to_login()
        with session_scope() as session:
            told = members.set_public_profile(session, user.id, bool(shown))
        self.public_profile = bool(shown)
        self.profile_notice = message(told)
        return None

    @rx.event
    @write
    def set_news_emails(self, given: bool):
        """The switch "Emails about new meetups, news and jobs": give or withdraw it; the
        list below keeps every date."""
        self.consent_notice = {}
        user = self._member()
        if user is None:
            return self._to_login()
        with session_scope() as session:
            privacy.choose_consent(session, user.id, ConsentKind.NEWS_EMAILS.value, bool(given))
        self._load_privacy(user.id)
        self.consent_notice = message(CONSENT_GIVEN if given else CONSENT_WITHDRAWN)
        return None

    @rx.event
    def load_privacy(self):
        user = self._member()
        if user is not None:
            self._load_privacy(user.id)

    @rx.event
    @write
    async def request_export(self):
        user = self._member()
        if user is None:
            return self._to_login()
        lang = (await self.get_state(LangState)).current  # the summary page's language
        user_id = user.id

        def ask() -> None:
            with session_scope() as session:
                privacy.request_export(session, user_id, lang=lang)

        await asyncio.to_thread(ask)
        await asyncio.to_thread(self._load_privacy, user_id)
        return type(self).watch_export

    @rx.event(background=True)
    async def watch_export(self):
        """Show the background build's progress until the ZIP is ready or the build gives
        up: every 2 s for 2 minutes, then every 10 s while a failed build waits for its
        retries (up to 15 minutes: services/privacy/export.py), 20 minutes at most."""
        for poll in range(60 + 108):
            await asyncio.sleep(2 if poll < 60 else 10)
            async with self:
                user_id = self.user_id
                if not user_id:
                    return
                await asyncio.to_thread(self._load_privacy, user_id)
                if self.export_status not in ("PENDING", "RUNNING"):
                    return

    @rx.event
    def export_downloaded(self):
        self.export_url = ""
        self.export_status = "DOWNLOADED"

    @rx.event
    def keep_account(self):
        """The dialog closed without confirming."""
        self.deletion_confirming = False

    @rx.event
    @write
    async def delete_account(self, form: dict):
        """The form, sent twice: by "Delete my account" (the password, or Google, and the
        last-organizer rule are checked, and only then "are you sure?" opens: a wrong
        password is said before the member is asked to be sure, issue 42), then by the
        dialog's confirm button (the deletion is asked, checked again)."""
        self.deletion_error, self.deletion_notice = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        password = str(form.get("password", ""))
        keep = str(form.get("content", "keep")) != "remove"
        user_id = user.id
        client = self.router.session.client_ip
        if not self.deletion_confirming:
            credential = self._google_credential

            def check() -> None:
                with session_scope() as session:
                    privacy.check_deletion(session, user_id, password=password,
                                           google_credential=credential, client=client)

            done = await attempt(check, SERVER_ERROR, "Checking a deletion")
            if not done.ok:
                self.deletion_error = done.error  # said beside the form; no dialog
                return None
            self.deletion_confirming = True
            return None
        self.deletion_confirming = False
        credential, self._google_credential, self.google_confirmed = self._google_credential, "", False

        def ask():
            with session_scope() as session:
                return privacy.request_deletion(session, user_id, password=password,
                                                google_credential=credential, keep_content=keep,
                                                client=client)

        try:
            erases_at = await asyncio.to_thread(ask)
        except DomainError as exc:
            self.deletion_error = from_error(exc)
            return None
        self.deletion_pending = _pending_texts(erases_at)  # shown with its cancel button
        return None

    @rx.event
    @write
    async def cancel_deletion(self):
        self.deletion_error, self.deletion_notice = {}, {}
        user = self._member()
        if user is None:
            return self._to_login()
        user_id = user.id

        def cancel() -> bool:
            with session_scope() as session:
                return privacy.cancel_deletion(session, user_id)

        await asyncio.to_thread(cancel)
        self.deletion_pending = {}
        self.deletion_notice = message(privacy.DELETION_CANCELLED)
        return None

    @rx.event
    def confirm_deletion_with_google(self, credential: str):
        """The Google button of the deletion form (a Google-only account): the credential
        is checked by the deletion service when the form is sent."""
        self.deletion_error, self.deletion_notice = {}, {}
        self._google_credential = credential or ""
        self.google_confirmed = bool(credential)
        if not credential:
            self.deletion_error = message(privacy.CONFIRM_GOOGLE)
