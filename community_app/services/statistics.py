"""The home page's statistics: expert speakers, community events and active members.

Each measure has its current count, the target organizers set in the site settings, the
progress toward it (0 to 100 percent) and a fixed badge (SPEC section 1).
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from sqlmodel import Session, func, select

from community_app.core.db import utcnow
from community_app.i18n import N_
from community_app.models import Meetup, SpeakerProfile
from community_app.services.meetups.attendance import AttendanceTotals, attendance_totals
from community_app.services.site import get_site_settings
from community_app.services.users import count_users

BADGE_SPEAKERS = N_("Active")
BADGE_MEETUPS = N_("Growing")
BADGE_MEMBERS = N_("Expanding")


@dataclasses.dataclass(frozen=True)
class Measure:
    current: int
    target: int
    badge: str  # a message id: the UI shows it translated

    @property
    def percent(self) -> int:
        """Progress toward the target, 0 to 100 (a reached or missing target is 100)."""
        if self.target <= 0:
            return 100
        return max(0, min(100, round(self.current * 100 / self.target)))


@dataclasses.dataclass(frozen=True)
class Statistics:
    speakers: Measure
    meetups: Measure
    members: Measure
    # Registered, attended and the no-show rate of the recent meetups that used check-in.
    attendance: AttendanceTotals | None = None
    # Seats left per kind over the upcoming meetups (issue 45).
    seats: SeatsLeft | None = None


@dataclasses.dataclass(frozen=True)
class SeatsLeft:
    in_person: int
    online: int


def seats_left(session: Session, now: dt.datetime | None = None) -> SeatsLeft:
    """The in-person and online seats still free at the meetups that have not started."""
    in_person, online = session.exec(
        select(func.coalesce(func.sum(Meetup.available_seats), 0),
               func.coalesce(func.sum(Meetup.online_available_seats), 0))
        .where(Meetup.starts_at >= (now or utcnow()))
    ).one()
    return SeatsLeft(int(in_person or 0), int(online or 0))


def count_speakers(session: Session) -> int:
    """Distinct people on the programmes: a speaker profile is one person across meetups
    (two profiles of one name count once, as the old per-meetup rows did)."""
    return session.exec(select(func.count(func.distinct(SpeakerProfile.name)))).one()


def count_meetups(session: Session) -> int:
    return session.exec(select(func.count()).select_from(Meetup)).one()


def get_statistics(session: Session) -> Statistics:
    targets = get_site_settings(session)
    return Statistics(
        speakers=Measure(count_speakers(session), targets.target_speakers, BADGE_SPEAKERS),
        meetups=Measure(count_meetups(session), targets.target_events, BADGE_MEETUPS),
        members=Measure(count_users(session), targets.target_members, BADGE_MEMBERS),
        attendance=attendance_totals(session),
        seats=seats_left(session),
    )
