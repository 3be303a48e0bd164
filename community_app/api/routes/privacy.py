"""The member's data (Korea's PIPA): consents, "Download my data" and account deletion.

The ZIP is built in the background by the scheduler (services/scheduler.py); poll
``GET /users/me/export`` for its progress, then download it once from ``downloadUrl``
(a signed link, valid 24 hours, no bearer token needed).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import sqlalchemy as sa
from fastapi import Depends, Path, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.routing import Router
from community_app.api.deps import ClientAddress, CurrentUser, SessionDep, get_engine_for_api
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import from_view, translated, utc
from community_app.core.db import session_scope
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
    withdrawn_at: dt.datetime | None = Field(None, description="When it was withdrawn (history)")
    withdrawable: bool = Field(False, description="In force and of a kind the member may "
                                                  "withdraw (PUT /users/me/consents/{kind})")


class ConsentChoice(Camel):
    given: bool = Field(description="true: give it (a new row in the history); false: withdraw it")


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
    """What the member agreed to, and when, with withdrawals (newest first)."""
    return ok([ConsentOut(kind=c.kind, meetup_title=c.meetup_title, given_at=utc(c.given_at),
                          withdrawn_at=utc(c.withdrawn_at) if c.withdrawn_at else None,
                          withdrawable=c.withdrawable)
               for c in privacy.list_consents(session, user.id)])


@router.put("/consents/{kind}", responses={400: {}})
def choose_consent(kind: Annotated[str, Path(max_length=20)], body: ConsentChoice,
                   user: CurrentUser, session: SessionDep) -> Envelope[list[ConsentOut]]:
    """Give or withdraw an agreement the member may withdraw (``news_emails``); others
    (terms, privacy: they hold while the account exists) answer 400. The history keeps
    every row with its dates."""
    privacy.choose_consent(session, user.id, kind, body.given)
    return consents(user, session)


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
    engine: Annotated[sa.Engine, Depends(get_engine_for_api)],
    token: Annotated[str, Query(description="The signed token of downloadUrl")],
):
    """The ZIP, once: the link is spent (and the file removed) when the whole file was
    sent; a download that breaks can be tried again until the link expires. Whichever
    node gets the request sends it (the file is in the shared store when one is set)."""
    download = privacy.open_download(session, token)

    def chunks():
        yield from download.chunks
        # Reached only after the last block went out (a client that left stops us above).
        with session_scope(engine) as done:
            privacy.finish_download(done, download)

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
