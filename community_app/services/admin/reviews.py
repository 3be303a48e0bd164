"""Organizers' reviews of speaker applications (issue 41, item 3): a score (1-5) and a
comment from each organizer, the queue sorted by the average, and decisions on several
applications at once.

Blind until one has spoken: an organizer sees the other organizers' scores, comments and
the average of an application only after giving their own score to it, so the first
opinion sets no anchor. The queue sorted by the average therefore puts the applications
the organizer reviewed first (best average first), then those waiting for their review
(newest first): an order by averages they cannot see would tell them the averages.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable

from sqlmodel import Session, col, select

from community_app.core.db import utcnow
from community_app.i18n import N_, Np_
from community_app.models import Meetup, SpeakerApplication, User
from community_app.services import speaker_talks
from community_app.models.talk_people import SCORE_MAX, SCORE_MIN, ApplicationReview
from community_app.services.admin import speakers
from community_app.services.admin.common import saved
from community_app.services.audit import display_name, require_organizer
from community_app.services.errors import Invalid, InvalidMany
from community_app.services.lookup import get_or_404
from community_app.services.validation import Rule, collect, number_rule, text_rule, whole_number

SCORE_INVALID = N_("Give a score from 1 to 5.")
COMMENT_TOO_LONG = N_("The comment is too long (2000 characters at most).")
NONE_CHOSEN = N_("Choose at least one application.")
DECISION_INVALID = N_("Choose accept or decline.")
# What the organizer is told when it worked (the site and the API alike).
REVIEW_SAVED = N_("Your review was saved.")
DECIDED = Np_("{n} application decided; the applicant was emailed.",
              "{n} applications decided; each applicant was emailed.")

REVIEW_RULES: dict[str, Rule] = {
    "score": number_rule(SCORE_INVALID, SCORE_MIN, SCORE_MAX, optional=False),
    "comment": text_rule(COMMENT_TOO_LONG, 2000),
}
DECISIONS = (speakers.A.ACCEPTED.value, speakers.A.REJECTED.value)
SORTS = ("average", "newest")


@dataclasses.dataclass(frozen=True)
class ReviewView:
    organizer_id: int
    organizer_name: str
    score: int
    comment: str
    updated_at: dt.datetime


@dataclasses.dataclass(frozen=True)
class ReviewedApplication:
    """An application as one organizer sees it in the review queue: their own review, and
    the others' and the average only once they gave theirs (``others`` empty and
    ``average`` None before)."""

    application: speakers.AdminApplicationView
    review_count: int
    mine: ReviewView | None
    others: tuple[ReviewView, ...]
    average: float | None


def _reviews(session: Session, application_ids: Iterable[int]) -> dict[int, list[ReviewView]]:
    ids = list(application_ids)
    found: dict[int, list[ReviewView]] = {i: [] for i in ids}
    if not ids:
        return found
    rows = session.exec(
        select(ApplicationReview, User)
        .join(User, col(User.id) == col(ApplicationReview.organizer_id))
        .where(col(ApplicationReview.application_id).in_(ids))
        .order_by(col(ApplicationReview.updated_at), col(ApplicationReview.id))
    ).all()
    for review, user in rows:
        found[review.application_id].append(ReviewView(
            review.organizer_id, display_name(user), review.score, review.comment,
            review.updated_at))
    return found


def _as_seen_by(organizer_id: int, view: speakers.AdminApplicationView,
                reviews: list[ReviewView]) -> ReviewedApplication:
    mine = next((r for r in reviews if r.organizer_id == organizer_id), None)
    if mine is None:
        return ReviewedApplication(view, len(reviews), None, (), None)
    others = tuple(r for r in reviews if r.organizer_id != organizer_id)
    average = round(sum(r.score for r in reviews) / len(reviews), 2)
    return ReviewedApplication(view, len(reviews), mine, others, average)


def review_queue(session: Session, organizer_id: int, *, status: str | None = None,
                 sort: str = "average") -> list[ReviewedApplication]:
    """Every application (of ``status``, if given) as ``organizer_id`` sees it; sorted by
    the average (those they reviewed first, best first) or newest first."""
    require_organizer(session, organizer_id)
    query = select(SpeakerApplication).order_by(col(SpeakerApplication.created_at).desc(),
                                                col(SpeakerApplication.id).desc())
    if wanted := speakers.parse_status_filter(status):
        query = query.where(SpeakerApplication.status == wanted)
    applications = session.exec(query).all()
    reviews = _reviews(session, (a.id for a in applications))
    queue = [_as_seen_by(organizer_id, speakers.application_view(a), reviews[a.id])
             for a in applications]
    if sort == "average":
        # Stable: within each group the newest first, as read.
        queue.sort(key=lambda r: (r.average is None, -(r.average or 0)))
    return queue


def reviewed_application(session: Session, organizer_id: int,
                         application_id: int) -> ReviewedApplication:
    require_organizer(session, organizer_id)
    application = get_or_404(session, SpeakerApplication, application_id,
                             speakers.APPLICATION_NOT_FOUND)
    return _as_seen_by(organizer_id, speakers.application_view(application),
                       _reviews(session, [application_id])[application_id])


def review_application(session: Session, organizer_id: int, application_id: int,
                       score: object, comment: object = "") -> ReviewedApplication:
    """Give (or change) the organizer's score and comment; the application as they now
    see it (the others' reviews included)."""
    require_organizer(session, organizer_id)
    application = get_or_404(session, SpeakerApplication, application_id,
                             speakers.APPLICATION_NOT_FOUND)
    if errors := collect({"score": score, "comment": comment}, REVIEW_RULES):
        raise InvalidMany(errors)
    value = whole_number(score)
    text = comment.strip() if isinstance(comment, str) else ""
    review = session.exec(select(ApplicationReview).where(
        ApplicationReview.application_id == application_id,
        ApplicationReview.organizer_id == organizer_id)).first()
    if review is None:
        review = ApplicationReview(application_id=application_id, organizer_id=organizer_id,
                                   score=value, comment=text)
    else:
        review.score, review.comment, review.updated_at = value, text, utcnow()
    saved(session, organizer_id, review, "speaker_application.review",
          ("speaker_application", application.id),
          f"{application.full_name}: {value}/5")
    return reviewed_application(session, organizer_id, application_id)


def decide_applications(session: Session, organizer_id: int, application_ids: Iterable[object],
                        decision: str, *, meetup_id: int | None = None
                        ) -> list[speakers.AdminApplicationView]:
    """Accept or decline (REJECTED) several applications at once, each as
    ``speakers.change_status`` does (its email to the applicant; an accepted one becomes a
    draft talk). All or none: one that cannot be decided refuses the whole lot."""
    require_organizer(session, organizer_id)
    status = (decision or "").strip().upper()
    status = {"ACCEPT": speakers.A.ACCEPTED.value, "DECLINE": speakers.A.REJECTED.value,
              "REJECT": speakers.A.REJECTED.value}.get(status, status)
    if status not in DECISIONS:
        raise Invalid("decision", DECISION_INVALID)
    ids = []
    for value in application_ids:
        number = whole_number(value)
        if number is not None and number not in ids:
            ids.append(number)
    if not ids:
        raise Invalid("ids", NONE_CHOSEN)
    return [speakers.change_status(session, organizer_id, i, status, meetup_id=meetup_id)
            for i in ids]


def accept_meetups(session: Session, organizer_id: int) -> list[Meetup]:
    """The meetups the queue's Accept may put the draft talks into (upcoming ones, the
    next first: the default; services/speaker_talks.programme_meetup_choices)."""
    require_organizer(session, organizer_id)
    return speaker_talks.programme_meetup_choices(session)
