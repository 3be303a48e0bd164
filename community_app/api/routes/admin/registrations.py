"""/admin/meetups/{meetup_id}/registrations: approval, check-in and the attendees' CSV."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import Query, Request
from pydantic import BaseModel, ConfigDict, Field
from fastapi.responses import Response

from community_app.api.routing import Router
from community_app.api.deps import Organizer, SessionDep
from community_app.api.envelope import Envelope, ok
from community_app.api.errors import request_language
from community_app.api.formatting import translated
from community_app.api.formatting import ViewOut, from_view
from community_app.api.routes.meetups import QuestionOptionOut, QuestionOut
from community_app.api.routes.admin.common import WITH_404, WITH_409, item_actions
from community_app.api.schemas.rules import parsed_by
from community_app.i18n import N_
from community_app.models import RegistrationStatus
from community_app.services.meetups import admin_registrations, decisions, questions
from community_app.services.meetups.admin_views import ACCEPTED, CHECK_IN_UNDONE, REJECTED

router = Router()


class AnswerOut(ViewOut):
    questionId: int
    builtin: str
    labelEn: str
    labelUz: str
    textEn: str
    textUz: str


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
    seatKind: str = Field(description="IN_PERSON or ONLINE")
    holdsSeat: bool = Field(description="False: an application without a seat yet")
    decisionNote: str
    answers: list[AnswerOut] = Field(description="Accessibility and dietary needs first, then "
                                                 "the meetup's questions in the form's order")

    @classmethod
    def of(cls, r) -> AdminRegistrationOut:
        return from_view(cls, r, answers=[from_view(AnswerOut, a) for a in r.answers])


class DecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    registrationIds: list[int] = Field(min_length=1, max_length=500)
    accept: bool = Field(description="true: accept; false: decline")
    note: str = Field(default="", max_length=1000,
                      description="Sent to each member with the decision")
    waitlistOverflow: bool = Field(
        default=False,
        description="Accepting more than the seats left: false refuses the whole decision "
                    "(409, the number left), true accepts in the order given and puts the rest "
                    "on the waitlist")


class DecisionOut(BaseModel):
    accepted: list[int]
    declined: list[int]
    waitlisted: list[int]


class QuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str = Field(max_length=12, description="SHORT_TEXT, LONG_TEXT, ONE_CHOICE, CHOICES, YES_NO")
    labelEn: str = Field(max_length=300)
    labelUz: str = Field(max_length=300)
    required: bool = False
    atDoor: bool = Field(default=False, description="Shown at the check-in page and in the CSV")
    options: list[QuestionOptionOut] = Field(
        default_factory=list, max_length=20,
        description="For the choice kinds: at least two, each with a key (made when empty), en and uz")


class OrderIn(BaseModel):
    ids: list[int] = Field(description="Every question of the meetup, in the new order")


class CopyIn(BaseModel):
    fromMeetupId: int


class BuiltInIn(BaseModel):
    on: bool


class AdminQuestionOut(QuestionOut):
    atDoor: bool
    position: int

    @classmethod
    def of(cls, q) -> AdminQuestionOut:
        return cls(**QuestionOut.of(q).model_dump(), atDoor=q.at_door, position=q.position)



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
    questionId: Annotated[int | None, Query(
        description="Only those who answered this question")] = None,
    answer: Annotated[str | None, Query(
        max_length=200, description="With questionId: the answer's words contain this "
                                    "(either language, any case)")] = None,
) -> Envelope[list[AdminRegistrationOut]]:
    """The meetup's registrations with the members' answers and contacts, oldest first."""
    rows = admin_registrations.list_registrations(
        session, user.id, meetup_id, search=search, status=status,
        question_id=questionId, answer=answer,
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




DECIDED = N_("The decisions are saved and the members told.")
QUESTIONS_SAVED = N_("The registration questions are saved.")
QUESTION_REMOVED = N_("The question is removed.")


@router.post("/meetups/{meetup_id}/registrations/decisions",
             responses={**WITH_404, **WITH_409, 422: {}})
def decide(meetup_id: int, body: DecisionIn, user: Organizer, session: SessionDep,
           request: Request) -> Envelope[DecisionOut]:
    """Accept or decline several PENDING applications at once, with an optional note; each
    member gets one message (email, and Telegram where chosen) in their language, the
    ticket with an acceptance. Accepting more than the seats left of a kind: 409 with the
    number left, or with ``waitlistOverflow`` the rest go on the waitlist."""
    result = decisions.decide_registrations(
        session, user.id, meetup_id, body.registrationIds, accept=body.accept, note=body.note,
        overflow_to_waitlist=body.waitlistOverflow)
    return ok(DecisionOut(accepted=result.accepted, declined=result.declined,
                          waitlisted=result.waitlisted), translated(request, DECIDED))


def _questions(session, meetup_id: int) -> list[AdminQuestionOut]:
    return [AdminQuestionOut.of(q) for q in questions.questions_of(session, meetup_id)]


@router.get("/meetups/{meetup_id}/questions", responses=WITH_404)
def list_questions(meetup_id: int, user: Organizer, session: SessionDep) -> Envelope[list[AdminQuestionOut]]:
    """The meetup's registration questions, in the form's order."""
    return ok([AdminQuestionOut.of(q) for q in questions.organizer_questions(session, user.id, meetup_id)])


@router.post("/meetups/{meetup_id}/questions", status_code=201, responses={**WITH_404, 422: {}})
def add_question(meetup_id: int, body: QuestionIn, user: Organizer, session: SessionDep,
                 request: Request) -> Envelope[AdminQuestionOut]:
    """A new question at the end of the form (recorded in the audit log)."""
    q = questions.add_question(session, user.id, meetup_id, body.model_dump())
    return ok(AdminQuestionOut.of(q), translated(request, QUESTIONS_SAVED), 201)


@router.put("/meetups/{meetup_id}/questions/{question_id:int}", responses={**WITH_404, 422: {}})
def update_question(meetup_id: int, question_id: int, body: QuestionIn, user: Organizer,
                    session: SessionDep, request: Request) -> Envelope[AdminQuestionOut]:
    q = questions.update_question(session, user.id, meetup_id, question_id, body.model_dump())
    return ok(AdminQuestionOut.of(q), translated(request, QUESTIONS_SAVED))


@router.delete("/meetups/{meetup_id}/questions/{question_id:int}", responses=WITH_404)
def remove_question(meetup_id: int, question_id: int, user: Organizer, session: SessionDep,
                    request: Request) -> Envelope[list[AdminQuestionOut]]:
    """The question and its answers go."""
    questions.remove_question(session, user.id, meetup_id, question_id)
    return ok(_questions(session, meetup_id), translated(request, QUESTION_REMOVED))


@router.post("/meetups/{meetup_id}/questions/order", responses={**WITH_404, 422: {}})
def order_questions(meetup_id: int, body: OrderIn, user: Organizer, session: SessionDep,
                    request: Request) -> Envelope[list[AdminQuestionOut]]:
    questions.reorder_questions(session, user.id, meetup_id, body.ids)
    return ok(_questions(session, meetup_id), translated(request, QUESTIONS_SAVED))


@router.post("/meetups/{meetup_id}/questions/copy", responses={**WITH_404, 422: {}})
def copy_questions(meetup_id: int, body: CopyIn, user: Organizer, session: SessionDep,
                   request: Request) -> Envelope[list[AdminQuestionOut]]:
    """Add an earlier meetup's questions after this one's."""
    questions.copy_questions(session, user.id, meetup_id, body.fromMeetupId)
    return ok(_questions(session, meetup_id), translated(request, QUESTIONS_SAVED))


@router.put("/meetups/{meetup_id}/questions/built-in/{builtin}", responses={**WITH_404, 422: {}})
def built_in(meetup_id: int, builtin: str, body: BuiltInIn, user: Organizer,
             session: SessionDep, request: Request) -> Envelope[list[AdminQuestionOut]]:
    """Switch the built-in optional question ``accessibility`` or ``dietary`` on or off."""
    questions.set_built_in(session, user.id, meetup_id, builtin, body.on)
    return ok(_questions(session, meetup_id), translated(request, QUESTIONS_SAVED))
