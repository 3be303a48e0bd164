"""/admin, Settings (statistics targets, contact email, maintenance switch) and the
audit log (who did what, when)."""

from __future__ import annotations

import asyncio

import reflex as rx

from community_app.core import routes
from community_app.i18n import N_, both
from community_app.services.admin import settings as service
from community_app.services.audit import list_audit
from community_app.services.paging import Listing
from community_app.services.statistics import get_statistics
from community_app.state.admin import AdminState, address_text, stamp
from community_app.state.page_load import PageRequest
from community_app.state.admin_rows import AuditRow, SettingsForm
from community_app.state.site import SiteState

SETTINGS_SAVED = N_("Settings saved. They apply at once.")
AUDIT_PAGE_SIZE = 20

# What each recorded action means, for people (the code itself is shown too).
ACTION_LABELS = {
    "meetup.create": N_("Created a meetup"),
    "meetup.update": N_("Edited a meetup"),
    "meetup.delete": N_("Deleted a meetup"),
    "meetup.image": N_("Set a meetup image"),
    "meetup.image_remove": N_("Removed a meetup image"),
    "meetup.export_csv": N_("Exported the attendees (CSV)"),
    "speaker.add": N_("Added a speaker"),
    "speaker.update": N_("Edited a speaker"),
    "speaker.remove": N_("Removed a speaker"),
    "session.add": N_("Added a session"),
    "session.update": N_("Edited a session"),
    "session.remove": N_("Removed a session"),
    "note.add": N_("Added a note"),
    "note.update": N_("Edited a note"),
    "note.archive": N_("Archived a note"),
    "note.remove": N_("Removed a note"),
    "registration.accept": N_("Accepted a registration"),
    "registration.reject": N_("Rejected a registration"),
    "registration.check_in": N_("Checked someone in"),
    "registration.undo_check_in": N_("Took a check-in back"),
    "news.create_draft": N_("Created a news draft"),
    "news.create_published": N_("Created and published a news item"),
    "news.update": N_("Edited a news item"),
    "news.publish": N_("Published a news item"),
    "news.unpublish": N_("Unpublished a news item"),
    "news.image": N_("Set a news image"),
    "news.image_remove": N_("Removed a news image"),
    "news.delete": N_("Deleted a news item"),
    "job.open": N_("Opened a job post"),
    "job.renew": N_("Renewed a job post"),
    "job.close": N_("Closed a job post"),
    "job.fill": N_("Marked a job post filled"),
    "job.update": N_("Edited a job post"),
    "job.delete": N_("Deleted a job post"),
    "speaker_application.in_review": N_("Put a speaker application in review"),
    "speaker_application.accepted": N_("Accepted a speaker application"),
    "speaker_application.rejected": N_("Rejected a speaker application"),
    "comment.hide": N_("Hid a comment"),
    "comment.unhide": N_("Showed a comment again"),
    "comment.delete": N_("Deleted a comment"),
    "settings.update": N_("Changed the settings"),
    "settings.maintenance_on": N_("Turned the maintenance page on"),
    "settings.maintenance_off": N_("Turned the maintenance page off"),
    "user.make_organizer": N_("Made a user an organizer"),
    "account.deletion_requested": N_("Requested the deletion of their account"),
    "account.deletion_cancelled": N_("Cancelled the deletion of their account"),
    "account.erased": N_("Erased an account"),
    "member.clear_no_shows": N_("Cleared a member's no-shows"),
    "question.add": N_("Added a registration question"),
    "question.copy": N_("Copied registration questions"),
    "question.update": N_("Edited a registration question"),
    "question.remove": N_("Removed a registration question"),
    "question.reorder": N_("Reordered the registration questions"),
    "registration.waitlist": N_("Moved a registration to the waitlist"),
    "speaker_application.review": N_("Reviewed a speaker application"),
    "speaker_profile.add": N_("Added a speaker profile"),
    "speaker_profile.update": N_("Edited a speaker profile"),
    "speaker_profile.remove": N_("Removed a speaker profile"),
    "speaker_profile.update_own": N_("Edited their own speaker profile"),
    "speaker_profile.photo": N_("Uploaded a speaker's photo"),
    "speaker_profile.photo_remove": N_("Removed a speaker's photo"),
    "speaker_profile.photo_own": N_("Set their own speaker photo"),
    "speaker_profile.photo_remove_own": N_("Removed their own speaker photo"),
    "talk.add": N_("Added a talk"),
    "talk.update": N_("Edited a talk"),
    "talk.remove": N_("Removed a talk"),
    "talk.move": N_("Moved a talk in the programme"),
    "talk.slides": N_("Uploaded a talk's slides"),
    "talk.slides_remove": N_("Removed a talk's slides"),
    "talk.speaker_confirm": N_("A speaker confirmed their talk"),
    "talk.speaker_abstract": N_("A speaker edited their abstract"),
    "talk.speaker_slides": N_("A speaker uploaded their slides"),
    "talk.speaker_slides_remove": N_("A speaker removed their slides"),
}


def read_settings(request: PageRequest):
    """/admin/settings: the settings and this year's figures."""
    return {}, lambda s, a: (service.read_settings(s, a), get_statistics(s))


class AdminSettingsState(AdminState):
    form: SettingsForm = SettingsForm()
    form_key: int = 0
    loaded: bool = False
    current_speakers: int = 0
    current_events: int = 0
    current_members: int = 0

    def _fill(self, v) -> None:
        self.form = SettingsForm(
            contact_email=v.contact_email, target_speakers=str(v.target_speakers),
            target_events=str(v.target_events), target_members=str(v.target_members),
            maintenance=v.maintenance,
        )
        self.form_key += 1

    def _show(self, result):
        settings, stats = result
        self._fill(settings)
        self.current_speakers = stats.speakers.current
        self.current_events = stats.meetups.current
        self.current_members = stats.members.current
        self.loaded = True

    @rx.event
    async def save(self, data: dict):
        values = {
            "contactEmail": data.get("contactEmail", ""),
            "targetSpeakers": data.get("targetSpeakers", ""),
            "targetEvents": data.get("targetEvents", ""),
            "targetMembers": data.get("targetMembers", ""),
            "maintenance": data.get("maintenance") in ("on", "true", True),
        }
        self.form = SettingsForm(
            contact_email=str(values["contactEmail"]),
            target_speakers=str(values["targetSpeakers"]),
            target_events=str(values["targetEvents"]),
            target_members=str(values["targetMembers"]),
            maintenance=bool(values["maintenance"]),
        )
        ok, view, event = await asyncio.to_thread(
            self._run, lambda s, a: service.change_settings(s, a, values), SETTINGS_SAVED
        )
        if ok:
            self._fill(view)
            site = await self.get_state(SiteState)
            site.maintenance = view.maintenance
            site.contact_email = view.contact_email
        return event


def read_audit(request: PageRequest):
    """/admin/audit[?search=...&page=N] (pages counted from 1 in the address)"""
    query = address_text(request.query, "search")
    page = max(0, (routes.route_id(address_text(request.query, "page", 6)) or 1) - 1)
    return ({"query": query, "page": page},
            lambda s, a: list_audit(s, a, Listing(query, page, AUDIT_PAGE_SIZE)))


class AdminAuditState(AdminState):
    entries: list[AuditRow] = []
    loaded: bool = False
    page: int = 0
    total_pages: int = 0
    query: str = ""

    def _show(self, result):
        self.entries = [
            AuditRow(
                e.id, stamp(e.created_at), e.actor_name or "—", e.actor_email, e.action,
                both(ACTION_LABELS[e.action]) if e.action in ACTION_LABELS
                else {"en": e.action, "uz": e.action},
                f"{e.target_type} #{e.target_id}" if e.target_id else e.target_type,
                e.detail,
            )
            for e in result.items
        ]
        self.total_pages = result.total_pages
        self.loaded = True

    def _to_page(self, page: int, query: str, replace: bool = False):
        return self._go(routes.ADMIN_AUDIT, replace=replace, search=query,
                        page=page + 1 if page > 0 else "")

    @rx.event
    def set_query(self, value: str):
        return self._to_page(0, value[:200], replace=True)

    @rx.event
    def next_page(self):
        return self._to_page(min(self.page + 1, max(self.total_pages - 1, 0)), self.query)

    @rx.event
    def previous_page(self):
        return self._to_page(max(0, self.page - 1), self.query)
