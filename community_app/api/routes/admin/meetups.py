"""/admin/meetups: meetups with their speakers, sessions, notes and image.

Times: meetupDate, startTime and endTime are Korea time; every ``...At`` is UTC.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Query, Request
from pydantic import AnyUrl, BaseModel, Field

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import from_view, translated
from community_app.api.routes.admin.common import (
    DELETED, NOT_ORGANIZER, SAVED, WITH_404, WITH_422, form_model, item_actions, item_edits, item_list,
    picture_and_name,
    ruled, ruled_optional, ruled_text,
)
from community_app.api.routes.meetups import MeetupOut, SpeakerFieldsOut
from community_app.api.schemas.rules import also_checked_by, parsed_by
from community_app.i18n import N_
from community_app.core.korea_time import korea_clock as korea_time
from community_app.services.admin.common import IMAGE_REMOVED, IMAGE_SAVED
from community_app.services.meetups import (
    MEETUP_TYPES, admin_edits, admin_program, admin_views, normalize_meetup_type,
)
from community_app.services.validation import bounds

router = Router()

MEETUP_CREATED = N_("Meetup created.")

class AdminMeetupOut(MeetupOut):
    attendedCount: int = Field(description="Checked-in attendees (feeds the statistics)")
    acceptedCount: int
    pendingCount: int = Field(description="Registrations waiting for approval")
    checkedInCount: int
    telegramAnnounce: bool = Field(
        default=True, description="Posted to the Telegram channel (POST /admin/meetups/{id}/telegram)")

    @classmethod
    def of_admin(cls, v: admin_views.AdminMeetupView) -> AdminMeetupOut:
        return from_view(cls, v, **MeetupOut.fields_of(v.meetup))



class MeetupIn(form_model("MeetupFormIn", admin_edits.MEETUP_FORM, admin_edits.MEETUP_RULES)):
    """The meetup form; each field is checked by the back office's rule for it."""

    # Its fields: admin_edits.MEETUP_FORM.

    telegramAnnounce: bool | None = Field(
        default=None, description="Create: post it to the Telegram channel (default true); "
                                  "later: POST /admin/meetups/{id}/telegram")

    _clock_order = also_checked_by(admin_edits.clock_order_problem)


class SpeakerIn(BaseModel):
    fullName: ruled_text(admin_edits.SPEAKER_RULES, "fullName") = None
    jobPosition: ruled_text(admin_edits.SPEAKER_RULES, "jobPosition") = None
    company: ruled_text(admin_edits.SPEAKER_RULES, "company") = None
    bio: str | None = Field(default=None, description="At most 5000 characters are kept")
    profileURL: Annotated[AnyUrl | Literal[""] | None,
                          ruled(admin_edits.SPEAKER_RULES, "profileURL")] = None
    imageURL: Annotated[AnyUrl | Literal[""] | None,
                        ruled(admin_edits.SPEAKER_RULES, "imageURL")] = None


class AdminSpeakerOut(SpeakerFieldsOut):
    pass


class SessionIn(BaseModel):
    subject: ruled_text(admin_edits.SESSION_RULES, "subject") = None
    startTime: Annotated[str | None, ruled(admin_edits.SESSION_RULES, "startTime"),
                         Field(description="Korea time HH:MM, on the meetup's date")] = None
    endTime: Annotated[str | None, ruled(admin_edits.SESSION_RULES, "endTime"),
                       Field(description="Korea time HH:MM")] = None
    speakerId: Annotated[int | None, ruled(admin_edits.SESSION_RULES, "speakerId"),
                         Field(description="A speaker of this meetup; 0 or null: none")] = None

    _clock_order = also_checked_by(admin_edits.clock_order_problem)


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
    def of(cls, k: admin_views.AdminSessionView) -> AdminSessionOut:
        return from_view(cls, k, startTime=korea_time(k.starts_at), endTime=korea_time(k.ends_at))


class NoteIn(BaseModel):
    content: ruled_text(admin_edits.NOTE_RULES, "content") = None
    active: bool | None = Field(
        default=None, description="Shown on the meetup page; false = archived"
    )


class AdminNoteOut(BaseModel):
    id: int
    content: str
    active: bool
    createdAt: dt.datetime

    @classmethod
    def of(cls, n: admin_views.AdminNoteView) -> AdminNoteOut:
        return from_view(cls, n, active=n.is_active)


class AdminMeetupDetailsOut(BaseModel):
    meetup: AdminMeetupOut
    speakers: list[AdminSpeakerOut]
    keynoteSessions: list[AdminSessionOut]
    notes: list[AdminNoteOut] = Field(description="Active and archived, newest first")


def _details(d: admin_views.AdminMeetupDetails) -> AdminMeetupDetailsOut:
    return AdminMeetupDetailsOut(
        meetup=AdminMeetupOut.of_admin(d.summary),
        speakers=[AdminSpeakerOut.of(s) for s in d.speakers],
        keynoteSessions=[AdminSessionOut.of(k) for k in d.sessions],
        notes=[AdminNoteOut.of(n) for n in d.notes],
    )


item_list(router, "/meetups", "list_meetups", AdminMeetupOut, admin_edits.list_meetups_admin,
          "Title or location",
          "Meetups with their registration and attendance counts: upcoming soonest first,\n"
          "past and all newest first.",
          answer=AdminMeetupOut.of_admin,
          meetup_type=Annotated[
              Literal[tuple(MEETUP_TYPES)] | None,  # type: ignore[valid-type]
              Query(alias="type", description="upcoming or past, any case; omitted: every meetup"),
              parsed_by(normalize_meetup_type),
          ])


@router.post("/meetups", status_code=201, response_model=Envelope[AdminMeetupOut],
             responses={**NOT_ORGANIZER, 422: {}})
def create_meetup(body: MeetupIn, user: Organizer, session: SessionDep, request: Request) -> Envelope[AdminMeetupOut]:
    """Create a meetup (its image is sent afterwards to /admin/meetups/{id}/image)."""
    view = admin_edits.create_meetup(session, user.id, body.model_dump(mode="json"))
    return ok(AdminMeetupOut.of_admin(view), translated(request, MEETUP_CREATED), 201)


@router.get("/meetups/{meetup_id}", response_model=Envelope[AdminMeetupDetailsOut],
            responses=WITH_404)
def get_meetup(meetup_id: int, user: Organizer, session: SessionDep) -> Envelope[AdminMeetupDetailsOut]:
    """A meetup with its speakers, sessions and every note (archived ones too)."""
    return ok(_details(admin_edits.get_meetup_admin(session, user.id, meetup_id)))


item_edits(router, AdminMeetupOut, MeetupIn, WITH_422,
           ("put", "/meetups/{meetup_id}", admin_edits.update_meetup, SAVED,
            "Replace a meetup's fields. maxSeats below the live registrations is refused (422)."),
           dump={"mode": "json"}, answer=AdminMeetupOut.of_admin)


item_actions(router, None, WITH_404, ("delete", "/meetups/{meetup_id}", admin_edits.delete_meetup,
                                      DELETED, "Delete a meetup with its speakers, sessions, "
                                      "registrations, notes and image."))


item_actions(router, AdminMeetupOut, {**WITH_422, 413: {}},
             ("post", "/meetups/{meetup_id}/image", admin_edits.set_meetup_image, IMAGE_SAVED,
              "Set the meetup's image: checked, re-encoded to WebP and served publicly."),
             image=picture_and_name, answer=AdminMeetupOut.of_admin)
item_actions(router, AdminMeetupOut, WITH_404,
             ("delete", "/meetups/{meetup_id}/image", admin_edits.remove_meetup_image,
              IMAGE_REMOVED, "Remove the meetup's image."),
             answer=AdminMeetupOut.of_admin)


# ---------------------------------------------------------------- speakers, sessions, notes


# add_speaker, update_speaker (the bodies as JSON: profileURL is a URL)
item_edits(router, AdminSpeakerOut, SpeakerIn, WITH_422,
           ("post", "/meetups/{meetup_id}/speakers", admin_program.add_speaker, SAVED, ""),
           dump={"mode": "json"}, status_code=201)
item_edits(router, AdminSpeakerOut, SpeakerIn, WITH_422,
           ("put", "/meetups/{meetup_id}/speakers/{speaker_id}", admin_program.update_speaker,
            SAVED, ""),
           dump={"mode": "json"})


item_actions(router, None, WITH_404, ("delete", "/meetups/{meetup_id}/speakers/{speaker_id}",
                                      admin_program.remove_speaker, DELETED,
                                      "Remove a speaker; their sessions stay without a speaker."))


# add_session, update_session
item_edits(router, AdminSessionOut, SessionIn, WITH_422,
           ("post", "/meetups/{meetup_id}/sessions", admin_program.add_session, SAVED,
            "Add a keynote session on the meetup's date."), status_code=201)
item_edits(router, AdminSessionOut, SessionIn, WITH_422,
           ("put", "/meetups/{meetup_id}/sessions/{session_id}", admin_program.update_session,
            SAVED, ""))


item_actions(router, None, WITH_404, ("delete", "/meetups/{meetup_id}/sessions/{session_id}",
                                      admin_program.remove_session, DELETED, ""))


# add_note, update_note (omitted fields stay as they are)
item_edits(router, AdminNoteOut, NoteIn, WITH_422,
           ("post", "/meetups/{meetup_id}/notes", admin_program.add_note, SAVED,
            "Add a note (active unless ``active`` is false)."),
           dump={"exclude_none": True}, status_code=201)
item_edits(router, AdminNoteOut, NoteIn, WITH_422,
           ("put", "/meetups/{meetup_id}/notes/{note_id}", admin_program.update_note, SAVED,
            "Change a note's text and/or archive (active false) or restore it; omitted fields\n"
            "stay as they are."),
           dump={"exclude_none": True})


item_actions(router, None, WITH_404, ("delete", "/meetups/{meetup_id}/notes/{note_id}",
                                      admin_program.remove_note, DELETED, ""))


