"""The member's data (Korea's PIPA): consents, "Download my data" and account deletion.

The ZIP is built in the background by the scheduler (services/scheduler.py); poll
``GET /users/me/export`` for its progress, then download it once from ``downloadUrl``
(a signed link, valid 24 hours, no bearer token needed).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.routing import Router
from community_app.api.deps import ClientAddress, CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import from_view, translated, utc
from community_app.i18n import N_
from community_app.models import ConsentKind, DataExport, ExportStatus
from community_app.services import privacy
from community_app.services.errors import NotFound

router = Router(prefix="/users/me", tags=["privacy"])
DOWNLOAD_PATH = privacy.EXPORT_DOWNLOAD_PATH


class Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class ConsentOut(Camel):
    kind: str = Field(json_schema_extra={"enum": ConsentKind.values()})
    meetup_title: str | None = Field(description="The meetup of an attendee-list consent")
    given_at: dt.datetime


class ExportOut(Camel):
    id: int
    status: str = Field(json_schema_extra={"enum": ExportStatus.values()})
    progress: int = Field(description="Percent built")
    requested_at: dt.datetime
    expires_at: dt.datetime | None
    download_url: str | None = Field(
        None, description="Signed link, usable once, until expiresAt (READY exports only)")

    @classmethod
    def of(cls, e: DataExport) -> ExportOut:
        return from_view(cls, e, download_url=privacy.download_link(e))


class DeletionIn(Camel):
    password: str | None = Field(None, description="The account's password (email accounts)")
    google_credential: str | None = Field(None, description="A fresh Google ID token (Google accounts)")
    keep_content: bool = Field(
        True, description="true: comments and posts stay, shown as 'deleted member'; false: removed")


class DeletionOut(Camel):
    erases_at: dt.datetime = Field(description="When the data is erased unless you cancel before")


@router.get("/consents")
def consents(user: CurrentUser, session: SessionDep) -> Envelope[list[ConsentOut]]:
    """What the member agreed to, and when (newest first)."""
    return ok([ConsentOut(kind=c.kind, meetup_title=c.meetup_title, given_at=utc(c.given_at))
               for c in privacy.list_consents(session, user.id)])


@router.post("/export", status_code=202)
def request_export(user: CurrentUser, session: SessionDep, request: Request) -> Envelope[ExportOut]:
    """Ask for a ZIP of everything held about you; built in the background. Its summary
    page is in the Accept-Language (your account's language without one)."""
    export = privacy.request_export(session, user.id,
                                    lang=request_language(request) if request.headers.get("accept-language") else None)
    return ok(ExportOut.of(export), translated(request, N_("Your data export is being prepared.")), 202)


@router.get("/export", responses={404: {}})
def latest_export(user: CurrentUser, session: SessionDep) -> Envelope[ExportOut | None]:
    """Your latest export with its progress (null when you never asked for one)."""
    export = privacy.latest_export(session, user.id)
    return ok(ExportOut.of(export) if export else None)


@router.get("/export/download", response_class=StreamingResponse, responses={
    200: {"content": {"application/zip": {}}, "description": "The ZIP"}, 401: {}})
def download_export(
    session: SessionDep,
    token: Annotated[str, Query(description="The signed token of downloadUrl")],
):
    """The ZIP, once (the file is removed as it is sent)."""
    path = privacy.open_download(session, token)
    # Opened, then unlinked: the open file is streamed from here and gone when closed. (A
    # FileResponse hands granian the path itself, and removing it afterwards raced that read.)
    handle = path.open("rb")
    path.unlink(missing_ok=True)

    def chunks():
        with handle:
            while block := handle.read(256 * 1024):
                yield block

    return StreamingResponse(chunks(), media_type="application/zip",
                             headers={"Content-Disposition": 'attachment; filename="my-data.zip"'})


@router.post("/deletion", status_code=202, responses={409: {}, 422: {}, 429: {}})
def request_deletion(
    body: DeletionIn, user: CurrentUser, session: SessionDep, request: Request,
    client: ClientAddress,
) -> Envelope[DeletionOut]:
    """Delete your account after a 7-day grace period (cancel it with DELETE; logging in
    does not cancel it); you are emailed. 409 for the last organizer; 422 for a wrong
    password or Google confirmation; 429 once wrong passwords (here and at login) pass
    the login limit."""
    erases_at = privacy.request_deletion(
        session, user.id, password=body.password, google_credential=body.google_credential,
        keep_content=body.keep_content, client=client)
    return ok(DeletionOut(erases_at=utc(erases_at)), translated(request, privacy.DELETION_ASKED), 202)


@router.get("/deletion")
def pending_deletion(user: CurrentUser, session: SessionDep) -> Envelope[DeletionOut | None]:
    """Your pending account deletion (null when none is pending)."""
    erases_at = privacy.pending_deletion(session, user.id)
    return ok(DeletionOut(erases_at=utc(erases_at)) if erases_at else None)


@router.delete("/deletion", responses={404: {}})
def cancel_deletion(user: CurrentUser, session: SessionDep, request: Request) -> Envelope[None]:
    """Keep your account: the pending deletion is cancelled (you are emailed). 404 when no
    deletion is pending."""
    if not privacy.cancel_deletion(session, user.id):
        raise NotFound(privacy.NO_PENDING_DELETION)
    return ok(None, translated(request, privacy.DELETION_CANCELLED))
