"""The organizers' back office: /admin/... (an organizer's bearer token; 401 without a
valid token, 403 for members).

Every call is one service call of ``services/admin_*.py``: the service checks the role
again, makes the change, records it in the audit log (GET /admin/audit) and expires the
public caches. Form bodies are checked by the services, so one answer lists every invalid
field with a translated message (Accept-Language: en or uz). Times: meetupDate, startTime
and endTime are Korea time; every ``...At`` is UTC.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, File, Query, Request, UploadFile
from fastapi.responses import Response
from pydantic import BaseModel, Field

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, Page, ok, page_of
from community_app.api.errors import request_language
from community_app.api.formatting import korea_time, translated, utc
from community_app.api.params import PageNumber, PageSize
from community_app.api.routes.jobs import JobOut
from community_app.api.routes.meetups import MeetupOut
from community_app.i18n import N_
from community_app.models import (
    ApplicationStatus,
    Experience,
    Expertise,
    JobCategory,
    JobType,
    NewsType,
    RegistrationStatus,
)
from community_app.services import (
    admin_comments,
    admin_jobs,
    admin_meetups,
    admin_news,
    admin_settings,
    admin_speakers,
    audit,
)
from community_app.services.statistics import get_statistics
from community_app.services.uploads import MAX_IMAGE_BYTES

router = APIRouter(prefix="/admin", tags=["admin"])

NOT_ORGANIZER = {401: {"description": "No valid token"}, 403: {"description": "Not an organizer"}}
WITH_404 = {**NOT_ORGANIZER, 404: {"description": "Not found"}}
WITH_422 = {**WITH_404, 422: {"description": "Invalid fields, each with its message"}}
WITH_409 = {**WITH_404, 409: {"description": "Not allowed in the current state"}}

SAVED = N_("Saved.")
DELETED = N_("Deleted.")
MEETUP_CREATED = N_("Meetup created.")
NEWS_CREATED = N_("News item created.")
PUBLISHED = N_("Published.")
UNPUBLISHED = N_("Unpublished.")
ACCEPTED = N_("Registration accepted.")
REJECTED = N_("Registration rejected.")
CHECKED_IN = N_("Checked in.")
CHECK_IN_UNDONE = N_("Check-in undone.")
STATUS_CHANGED = N_("Status changed.")
HIDDEN = N_("Comment hidden.")
SHOWN = N_("Comment shown again.")
IMAGE_SAVED = N_("Image saved.")
IMAGE_REMOVED = N_("Image removed.")

ImageFile = Annotated[UploadFile, File(description="JPEG, PNG or WebP, at most 5 MB")]


def _any(kind: str, **extra: Any) -> Any:
    """A body field checked by the service; the schema documents its type."""
    return Field(default=None, json_schema_extra={"type": kind, **extra})


def _image_bytes(upload: UploadFile) -> bytes:
    return upload.file.read(MAX_IMAGE_BYTES + 1)


# ================================================================ meetups


class AdminMeetupOut(MeetupOut):
    attendedCount: int = Field(description="Checked-in attendees (feeds the statistics)")
    acceptedCount: int
    pendingCount: int = Field(description="Registrations waiting for approval")
    checkedInCount: int

    @classmethod
    def of_admin(cls, v: admin_meetups.AdminMeetupView) -> AdminMeetupOut:
        return cls(
            **MeetupOut.of(v.meetup).model_dump(),
            attendedCount=v.attended_count,
            acceptedCount=v.accepted_count,
            pendingCount=v.pending_count,
            checkedInCount=v.checked_in_count,
        )


class MeetupIn(BaseModel):
    title: Any = _any("string", maxLength=200)
    description: Any = _any("string", maxLength=20000)
    meetupDate: Any = _any("string", format="date", description="Korea time, YYYY-MM-DD")
    startTime: Any = _any("string", pattern=r"^\d{2}:\d{2}$", description="Korea time, HH:MM")
    endTime: Any = _any("string", pattern=r"^\d{2}:\d{2}$", description="Korea time, HH:MM")
    location: Any = _any("string", maxLength=300)
    maxSeats: Any = _any(
        "integer", minimum=1, maximum=100000,
        description="Default 50; never below the live registrations",
    )
    parking: Any = _any("boolean")
    provided: Any = _any("string", maxLength=500, description="What is provided (food, ...)")
    requiresApproval: Any = _any("boolean", description="Registrations wait as PENDING")


class SpeakerIn(BaseModel):
    fullName: Any = _any("string", minLength=2, maxLength=120)
    jobPosition: Any = _any("string", maxLength=120)
    company: Any = _any("string", maxLength=120)
    bio: Any = _any("string", maxLength=5000)
    profileURL: Any = _any("string", format="uri", nullable=True)
    imageURL: Any = _any("string", format="uri", nullable=True)


class AdminSpeakerOut(BaseModel):
    id: int
    fullName: str
    jobPosition: str
    company: str
    bio: str
    imageURL: str | None
    profileURL: str | None

    @classmethod
    def of(cls, s: admin_meetups.AdminSpeakerView) -> AdminSpeakerOut:
        return cls(id=s.id, fullName=s.full_name, jobPosition=s.job_position, company=s.company,
                   bio=s.bio, imageURL=s.image_url, profileURL=s.profile_url)


class SessionIn(BaseModel):
    subject: Any = _any("string", maxLength=200)
    startTime: Any = _any("string", description="Korea time HH:MM, on the meetup's date")
    endTime: Any = _any("string", description="Korea time HH:MM")
    speakerId: Any = _any("integer", nullable=True, description="A speaker of this meetup")


class AdminSessionOut(BaseModel):
    id: int
    subject: str
    startTime: str
    endTime: str
    startsAt: dt.datetime
    endsAt: dt.datetime
    speakerId: int | None
    speakerName: str | None

    @classmethod
    def of(cls, k: admin_meetups.AdminSessionView) -> AdminSessionOut:
        return cls(id=k.id, subject=k.subject, startTime=korea_time(k.starts_at),
                   endTime=korea_time(k.ends_at), startsAt=utc(k.starts_at), endsAt=utc(k.ends_at),
                   speakerId=k.speaker_id, speakerName=k.speaker_name)


class NoteIn(BaseModel):
    content: Any = _any("string", maxLength=5000)
    active: Any = _any("boolean", description="Shown on the meetup page; false = archived")


class AdminNoteOut(BaseModel):
    id: int
    content: str
    active: bool
    createdAt: dt.datetime

    @classmethod
    def of(cls, n: admin_meetups.AdminNoteView) -> AdminNoteOut:
        return cls(id=n.id, content=n.content, active=n.is_active, createdAt=utc(n.created_at))


class AdminMeetupDetailsOut(BaseModel):
    meetup: AdminMeetupOut
    speakers: list[AdminSpeakerOut]
    keynoteSessions: list[AdminSessionOut]
    notes: list[AdminNoteOut] = Field(description="Active and archived, newest first")


class AdminRegistrationOut(BaseModel):
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
    status: str = Field(json_schema_extra={"enum": RegistrationStatus.values()})
    registeredAt: dt.datetime
    cancelledAt: dt.datetime | None
    checkedInAt: dt.datetime | None

    @classmethod
    def of(cls, r: admin_meetups.AdminRegistrationView) -> AdminRegistrationOut:
        return cls(
            id=r.id, meetupId=r.meetup_id, userId=r.user_id, name=r.name, username=r.username,
            email=r.email, phone=r.phone, attendanceReason=r.attendance_reason,
            interestedField=r.interested_field, expectation=r.expectation, status=r.status,
            registeredAt=utc(r.registered_at),
            cancelledAt=utc(r.cancelled_at) if r.cancelled_at else None,
            checkedInAt=utc(r.checked_in_at) if r.checked_in_at else None,
        )


def _details(d: admin_meetups.AdminMeetupDetails) -> AdminMeetupDetailsOut:
    return AdminMeetupDetailsOut(
        meetup=AdminMeetupOut.of_admin(d.summary),
        speakers=[AdminSpeakerOut.of(s) for s in d.speakers],
        keynoteSessions=[AdminSessionOut.of(k) for k in d.sessions],
        notes=[AdminNoteOut.of(n) for n in d.notes],
    )


@router.get("/meetups", response_model=Envelope[Page[AdminMeetupOut]], responses=NOT_ORGANIZER)
def list_meetups(
    user: Organizer,
    session: SessionDep,
    meetup_type: Annotated[
        str | None,
        Query(alias="type", description="upcoming or past; omitted: every meetup",
              json_schema_extra={"enum": ["upcoming", "past"]}),
    ] = None,
    search: Annotated[str | None, Query(description="Title or location")] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> dict:
    """Meetups with their registration and attendance counts: upcoming soonest first,
    past and all newest first."""
    result = admin_meetups.list_meetups_admin(
        session, user.id, meetup_type, search=search, page=page, size=size
    )
    return ok(page_of([AdminMeetupOut.of_admin(m) for m in result.items], result.total, page, size))


@router.post("/meetups", status_code=201, response_model=Envelope[AdminMeetupOut],
             responses={**NOT_ORGANIZER, 422: {}})
def create_meetup(body: MeetupIn, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Create a meetup (its image is sent afterwards to /admin/meetups/{id}/image)."""
    view = admin_meetups.create_meetup(session, user.id, body.model_dump())
    return ok(AdminMeetupOut.of_admin(view), translated(request, MEETUP_CREATED), 201)


@router.get("/meetups/{meetup_id}", response_model=Envelope[AdminMeetupDetailsOut],
            responses=WITH_404)
def get_meetup(meetup_id: int, user: Organizer, session: SessionDep) -> dict:
    """A meetup with its speakers, sessions and every note (archived ones too)."""
    return ok(_details(admin_meetups.get_meetup_admin(session, user.id, meetup_id)))


@router.put("/meetups/{meetup_id}", response_model=Envelope[AdminMeetupOut], responses=WITH_422)
def update_meetup(
    meetup_id: int, body: MeetupIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Replace a meetup's fields. maxSeats below the live registrations is refused (422)."""
    view = admin_meetups.update_meetup(session, user.id, meetup_id, body.model_dump())
    return ok(AdminMeetupOut.of_admin(view), translated(request, SAVED))


@router.delete("/meetups/{meetup_id}", response_model=Envelope[None], responses=WITH_404)
def delete_meetup(meetup_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Delete a meetup with its speakers, sessions, registrations, notes and image."""
    admin_meetups.delete_meetup(session, user.id, meetup_id)
    return ok(None, translated(request, DELETED))


@router.post("/meetups/{meetup_id}/image", response_model=Envelope[AdminMeetupOut],
             responses={**WITH_422, 413: {}})
def upload_meetup_image(
    meetup_id: int, image: ImageFile, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Set the meetup's image: checked, re-encoded to WebP and served publicly."""
    view = admin_meetups.set_meetup_image(
        session, user.id, meetup_id, _image_bytes(image), image.filename
    )
    return ok(AdminMeetupOut.of_admin(view), translated(request, IMAGE_SAVED))


@router.delete("/meetups/{meetup_id}/image", response_model=Envelope[AdminMeetupOut],
               responses=WITH_404)
def delete_meetup_image(
    meetup_id: int, user: Organizer, session: SessionDep, request: Request
) -> dict:
    view = admin_meetups.remove_meetup_image(session, user.id, meetup_id)
    return ok(AdminMeetupOut.of_admin(view), translated(request, IMAGE_REMOVED))


# ---------------------------------------------------------------- speakers, sessions, notes


@router.post("/meetups/{meetup_id}/speakers", status_code=201,
             response_model=Envelope[AdminSpeakerOut], responses=WITH_422)
def add_speaker(
    meetup_id: int, body: SpeakerIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    view = admin_meetups.add_speaker(session, user.id, meetup_id, body.model_dump())
    return ok(AdminSpeakerOut.of(view), translated(request, SAVED), 201)


@router.put("/meetups/{meetup_id}/speakers/{speaker_id}",
            response_model=Envelope[AdminSpeakerOut], responses=WITH_422)
def update_speaker(
    meetup_id: int, speaker_id: int, body: SpeakerIn, user: Organizer, session: SessionDep,
    request: Request,
) -> dict:
    view = admin_meetups.update_speaker(session, user.id, meetup_id, speaker_id, body.model_dump())
    return ok(AdminSpeakerOut.of(view), translated(request, SAVED))


@router.delete("/meetups/{meetup_id}/speakers/{speaker_id}", response_model=Envelope[None],
               responses=WITH_404)
def remove_speaker(
    meetup_id: int, speaker_id: int, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Remove a speaker; their sessions stay without a speaker."""
    admin_meetups.remove_speaker(session, user.id, meetup_id, speaker_id)
    return ok(None, translated(request, DELETED))


@router.post("/meetups/{meetup_id}/sessions", status_code=201,
             response_model=Envelope[AdminSessionOut], responses=WITH_422)
def add_session(
    meetup_id: int, body: SessionIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Add a keynote session on the meetup's date."""
    view = admin_meetups.add_session(session, user.id, meetup_id, body.model_dump())
    return ok(AdminSessionOut.of(view), translated(request, SAVED), 201)


@router.put("/meetups/{meetup_id}/sessions/{session_id}",
            response_model=Envelope[AdminSessionOut], responses=WITH_422)
def update_session(
    meetup_id: int, session_id: int, body: SessionIn, user: Organizer, session: SessionDep,
    request: Request,
) -> dict:
    view = admin_meetups.update_session(session, user.id, meetup_id, session_id, body.model_dump())
    return ok(AdminSessionOut.of(view), translated(request, SAVED))


@router.delete("/meetups/{meetup_id}/sessions/{session_id}", response_model=Envelope[None],
               responses=WITH_404)
def remove_session(
    meetup_id: int, session_id: int, user: Organizer, session: SessionDep, request: Request
) -> dict:
    admin_meetups.remove_session(session, user.id, meetup_id, session_id)
    return ok(None, translated(request, DELETED))


@router.post("/meetups/{meetup_id}/notes", status_code=201, response_model=Envelope[AdminNoteOut],
             responses=WITH_422)
def add_note(
    meetup_id: int, body: NoteIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Add a note (active unless ``active`` is false)."""
    view = admin_meetups.add_note(session, user.id, meetup_id, body.model_dump(exclude_none=True))
    return ok(AdminNoteOut.of(view), translated(request, SAVED), 201)


@router.put("/meetups/{meetup_id}/notes/{note_id}", response_model=Envelope[AdminNoteOut],
            responses=WITH_422)
def update_note(
    meetup_id: int, note_id: int, body: NoteIn, user: Organizer, session: SessionDep,
    request: Request,
) -> dict:
    """Change a note's text and/or archive (active false) or restore it; omitted fields
    stay as they are."""
    view = admin_meetups.update_note(
        session, user.id, meetup_id, note_id, body.model_dump(exclude_none=True)
    )
    return ok(AdminNoteOut.of(view), translated(request, SAVED))


@router.delete("/meetups/{meetup_id}/notes/{note_id}", response_model=Envelope[None],
               responses=WITH_404)
def remove_note(
    meetup_id: int, note_id: int, user: Organizer, session: SessionDep, request: Request
) -> dict:
    admin_meetups.remove_note(session, user.id, meetup_id, note_id)
    return ok(None, translated(request, DELETED))


# ---------------------------------------------------------------- registrations


@router.get("/meetups/{meetup_id}/registrations",
            response_model=Envelope[list[AdminRegistrationOut]], responses=WITH_404)
def list_registrations(
    meetup_id: int,
    user: Organizer,
    session: SessionDep,
    search: Annotated[str | None, Query(description="Name, username or email (any case)")] = None,
    status: Annotated[
        str | None, Query(json_schema_extra={"enum": RegistrationStatus.values()})
    ] = None,
) -> dict:
    """The meetup's registrations with the members' answers and contacts, oldest first."""
    rows = admin_meetups.list_registrations(
        session, user.id, meetup_id, search=search, status=status
    )
    return ok([AdminRegistrationOut.of(r) for r in rows])


def _registration_action(name: str, summary: str, message_id: str, fn, method: str = "post"):
    def endpoint(
        meetup_id: int, registration_id: int, user: Organizer, session: SessionDep,
        request: Request,
    ) -> dict:
        view = fn(session, user.id, meetup_id, registration_id)
        return ok(AdminRegistrationOut.of(view), translated(request, message_id))

    endpoint.__name__ = name
    endpoint.__doc__ = summary
    path = "/meetups/{meetup_id}/registrations/{registration_id}/" + (
        "check-in" if "check_in" in name else name.split("_")[0]
    )
    getattr(router, method)(path, response_model=Envelope[AdminRegistrationOut],
                            responses=WITH_409)(endpoint)


_registration_action("accept_registration", "PENDING -> ACCEPTED (meetups that need approval).",
                     ACCEPTED, admin_meetups.accept_registration)
_registration_action("reject_registration", "PENDING -> REJECTED; the seat is free again.",
                     REJECTED, admin_meetups.reject_registration)
_registration_action("check_in", "Mark an accepted registration as present (one click).",
                     CHECKED_IN, admin_meetups.check_in)
_registration_action("undo_check_in", "Take a check-in back.", CHECK_IN_UNDONE,
                     admin_meetups.undo_check_in, "delete")


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
    text = admin_meetups.export_attendees_csv(
        session, user.id, meetup_id, lang=request_language(request)
    )
    filename = admin_meetups.attendees_csv_filename(session, meetup_id)
    return Response(
        content=text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
        },
    )


# ================================================================ news


class NewsIn(BaseModel):
    title: Any = _any("string", maxLength=200)
    content: Any = _any("string", maxLength=50000)
    type: Any = _any("string", enum=NewsType.values())
    tags: Any = Field(
        default=None,
        json_schema_extra={"type": "array", "items": {"type": "string", "maxLength": 30},
                           "maxItems": 10,
                           "examples": [list(admin_news.TAG_VOCABULARY[:3])]},
        description="Lower-cased; from the news vocabulary or free",
    )
    published: Any = _any("boolean", description="Create: default false (a draft)")


class AdminNewsOut(BaseModel):
    id: int
    title: str
    content: str
    type: str = Field(json_schema_extra={"enum": NewsType.values()})
    tags: list[str]
    imageURL: str | None
    published: bool
    commentCount: int
    createdAt: dt.datetime
    updatedAt: dt.datetime

    @classmethod
    def of(cls, n: admin_news.AdminNewsView) -> AdminNewsOut:
        return cls(id=n.id, title=n.title, content=n.content, type=n.type, tags=n.tags,
                   imageURL=n.image_url, published=n.published, commentCount=n.comment_count,
                   createdAt=utc(n.created_at), updatedAt=utc(n.updated_at))


@router.get("/news", response_model=Envelope[Page[AdminNewsOut]], responses=NOT_ORGANIZER)
def list_news(
    user: Organizer,
    session: SessionDep,
    published: Annotated[bool | None, Query(description="Only published or only drafts")] = None,
    search: Annotated[str | None, Query()] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> dict:
    """Every news item (drafts too), newest first."""
    result = admin_news.list_news_admin(
        session, user.id, published=published, search=search, page=page, size=size
    )
    return ok(page_of([AdminNewsOut.of(n) for n in result.items], result.total, page, size))


@router.post("/news", status_code=201, response_model=Envelope[AdminNewsOut],
             responses={**NOT_ORGANIZER, 422: {}})
def create_news(body: NewsIn, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Create a news item: a draft unless ``published`` is true."""
    view = admin_news.create_news(session, user.id, body.model_dump(exclude_none=True))
    return ok(AdminNewsOut.of(view), translated(request, NEWS_CREATED), 201)


@router.get("/news/{news_id}", response_model=Envelope[AdminNewsOut], responses=WITH_404)
def get_news(news_id: int, user: Organizer, session: SessionDep) -> dict:
    return ok(AdminNewsOut.of(admin_news.get_news_admin(session, user.id, news_id)))


@router.put("/news/{news_id}", response_model=Envelope[AdminNewsOut], responses=WITH_422)
def update_news(
    news_id: int, body: NewsIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Change title, content, type and tags (and ``published`` when sent)."""
    view = admin_news.update_news(session, user.id, news_id, body.model_dump(exclude_none=True))
    return ok(AdminNewsOut.of(view), translated(request, SAVED))


@router.post("/news/{news_id}/publish", response_model=Envelope[AdminNewsOut], responses=WITH_404)
def publish_news(news_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Publish: the item shows on /news."""
    view = admin_news.set_published(session, user.id, news_id, True)
    return ok(AdminNewsOut.of(view), translated(request, PUBLISHED))


@router.post("/news/{news_id}/unpublish", response_model=Envelope[AdminNewsOut],
             responses=WITH_404)
def unpublish_news(news_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Unpublish: back to a draft, gone from /news."""
    view = admin_news.set_published(session, user.id, news_id, False)
    return ok(AdminNewsOut.of(view), translated(request, UNPUBLISHED))


@router.delete("/news/{news_id}", response_model=Envelope[None], responses=WITH_404)
def delete_news(news_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Delete a news item with its comments and image."""
    admin_news.delete_news(session, user.id, news_id)
    return ok(None, translated(request, DELETED))


@router.post("/news/{news_id}/image", response_model=Envelope[AdminNewsOut],
             responses={**WITH_422, 413: {}})
def upload_news_image(
    news_id: int, image: ImageFile, user: Organizer, session: SessionDep, request: Request
) -> dict:
    view = admin_news.set_news_image(session, user.id, news_id, _image_bytes(image))
    return ok(AdminNewsOut.of(view), translated(request, IMAGE_SAVED))


@router.delete("/news/{news_id}/image", response_model=Envelope[AdminNewsOut],
               responses=WITH_404)
def delete_news_image(news_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    view = admin_news.remove_news_image(session, user.id, news_id)
    return ok(AdminNewsOut.of(view), translated(request, IMAGE_REMOVED))


# ================================================================ jobs


class AdminJobOut(BaseModel):
    job: JobOut = Field(description="As the public sees it (an expired OPEN post reads CLOSED)")
    status: str = Field(description="The stored status",
                        json_schema_extra={"enum": ["PENDING", "OPEN", "CLOSED", "FILLED"]})
    expired: bool
    openedAt: dt.datetime | None
    updatedAt: dt.datetime

    @classmethod
    def of(cls, v: admin_jobs.AdminJobView) -> AdminJobOut:
        return cls(job=JobOut.of(v.job), status=v.raw_status, expired=v.is_expired,
                   openedAt=utc(v.opened_at) if v.opened_at else None,
                   updatedAt=utc(v.updated_at))


class JobIn(BaseModel):
    title: Any = _any("string", maxLength=200)
    companyName: Any = _any("string", maxLength=200)
    companyDescription: Any = _any("string", maxLength=5000)
    location: Any = _any("string", maxLength=100)
    remote: Any = _any("boolean")
    jobType: Any = _any("string", enum=JobType.values())
    category: Any = _any("string", enum=JobCategory.values())
    description: Any = _any("string", maxLength=20000)
    requirements: Any = _any("string", maxLength=20000)
    experience: Any = _any("string", maxLength=200)
    technologies: Any = Field(default=None, json_schema_extra={"type": "array",
                                                               "items": {"type": "string"}})
    benefits: Any = _any("string", maxLength=5000)
    keywords: Any = Field(default=None, json_schema_extra={"type": "array",
                                                           "items": {"type": "string"}})
    salaryMin: Any = _any("integer", minimum=0, nullable=True)
    salaryMax: Any = _any("integer", minimum=0, nullable=True)
    salaryCurrency: Any = _any("string", minLength=3, maxLength=3)
    contactPhone: Any = _any("string", maxLength=30, nullable=True)
    contactEmail: Any = _any("string", format="email", nullable=True)
    contactWebsite: Any = _any("string", format="uri", nullable=True)


@router.get("/jobs", response_model=Envelope[Page[AdminJobOut]], responses=NOT_ORGANIZER)
def list_jobs(
    user: Organizer,
    session: SessionDep,
    status: Annotated[
        str | None,
        Query(description="PENDING (the queue, oldest first), OPEN, CLOSED, FILLED or EXPIRED "
                          "(open but past expiry); omitted: every post",
              json_schema_extra={"enum": list(admin_jobs.ADMIN_FILTERS)}),
    ] = None,
    search: Annotated[str | None, Query(description="Title or company")] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> dict:
    """Job posts of any status."""
    result = admin_jobs.list_jobs_admin(
        session, user.id, status, search=search, page=page, size=size
    )
    return ok(page_of([AdminJobOut.of(j) for j in result.items], result.total, page, size))


@router.get("/jobs/{job_id}", response_model=Envelope[AdminJobOut], responses=WITH_404)
def get_job(job_id: int, user: Organizer, session: SessionDep) -> dict:
    return ok(AdminJobOut.of(admin_jobs.get_job_admin(session, user.id, job_id)))


@router.put("/jobs/{job_id}", response_model=Envelope[AdminJobOut], responses=WITH_422)
def update_job(
    job_id: int, body: JobIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Replace a post's fields (its status has its own calls)."""
    view = admin_jobs.update_job(session, user.id, job_id, body.model_dump())
    return ok(AdminJobOut.of(view), translated(request, SAVED))


@router.delete("/jobs/{job_id}", response_model=Envelope[None], responses=WITH_404)
def delete_job(job_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    admin_jobs.delete_job(session, user.id, job_id)
    return ok(None, translated(request, DELETED))


JOB_ACTIONS = {
    "open": (admin_jobs.open_job, N_("Job post opened for 30 days."),
             "Open a pending, closed, filled or expired post: public for 30 days."),
    "renew": (admin_jobs.renew_job, N_("Job post renewed for 30 days."),
              "Keep an open post public for 30 more days from now."),
    "close": (admin_jobs.close_job, N_("Job post closed."),
              "Close an open post, or decline a pending one."),
    "fill": (admin_jobs.fill_job, N_("Job post marked as filled."),
             "Mark an open or closed post as filled."),
}


def _job_action(action: str):
    fn, message_id, summary = JOB_ACTIONS[action]

    def endpoint(job_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
        return ok(AdminJobOut.of(fn(session, user.id, job_id)), translated(request, message_id))

    endpoint.__name__ = f"{action}_job"
    endpoint.__doc__ = summary
    router.post(f"/jobs/{{job_id}}/{action}", response_model=Envelope[AdminJobOut],
                responses=WITH_409)(endpoint)


for _action in JOB_ACTIONS:
    _job_action(_action)


# ================================================================ speaker applications


class AdminApplicationOut(BaseModel):
    id: int
    email: str
    fullName: str
    jobPosition: str
    phone: str
    yearsOfExperience: str = Field(json_schema_extra={"enum": Experience.values()})
    expertiseField: str = Field(json_schema_extra={"enum": Expertise.values()})
    topics: str
    linkedinUrl: str
    githubUrl: str
    portfolioUrl: str
    hasPhoto: bool
    language: str = Field(description="The applicant's language: emails are written in it")
    status: str = Field(json_schema_extra={"enum": ApplicationStatus.values()})
    statusNote: str
    createdAt: dt.datetime
    updatedAt: dt.datetime

    @classmethod
    def of(cls, a: admin_speakers.AdminApplicationView) -> AdminApplicationOut:
        return cls(
            id=a.id, email=a.email, fullName=a.full_name, jobPosition=a.job_position,
            phone=a.phone, yearsOfExperience=a.years_of_experience,
            expertiseField=a.expertise_field, topics=a.topics, linkedinUrl=a.linkedin_url,
            githubUrl=a.github_url, portfolioUrl=a.portfolio_url, hasPhoto=a.has_photo,
            language=a.language, status=a.status, statusNote=a.status_note,
            createdAt=utc(a.created_at), updatedAt=utc(a.updated_at),
        )


class StatusIn(BaseModel):
    status: Any = _any(
        "string", enum=ApplicationStatus.values(),
        description="NEW -> IN_REVIEW -> ACCEPTED or REJECTED; a decided one can be reopened "
                    "to IN_REVIEW",
    )
    note: Any = _any("string", maxLength=2000, nullable=True,
                     description="For the organizers (kept and in the audit log)")


@router.get("/speaker-applications", response_model=Envelope[Page[AdminApplicationOut]],
            responses=NOT_ORGANIZER)
def list_applications(
    user: Organizer,
    session: SessionDep,
    status: Annotated[
        str | None, Query(json_schema_extra={"enum": ApplicationStatus.values()})
    ] = None,
    expertise: Annotated[
        str | None, Query(json_schema_extra={"enum": Expertise.values()})
    ] = None,
    search: Annotated[str | None, Query(description="Name, email or topics")] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> dict:
    """Speaker applications, newest first."""
    result = admin_speakers.list_applications(
        session, user.id, status=status, expertise=expertise, search=search, page=page,
        size=size,
    )
    return ok(page_of([AdminApplicationOut.of(a) for a in result.items], result.total, page, size))


@router.get("/speaker-applications/{application_id}",
            response_model=Envelope[AdminApplicationOut], responses=WITH_404)
def get_application(application_id: int, user: Organizer, session: SessionDep) -> dict:
    return ok(AdminApplicationOut.of(
        admin_speakers.get_application(session, user.id, application_id)
    ))


@router.post("/speaker-applications/{application_id}/status",
             response_model=Envelope[AdminApplicationOut], responses={**WITH_409, 422: {}})
def change_application_status(
    application_id: int, body: StatusIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Change the status with an optional note. ACCEPTED and REJECTED email the applicant
    in the application's language."""
    view = admin_speakers.change_status(
        session, user.id, application_id,
        body.status if isinstance(body.status, str) else "",
        body.note if isinstance(body.note, str) else None,
    )
    return ok(AdminApplicationOut.of(view), translated(request, STATUS_CHANGED))


# ================================================================ comments


class AdminCommentOut(BaseModel):
    id: int
    newsId: int
    newsTitle: str
    parentId: int | None
    authorUsername: str
    authorEmail: str
    text: str = Field(description="Plain text as written: escape it when showing it")
    hidden: bool
    createdAt: dt.datetime

    @classmethod
    def of(cls, c: admin_comments.AdminCommentView) -> AdminCommentOut:
        return cls(id=c.id, newsId=c.news_id, newsTitle=c.news_title, parentId=c.parent_id,
                   authorUsername=c.author_username, authorEmail=c.author_email, text=c.text,
                   hidden=c.hidden, createdAt=utc(c.created_at))


@router.get("/comments", response_model=Envelope[Page[AdminCommentOut]], responses=NOT_ORGANIZER)
def list_comments(
    user: Organizer,
    session: SessionDep,
    hidden: Annotated[bool | None, Query(description="Only hidden or only visible")] = None,
    news_id: Annotated[int | None, Query(alias="newsId")] = None,
    search: Annotated[str | None, Query(description="Text, author or news title")] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> dict:
    """Comments and replies on every news item, newest first."""
    result = admin_comments.list_comments_admin(
        session, user.id, hidden=hidden, news_id=news_id, search=search, page=page, size=size
    )
    return ok(page_of([AdminCommentOut.of(c) for c in result.items], result.total, page, size))


@router.post("/comments/{comment_id}/hide", response_model=Envelope[AdminCommentOut],
             responses=WITH_404)
def hide_comment(comment_id: int, user: Organizer, session: SessionDep, request: Request) -> dict:
    """Hide a comment (and its replies) from the public thread."""
    view = admin_comments.hide_comment(session, user.id, comment_id)
    return ok(AdminCommentOut.of(view), translated(request, HIDDEN))


@router.post("/comments/{comment_id}/unhide", response_model=Envelope[AdminCommentOut],
             responses=WITH_404)
def unhide_comment(
    comment_id: int, user: Organizer, session: SessionDep, request: Request
) -> dict:
    view = admin_comments.unhide_comment(session, user.id, comment_id)
    return ok(AdminCommentOut.of(view), translated(request, SHOWN))


@router.delete("/comments/{comment_id}", response_model=Envelope[None], responses=WITH_404)
def delete_comment(
    comment_id: int, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Delete a comment with its replies and votes."""
    admin_comments.delete_comment(session, user.id, comment_id)
    return ok(None, translated(request, DELETED))


# ================================================================ settings, statistics, audit


class SettingsOut(BaseModel):
    maintenance: bool
    contactEmail: str
    targetSpeakers: int
    targetEvents: int
    targetMembers: int


class SettingsIn(BaseModel):
    """Only the fields sent are changed."""

    maintenance: Any = _any("boolean", description="The full-screen maintenance page")
    contactEmail: Any = _any("string", format="email")
    targetSpeakers: Any = _any("integer", minimum=1, maximum=1000000)
    targetEvents: Any = _any("integer", minimum=1, maximum=1000000)
    targetMembers: Any = _any("integer", minimum=1, maximum=1000000)


def _settings(v) -> SettingsOut:
    return SettingsOut(maintenance=v.maintenance, contactEmail=v.contact_email,
                       targetSpeakers=v.target_speakers, targetEvents=v.target_events,
                       targetMembers=v.target_members)


@router.get("/settings", response_model=Envelope[SettingsOut], responses=NOT_ORGANIZER)
def read_settings(user: Organizer, session: SessionDep) -> dict:
    return ok(_settings(admin_settings.read_settings(session, user.id)))


@router.put("/settings", response_model=Envelope[SettingsOut], responses={**NOT_ORGANIZER, 422: {}})
def change_settings(
    body: SettingsIn, user: Organizer, session: SessionDep, request: Request
) -> dict:
    """Change the statistics targets, the contact email or the maintenance switch; they
    take effect at once, without a restart."""
    view = admin_settings.change_settings(
        session, user.id, body.model_dump(exclude_unset=True)
    )
    return ok(_settings(view), translated(request, SAVED))


class MeasureOut(BaseModel):
    current: int
    target: int
    percent: int


class AdminStatisticsOut(BaseModel):
    speakers: MeasureOut
    meetups: MeasureOut
    members: MeasureOut
    pastMeetups: int
    attendedTotal: int = Field(description="Checked-in attendees of past meetups")
    attendedAverage: int
    pendingJobs: int
    applicationsByStatus: dict[str, int]


@router.get("/statistics", response_model=Envelope[AdminStatisticsOut], responses=NOT_ORGANIZER)
def statistics(user: Organizer, session: SessionDep) -> dict:
    """The public measures, attendance of past meetups and what waits for organizers."""
    stats = get_statistics(session)
    attendance = admin_meetups.attendance_summary(session, user.id)

    def measure(m) -> MeasureOut:
        return MeasureOut(current=m.current, target=m.target, percent=m.percent)

    return ok(AdminStatisticsOut(
        speakers=measure(stats.speakers), meetups=measure(stats.meetups),
        members=measure(stats.members), pastMeetups=attendance.past_meetups,
        attendedTotal=attendance.total_attended, attendedAverage=attendance.average_attended,
        pendingJobs=admin_jobs.count_pending_jobs(session, user.id),
        applicationsByStatus=admin_speakers.count_by_status(session, user.id),
    ))


class AuditOut(BaseModel):
    id: int
    actorId: int | None
    actorName: str
    actorEmail: str
    action: str
    targetType: str
    targetId: int | None
    detail: str
    createdAt: dt.datetime


@router.get("/audit", response_model=Envelope[Page[AuditOut]], responses=NOT_ORGANIZER)
def audit_log(
    user: Organizer,
    session: SessionDep,
    search: Annotated[str | None, Query(description="Action, target type or detail")] = None,
    page: PageNumber = 0,
    size: PageSize = 20,
) -> dict:
    """Who did what, and when: every organizer action, newest first."""
    result = audit.list_audit(session, user.id, search=search, page=page, size=size)
    return ok(page_of(
        [
            AuditOut(id=e.id, actorId=e.actor_id, actorName=e.actor_name,
                     actorEmail=e.actor_email, action=e.action, targetType=e.target_type,
                     targetId=e.target_id, detail=e.detail, createdAt=utc(e.created_at))
            for e in result.items
        ],
        result.total, page, size,
    ))
