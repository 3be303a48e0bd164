"""Talks and speakers (issue 41): public reads of talks, speaker pages, slides and the
programme feeds (c3voc schedule JSON, frab schedule XML); organizers' writes under /admin
(talks, speaker profiles and their photos, slides, moves in the programme). Every call is one call of
``services/talks/`` or ``services/schedule_feeds.py``."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import File, UploadFile
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.routes.admin.common import image_bytes
from community_app.api.routing import Router
from community_app.core.korea_time import to_korea
from community_app.i18n import N_
from community_app.models.enums import TalkLanguage, TalkLevel, TalkStatus
from community_app.services import schedule_feeds, talks

router = Router(tags=["talks"])

SAVED = N_("Saved.")
DELETED = N_("Deleted.")

LanguageName = Literal[tuple(TalkLanguage.values())]  # type: ignore[valid-type]
LevelName = Literal[tuple(TalkLevel.values())]  # type: ignore[valid-type]
StatusName = Literal[tuple(TalkStatus.values())]  # type: ignore[valid-type]


# ---------------------------------------------------------------- schemas


class TalkSpeakerRefOut(BaseModel):
    id: int
    name: str
    slug: str
    jobPosition: str
    company: str
    photoURL: str | None
    page: str = Field(description="The speaker's page, /speakers/<id>-<slug>")

    @classmethod
    def of(cls, s: talks.SpeakerRef) -> TalkSpeakerRefOut:
        return cls(id=s.id, name=s.name, slug=s.slug, jobPosition=s.job_position,
                   company=s.company, photoURL=s.photo_url, page=s.path)


class TalkSlidesOut(BaseModel):
    url: str = Field(description="The uploaded PDF (/api/v1/public/talks/{id}/slides.pdf) or "
                                 "the speaker's link")
    uploaded: bool = Field(description="True: a PDF stored here; false: a link elsewhere")


class TalkRecordingOut(BaseModel):
    url: str = Field(description="The video's own page")
    provider: Literal["YouTube", "Vimeo", "PeerTube"]
    embedURL: str = Field(description="The player, to load only when the visitor asks for it")


class TalkOut(BaseModel):
    id: int
    meetupId: int
    meetupTitle: str
    slug: str
    title: str
    abstract: str = Field(description="Markdown as written")
    abstractHtml: str = Field(description="The abstract rendered and sanitised")
    language: LanguageName
    level: LevelName
    durationMinutes: int
    startsAt: dt.datetime | None = Field(description="UTC; null: no slot yet")
    endsAt: dt.datetime | None
    startTime: dt.datetime | None = Field(description="Korea time, ISO 8601 with +09:00")
    endTime: dt.datetime | None
    room: str = Field(description="Room or track; '' where the meetup has one room")
    status: StatusName
    speakers: list[TalkSpeakerRefOut]
    slides: TalkSlidesOut | None
    recording: TalkRecordingOut | None
    page: str = Field(description="The talk's page, /talks/<id>-<slug>")

    @classmethod
    def of(cls, t: talks.TalkView) -> TalkOut:
        rec = t.recording
        return cls(
            id=t.id, meetupId=t.meetup_id, meetupTitle=t.meetup_title, slug=t.slug,
            title=t.title, abstract=t.abstract, abstractHtml=t.abstract_html,
            language=t.language, level=t.level, durationMinutes=t.duration_minutes,
            startsAt=t.starts_at, endsAt=t.ends_at,
            startTime=to_korea(t.starts_at) if t.starts_at else None,
            endTime=to_korea(t.ends_at) if t.ends_at else None, room=t.room, status=t.status,
            speakers=[TalkSpeakerRefOut.of(s) for s in t.speakers],
            slides=TalkSlidesOut(url=t.slides_link, uploaded=t.has_slides_file)
            if t.slides_link else None,
            recording=TalkRecordingOut(url=rec.url, provider=rec.provider, embedURL=rec.embed_url)
            if rec else None,
            page=t.path)


class SpeakerProfileOut(BaseModel):
    id: int
    slug: str
    name: str
    jobPosition: str
    company: str
    bio: str = Field(description="Markdown as written")
    bioHtml: str
    photoURL: str | None
    links: list[str]
    page: str

    @classmethod
    def of(cls, s: talks.SpeakerView) -> SpeakerProfileOut:
        return cls(id=s.id, slug=s.slug, name=s.name, jobPosition=s.job_position,
                   company=s.company, bio=s.bio, bioHtml=s.bio_html, photoURL=s.photo_url,
                   links=list(s.links), page=s.path)


class SpeakerProfilePageOut(SpeakerProfileOut):
    talks: list[TalkOut] = Field(description="Every public talk, newest meetup first")


class AdminSpeakerProfileOut(SpeakerProfileOut):
    userId: int | None
    keepNameAfterErasure: bool


class TalkIn(BaseModel):
    """Fields sent are changed; the others stay. Times: Korea time on the meetup's date."""

    title: str | None = Field(default=None, max_length=200)
    abstract: str | None = Field(default=None, description="Markdown, at most 20,000 characters")
    language: LanguageName | None = None
    level: LevelName | None = None
    status: StatusName | None = None
    durationMinutes: int | None = Field(default=None, ge=5, le=480)
    startTime: str | None = Field(default=None, description="HH:MM; '' removes the slot")
    endTime: str | None = Field(default=None, description="HH:MM; empty: start + duration")
    room: str | None = Field(default=None, max_length=100)
    slidesUrl: str | None = Field(default=None, description="A link to the slides elsewhere")
    recordingUrl: str | None = Field(default=None, description="YouTube, Vimeo or PeerTube")
    speakerIds: list[int] | None = Field(default=None, description="Speaker profiles, in order")


class TalkMoveIn(BaseModel):
    direction: Literal[-1, 1] = Field(description="-1: earlier in the programme, 1: later")


class SpeakerProfileIn(BaseModel):
    name: str | None = Field(default=None, max_length=120)
    jobPosition: str | None = Field(default=None, max_length=120)
    company: str | None = Field(default=None, max_length=120)
    bio: str | None = Field(default=None, description="Markdown, at most 5,000 characters")
    photoUrl: str | None = None
    links: list[str] | None = Field(default=None, description="At most 5 http(s) links")
    keepNameAfterErasure: bool | None = None


def _sent(body: BaseModel) -> dict:
    return body.model_dump(exclude_unset=True)


# ---------------------------------------------------------------- public


@router.get("/public/talks")
def list_talks(session: SessionDep, meetupId: int | None = None) -> Envelope[list[TalkOut]]:
    """Every public talk (scheduled or cancelled), newest meetup first; or one meetup's."""
    return ok([TalkOut.of(t) for t in talks.list_talks(session, meetup_id=meetupId)])


@router.get("/public/talks/{talk_id}", responses={404: {}})
def get_talk(talk_id: int, session: SessionDep) -> Envelope[TalkOut]:
    return ok(TalkOut.of(talks.get_talk(session, talk_id)))


@router.get("/public/talks/{talk_id}/slides.pdf", response_class=Response,
            responses={200: {"content": {"application/pdf": {}}}, 404: {}})
def talk_slides(talk_id: int, session: SessionDep) -> Response:
    """The talk's uploaded slides (a PDF), to read or download."""
    data = talks.slides_file(session, talk_id)
    talk = talks.get_talk(session, talk_id)
    return Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'inline; filename="{talk.slug or "slides"}.pdf"',
        "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=300"})


@router.get("/public/speakers/{speaker_id}", responses={404: {}})
def get_speaker(speaker_id: int, session: SessionDep) -> Envelope[SpeakerProfilePageOut]:
    """A speaker and every talk they gave, with slides and recordings."""
    page = talks.get_speaker(session, speaker_id)
    return ok(SpeakerProfilePageOut(**SpeakerProfileOut.of(page.speaker).model_dump(),
                             talks=[TalkOut.of(t) for t in page.talks]))


# The feeds' formats are published elsewhere (voc/schedule's validators, kept with their
# tests in tests/schedule_validators/): the OpenAPI document names them, it does not copy them.
SCHEDULE_JSON = {"application/json": {"schema": {
    "type": "object", "required": ["$schema", "schedule"],
    "description": "c3voc schedule JSON, valid against voc/schedule's validator/json/schema.json"}}}
SCHEDULE_XML = {"application/xml": {"schema": {
    "type": "string", "description": "frab schedule XML, valid against voc/schedule's "
                                     "validator/xsd/schedule.xml.xsd"}}}


class ScheduleJSONResponse(JSONResponse):
    media_type = "application/json"


def _xml(data: bytes) -> Response:
    return Response(data, media_type="application/xml; charset=utf-8",
                    headers={"Cache-Control": "public, max-age=300"})


# The upcoming meetups' feeds first: their literal paths before /public/meetups/{meetup_id}/...
@router.get("/public/meetups/upcoming/schedule.json", response_class=ScheduleJSONResponse,
            responses={200: {"description": "c3voc schedule JSON (voc/schedule's schema.json)",
                             "content": SCHEDULE_JSON}})
def upcoming_schedule_json(session: SessionDep) -> ScheduleJSONResponse:
    """Every upcoming meetup's programme for conference apps (one day per meetup date)."""
    return ScheduleJSONResponse(schedule_feeds.schedule_json(
        schedule_feeds.upcoming_programme(session)))


@router.get("/public/meetups/upcoming/schedule.xml", response_class=Response,
            responses={200: {"content": SCHEDULE_XML,
                             "description": "frab schedule XML (voc/schedule's XSD)"}})
def upcoming_schedule_xml(session: SessionDep) -> Response:
    return _xml(schedule_feeds.schedule_xml(schedule_feeds.upcoming_programme(session)))


@router.get("/public/meetups/{meetup_id}/schedule.json", response_class=ScheduleJSONResponse,
            responses={200: {"description": "c3voc schedule JSON", "content": SCHEDULE_JSON}, 404: {}})
def meetup_schedule_json(meetup_id: int, session: SessionDep) -> ScheduleJSONResponse:
    """One meetup's programme as the c3voc schedule JSON (Giggity, ConfClerk, ...)."""
    return ScheduleJSONResponse(schedule_feeds.schedule_json(
        schedule_feeds.meetup_programme(session, meetup_id)))


@router.get("/public/meetups/{meetup_id}/schedule.xml", response_class=Response,
            responses={200: {"content": SCHEDULE_XML,
                             "description": "frab schedule XML"}, 404: {}})
def meetup_schedule_xml(meetup_id: int, session: SessionDep) -> Response:
    return _xml(schedule_feeds.schedule_xml(schedule_feeds.meetup_programme(session, meetup_id)))


# ---------------------------------------------------------------- organizers


@router.get("/admin/meetups/{meetup_id}/talks", responses={404: {}})
def admin_meetup_talks(meetup_id: int, user: Organizer,
                       session: SessionDep) -> Envelope[list[TalkOut]]:
    """The meetup's programme with its drafts (talks without a slot last)."""
    return ok([TalkOut.of(t) for t in talks.admin_programme(session, user.id, meetup_id)])


@router.post("/admin/meetups/{meetup_id}/talks", status_code=201, responses={404: {}, 422: {}})
def create_talk(meetup_id: int, body: TalkIn, user: Organizer,
                session: SessionDep) -> Envelope[TalkOut]:
    view = talks.create_talk(session, user.id, meetup_id, _sent(body))
    session.commit()
    return ok(TalkOut.of(view), SAVED, 201)


@router.put("/admin/talks/{talk_id}", responses={404: {}, 422: {}})
def update_talk(talk_id: int, body: TalkIn, user: Organizer,
                session: SessionDep) -> Envelope[TalkOut]:
    view = talks.update_talk(session, user.id, talk_id, _sent(body))
    session.commit()
    return ok(TalkOut.of(view), SAVED)


@router.delete("/admin/talks/{talk_id}", responses={404: {}})
def delete_talk(talk_id: int, user: Organizer, session: SessionDep) -> Envelope[None]:
    talks.delete_talk(session, user.id, talk_id)
    session.commit()
    return ok(None, DELETED)


@router.post("/admin/talks/{talk_id}/move", responses={404: {}})
def move_talk(talk_id: int, body: TalkMoveIn, user: Organizer,
              session: SessionDep) -> Envelope[list[TalkOut]]:
    """Swap the talk's slot with the one before (-1) or after (1); the new programme."""
    programme = talks.move_talk(session, user.id, talk_id, body.direction)
    session.commit()
    return ok([TalkOut.of(t) for t in programme], SAVED)


@router.post("/admin/talks/{talk_id}/slides", responses={404: {}, 422: {}})
def upload_slides(talk_id: int, user: Organizer, session: SessionDep,
                  file: Annotated[UploadFile, File(description="A PDF, at most 20 MB")]
                  ) -> Envelope[TalkOut]:
    view = talks.upload_slides(session, user.id, talk_id,
                               file.file.read(talks.MAX_SLIDES_BYTES + 1))
    session.commit()
    return ok(TalkOut.of(view), SAVED)


@router.delete("/admin/talks/{talk_id}/slides", responses={404: {}})
def remove_slides(talk_id: int, user: Organizer, session: SessionDep) -> Envelope[TalkOut]:
    view = talks.remove_slides(session, user.id, talk_id)
    session.commit()
    return ok(TalkOut.of(view), DELETED)


def _admin_speaker(s: talks.SpeakerView) -> AdminSpeakerProfileOut:
    return AdminSpeakerProfileOut(**SpeakerProfileOut.of(s).model_dump(), userId=s.user_id,
                           keepNameAfterErasure=s.keep_name_after_erasure)


@router.get("/admin/speaker-profiles")
def list_speaker_profiles(user: Organizer, session: SessionDep) -> Envelope[list[AdminSpeakerProfileOut]]:
    return ok([_admin_speaker(s) for s in talks.admin_speakers(session, user.id)])


@router.post("/admin/speaker-profiles", status_code=201, responses={422: {}})
def create_speaker_profile(body: SpeakerProfileIn, user: Organizer,
                           session: SessionDep) -> Envelope[AdminSpeakerProfileOut]:
    view = talks.create_speaker(session, user.id, _sent(body))
    session.commit()
    return ok(_admin_speaker(view), SAVED, 201)


@router.put("/admin/speaker-profiles/{speaker_id}", responses={404: {}, 422: {}})
def update_speaker_profile(speaker_id: int, body: SpeakerProfileIn, user: Organizer,
                           session: SessionDep) -> Envelope[AdminSpeakerProfileOut]:
    view = talks.update_speaker(session, user.id, speaker_id, _sent(body))
    session.commit()
    return ok(_admin_speaker(view), SAVED)


@router.put("/admin/speaker-profiles/{speaker_id}/photo",
            responses={404: {}, 422: {"description": "Not a JPEG, PNG or WebP image of at most 5 MB"}})
def upload_speaker_photo(
    speaker_id: int, user: Organizer, session: SessionDep,
    file: Annotated[UploadFile, File(description="JPEG, PNG or WebP, at most 5 MB")],
) -> Envelope[AdminSpeakerProfileOut]:
    """Upload or replace a speaker profile's photo (checked and re-encoded like every
    uploaded image, as a member's own: PUT /users/me/speaker-profile/photo; the old
    uploaded file is deleted). Audited."""
    view = talks.change_speaker_photo(session, user.id, speaker_id, image_bytes(file))
    session.commit()
    return ok(_admin_speaker(view), SAVED)


@router.delete("/admin/speaker-profiles/{speaker_id}/photo", responses={404: {}})
def remove_speaker_photo(speaker_id: int, user: Organizer,
                         session: SessionDep) -> Envelope[AdminSpeakerProfileOut]:
    """Remove a speaker profile's photo (an uploaded file is deleted; the speaker page then
    shows none). Audited."""
    view = talks.change_speaker_photo(session, user.id, speaker_id, None)
    session.commit()
    return ok(_admin_speaker(view), DELETED)


@router.delete("/admin/speaker-profiles/{speaker_id}", responses={404: {}})
def delete_speaker_profile(speaker_id: int, user: Organizer,
                           session: SessionDep) -> Envelope[None]:
    talks.delete_speaker(session, user.id, speaker_id)
    session.commit()
    return ok(None, DELETED)
