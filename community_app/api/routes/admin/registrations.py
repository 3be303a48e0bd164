"""/admin/meetups/{meetup_id}/registrations: approval, check-in and the attendees' CSV."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import Response

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import ViewOut
from community_app.api.routes.admin.common import WITH_404, WITH_409, item_actions
from community_app.api.schemas.rules import parsed_by
from community_app.i18n import N_
from community_app.models import RegistrationStatus
from community_app.services.meetups import admin_registrations
from community_app.services.meetups.admin_views import ACCEPTED, CHECK_IN_UNDONE, REJECTED

router = Router()


class AdminRegistrationOut(ViewOut):
    id: int
    meetupId: int
    userId: int
    name: str
    username: str
    email: str
    phone: str
    attendanceReason: str
    interestedField: str
    expectation: str
    status: RegistrationStatus
    registeredAt: dt.datetime
    cancelledAt: dt.datetime | None
    checkedInAt: dt.datetime | None



@router.get("/meetups/{meetup_id}/registrations",
            response_model=Envelope[list[AdminRegistrationOut]], responses=WITH_404)
def list_registrations(
    meetup_id: int,
    user: Organizer,
    session: SessionDep,
    search: Annotated[str | None, Query(description="Name, username or email (any case)")] = None,
    status: Annotated[
        RegistrationStatus | None, Query(description="Any case"),
        parsed_by(admin_registrations.parse_status_filter),
    ] = None,
) -> Envelope[list[AdminRegistrationOut]]:
    """The meetup's registrations with the members' answers and contacts, oldest first."""
    rows = admin_registrations.list_registrations(
        session, user.id, meetup_id, search=search, status=status
    )
    return ok([AdminRegistrationOut.of(r) for r in rows])



# accept_registration, reject_registration, check_in, undo_check_in
item_actions(
    router, AdminRegistrationOut, WITH_409,
    ("post", "/meetups/{meetup_id}/registrations/{registration_id}/accept",
     admin_registrations.accept_registration, ACCEPTED,
     "PENDING -> ACCEPTED (meetups that need approval)."),
    ("post", "/meetups/{meetup_id}/registrations/{registration_id}/reject",
     admin_registrations.reject_registration, REJECTED,
     "PENDING -> REJECTED; the seat is free again."),
    ("post", "/meetups/{meetup_id}/registrations/{registration_id}/check-in",
     admin_registrations.check_in, N_("Checked in."),
     "Mark an accepted registration as present (one click)."),
    ("delete", "/meetups/{meetup_id}/registrations/{registration_id}/check-in",
     admin_registrations.undo_check_in, CHECK_IN_UNDONE, "Take a check-in back."),
)


@router.get(
    "/meetups/{meetup_id}/attendees.csv",
    response_class=Response,
    responses={**WITH_404, 200: {"content": {"text/csv": {}},
                                 "description": "UTF-8 CSV with a byte-order mark (Excel)"}},
)
def export_attendees(
    meetup_id: int, user: Organizer, session: SessionDep, request: Request
) -> Response:
    """Attendees (accepted and pending): name, email, phone, status, registered at,
    checked in at (Korea time). The header row follows Accept-Language."""
    text = admin_registrations.export_attendees_csv(
        session, user.id, meetup_id, lang=request_language(request)
    )
    filename = admin_registrations.attendees_csv_filename(session, meetup_id)
    return Response(
        content=text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
        },
    )


