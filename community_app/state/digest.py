"""The personal digest in the site: My Page's "Digest" tab (how often, at what hour, by
which channel, the Korean level of the jobs, only when away, and a preview of the next
one), the digest email's unsubscribe page /digest/unsubscribe/<token> (no sign-in), and
the back office's /admin/digest (how many get the next one, a test to oneself). The rules
are services/digest/; database work runs in a worker thread."""

from __future__ import annotations

import asyncio
import dataclasses

import reflex as rx

from community_app.core.db import session_scope
from community_app.i18n import LANGUAGES, N_, both, gettext
from community_app.i18n.dates import date_texts
from community_app.services.digest import member_choices, opting_out, previews
from community_app.services.errors import DomainError
from community_app.state.admin import AdminState
from community_app.state.auth import AuthState
from community_app.state.messages import Message, from_error, message
from community_app.state.page_load import PageRequest, use_link_token
from community_app.state.sent_writes import write

NEXT_DIGEST = N_("Next digest: {date}, {hour}:00 Korea time (sent only if something is new)")
NO_NEXT = N_("No digest is planned.")
SAVED = N_("Your digest choices are saved.")
DIGEST_HEADING_ID = "digest-heading"


@dataclasses.dataclass
class PreviewItem:
    title: str
    detail: str
    href: str


@dataclasses.dataclass
class PreviewSection:
    heading: str  # message id (shown with t_var of both)
    heading_texts: dict[str, str]
    rows: list[PreviewItem]  # (not ``items``: a Var's own method)


@dataclasses.dataclass(frozen=True)
class DigestView:
    """What the tab shows: the choices, when the next comes, and its preview."""

    frequency: str
    hour: str
    by_email: bool
    by_telegram: bool
    only_if_away: bool
    korean_level: str
    consent: bool
    telegram_linked: bool
    next_text: dict[str, str]
    subject: str
    sections: list[PreviewSection]


def read_digest(user_id: int) -> DigestView:
    with session_scope() as session:
        found = previews.preview(session, user_id)
    c = found.choices
    if found.next_at is not None:
        dates = date_texts(found.next_at, "full")
        when = {lang: gettext(NEXT_DIGEST, lang, date=dates[lang], hour=f"{c.hour:02d}")
                for lang in LANGUAGES}
    else:
        when = both(NO_NEXT)
    d = found.digest
    # In the member's language whatever the page's: the preview is the digest as it is sent.
    sections = [PreviewSection(s.heading, {lang: gettext(s.heading, d.lang) for lang in LANGUAGES},
                               [PreviewItem(i.title, i.detail, i.url) for i in s.items])
                for s in (d.content.sections if d else [])]
    return DigestView(c.frequency, str(c.hour), c.by_email, c.by_telegram, c.only_if_away,
                      c.korean_level or "", c.consent, c.telegram_linked, when,
                      d.subject if d else "", sections)


class DigestState(AuthState):
    frequency: str = "WEEKLY"
    hour: str = "9"
    by_email: bool = True
    by_telegram: bool = True
    only_if_away: bool = False
    korean_level: str = ""
    consent: bool = False
    telegram_linked: bool = False
    next_text: dict[str, str] = {}
    subject: str = ""
    sections: list[PreviewSection] = []
    digest_loaded: bool = False
    digest_notice: Message = {}
    digest_error: Message = {}

    def _show(self, view: DigestView) -> None:
        self.frequency, self.hour = view.frequency, view.hour
        self.by_email, self.by_telegram = view.by_email, view.by_telegram
        self.only_if_away, self.korean_level = view.only_if_away, view.korean_level
        self.consent, self.telegram_linked = view.consent, view.telegram_linked
        self.next_text, self.subject, self.sections = view.next_text, view.subject, view.sections
        self.digest_loaded = True

    @rx.event
    async def load_digest(self):
        user = self._member()
        if user is None:
            return
        self.digest_notice, self.digest_error = {}, {}
        self._show(await asyncio.to_thread(read_digest, user.id))

    async def _save(self, **choices):
        user = self._member()
        if user is None:
            return self._to_login()
        self.digest_notice, self.digest_error = {}, {}

        def run() -> DigestView:
            with session_scope() as session:
                member_choices.save_choices(session, user.id, **choices)
            return read_digest(user.id)

        try:
            self._show(await asyncio.to_thread(run))
        except DomainError as exc:
            self.digest_error = from_error(exc)
            return None
        self.digest_notice = message(SAVED)
        return None

    @rx.event
    @write
    async def set_frequency(self, value: str):
        return await self._save(frequency=value)

    @rx.event
    @write
    async def set_hour(self, value: str):
        return await self._save(hour=value)

    @rx.event
    @write
    async def set_by_email(self, on: bool):
        return await self._save(by_email=bool(on))

    @rx.event
    @write
    async def set_by_telegram(self, on: bool):
        return await self._save(by_telegram=bool(on))

    @rx.event
    @write
    async def set_only_if_away(self, on: bool):
        return await self._save(only_if_away=bool(on))

    @rx.event
    @write
    async def set_korean_level(self, value: str):
        if not value:
            return await self._save(clear_korean_level=True)
        return await self._save(korean_level=value)


# ---------------------------------------------------------------- the unsubscribe page


@dataclasses.dataclass(frozen=True)
class UnsubscribeData:
    done: bool


def read_unsubscribe(request: PageRequest) -> UnsubscribeData:
    """Stop the digest emails of the address's token (a write: never from the cache-only
    pass)."""
    return UnsubscribeData(use_link_token(request, opting_out.unsubscribe) is not None)


class DigestUnsubscribeState(rx.State):
    loading: bool = True
    done: bool = False

    def _apply_load(self, data: UnsubscribeData):
        self.done, self.loading = data.done, False


# ---------------------------------------------------------------- the back office


def read_audience(request: PageRequest):
    return {}, lambda s, a: previews.audience(s, a)


class AdminDigestState(AdminState):
    members: int = 0
    by_email: int = 0
    by_telegram: int = 0
    next_text: dict[str, str] = {}
    loaded: bool = False
    digest_test_notice: Message = {}
    digest_test_error: Message = {}

    def _show_audience(self, found: previews.Audience):
        self.members, self.by_email, self.by_telegram = (found.members, found.by_email,
                                                         found.by_telegram)
        self.next_text = date_texts(found.next_at, "full") if found.next_at else both(NO_NEXT)
        self.loaded = True

    @rx.event
    @write
    async def send_test(self):
        user_id, answer = self._gate()
        if user_id is None:
            return answer
        self.digest_test_notice, self.digest_test_error = {}, {}

        def run() -> None:
            with session_scope() as session:
                previews.send_test(session, user_id)

        try:
            await asyncio.to_thread(run)
        except DomainError as exc:
            self.digest_test_error = from_error(exc)
            return None
        self.digest_test_notice = message(previews.TEST_SENT)
        return None
