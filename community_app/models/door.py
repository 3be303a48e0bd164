"""Check-ins recorded at a meetup's door by a phone, online or offline (issue 47).

A registration's ``checked_in_at`` stays the one record of who came (attendance and the
no-show priority read it, once per registration); these rows say which door admitted the
ticket and when by that phone's clock, so two phones that admitted one ticket while
offline both keep theirs, the later one flagged ``duplicate`` (services/meetups/door.py).
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow


class DoorCheckIn(SQLModel, table=True):
    """One phone's admission of one ticket: at most one per phone and registration (a batch
    sent again changes nothing)."""

    __tablename__ = "door_check_ins"
    __table_args__ = (
        sa.UniqueConstraint("device_id", "registration_id",
                            name="uq_door_check_ins_device_registration"),
    )

    id: int | None = Field(default=None, primary_key=True)
    meetup_id: int = Field(foreign_key="meetups.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="meetup_registrations.id", index=True,
                                 ondelete="CASCADE")
    organizer_id: int | None = Field(default=None, foreign_key="users.id", index=True,
                                     ondelete="SET NULL")
    device_id: str = Field(max_length=64)
    scanned_at: dt.datetime  # when the phone admitted the ticket, by its clock (UTC)
    received_at: dt.datetime = Field(default_factory=utcnow)  # when the server heard of it
    offline: bool = False  # admitted from the phone's held list, sent later
    duplicate: bool = False  # another phone admitted the same ticket earlier
