"""Starred talks (issue 41, item 4): a member stars the talks of a meetup's programme they
want to hear; "my talks" on My Page, each starred talk its own event in the member's
private calendar feed (services/calendar.py), and the meetup's reminder lists them
(services/meetups/emails.py).

Only a talk of the public programme can be starred (scheduled or cancelled; a draft is not
found). Starring twice is starring once; unstarring a talk not starred changes nothing.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable

import sqlalchemy as sa
from sqlmodel import Session, col, select

from community_app.i18n import N_
from community_app.models import Meetup, Talk
from community_app.models.talk_people import TalkStar
from community_app.services.errors import NotFound
from community_app.services.talks import PUBLIC_STATUSES, TALK_NOT_FOUND

# What the member is told (the site and the API alike).
STARRED = N_("Talk starred.")
UNSTARRED = N_("Talk unstarred.")


@dataclasses.dataclass(frozen=True)
class StarredTalk:
    """A talk the member starred, with what "my talks", the calendar feed and the reminder
    show of it. ``starts_at``/``ends_at``: the talk's slot, else its meetup's times."""

    talk_id: int
    slug: str
    title: str
    status: str
    room: str
    starts_at: dt.datetime
    ends_at: dt.datetime
    meetup_id: int
    meetup_title: str
    location: str
    starred_at: dt.datetime


def public_talk(session: Session, talk_id: int) -> Talk:
    """The talk when it is on a public programme; NotFound otherwise (a draft too)."""
    talk = session.get(Talk, talk_id) if isinstance(talk_id, int) and 0 < talk_id < 2**31 else None
    if talk is None or talk.status not in PUBLIC_STATUSES:
        raise NotFound(TALK_NOT_FOUND)
    return talk


def _starred(session: Session, user_id: int, talk_id: int) -> TalkStar | None:
    return session.exec(select(TalkStar).where(TalkStar.user_id == user_id,
                                               TalkStar.talk_id == talk_id)).first()


def star_talk(session: Session, user_id: int, talk_id: int) -> bool:
    """Star the talk for the member; True (it is starred)."""
    public_talk(session, talk_id)
    if _starred(session, user_id, talk_id) is None:
        try:
            with session.begin_nested():
                session.add(TalkStar(user_id=user_id, talk_id=talk_id))
        except sa.exc.IntegrityError:
            pass  # starred at the same moment from another tab: starred once
    return True


def unstar_talk(session: Session, user_id: int, talk_id: int) -> bool:
    """Take the member's star off the talk; False (it is not starred)."""
    public_talk(session, talk_id)
    if (star := _starred(session, user_id, talk_id)) is not None:
        session.delete(star)
        session.flush()
    return False


def starred_ids(session: Session, user_id: int | None, talk_ids: Iterable[int]) -> set[int]:
    """Which of ``talk_ids`` the member starred (none for a visitor)."""
    ids = list(talk_ids)
    if not user_id or not ids:
        return set()
    return set(session.exec(select(TalkStar.talk_id).where(
        TalkStar.user_id == user_id, col(TalkStar.talk_id).in_(ids))).all())


def starred_talks(session: Session, user_id: int, *, meetup_id: int | None = None,
                  since: dt.datetime | None = None) -> list[StarredTalk]:
    """The member's starred public talks in programme order (of one meetup, or those
    ending after ``since``)."""
    query = (
        select(TalkStar, Talk, Meetup)
        .join(Talk, col(Talk.id) == col(TalkStar.talk_id))
        .join(Meetup, col(Meetup.id) == col(Talk.meetup_id))
        .where(TalkStar.user_id == user_id, col(Talk.status).in_(PUBLIC_STATUSES))
    )
    if meetup_id is not None:
        query = query.where(Talk.meetup_id == meetup_id)
    found = []
    for star, talk, meetup in session.exec(query).all():
        starts = talk.starts_at or meetup.starts_at
        ends = talk.ends_at or meetup.ends_at
        if since is not None and ends < since:
            continue
        found.append(StarredTalk(talk.id, talk.slug, talk.title, talk.status, talk.room,
                                 starts, ends, meetup.id, meetup.title, meetup.location,
                                 star.created_at))
    found.sort(key=lambda s: (s.starts_at, s.talk_id))
    return found
