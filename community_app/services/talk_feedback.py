"""Feedback on talks (issue 41, item 5): after a talk ends, a member registered for its
meetup (or checked in at the door) rates it 1-5 with an optional comment, once. The
speaker sees the feedback on their talks (My Page); the organizers see every talk's
average, count and comments on one page per meetup, and a CSV of it. Nobody but the
member sees who wrote what: the views carry no name. The meetup reviews
(``meetup_reviews``) stay as they are.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.core.korea_time import to_korea
from community_app.i18n import N_
from community_app.models import (
    Meetup, MeetupRegistration, RegistrationStatus, SpeakerProfile, Talk, TalkSpeaker,
)
from community_app.models.talk_people import SCORE_MAX, SCORE_MIN, TalkFeedback
from community_app.services.audit import require_organizer
from community_app.services.errors import Conflict, Forbidden, InvalidMany
from community_app.services.lookup import get_or_404
from community_app.services.talk_stars import PUBLIC_STATUSES, public_talk
from community_app.services.validation import Rule, collect, number_rule, text_rule, whole_number

RATING_INVALID = N_("Give a rating from 1 to 5.")
COMMENT_TOO_LONG = N_("The comment is too long (2000 characters at most).")
NOT_ENDED = N_("You can rate a talk once it has ended.")
NOT_ATTENDED = N_("Only the meetup's registered attendees can rate its talks.")
ALREADY_RATED = N_("You have already rated this talk.")
MEETUP_NOT_FOUND = N_("Event not found.")
# What the member is told when it worked (the site and the API alike).
THANKS = N_("Thank you for your feedback!")

FEEDBACK_RULES: dict[str, Rule] = {
    "rating": number_rule(RATING_INVALID, SCORE_MIN, SCORE_MAX, optional=False),
    "comment": text_rule(COMMENT_TOO_LONG, 2000),
}


@dataclasses.dataclass(frozen=True)
class FeedbackItem:
    rating: int
    comment: str
    created_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class TalkFeedbackSummary:
    """A talk's feedback: the average (None without any), the count, the comments given
    (newest first, without names)."""

    talk_id: int
    title: str
    speakers: str
    meetup_id: int
    meetup_title: str
    starts_at: dt.datetime
    average: float | None
    count: int
    comments: tuple[FeedbackItem, ...]


def talk_end(talk: Talk, meetup: Meetup) -> dt.datetime:
    """When the talk ends: its slot's end, else its meetup's end."""
    return talk.ends_at or meetup.ends_at


def attended(session: Session, user_id: int, meetup_id: int) -> bool:
    """Registered (accepted) for the meetup, or checked in at its door."""
    reg = MeetupRegistration
    return session.exec(select(reg.id).where(
        reg.user_id == user_id, reg.meetup_id == meetup_id,
        sa.or_(reg.status == RegistrationStatus.ACCEPTED.value,
               col(reg.checked_in_at).is_not(None)))).first() is not None


def own_rating(session: Session, user_id: int, talk_id: int) -> int | None:
    return session.exec(select(TalkFeedback.rating).where(
        TalkFeedback.user_id == user_id, TalkFeedback.talk_id == talk_id)).first()


def may_rate(session: Session, user_id: int | None, talk: Talk, meetup: Meetup,
             now: dt.datetime | None = None) -> str | None:
    """None when the member may rate the talk now; else the message saying why not."""
    if talk_end(talk, meetup) > (now or utcnow()):
        return NOT_ENDED
    if not user_id or not attended(session, user_id, meetup.id):
        return NOT_ATTENDED
    if own_rating(session, user_id, talk.id) is not None:
        return ALREADY_RATED
    return None


def give_feedback(session: Session, user_id: int, talk_id: int, rating: object,
                  comment: object = "", *, now: dt.datetime | None = None) -> TalkFeedback:
    """Store the member's rating of the talk (once, after it ended, when they attended)."""
    talk = public_talk(session, talk_id)
    if errors := collect({"rating": rating, "comment": comment}, FEEDBACK_RULES):
        raise InvalidMany(errors)
    meetup = session.get(Meetup, talk.meetup_id)
    problem = may_rate(session, user_id, talk, meetup, now)
    if problem == ALREADY_RATED:
        raise Conflict(ALREADY_RATED)
    if problem:
        raise Forbidden(problem)
    row = TalkFeedback(talk_id=talk.id, user_id=user_id, rating=whole_number(rating),
                       comment=comment.strip() if isinstance(comment, str) else "")
    try:
        with session.begin_nested():
            session.add(row)
    except sa.exc.IntegrityError:
        raise Conflict(ALREADY_RATED) from None  # sent twice at once
    return row


def _speaker_names(session: Session, talk_ids: list[int]) -> dict[int, str]:
    names: dict[int, list[str]] = {i: [] for i in talk_ids}
    if talk_ids:
        rows = session.exec(
            select(TalkSpeaker.talk_id, SpeakerProfile.name)
            .join(SpeakerProfile, col(SpeakerProfile.id) == col(TalkSpeaker.speaker_id))
            .where(col(TalkSpeaker.talk_id).in_(talk_ids))
            .order_by(col(TalkSpeaker.position), col(SpeakerProfile.id))).all()
        for talk_id, name in rows:
            names[talk_id].append(name)
    return {i: ", ".join(n) for i, n in names.items()}


def _summaries(session: Session, pairs: list[tuple[Talk, Meetup]]) -> list[TalkFeedbackSummary]:
    ids = [talk.id for talk, _ in pairs]
    given: dict[int, list[TalkFeedback]] = {i: [] for i in ids}
    if ids:
        for row in session.exec(select(TalkFeedback).where(col(TalkFeedback.talk_id).in_(ids))
                                .order_by(col(TalkFeedback.created_at).desc(),
                                          col(TalkFeedback.id).desc())).all():
            given[row.talk_id].append(row)
    names = _speaker_names(session, ids)
    out = []
    for talk, meetup in pairs:
        rows = given[talk.id]
        average = round(sum(r.rating for r in rows) / len(rows), 2) if rows else None
        out.append(TalkFeedbackSummary(
            talk.id, talk.title, names[talk.id], meetup.id, meetup.title,
            talk.starts_at or meetup.starts_at, average, len(rows),
            tuple(FeedbackItem(r.rating, r.comment, r.created_at) for r in rows)))
    return out


def speaker_feedback(session: Session, user_id: int) -> list[TalkFeedbackSummary]:
    """The feedback on the talks of the speaker profile linked to the member's account,
    newest talk first (none when the member speaks at no talk)."""
    pairs = session.exec(
        select(Talk, Meetup)
        .join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
        .join(TalkSpeaker, col(TalkSpeaker.talk_id) == col(Talk.id))
        .join(SpeakerProfile, col(SpeakerProfile.id) == col(TalkSpeaker.speaker_id))
        .where(SpeakerProfile.user_id == user_id)
        .order_by(col(Meetup.starts_at).desc(), col(Talk.starts_at), col(Talk.id))).all()
    return _summaries(session, list(pairs))


def meetup_feedback(session: Session, organizer_id: int,
                    meetup_id: int) -> tuple[Meetup, list[TalkFeedbackSummary]]:
    """Every talk of the meetup's programme (drafts aside) with its feedback, in
    programme order: the organizers' page and its CSV."""
    require_organizer(session, organizer_id)
    meetup = get_or_404(session, Meetup, meetup_id, MEETUP_NOT_FOUND)
    talks = session.exec(select(Talk).where(Talk.meetup_id == meetup_id,
                                            col(Talk.status).in_(PUBLIC_STATUSES))
                         .order_by(col(Talk.starts_at), col(Talk.id))).all()
    return meetup, _summaries(session, [(t, meetup) for t in talks])


CSV_HEADER = ("talk_id", "talk", "speakers", "starts_at_korea", "average", "count", "rating",
              "comment", "written_at_korea")


def meetup_feedback_csv(session: Session, organizer_id: int, meetup_id: int) -> str:
    """The meetup's feedback as CSV: one line per rating (a talk without any: one line
    with its count 0), Korea times."""
    _, summaries = meetup_feedback(session, organizer_id, meetup_id)
    out = io.StringIO()
    out.write("\ufeff")  # Excel reads UTF-8 only with the mark
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for s in summaries:
        head = (s.talk_id, _safe(s.title), _safe(s.speakers),
                to_korea(s.starts_at).strftime("%Y-%m-%d %H:%M"),
                "" if s.average is None else f"{s.average:.2f}", s.count)
        if not s.comments:
            writer.writerow((*head, "", "", ""))
        for item in s.comments:
            writer.writerow((*head, item.rating, _safe(item.comment),
                             to_korea(item.created_at).strftime("%Y-%m-%d %H:%M")))
    return out.getvalue()


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def feedback_filename(meetup_id: int) -> str:
    return f"talk-feedback-meetup-{meetup_id}.csv"

