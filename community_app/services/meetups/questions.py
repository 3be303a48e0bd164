"""A meetup's own registration questions (issue 45): what organizers ask (short or long
text, one choice, several choices, yes/no; required or not; in English and Uzbek; in their
order; copied from an earlier meetup), the two built-in optional ones (accessibility and
dietary needs), the members' answers checked field by field, and what the door needs.

Answers arrive as ``{"<question id>": value}``: a text for the text kinds, an option's key
for one choice, a list of keys for several, true/false for yes/no. A question id the
meetup does not ask is refused (422), as is a value of the wrong shape.

**Privacy.** Answers are shown to organizers only (the back office, the attendee CSV, the
door); the member finds them in "Download my data"; erasure deletes them; the answers to
the built-in questions are deleted ``ANSWER_RETENTION_DAYS`` after the meetup ends (the
scheduler task ``registration-answers-retention``), which the form says next to them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import secrets
from collections.abc import Iterable, Mapping

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.i18n import N_, both
from community_app.models import (
    Meetup,
    MeetupRegistration,
    QuestionKind,
    RegistrationAnswer,
    RegistrationQuestion,
)
from community_app.models.registration import ACCESSIBILITY, BUILT_IN, DIETARY
from community_app.services import scheduler
from community_app.services.audit import record, require_organizer
from community_app.services.errors import Invalid, InvalidMany, NotFound
from community_app.services.lookup import get_or_404
from community_app.services.meetups.views import MEETUP_NOT_FOUND

ANSWER_RETENTION_DAYS = 30
SHORT_MAX = 200
LONG_MAX = 2000
LABEL_MAX = 300
MAX_OPTIONS = 20
MAX_QUESTIONS = 30
ANSWERS_FIELD = "answers"

# Messages (each answer's field is ``answers.<question id>``).
ANSWER_REQUIRED = N_("Please answer this question.")
ANSWER_TOO_LONG = N_("This answer is too long.")
ANSWER_NOT_AN_OPTION = N_("Please choose one of the options.")
ANSWER_NOT_YES_NO = N_("Please answer yes or no.")
UNKNOWN_QUESTION = N_("This event does not ask that question.")
QUESTION_NOT_FOUND = N_("Question not found.")
QUESTION_LABEL_NEEDED = N_("Write the question in English and in Uzbek.")
QUESTION_LABEL_TOO_LONG = N_("A question is at most 300 characters.")
QUESTION_KIND_UNKNOWN = N_("Unknown kind of question.")
QUESTION_OPTIONS_NEEDED = N_("A choice question needs at least two options, each in English "
                             "and in Uzbek.")
TOO_MANY_QUESTIONS = N_("An event asks at most 30 questions.")
BUILT_IN_UNKNOWN = N_("Unknown built-in question.")

ACCESSIBILITY_LABEL = N_("Accessibility needs (optional)")
DIETARY_LABEL = N_("Dietary needs (optional)")
NEEDS_NOTE = N_("Only the organizers see this answer. It is given to them with the attendee "
                "list and deleted {days} days after the event.")
BUILT_IN_TEXTS = {ACCESSIBILITY: ACCESSIBILITY_LABEL, DIETARY: DIETARY_LABEL}
BUILT_IN_KINDS = {ACCESSIBILITY: QuestionKind.LONG_TEXT.value, DIETARY: QuestionKind.SHORT_TEXT.value}
YES = N_("Yes")
NO = N_("No")

CHOICE_KINDS = (QuestionKind.ONE_CHOICE.value, QuestionKind.CHOICES.value)


@dataclasses.dataclass(frozen=True)
class OptionView:
    key: str
    en: str
    uz: str


@dataclasses.dataclass(frozen=True)
class QuestionView:
    id: int
    meetup_id: int
    position: int
    kind: str
    required: bool
    builtin: str  # "", "accessibility" or "dietary"
    label_en: str
    label_uz: str
    options: tuple[OptionView, ...]
    at_door: bool
    # What the form says next to the question (the built-in ones: who sees the answer and
    # when it is deleted), in both languages; "" for the organizer's own questions.
    note_en: str = ""
    note_uz: str = ""

    @property
    def field(self) -> str:
        return f"{ANSWERS_FIELD}.{self.id}"

    def label(self, lang: str) -> str:
        return self.label_uz if lang == "uz" else self.label_en


def _options(raw: str) -> tuple[OptionView, ...]:
    try:
        items = json.loads(raw or "[]")
    except ValueError:
        return ()
    return tuple(OptionView(str(o.get("key", "")), str(o.get("en", "")), str(o.get("uz", "")))
                 for o in items if isinstance(o, dict))


def question_view(q: RegistrationQuestion) -> QuestionView:
    label_en, label_uz, note_en, note_uz = q.label_en, q.label_uz, "", ""
    if q.builtin:
        texts = both(BUILT_IN_TEXTS[q.builtin])
        notes = both(NEEDS_NOTE, days=ANSWER_RETENTION_DAYS)
        label_en, label_uz, note_en, note_uz = texts["en"], texts["uz"], notes["en"], notes["uz"]
    return QuestionView(id=q.id, meetup_id=q.meetup_id, position=q.position, kind=q.kind,
                        required=q.required and not q.builtin, builtin=q.builtin,
                        label_en=label_en, label_uz=label_uz, options=_options(q.options),
                        at_door=q.at_door or bool(q.builtin), note_en=note_en, note_uz=note_uz)


def _rows(session: Session, meetup_id: int) -> list[RegistrationQuestion]:
    return list(session.exec(
        select(RegistrationQuestion)
        .where(RegistrationQuestion.meetup_id == meetup_id)
        .order_by(col(RegistrationQuestion.position), col(RegistrationQuestion.id))
    ).all())


def questions_of(session: Session, meetup_id: int) -> list[QuestionView]:
    """The meetup's questions in the order the form asks them."""
    return [question_view(q) for q in _rows(session, meetup_id)]


# ---------------------------------------------------------------- answers


def _check_one(q: QuestionView, value: object) -> tuple[object | None, str | None]:
    """(the value as stored, or None when not answered; the problem's message id)."""
    if value is None or value == "" or value == []:
        return None, (ANSWER_REQUIRED if q.required else None)
    if q.kind in (QuestionKind.SHORT_TEXT.value, QuestionKind.LONG_TEXT.value):
        if not isinstance(value, str):
            return None, ANSWER_REQUIRED
        text = value.strip()
        if not text:
            return None, (ANSWER_REQUIRED if q.required else None)
        limit = SHORT_MAX if q.kind == QuestionKind.SHORT_TEXT.value else LONG_MAX
        return (text, None) if len(text) <= limit else (None, ANSWER_TOO_LONG)
    keys = {o.key for o in q.options}
    if q.kind == QuestionKind.ONE_CHOICE.value:
        return (value, None) if isinstance(value, str) and value in keys else (
            None, ANSWER_NOT_AN_OPTION)
    if q.kind == QuestionKind.CHOICES.value:
        chosen = [value] if isinstance(value, str) else value
        if not isinstance(chosen, list) or not all(isinstance(v, str) and v in keys for v in chosen):
            return None, ANSWER_NOT_AN_OPTION
        ordered = [o.key for o in q.options if o.key in set(chosen)]
        return (ordered, None) if ordered else (None, ANSWER_REQUIRED if q.required else None)
    if isinstance(value, bool):
        return value, None
    return None, ANSWER_NOT_YES_NO


def check_answers(
    questions: Iterable[QuestionView], answers: object
) -> tuple[dict[int, object], dict[str, str]]:
    """(question id -> the answer as stored, field -> message id) for ``answers`` (a
    mapping of question id, as text or number, to the value). Every question is checked;
    an id the meetup does not ask is an error of the field ``answers``."""
    questions = list(questions)
    given: dict[str, object] = {}
    errors: dict[str, str] = {}
    if answers is None:
        answers = {}
    if not isinstance(answers, Mapping):
        return {}, {ANSWERS_FIELD: UNKNOWN_QUESTION}
    known = {str(q.id) for q in questions}
    for key, value in answers.items():
        if str(key) not in known:
            errors[ANSWERS_FIELD] = UNKNOWN_QUESTION
        else:
            given[str(key)] = value
    clean: dict[int, object] = {}
    for q in questions:
        value, problem = _check_one(q, given.get(str(q.id)))
        if problem:
            errors[q.field] = problem
        elif value is not None:
            clean[q.id] = value
    return clean, errors


def checked_answers(session: Session, meetup_id: int, answers: object) -> dict[int, object]:
    """The answers as stored; InvalidMany with a message per wrong field."""
    clean, errors = check_answers(questions_of(session, meetup_id), answers)
    if errors:
        raise InvalidMany(errors)
    return clean


def save_answers(session: Session, registration_id: int, answers: Mapping[int, object]) -> None:
    """Write a registration's answers (in the caller's transaction)."""
    for question_id, value in answers.items():
        session.add(RegistrationAnswer(registration_id=registration_id,
                                       question_id=int(question_id), value=json.dumps(value)))


def encode(answers: Mapping[int, object]) -> str:
    """Answers as a waitlist entry keeps them until its offer is claimed."""
    return json.dumps({str(k): v for k, v in answers.items()})


def decode(text: str | None) -> dict[str, object]:
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def answers_of(session: Session, registration_ids: Iterable[int]) -> dict[int, dict[int, object]]:
    """registration id -> (question id -> answer)."""
    ids = list(registration_ids)
    found: dict[int, dict[int, object]] = {i: {} for i in ids}
    if not ids:
        return found
    for a in session.exec(select(RegistrationAnswer).where(
            col(RegistrationAnswer.registration_id).in_(ids))).all():
        found[a.registration_id][a.question_id] = json.loads(a.value)
    return found


def answer_texts(q: QuestionView, value: object) -> dict[str, str]:
    """An answer as words in both languages (an option's text, Yes/No, the text)."""
    if value is None:
        return {"en": "", "uz": ""}
    if q.kind == QuestionKind.YES_NO.value:
        return both(YES if value else NO)
    if q.kind in CHOICE_KINDS:
        chosen = value if isinstance(value, list) else [value]
        names = {o.key: o for o in q.options}
        return {lang: ", ".join(getattr(names[k], lang) for k in chosen if k in names)
                for lang in ("en", "uz")}
    return {"en": str(value), "uz": str(value)}


# ---------------------------------------------------------------- organizers


def _meetup(session: Session, meetup_id: int) -> Meetup:
    return get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)


def _question(session: Session, meetup_id: int, question_id: int) -> RegistrationQuestion:
    q = session.get(RegistrationQuestion, question_id)
    if q is None or q.meetup_id != meetup_id:
        raise NotFound(QUESTION_NOT_FOUND)
    return q


def _clean_options(kind: str, raw: object) -> str:
    if kind not in CHOICE_KINDS:
        return "[]"
    items = raw if isinstance(raw, list) else []
    options = []
    for item in items:
        if not isinstance(item, Mapping):
            raise Invalid("options", QUESTION_OPTIONS_NEEDED)
        en, uz = str(item.get("en") or "").strip(), str(item.get("uz") or "").strip()
        if not en or not uz or len(en) > LABEL_MAX or len(uz) > LABEL_MAX:
            raise Invalid("options", QUESTION_OPTIONS_NEEDED)
        key = str(item.get("key") or "").strip()[:20] or secrets.token_hex(4)
        options.append({"key": key, "en": en, "uz": uz})
    if len(options) < 2 or len(options) > MAX_OPTIONS or len({o["key"] for o in options}) != len(options):
        raise Invalid("options", QUESTION_OPTIONS_NEEDED)
    return json.dumps(options, ensure_ascii=False)


def _question_fields(data: Mapping[str, object]) -> dict[str, object]:
    """The organizer's question as stored; Invalid on the first wrong field."""
    kind = QuestionKind.parse(data.get("kind"))
    if kind is None:
        raise Invalid("kind", QUESTION_KIND_UNKNOWN)
    label_en = str(data.get("labelEn") or "").strip()
    label_uz = str(data.get("labelUz") or "").strip()
    if not label_en or not label_uz:
        raise Invalid("labelEn" if not label_en else "labelUz", QUESTION_LABEL_NEEDED)
    if len(label_en) > LABEL_MAX or len(label_uz) > LABEL_MAX:
        raise Invalid("labelEn" if len(label_en) > LABEL_MAX else "labelUz", QUESTION_LABEL_TOO_LONG)
    return dict(kind=kind.value, label_en=label_en, label_uz=label_uz,
                required=bool(data.get("required")), at_door=bool(data.get("atDoor")),
                options=_clean_options(kind.value, data.get("options")))


def _next_position(session: Session, meetup_id: int) -> int:
    top = session.exec(select(sa.func.max(RegistrationQuestion.position)).where(
        RegistrationQuestion.meetup_id == meetup_id)).one()
    return (top or 0) + 1


def _count(session: Session, meetup_id: int) -> int:
    return len(_rows(session, meetup_id))


def add_question(session: Session, actor_id: int, meetup_id: int,
                 data: Mapping[str, object]) -> QuestionView:
    """A new question at the end of the form."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    fields = _question_fields(data)
    if _count(session, meetup_id) >= MAX_QUESTIONS:
        raise Invalid("labelEn", TOO_MANY_QUESTIONS)
    q = RegistrationQuestion(meetup_id=meetup_id, position=_next_position(session, meetup_id),
                             **fields)
    session.add(q)
    session.flush()
    record(session, actor_id, "question.add", "meetup", meetup_id, q.label_en)
    session.commit()
    return question_view(q)


def update_question(session: Session, actor_id: int, meetup_id: int, question_id: int,
                    data: Mapping[str, object]) -> QuestionView:
    require_organizer(session, actor_id)
    q = _question(session, meetup_id, question_id)
    if q.builtin:
        q.required = False
    else:
        for name, value in _question_fields(data).items():
            setattr(q, name, value)
    session.add(q)
    record(session, actor_id, "question.update", "meetup", meetup_id, q.label_en or q.builtin)
    session.commit()
    return question_view(q)


def remove_question(session: Session, actor_id: int, meetup_id: int, question_id: int) -> None:
    """The question and its answers go."""
    require_organizer(session, actor_id)
    q = _question(session, meetup_id, question_id)
    session.execute(sa.delete(RegistrationAnswer).where(
        col(RegistrationAnswer.question_id) == question_id))
    record(session, actor_id, "question.remove", "meetup", meetup_id, q.label_en or q.builtin)
    session.delete(q)
    session.commit()


def move_question(session: Session, actor_id: int, meetup_id: int, question_id: int,
                  step: int) -> list[QuestionView]:
    """Move a question up (-1) or down (+1) in the form; the form's order after it."""
    require_organizer(session, actor_id)
    _question(session, meetup_id, question_id)
    rows = _rows(session, meetup_id)
    ids = [q.id for q in rows]
    at = ids.index(question_id)
    to = max(0, min(len(ids) - 1, at + (1 if step > 0 else -1)))
    ids.insert(to, ids.pop(at))
    return _renumber(session, actor_id, meetup_id, rows, ids)


def reorder_questions(session: Session, actor_id: int, meetup_id: int,
                      ids: list[int]) -> list[QuestionView]:
    """The questions in the order of ``ids`` (every question of the meetup, once)."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    rows = _rows(session, meetup_id)
    if sorted(ids) != sorted(q.id for q in rows):
        raise Invalid("order", QUESTION_NOT_FOUND)
    return _renumber(session, actor_id, meetup_id, rows, ids)


def _renumber(session: Session, actor_id: int, meetup_id: int, rows: list[RegistrationQuestion],
              ids: list[int]) -> list[QuestionView]:
    by_id = {q.id: q for q in rows}
    for position, qid in enumerate(ids, start=1):
        by_id[qid].position = position
        session.add(by_id[qid])
    record(session, actor_id, "question.reorder", "meetup", meetup_id,
           ",".join(str(i) for i in ids))
    session.commit()
    return questions_of(session, meetup_id)


def set_built_in(session: Session, actor_id: int, meetup_id: int, builtin: str,
                 on: bool) -> list[QuestionView]:
    """Switch a built-in optional question (accessibility or dietary needs) on or off."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    if builtin not in BUILT_IN:
        raise Invalid("builtin", BUILT_IN_UNKNOWN)
    present = [q for q in _rows(session, meetup_id) if q.builtin == builtin]
    if on and not present:
        session.add(RegistrationQuestion(
            meetup_id=meetup_id, position=_next_position(session, meetup_id),
            kind=BUILT_IN_KINDS[builtin], builtin=builtin, at_door=True))
        record(session, actor_id, "question.add", "meetup", meetup_id, builtin)
    elif not on and present:
        for q in present:
            session.execute(sa.delete(RegistrationAnswer).where(
                col(RegistrationAnswer.question_id) == q.id))
            session.delete(q)
        record(session, actor_id, "question.remove", "meetup", meetup_id, builtin)
    session.commit()
    return questions_of(session, meetup_id)


def copy_questions(session: Session, actor_id: int, meetup_id: int,
                   from_meetup_id: int) -> list[QuestionView]:
    """Add an earlier meetup's questions (texts, kinds, options, order) after this one's;
    a built-in question already switched on is not doubled."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    _meetup(session, from_meetup_id)
    have = {q.builtin for q in _rows(session, meetup_id) if q.builtin}
    source = _rows(session, from_meetup_id)
    if _count(session, meetup_id) + len(source) > MAX_QUESTIONS:
        raise Invalid("fromMeetupId", TOO_MANY_QUESTIONS)
    position = _next_position(session, meetup_id)
    for q in source:
        if q.builtin and q.builtin in have:
            continue
        session.add(RegistrationQuestion(
            meetup_id=meetup_id, position=position, kind=q.kind, required=q.required,
            builtin=q.builtin, label_en=q.label_en, label_uz=q.label_uz, options=q.options,
            at_door=q.at_door))
        position += 1
    record(session, actor_id, "question.copy", "meetup", meetup_id,
           f"from meetup {from_meetup_id}")
    session.commit()
    return questions_of(session, meetup_id)


def copy_sources(session: Session, meetup_id: int) -> list[tuple[int, str]]:
    """The other meetups that ask questions (id, title), newest first: where to copy from."""
    rows = session.exec(
        select(Meetup.id, Meetup.title)
        .where(col(Meetup.id) != meetup_id,
               sa.exists().where(col(RegistrationQuestion.meetup_id) == col(Meetup.id)))
        .order_by(col(Meetup.starts_at).desc())
        .limit(50)
    ).all()
    return [(int(i), str(title)) for i, title in rows]


def organizer_questions(session: Session, actor_id: int, meetup_id: int) -> list[QuestionView]:
    """The meetup's questions as the back office lists them."""
    require_organizer(session, actor_id)
    _meetup(session, meetup_id)
    return questions_of(session, meetup_id)


# ---------------------------------------------------------------- retention


def purge_needs_answers(session: Session, now: dt.datetime) -> int:
    """Delete the answers to the built-in questions (accessibility, diet) of meetups that
    ended more than ANSWER_RETENTION_DAYS ago; how many went."""
    cutoff = now - dt.timedelta(days=ANSWER_RETENTION_DAYS)
    due = (
        select(RegistrationQuestion.id)
        .join(Meetup, col(Meetup.id) == col(RegistrationQuestion.meetup_id))
        .where(col(RegistrationQuestion.builtin) != "", col(Meetup.ends_at) < cutoff)
    )
    result = session.execute(sa.delete(RegistrationAnswer).where(
        col(RegistrationAnswer.question_id).in_(due)))
    session.commit()
    return result.rowcount or 0


@scheduler.periodic("registration-answers-retention", every=dt.timedelta(hours=1))
def _retention_task(session: Session, now: dt.datetime) -> str:
    return f"{purge_needs_answers(session, now)} answers deleted"
