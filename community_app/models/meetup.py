"""Meetups and everything that hangs off one: registrations, waitlists, notes, reviews (the
programme's talks and speakers: models/talk.py)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in, one_live_per_member
from community_app.models.enums import (
    AttendanceReason,
    InterestedField,
    RegistrationStatus,
    SeatKind,
    WaitlistStatus,
)

DEFAULT_SEATS = 50


class Meetup(SQLModel, table=True):
    """A meetup. Times are stored in UTC; the site shows them in Korea time."""

    __tablename__ = "meetups"
    __table_args__ = (
        sa.CheckConstraint("max_seats > 0", name="ck_meetups_max_seats_positive"),
        sa.CheckConstraint(
            "available_seats >= 0 AND available_seats <= max_seats",
            name="ck_meetups_available_seats_range",
        ),
        # Online seats (issue 45): 0 = none; their own limit, counted like the in-person ones.
        sa.CheckConstraint(
            "online_available_seats >= 0 AND online_available_seats <= online_max_seats",
            name="ck_meetups_online_seats_range",
        ),
        sa.CheckConstraint("ends_at >= starts_at", name="ck_meetups_ends_after_start"),
    )

    id: int | None = Field(default=None, primary_key=True)
    title: str = Field(default="Untitled Event", max_length=200)
    description: str = Field(default="No description available", sa_type=sa.Text)
    location: str = Field(default="Location TBD", max_length=300)
    starts_at: dt.datetime = Field(index=True)
    ends_at: dt.datetime
    max_seats: int = Field(default=DEFAULT_SEATS)
    available_seats: int = Field(default=DEFAULT_SEATS)
    image_url: str | None = Field(default=None, max_length=500)
    image_name: str | None = Field(default=None, max_length=255)
    parking: bool = Field(default=False)
    provided: str = Field(default="", max_length=500)
    requires_approval: bool = Field(default=False)
    organizer_id: int | None = Field(
        default=None, foreign_key="users.id", ondelete="SET NULL"
    )
    attended_count: int = Field(default=0)
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)
    # Posted to the Telegram channel when published (services/telegram/announcements.py);
    # an organizer switches it off per item in the back office.
    telegram_announce: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})
    # Issue 45: max_seats/available_seats are the in-person seats; these the online ones
    # (0: no online seats), with the stream link mailed to online attendees before the start.
    online_max_seats: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    online_available_seats: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    stream_url: str = Field(default="", max_length=500, sa_column_kwargs={"server_default": ""})
    # With approval: whether a PENDING application holds a seat (True, the first behaviour)
    # or applications may outnumber the seats and take one only when accepted (a workshop).
    applications_hold_seats: bool = Field(
        default=True, sa_column_kwargs={"server_default": sa.true()})


class MeetupRegistration(SQLModel, table=True):
    """A member's registration. At most one live (not cancelled) per member and meetup."""

    __tablename__ = "meetup_registrations"
    __table_args__ = (
        check_in("status", RegistrationStatus, "ck_registrations_status"),
        check_in("attendance_reason", AttendanceReason, "ck_registrations_reason"),
        check_in("interested_field", InterestedField, "ck_registrations_field"),
        check_in("seat_kind", SeatKind, "ck_registrations_seat_kind"),
        one_live_per_member("uq_registrations_live_user_meetup", "status != 'CANCELLED'"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    meetup_id: int = Field(foreign_key="meetups.id", index=True, ondelete="CASCADE")
    attendance_reason: str = Field(max_length=30)
    interested_field: str = Field(max_length=20)
    expectation: str = Field(sa_type=sa.Text)
    status: str = Field(default=RegistrationStatus.ACCEPTED.value, max_length=12)
    registered_at: dt.datetime = Field(default_factory=utcnow)
    cancelled_at: dt.datetime | None = None
    checked_in_at: dt.datetime | None = None
    seat_kind: str = Field(default=SeatKind.IN_PERSON.value, max_length=10,
                           sa_column_kwargs={"server_default": SeatKind.IN_PERSON.value})
    # Whether the registration counts in its kind's available seats (a PENDING application
    # of a meetup whose applications do not hold seats: False until accepted).
    holds_seat: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})
    # The organizer's note with the decision (accepted or declined), sent to the member.
    decision_note: str = Field(default="", sa_type=sa.Text, sa_column_kwargs={"server_default": ""})


class WaitlistEntry(SQLModel, table=True):
    """A member waiting for a seat of a full meetup (services/meetups/waitlist.py).

    At most one live (WAITING or OFFERED) entry per member and meetup. An OFFERED entry
    holds one seat (counted out of ``meetups.available_seats``) until ``offer_expires_at``.
    The registration form's answers are kept, so claiming the offer is one tap."""

    __tablename__ = "meetup_waitlist"
    __table_args__ = (
        check_in("status", WaitlistStatus, "ck_waitlist_status"),
        check_in("attendance_reason", AttendanceReason, "ck_waitlist_reason"),
        check_in("interested_field", InterestedField, "ck_waitlist_field"),
        check_in("seat_kind", SeatKind, "ck_waitlist_seat_kind"),
        one_live_per_member("uq_waitlist_live_user_meetup", "status IN ('WAITING', 'OFFERED')"),
        sa.Index("ix_waitlist_meetup_status", "meetup_id", "status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    meetup_id: int = Field(foreign_key="meetups.id", ondelete="CASCADE")
    status: str = Field(default=WaitlistStatus.WAITING.value, max_length=10)
    attendance_reason: str = Field(max_length=30)
    interested_field: str = Field(max_length=20)
    expectation: str = Field(sa_type=sa.Text)
    joined_at: dt.datetime = Field(default_factory=utcnow)
    offered_at: dt.datetime | None = None
    offer_expires_at: dt.datetime | None = Field(default=None, index=True)
    closed_at: dt.datetime | None = None
    seat_kind: str = Field(default=SeatKind.IN_PERSON.value, max_length=10,
                           sa_column_kwargs={"server_default": SeatKind.IN_PERSON.value})
    # The organizer's own questions answered when joining (JSON: question id -> answer),
    # written as registration_answers when the offer is claimed.
    answers: str = Field(default="{}", sa_type=sa.Text, sa_column_kwargs={"server_default": "{}"})


class MeetupNote(SQLModel, table=True):
    __tablename__ = "meetup_notes"

    id: int | None = Field(default=None, primary_key=True)
    meetup_id: int = Field(foreign_key="meetups.id", index=True, ondelete="CASCADE")
    content: str = Field(sa_type=sa.Text)
    is_active: bool = Field(default=True)
    created_at: dt.datetime = Field(default_factory=utcnow)


class MeetupReview(SQLModel, table=True):
    __tablename__ = "meetup_reviews"
    __table_args__ = (
        sa.CheckConstraint("rating BETWEEN 1 AND 5", name="ck_reviews_rating"),
    )

    id: int | None = Field(default=None, primary_key=True)
    meetup_id: int = Field(foreign_key="meetups.id", index=True, ondelete="CASCADE")
    user_id: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    author_name: str = Field(max_length=120)
    rating: int = Field(default=5)
    content: str = Field(sa_type=sa.Text)
    created_at: dt.datetime = Field(default_factory=utcnow)
