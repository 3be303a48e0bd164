"""/admin/speaker-applications/reviews and decisions, /admin/meetups/{id}/talk-feedback
(issue 41, part B; services/admin/reviews.py, services/talk_feedback.py).

An organizer sees the other organizers' scores, comments and the average of an
application only once they gave their own score to it.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import Query, Request, Response
from pydantic import BaseModel, Field

from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import ViewOut, translated
from community_app.api.routes.admin.common import WITH_404, WITH_409, WITH_422, ruled
from community_app.api.routes.admin.speakers import AdminApplicationOut
from community_app.api.routes.talk_people import TalkFeedbackOut
from community_app.api.routing import Router
from community_app.i18n import gettext
from community_app.models import ApplicationStatus
from community_app.services import talk_feedback
from community_app.services.admin import reviews

router = Router()


class ReviewOut(ViewOut):
    """An organizer's review (``reviews.ReviewView``)."""

    organizerId: int
    organizerName: str
    score: int
    comment: str
    updatedAt: dt.datetime


class ReviewedApplicationOut(BaseModel):
    """An application as the calling organizer sees it: ``others`` and ``average`` stay
    empty until they gave their own score (``mine``)."""

    application: AdminApplicationOut
    reviewCount: int
    mine: ReviewOut | None
    others: list[ReviewOut]
    average: float | None

    @classmethod
    def of(cls, v: reviews.ReviewedApplication) -> ReviewedApplicationOut:
        return cls(application=AdminApplicationOut.of(v.application),
                   reviewCount=v.review_count,
                   mine=ReviewOut.of(v.mine) if v.mine else None,
                   others=[ReviewOut.of(r) for r in v.others], average=v.average)


class ReviewIn(BaseModel):
    score: Annotated[int, ruled(reviews.REVIEW_RULES, "score"), Field(ge=1, le=5)]
    comment: Annotated[str, ruled(reviews.REVIEW_RULES, "comment"),
                       Field(max_length=2000)] = ""


class DecisionIn(BaseModel):
    ids: list[int] = Field(min_length=1, max_length=200, description="Application ids")
    decision: Literal["accept", "decline"] = Field(
        description="accept: ACCEPTED, a draft talk each; decline: REJECTED. Each applicant "
                    "is emailed in their language")
    meetupId: int | None = Field(default=None, description="The meetup the draft talks go "
                                                           "to; the next meetup if left out")


@router.get("/speaker-applications/reviews",
            response_model=Envelope[list[ReviewedApplicationOut]], responses=WITH_404)
def review_queue(
    user: Organizer, session: SessionDep,
    status: Annotated[ApplicationStatus | None, Query()] = None,
    sort: Annotated[Literal["average", "newest"], Query(
        description="average: those you reviewed first, best average first")] = "average",
) -> Envelope[list[ReviewedApplicationOut]]:
    queue = reviews.review_queue(session, user.id, status=status.value if status else None,
                                 sort=sort)
    return ok([ReviewedApplicationOut.of(v) for v in queue])


@router.put("/speaker-applications/{application_id}/review",
            response_model=Envelope[ReviewedApplicationOut], responses=WITH_422)
def review_application(application_id: int, body: ReviewIn, user: Organizer,
                       session: SessionDep, request: Request) -> Envelope[ReviewedApplicationOut]:
    """Give or change your score (1-5) and comment; the answer shows the others' reviews."""
    view = reviews.review_application(session, user.id, application_id, body.score, body.comment)
    return ok(ReviewedApplicationOut.of(view), translated(request, reviews.REVIEW_SAVED))


@router.post("/speaker-applications/decisions",
             response_model=Envelope[list[AdminApplicationOut]],
             responses={**WITH_409, 422: {"description": "Invalid fields"}})
def decide_applications(body: DecisionIn, user: Organizer, session: SessionDep,
                        request: Request) -> Envelope[list[AdminApplicationOut]]:
    """Accept or decline several applications at once (all or none)."""
    decided = reviews.decide_applications(session, user.id, body.ids, body.decision,
                                          meetup_id=body.meetupId)
    message = gettext(reviews.DECIDED, request_language(request), n=len(decided))
    return ok([AdminApplicationOut.of(v) for v in decided], message)


@router.get("/meetups/{meetup_id}/talk-feedback",
            response_model=Envelope[list[TalkFeedbackOut]], responses=WITH_404)
def meetup_talk_feedback(meetup_id: int, user: Organizer,
                         session: SessionDep) -> Envelope[list[TalkFeedbackOut]]:
    """Every talk of the meetup's programme with its average, count and comments."""
    _, rows = talk_feedback.meetup_feedback(session, user.id, meetup_id)
    return ok([TalkFeedbackOut.of(v) for v in rows])


@router.get("/meetups/{meetup_id}/talk-feedback.csv", response_class=Response,
            responses={**WITH_404, 200: {"content": {"text/csv": {}},
                                         "description": "UTF-8 CSV with a byte-order mark"}})
def meetup_talk_feedback_csv(meetup_id: int, user: Organizer, session: SessionDep) -> Response:
    """One line per rating (a talk without any: one line, count 0); Korea times."""
    text = talk_feedback.meetup_feedback_csv(session, user.id, meetup_id)
    return Response(content=text.encode("utf-8"), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="'
                             f'{talk_feedback.feedback_filename(meetup_id)}"',
                             "Cache-Control": "no-store"})
