"""/admin: what waits for the organizers, at a glance, with a link to each area."""

from __future__ import annotations

from community_app.core import routes
from community_app.i18n import N_
from community_app.services.admin import jobs as admin_jobs
from community_app.services.admin import speakers as admin_speakers
from community_app.services.meetups import admin_edits, admin_registrations, attendance
from community_app.services.paging import Listing
from community_app.state.admin import AdminState, row_action
from community_app.state.page_load import PageRequest
from community_app.state.admin_rows import AttendanceRow, PlacedLastRow
from community_app.i18n.dates import date_texts

CLEARED = N_("The member's no-shows are cleared.")


def _attendance_row(a: attendance.MeetupAttendance) -> AttendanceRow:
    rate = "–" if a.no_show_rate is None else f"{a.no_show_rate}%"
    return AttendanceRow(a.title, date_texts(a.starts_at), a.registered, a.attended, rate,
                         routes.admin_check_in(a.meetup_id))


def _attendance(session, actor):
    return (attendance.recent_attendance(session, actor_id=actor),
            attendance.members_placed_last(session, actor))


def _figures(session, actor):
    upcoming = admin_edits.list_meetups_admin(session, actor, "upcoming", Listing(size=1)).total
    return (upcoming, admin_registrations.attendance_summary(session, actor),
            admin_jobs.count_pending_jobs(session, actor),
            admin_speakers.count_by_status(session, actor))


def read_overview(request: PageRequest):
    """/admin: the figures, then the attendance of the recent meetups."""
    return {}, lambda s, a: (_figures(s, a), _attendance(s, a))


class AdminOverviewState(AdminState):
    loaded: bool = False
    upcoming_meetups: int = 0
    past_meetups: int = 0
    total_attended: int = 0
    pending_jobs: int = 0
    new_applications: int = 0
    attendance_rows: list[AttendanceRow] = []
    placed_last: list[PlacedLastRow] = []

    def _load_list(self):
        ok, data, event = self._read(_attendance)
        if ok:
            self._show_attendance(data)
        return event

    def _show_attendance(self, data) -> None:
        self.attendance_rows = [_attendance_row(a) for a in data[0]]
        self.placed_last = [PlacedLastRow(m.user_id, m.name, m.email) for m in data[1]]

    clear_no_shows = row_action(attendance.clear_no_shows, CLEARED)

    def _show(self, data):
        figures, recent = data
        upcoming, summary, pending, applications = figures
        self.upcoming_meetups = upcoming
        self.past_meetups = summary.past_meetups
        self.total_attended = summary.total_attended
        self.pending_jobs = pending
        self.new_applications = applications.get("NEW", 0)
        self.loaded = True
        self._show_attendance(recent)
