"""A meetup's own registration questions and the members' answers (issue 45;
services/meetups/questions.py holds the rules)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from community_app.core.db import utcnow
from community_app.models._base import check_in
from community_app.models.enums import QuestionKind

# The built-in optional questions an organizer switches on (their texts are the site's,
# in both languages; their answers are kept only a set time after the meetup).
ACCESSIBILITY = "accessibility"
DIETARY = "dietary"
BUILT_IN = (ACCESSIBILITY, DIETARY)


class RegistrationQuestion(SQLModel, table=True):
    """One question of a meetup's registration form, in English and Uzbek.

    ``options``: JSON list of ``{"key", "en", "uz"}`` for the choice kinds (the key is
    what an answer stores). ``builtin``: "" for the organizer's own questions, else
    ``accessibility`` or ``dietary`` (texts from the catalog). ``at_door``: the answer is
    shown on the check-in page and in the attendee CSV."""

    __tablename__ = "registration_questions"
    __table_args__ = (
        check_in("kind", QuestionKind, "ck_registration_questions_kind"),
        sa.CheckConstraint(
            "builtin IN ('', 'accessibility', 'dietary')", name="ck_registration_questions_builtin"
        ),
        sa.Index("ix_registration_questions_meetup_position", "meetup_id", "position"),
    )

    id: int | None = Field(default=None, primary_key=True)
    meetup_id: int = Field(foreign_key="meetups.id", ondelete="CASCADE")
    position: int = Field(default=0)
    kind: str = Field(max_length=12)
    required: bool = Field(default=False)
    builtin: str = Field(default="", max_length=20)
    label_en: str = Field(default="", max_length=300)
    label_uz: str = Field(default="", max_length=300)
    options: str = Field(default="[]", sa_type=sa.Text)
    at_door: bool = Field(default=False)
    created_at: dt.datetime = Field(default_factory=utcnow)


class RegistrationAnswer(SQLModel, table=True):
    """A member's answer to one question, as JSON: a text, true/false, an option's key or a
    list of keys. Deleted with its registration's erasure; the answers to the built-in
    questions also ``ANSWER_RETENTION_DAYS`` after the meetup (services/meetups/questions.py)."""

    __tablename__ = "registration_answers"
    __table_args__ = (
        sa.UniqueConstraint("registration_id", "question_id", name="uq_registration_answers_once"),
    )

    id: int | None = Field(default=None, primary_key=True)
    registration_id: int = Field(
        foreign_key="meetup_registrations.id", index=True, ondelete="CASCADE")
    question_id: int = Field(foreign_key="registration_questions.id", index=True,
                             ondelete="CASCADE")
    value: str = Field(sa_type=sa.Text)
