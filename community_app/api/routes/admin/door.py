"""/admin/meetups/{meetup_id}/door: the check-in page's phones (services/meetups/door.py):
the list of valid tickets a phone holds to check tickets offline, and the batch of
check-ins it made offline, sent when the network is back (idempotent per phone and
ticket)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from fastapi import Response
from pydantic import BaseModel, Field

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import utc
from community_app.api.routes.admin.common import WITH_422
from community_app.api.routing import Router
from community_app.services.meetups import door

router = Router()


class DoorAnswerOut(BaseModel):
    label: dict[str, str] = Field(description="The question, {en, uz}")
    text: dict[str, str] = Field(description="The answer, {en, uz}")


class DoorTicketOut(BaseModel):
    hash: str = Field(description="Hex SHA-256 of 'uzdev-door:<meetupId>:<code>', the code "
                      "as 12-ABCDEF (upper case, without UZDEV: and spaces)")
    registrationId: int
    name: str = Field(description="The name the member chose for attendee lists (never a "
                      "last name)")
    seatKind: str
    checkedInAt: dt.datetime | None
    answers: list[DoorAnswerOut] = Field(description="What the door needs to know (accessibility, "
                                         "dietary, the organizer's door questions)")


class DoorEntryOut(BaseModel):
    registrationId: int
    deviceId: str
    scannedAt: dt.datetime = Field(description="When the phone admitted it, by its clock, UTC")
    offline: bool
    duplicate: bool = Field(description="Another phone admitted the ticket earlier")


class DoorListOut(BaseModel):
    meetupId: int
    title: str
    organizerId: int = Field(description="The organizer the list was given to")
    opensAt: dt.datetime
    endsAt: dt.datetime
    expiresAt: dt.datetime = Field(description="Drop the list after this")
    tickets: list[DoorTicketOut]
    checkIns: list[DoorEntryOut] = Field(description="Every phone's admissions so far")


class DoorCheckInIn(BaseModel):
    code: str = Field(min_length=1, max_length=100, description="The scanned or typed code")
    scannedAt: dt.datetime = Field(description="When the phone admitted it (ISO 8601)")


class DoorBatchIn(BaseModel):
    deviceId: str = Field(min_length=4, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                          description="The phone's own random name, the same every time")
    checkIns: list[DoorCheckInIn] = Field(max_length=door.MAX_BATCH)


class DoorSyncedOut(BaseModel):
    code: str
    outcome: Literal["checked_in", "duplicate", "already", "other_meetup", "cancelled",
                     "not_accepted", "unknown", "not_open", "closed"] = Field(
        description="checked_in or duplicate: kept (duplicate: another phone admitted it "
        "earlier); the others: refused, nothing kept")
    kept: bool
    registrationId: int | None
    scannedAt: dt.datetime | None
    checkedInAt: dt.datetime | None = Field(description="The registration's check-in: the "
                                            "earliest admission of any phone")


def _entry(e: door.DoorEntry) -> DoorEntryOut:
    return DoorEntryOut(registrationId=e.registration_id, deviceId=e.device_id,
                        scannedAt=utc(e.scanned_at), offline=e.offline, duplicate=e.duplicate)


def _when(value: dt.datetime | None) -> dt.datetime | None:
    return utc(value) if value else None


@router.get("/meetups/{meetup_id}/door", responses=WITH_422)
def door_list(meetup_id: int, user: Organizer, session: SessionDep, response: Response
              ) -> Envelope[DoorListOut]:
    """The meetup's valid tickets for a phone to hold (check-in offline), and every
    phone's check-ins so far. Not stored by caches: it names the attendees."""
    response.headers["Cache-Control"] = "no-store"
    held = door.door_list(session, user.id, meetup_id)
    return ok(DoorListOut(
        meetupId=held.meetup_id, title=held.title, organizerId=held.organizer_id,
        opensAt=utc(held.opens_at), endsAt=utc(held.ends_at), expiresAt=utc(held.expires_at),
        tickets=[DoorTicketOut(hash=t.hash, registrationId=t.registration_id, name=t.name,
                               seatKind=t.seat_kind, checkedInAt=_when(t.checked_in_at),
                               answers=[DoorAnswerOut(label=q, text=a) for q, a in t.answers])
                 for t in held.tickets],
        checkIns=[_entry(e) for e in door.door_entries(session, user.id, meetup_id)]))


@router.post("/meetups/{meetup_id}/door/check-ins", responses=WITH_422)
def sync_check_ins(meetup_id: int, body: DoorBatchIn, user: Organizer, session: SessionDep
                   ) -> Envelope[list[DoorSyncedOut]]:
    """A phone's check-ins made offline, with their original times. Sending the same
    batch again changes nothing (one admission per phone and ticket); a ticket another
    phone admitted earlier is kept and answered ``duplicate``."""
    done = door.sync_check_ins(session, user.id, meetup_id, body.deviceId,
                               [(c.code, c.scannedAt) for c in body.checkIns])
    return ok([DoorSyncedOut(code=r.code, outcome=r.outcome, kept=r.kept,
                             registrationId=r.registration_id, scannedAt=_when(r.scanned_at),
                             checkedInAt=_when(r.checked_in_at)) for r in done])
