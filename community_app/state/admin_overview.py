"""/admin: what waits for the organizers, at a glance, with a link to each area."""

from __future__ import annotations

import reflex as rx

from community_app.services import admin_jobs, admin_speakers
from community_app.services.meetups import admin_edits, admin_registrations
from community_app.state.admin import AdminState


class AdminOverviewState(AdminState):
    loaded: bool = False
    upcoming_meetups: int = 0
    past_meetups: int = 0
    total_attended: int = 0
    pending_jobs: int = 0
    new_applications: int = 0

    @rx.event
    def load(self):
        self.section = "overview"

        def read(session, actor):
            upcoming = admin_edits.list_meetups_admin(session, actor, "upcoming", size=1).total
            return (upcoming, admin_registrations.attendance_summary(session, actor),
                    admin_jobs.count_pending_jobs(session, actor),
                    admin_speakers.count_by_status(session, actor))

        ok, result, event = self._read(read)
        if ok:
            upcoming, attendance, pending, applications = result
            self.upcoming_meetups = upcoming
            self.past_meetups = attendance.past_meetups
            self.total_attended = attendance.total_attended
            self.pending_jobs = pending
            self.new_applications = applications.get("NEW", 0)
            self.loaded = True
        return event
