"""The answers an organizer needs at the door (issue 45): for the check-in page, its
offline check-in list (issue 47) and the attendee CSV.

``door_answers(session, meetup_id)`` -> registration id -> list of ``DoorAnswer``
(question label and answer text, each as ``{"en": ..., "uz": ...}``), accessibility needs
first, then dietary needs, then the organizer's questions marked "at the door". Only
registrations that answered one appear. Organizers only: the caller checks
(``require_organizer``); the answers never go to a public page or the public API.
"""

from __future__ import annotations

import dataclasses
import json

from sqlmodel import Session, col, select

from community_app.models import MeetupRegistration, RegistrationAnswer
from community_app.models.registration import ACCESSIBILITY, DIETARY
from community_app.services.meetups.questions import QuestionView, answer_texts, questions_of


@dataclasses.dataclass(frozen=True)
class DoorAnswer:
    """One answer the door needs, with its question's label, in both languages."""

    question_id: int
    builtin: str  # "accessibility" first, then "dietary", then the organizer's door questions
    label: dict[str, str]
    text: dict[str, str]


def _door_order(q: QuestionView) -> tuple[int, int, int]:
    return ({ACCESSIBILITY: 0, DIETARY: 1}.get(q.builtin, 2), q.position, q.id)


def door_answers(session: Session, meetup_id: int) -> dict[int, list[DoorAnswer]]:
    """registration id -> the answers to show at the door for that attendee (the built-in
    needs, accessibility first, then the questions the organizer marked "at the door"),
    only registrations that gave at least one. For the check-in page, its offline list and
    the attendee CSV: organizers only, the caller checks (services/meetups/admin_*)."""
    door = sorted((q for q in questions_of(session, meetup_id) if q.at_door), key=_door_order)
    if not door:
        return {}
    by_id = {q.id: q for q in door}
    rows = session.exec(
        select(RegistrationAnswer)
        .join(MeetupRegistration, col(MeetupRegistration.id) == col(RegistrationAnswer.registration_id))
        .where(MeetupRegistration.meetup_id == meetup_id,
               col(RegistrationAnswer.question_id).in_(list(by_id)))
    ).all()
    per: dict[int, dict[int, object]] = {}
    for a in rows:
        per.setdefault(a.registration_id, {})[a.question_id] = json.loads(a.value)
    result: dict[int, list[DoorAnswer]] = {}
    for registration_id, given in per.items():
        items = [DoorAnswer(q.id, q.builtin, {"en": q.label_en, "uz": q.label_uz},
                            answer_texts(q, given[q.id]))
                 for q in door if q.id in given]
        if items:
            result[registration_id] = items
    return result
