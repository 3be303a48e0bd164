"""A member's starred talks and feedback on talks (issue 41, items 4 and 5;
services/talk_stars.py and services/talk_feedback.py).

- ``PUT``/``DELETE /users/talks/{talk_id}/star``: star or unstar a talk of a public
  programme (a draft is 404). Starring twice is starring once.
- ``GET /users/talks/starred``: the member's starred talks ("my talks"), in programme
  order; each is also an event of the private calendar feed (/calendar/feed/{token}.ics).
- ``POST /users/talks/{talk_id}/feedback``: a rating 1-5 and an optional comment, once,
  after the talk ended, by a member registered for its meetup or checked in (403
  otherwise, 409 the second time).
- ``GET /users/talks/speaking``: the talks the member gives ("Talks I give": every talk of
  the speaker profile linked to the account, drafts and cancelled ones too, and of their
  accepted applications), then their applications not yet a talk.
- ``GET /users/talks/feedback``: the feedback on the talks the member speaks at (their
  speaker profile), without the raters' names.
- ``GET``/``PUT /users/me/speaker-profile``: the speaker profile linked to the member's
  account (404 without one), and the member's own edit of it (the back office's rules).
- ``PUT``/``DELETE /users/me/speaker-profile/photo``: the member uploads (multipart
  ``file``: JPEG, PNG or WebP, at most 5 MB, re-encoded) or removes the profile's photo.

Times are UTC.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import File, Request, UploadFile
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from community_app.api.deps import CurrentUser, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.formatting import ViewOut, from_view, translated, view_model
from community_app.api.routes.admin.common import image_bytes, ruled, ruled_text
from community_app.api.routing import Router
from community_app.services import speaker_talks, talk_feedback, talk_stars, talks

router = Router(tags=["talks"])

MEMBER = {401: {"description": "No valid token"}}
WITH_404 = {**MEMBER, 404: {"description": "No such talk on a public programme"}}


class Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class StarOut(Camel):
    talk_id: int
    starred: bool


class StarredTalkOut(Camel, ViewOut):
    """A talk the member starred."""

    talk_id: int
    title: str
    status: str = Field(description="scheduled or cancelled")
    room: str
    starts_at: dt.datetime = Field(description="The talk's slot, else its meetup's start (UTC)")
    ends_at: dt.datetime
    meetup_id: int
    meetup_title: str
    location: str
    starred_at: dt.datetime


class SpeakingOut(Camel, ViewOut):
    """A talk the member gives (``talkId`` set) or an application of theirs not yet a talk
    (``talkId`` null)."""

    title: str
    status: str = Field(description="A talk: draft, scheduled or cancelled; an application: "
                                    "NEW, IN_REVIEW or ACCEPTED")
    talk_id: int | None
    talk_page: str = Field(description="The public talk page; empty for a draft or an application")
    meetup_id: int | None
    meetup_title: str
    starts_at: dt.datetime = Field(description="The talk's slot, else its meetup's start; an "
                                               "application: when it was sent (UTC)")
    speaker_page: str = Field(description="The signed speaker page (confirm, abstract, slides) "
                                          "when an application of the member made the talk")
    confirmed: bool
    application_id: int | None


class FeedbackIn(Camel):
    rating: Annotated[int, ruled(talk_feedback.FEEDBACK_RULES, "rating"),
                      Field(ge=1, le=5, description="1 (poor) to 5 (excellent)")]
    comment: Annotated[str, ruled(talk_feedback.FEEDBACK_RULES, "comment"),
                       Field(max_length=2000, description="Optional, for the speaker")] = ""


class FeedbackOut(Camel):
    talk_id: int
    rating: int
    comment: str
    created_at: dt.datetime


FeedbackItemOut = view_model(talk_feedback.FeedbackItem, "FeedbackItemOut")


class TalkFeedbackOut(view_model(talk_feedback.TalkFeedbackSummary, "TalkFeedbackFields",
                                 about={"average": "Null without any feedback"})):
    """A talk's feedback (every field of ``services.talk_feedback.TalkFeedbackSummary``, in
    camelCase): average (null without any), count and the comments, newest first, without
    names."""

    comments: list[FeedbackItemOut]

    @classmethod
    def of(cls, v: talk_feedback.TalkFeedbackSummary) -> TalkFeedbackOut:
        return from_view(cls, v, comments=[FeedbackItemOut.of(c) for c in v.comments])


@router.put("/users/talks/{talk_id}/star", response_model=Envelope[StarOut], responses=WITH_404)
def star_talk(talk_id: int, user: CurrentUser, session: SessionDep,
              request: Request) -> Envelope[StarOut]:
    starred = talk_stars.star_talk(session, user.id, talk_id)
    return ok(StarOut(talk_id=talk_id, starred=starred), translated(request, talk_stars.STARRED))


@router.delete("/users/talks/{talk_id}/star", response_model=Envelope[StarOut], responses=WITH_404)
def unstar_talk(talk_id: int, user: CurrentUser, session: SessionDep,
                request: Request) -> Envelope[StarOut]:
    starred = talk_stars.unstar_talk(session, user.id, talk_id)
    return ok(StarOut(talk_id=talk_id, starred=starred), translated(request, talk_stars.UNSTARRED))


@router.get("/users/talks/starred", response_model=Envelope[list[StarredTalkOut]],
            responses=MEMBER)
def starred_talks(user: CurrentUser, session: SessionDep) -> Envelope[list[StarredTalkOut]]:
    return ok([StarredTalkOut.of(v) for v in talk_stars.starred_talks(session, user.id)])


@router.get("/users/talks/speaking", response_model=Envelope[list[SpeakingOut]],
            responses=MEMBER)
def my_speaking(user: CurrentUser, session: SessionDep) -> Envelope[list[SpeakingOut]]:
    """The talks the member gives, newest meetup first, then their applications waiting
    to become a talk (My Page's "Talks I give")."""
    return ok([SpeakingOut.of(v) for v in speaker_talks.speaking(session, user.id)])


@router.post("/users/talks/{talk_id}/feedback", status_code=201,
             response_model=Envelope[FeedbackOut],
             responses={**WITH_404, 403: {"description": "Not ended yet, or not an attendee"},
                        409: {"description": "Already rated"},
                        422: {"description": "Invalid fields, each with its message"}})
def give_feedback(talk_id: int, body: FeedbackIn, user: CurrentUser, session: SessionDep,
                  request: Request) -> Envelope[FeedbackOut]:
    row = talk_feedback.give_feedback(session, user.id, talk_id, body.rating, body.comment)
    out = FeedbackOut(talk_id=row.talk_id, rating=row.rating, comment=row.comment,
                      created_at=row.created_at)
    return ok(out, translated(request, talk_feedback.THANKS), 201)


@router.get("/users/talks/feedback", response_model=Envelope[list[TalkFeedbackOut]],
            responses=MEMBER)
def my_talks_feedback(user: CurrentUser, session: SessionDep) -> Envelope[list[TalkFeedbackOut]]:
    """The feedback on the member's own talks (as a speaker)."""
    return ok([TalkFeedbackOut.of(v) for v in talk_feedback.speaker_feedback(session, user.id)])


class OwnSpeakerProfileOut(Camel):
    """The speaker profile linked to the member's account, as their speaker page shows it."""

    id: int
    name: str
    job_position: str
    company: str
    bio: str = Field(description="Markdown as written")
    bio_html: str = Field(description="The bio rendered and sanitised")
    photo_url: str | None = Field(description="Set by the organizers, or uploaded by the member "
                                              "(PUT /users/me/speaker-profile/photo)")
    links: list[str]
    page: str = Field(description="The speaker page, /speakers/<id>-<slug>")

    @classmethod
    def of(cls, v: talks.SpeakerView) -> OwnSpeakerProfileOut:
        return cls(id=v.id, name=v.name, job_position=v.job_position, company=v.company,
                   bio=v.bio, bio_html=v.bio_html, photo_url=v.photo_url, links=list(v.links),
                   page=v.path)


class OwnSpeakerProfileIn(Camel):
    """Fields sent are changed; the others stay."""

    name: ruled_text(talks.SPEAKER_RULES, "name") = None
    job_position: ruled_text(talks.SPEAKER_RULES, "jobPosition") = None
    company: ruled_text(talks.SPEAKER_RULES, "company") = None
    bio: Annotated[ruled_text(talks.SPEAKER_RULES, "bio"),
                   Field(description="Markdown, at most 5,000 characters")] = None
    links: Annotated[list[str] | None,
                     Field(max_length=talks.MAX_LINKS,
                           description="http(s) addresses, in order (at most 5)")] = None


NO_PROFILE = {**MEMBER, 404: {"description": "The account is not linked to a speaker profile"}}


@router.get("/users/me/speaker-profile", response_model=Envelope[OwnSpeakerProfileOut],
            responses=NO_PROFILE)
def my_speaker_profile(user: CurrentUser, session: SessionDep) -> Envelope[OwnSpeakerProfileOut]:
    """The speaker profile linked to the member's account (an organizer links it)."""
    return ok(OwnSpeakerProfileOut.of(talks.own_speaker_profile(session, user.id)))


@router.put("/users/me/speaker-profile", response_model=Envelope[OwnSpeakerProfileOut],
            responses={**NO_PROFILE, 422: {"description": "Invalid fields, each with its message"}})
def change_my_speaker_profile(body: OwnSpeakerProfileIn, user: CurrentUser, session: SessionDep,
                              request: Request) -> Envelope[OwnSpeakerProfileOut]:
    """Change the name, position, company, Markdown bio or links of the member's own speaker
    profile; the speaker page shows them at once. The photo: PUT/DELETE .../photo."""
    data = body.model_dump(by_alias=True, exclude_unset=True)
    view = talks.update_own_speaker_profile(session, user.id, data)
    return ok(OwnSpeakerProfileOut.of(view), translated(request, talks.SPEAKER_PROFILE_SAVED))


@router.put("/users/me/speaker-profile/photo", response_model=Envelope[OwnSpeakerProfileOut],
            responses={**NO_PROFILE, 422: {"description": "Not a JPEG, PNG or WebP image of at "
                                                          "most 5 MB"}})
def upload_my_speaker_photo(
    user: CurrentUser, session: SessionDep, request: Request,
    file: Annotated[UploadFile, File(description="JPEG, PNG or WebP, at most 5 MB")],
) -> Envelope[OwnSpeakerProfileOut]:
    """Upload or replace the photo of the member's own speaker profile (checked and
    re-encoded like every uploaded image; the old uploaded file is deleted)."""
    view = talks.change_own_speaker_photo(session, user.id, image_bytes(file))
    return ok(OwnSpeakerProfileOut.of(view), translated(request, talks.SPEAKER_PHOTO_SAVED))


@router.delete("/users/me/speaker-profile/photo", response_model=Envelope[OwnSpeakerProfileOut],
               responses=NO_PROFILE)
def remove_my_speaker_photo(user: CurrentUser, session: SessionDep,
                            request: Request) -> Envelope[OwnSpeakerProfileOut]:
    """Remove the photo of the member's own speaker profile (its page then shows none)."""
    view = talks.change_own_speaker_photo(session, user.id, None)
    return ok(OwnSpeakerProfileOut.of(view), translated(request, talks.SPEAKER_PHOTO_REMOVED))
