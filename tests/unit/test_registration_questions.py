"""A meetup's own registration questions (issue 45, services/meetups/questions.py and
door_answers.py): organizers add, order, copy and switch on the built-in ones; answers are
checked per field; the door sees the needs, accessibility first; the built-in answers go a
set time after the meetup; the audit log records question changes. SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.i18n import gettext
from community_app.models import AuditEntry, RegistrationAnswer, Role
from community_app.services.errors import Forbidden, Invalid, InvalidMany
from community_app.services.meetups import questions
from community_app.services.meetups.door_answers import door_answers
from tests.api.factories import LAPTOP, LEVEL, make_meetup, make_member, make_registration


@pytest.fixture
def organizer(engine):
    return make_member(engine, role=Role.ORGANIZER.value)


def test_organizer_builds_a_form_and_answers_are_checked_per_field(engine, organizer):
    meetup = make_meetup(engine)
    with Session(engine) as s:
        laptop = questions.add_question(s, organizer.id, meetup.id, LAPTOP)
        level = questions.add_question(s, organizer.id, meetup.id, LEVEL)
        questions.set_built_in(s, organizer.id, meetup.id, "accessibility", True)
        form = questions.questions_of(s, meetup.id)
        assert [q.label_en for q in form] == [
            "Will you bring a laptop?", "Your Python level", "Accessibility needs (optional)"]
        assert form[2].note_en == ("Only the organizers see this answer. It is given to them "
                                   "with the attendee list and deleted 30 days after the event.")
        assert form[2].note_uz and form[2].note_uz != form[2].note_en
        assert not form[2].required

        clean, errors = questions.check_answers(form, {})
        assert errors == {laptop.field: questions.ANSWER_REQUIRED,
                          level.field: questions.ANSWER_REQUIRED}
        _, errors = questions.check_answers(form, {str(laptop.id): "maybe",
                                                   str(level.id): "guru", "999": "x"})
        assert errors == {laptop.field: questions.ANSWER_NOT_YES_NO,
                          level.field: questions.ANSWER_NOT_AN_OPTION,
                          "answers": questions.UNKNOWN_QUESTION}
        assert gettext(questions.ANSWER_REQUIRED, "uz") != questions.ANSWER_REQUIRED
        clean, errors = questions.check_answers(
            form, {str(laptop.id): True, str(level.id): "pro", str(form[2].id): " Wheelchair "})
        assert errors == {}
        assert clean == {laptop.id: True, level.id: "pro", form[2].id: "Wheelchair"}
        with pytest.raises(InvalidMany):
            questions.checked_answers(s, meetup.id, {str(laptop.id): "x" * 10})


def test_questions_are_ordered_copied_and_refused_when_wrong(engine, organizer):
    earlier, meetup = make_meetup(engine, in_days=-30), make_meetup(engine)
    member = make_member(engine)
    with Session(engine) as s:
        a = questions.add_question(s, organizer.id, earlier.id, LAPTOP)
        b = questions.add_question(s, organizer.id, earlier.id, LEVEL)
        questions.set_built_in(s, organizer.id, earlier.id, "dietary", True)
        moved = questions.move_question(s, organizer.id, earlier.id, b.id, -1)
        assert [q.id for q in moved][:2] == [b.id, a.id]
        questions.set_built_in(s, organizer.id, meetup.id, "dietary", True)
        copied = questions.copy_questions(s, organizer.id, meetup.id, earlier.id)
        assert [(q.builtin, q.label_en) for q in copied] == [
            ("dietary", "Dietary needs (optional)"), ("", "Your Python level"),
            ("", "Will you bring a laptop?")]
        assert copied[1].options == questions.questions_of(s, earlier.id)[0].options
        with pytest.raises(Invalid) as no_uz:
            questions.add_question(s, organizer.id, meetup.id, {**LAPTOP, "labelUz": " "})
        assert no_uz.value.field == "labelUz"
        with pytest.raises(Invalid) as one_option:
            questions.add_question(s, organizer.id, meetup.id,
                                   {**LEVEL, "options": LEVEL["options"][:1]})
        assert one_option.value.field == "options"
        with pytest.raises(Forbidden):
            questions.add_question(s, member.id, meetup.id, LAPTOP)
        actions = s.exec(select(AuditEntry.action).where(AuditEntry.target_id == meetup.id)).all()
        assert actions == ["question.add", "question.copy"]


def test_the_door_sees_accessibility_first_and_the_needs_go_after_the_meetup(engine, organizer):
    meetup = make_meetup(engine, in_days=-1)
    alice, bob = make_member(engine), make_member(engine)
    ra, rb = make_registration(engine, alice, meetup), make_registration(engine, bob, meetup)
    with Session(engine) as s:
        level = questions.add_question(s, organizer.id, meetup.id, LEVEL)
        diet = questions.set_built_in(s, organizer.id, meetup.id, "dietary", True)[-1]
        access = questions.set_built_in(s, organizer.id, meetup.id, "accessibility", True)[-1]
        questions.save_answers(s, ra.id, {level.id: "new", diet.id: "Halal",
                                          access.id: "Step-free entrance"})
        s.commit()
        door = door_answers(s, meetup.id)
        assert list(door) == [ra.id]
        assert [(d.label["en"], d.text["en"]) for d in door[ra.id]] == [
            ("Accessibility needs (optional)", "Step-free entrance"),
            ("Dietary needs (optional)", "Halal"), ("Your Python level", "New")]
        assert door[ra.id][2].text["uz"] == "Yangi"
        assert rb.id not in door

        assert questions.purge_needs_answers(s, utcnow()) == 0  # ended yesterday: kept
        later = utcnow() + dt.timedelta(days=questions.ANSWER_RETENTION_DAYS + 1)
        assert questions.purge_needs_answers(s, later) == 2
        left = s.exec(select(RegistrationAnswer.question_id)).all()
        assert left == [level.id]


def test_a_waitlist_place_keeps_its_kind_and_answers_until_the_offer_is_claimed(engine, organizer):
    """Issue 45: a member waiting for an online seat answers once; the offer of a freed
    online seat (not an in-person one) goes to her, and claiming it registers her answers."""
    from community_app.services import meetups as service
    from tests.api.factories import VALID_REGISTRATION

    meetup = make_meetup(engine, max_seats=1, online_max_seats=1, online_available_seats=1)
    first, second, waiting = make_member(engine), make_member(engine), make_member(engine)
    with Session(engine) as s:
        laptop = questions.add_question(s, organizer.id, meetup.id, LAPTOP)
        online = service.register_for_meetup(
            s, first.id, meetup.id, {**VALID_REGISTRATION, "seatKind": "ONLINE",
                                     "answers": {str(laptop.id): True}})
        service.register_for_meetup(s, second.id, meetup.id,
                                    {**VALID_REGISTRATION, "answers": {str(laptop.id): False}})
        service.join_waitlist(s, waiting.id, meetup.id, {
            **VALID_REGISTRATION, "seatKind": "ONLINE", "answers": {str(laptop.id): True}})
        service.cancel_registration(s, second.id, meetup.id)  # an in-person seat: not hers
        assert service.my_place(s, waiting.id, meetup.id).status == "WAITING"
        service.cancel_registration(s, first.id, meetup.id)  # the online seat: offered
        assert service.my_place(s, waiting.id, meetup.id).status == "OFFERED"
        claimed = service.claim_offer(s, waiting.id, meetup.id)
        assert claimed.seat_kind == "ONLINE"
        assert questions.answers_of(s, [claimed.id]) == {claimed.id: {laptop.id: True}}
        assert online.seat_kind == "ONLINE"


def test_the_sites_form_sends_each_kind_of_answer_as_the_api_does(engine, organizer):
    """The registration page's inputs (q_<id>, q_<id>__<key>, yes/no) become the same
    ``answers`` the REST call takes."""
    from community_app.state.event_register import form_values, question_rows

    meetup = make_meetup(engine)
    with Session(engine) as s:
        laptop = questions.add_question(s, organizer.id, meetup.id, LAPTOP)
        level = questions.add_question(s, organizer.id, meetup.id, LEVEL)
        tools = questions.add_question(s, organizer.id, meetup.id, {
            **LEVEL, "kind": "CHOICES", "labelEn": "Tools", "labelUz": "Vositalar",
            "required": False})
        access = questions.set_built_in(s, organizer.id, meetup.id, "accessibility", True)[-1]
        rows = question_rows(questions.questions_of(s, meetup.id))
    sent = {f"q_{laptop.id}": "no", f"q_{level.id}": "pro", f"q_{tools.id}__new": "on",
            f"q_{tools.id}__pro": "on", f"q_{access.id}": "Sign language", "seatKind": "ONLINE"}
    values = form_values(sent, rows)
    assert values["seatKind"] == "ONLINE"
    assert values["answers"] == {str(laptop.id): False, str(level.id): "pro",
                                 str(tools.id): ["new", "pro"], str(access.id): "Sign language"}
    assert form_values({}, rows)["answers"] == {}
