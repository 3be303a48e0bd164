"""The home page's statistics (SPEC section 7)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.services import statistics as service


class MeasureOut(BaseModel):
    current: int
    target: int
    badge: str = Field(description="Active (speakers), Growing (meetups) or Expanding (members)")
    percent: int = Field(description="Progress toward the target, 0 to 100")

    @classmethod
    def of(cls, m: service.Measure) -> MeasureOut:
        return cls(current=m.current, target=m.target, badge=m.badge, percent=m.percent)


class AttendanceOut(BaseModel):
    meetups: int = Field(description="Recent past meetups (up to 10) where check-in was used")
    registered: int = Field(description="Accepted registrations of those meetups")
    attended: int = Field(description="Of them, checked in at the door")
    noShowRate: int | None = Field(description="Percent of the registered who did not come")


class SeatsLeftOut(BaseModel):
    inPerson: int = Field(description="In-person seats still free at the upcoming meetups")
    online: int = Field(description="Online seats still free at the upcoming meetups")


class StatisticsOut(BaseModel):
    speakers: MeasureOut = Field(description="Distinct speakers of every meetup")
    meetups: MeasureOut
    members: MeasureOut
    totalSpeakers: int = Field(description="= speakers.current (the KO'DJ client)")
    totalEvents: int = Field(description="= meetups.current (the KO'DJ client)")
    totalUsers: int = Field(description="= members.current (the KO'DJ client)")
    attendance: AttendanceOut
    seatsLeft: SeatsLeftOut


router = Router(tags=["statistics"])


@router.get("/public/statistics")
def statistics(session: SessionDep) -> Envelope[StatisticsOut]:
    """Expert speakers, community events and members: current count against the target;
    attendance of the recent meetups (check-ins)."""
    s = service.get_statistics(session)
    return ok(
        StatisticsOut(
            speakers=MeasureOut.of(s.speakers),
            meetups=MeasureOut.of(s.meetups),
            members=MeasureOut.of(s.members),
            totalSpeakers=s.speakers.current,
            totalEvents=s.meetups.current,
            totalUsers=s.members.current,
            attendance=AttendanceOut(
                meetups=s.attendance.meetups, registered=s.attendance.registered,
                attended=s.attendance.attended, noShowRate=s.attendance.no_show_rate,
            ),
            seatsLeft=SeatsLeftOut(inPerson=s.seats.in_person, online=s.seats.online),
        )
    )
