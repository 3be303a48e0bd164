"""Small factories for API tests: each inserts rows with its own session on the test engine.

Times are relative to now, so "upcoming" stays upcoming. Every factory returns the row with
its id (the session does not expire it on commit).
"""

from __future__ import annotations

import datetime as dt
import itertools

import sqlalchemy as sa
from sqlmodel import Session, SQLModel

from community_app.core.db import utcnow
from community_app.models import (
    Comment, CommentVote, JobPost, Meetup, MeetupNote, MeetupRegistration,
    MeetupReview, News, RegistrationStatus, SpeakerProfile, Talk, TalkSpeaker, User,
)
from community_app.services import talks
from community_app.services.tokens import issue_access_token

_serial = itertools.count(1)

VALID_REGISTRATION = {
    "attendanceReason": "networking",
    "interestedField": "backend",
    "expectation": "Meet other backend developers",
    "consent": True,
}

# Two questions of a meetup's own registration form (issue 45), as an organizer adds them.
LAPTOP = {"kind": "YES_NO", "labelEn": "Will you bring a laptop?",
          "labelUz": "Noutbuk olib kelasizmi?", "required": True}
LEVEL = {"kind": "ONE_CHOICE", "labelEn": "Your Python level", "labelUz": "Python darajangiz",
         "required": True, "atDoor": True,
         "options": [{"key": "new", "en": "New", "uz": "Yangi"},
                     {"key": "pro", "en": "Experienced", "uz": "Tajribali"}]}


def insert(engine: sa.Engine, *rows: SQLModel) -> None:
    with Session(engine, expire_on_commit=False) as s:
        s.add_all(rows)
        s.commit()


def meetup_form(*, in_days: int = 20, **fields) -> dict:
    """The back office's meetup form (the API's field names), ``in_days`` from now at
    19:00-21:00 Korea time; ``fields`` change any value."""
    return {
        "title": "Rust evening",
        "description": "Talks",
        "meetupDate": (utcnow() + dt.timedelta(days=in_days)).strftime("%Y-%m-%d"),
        "startTime": "19:00",
        "endTime": "21:00",
        "location": "Seoul",
        "maxSeats": 40,
        "parking": False,
        "provided": "Snacks",
        "requiresApproval": True,
        **fields,
    }


def make_member(engine: sa.Engine, **fields) -> User:
    """A member without a password (sign-in is not what these tests are about), whose
    email is proven (``verified_at``) unless the test says otherwise."""
    n = next(_serial)
    fields.setdefault("verified_at", utcnow())
    fields.setdefault("email", f"person{n}@example.com")
    fields.setdefault("username", f"person{n}")
    fields.setdefault("first_name", f"First{n}")
    user = User(**fields)
    insert(engine, user)
    return user


def bearer(user: User) -> dict[str, str]:
    return {"Authorization": f"Bearer {issue_access_token(user)}"}


def make_meetup(engine: sa.Engine, *, in_days: float = 7, hours: float = 2, **fields) -> Meetup:
    """A meetup starting ``in_days`` from now (negative: in the past)."""
    starts = fields.pop("starts_at", utcnow() + dt.timedelta(days=in_days))
    seats = fields.pop("max_seats", 50)
    meetup = Meetup(
        title=fields.pop("title", f"Meetup {next(_serial)}"),
        starts_at=starts,
        ends_at=fields.pop("ends_at", starts + dt.timedelta(hours=hours)),
        max_seats=seats,
        available_seats=fields.pop("available_seats", seats),
        **fields,
    )
    insert(engine, meetup)
    return meetup


def make_registration(
    engine: sa.Engine,
    user: User,
    meetup: Meetup,
    status: str = RegistrationStatus.ACCEPTED.value,
    **fields,
) -> MeetupRegistration:
    """A registration; a seat-holding one (ACCEPTED, PENDING) also takes its seat."""
    registration = MeetupRegistration(
        user_id=user.id,
        meetup_id=meetup.id,
        attendance_reason=fields.pop("attendance_reason", "learning"),
        interested_field=fields.pop("interested_field", "ai"),
        expectation=fields.pop("expectation", "Learn something new"),
        status=status,
        **fields,
    )
    with Session(engine, expire_on_commit=False) as s:
        s.add(registration)
        if status in (RegistrationStatus.ACCEPTED.value, RegistrationStatus.PENDING.value):
            s.execute(
                sa.update(Meetup)
                .where(Meetup.id == meetup.id)
                .values(available_seats=Meetup.available_seats - 1)
            )
        s.commit()
    return registration


def make_speaker(
    engine: sa.Engine, meetup: Meetup | None = None, full_name: str = "Kim Ji-hoon", *,
    image_url: str | None = None, profile_url: str | None = None, **fields
) -> SpeakerProfile:
    """A speaker profile (a person across meetups; ``meetup`` is where they speak, which
    their talks say: ``make_session``)."""
    speaker = SpeakerProfile(name=full_name, slug=talks.slug_of(full_name, "speaker"),
                             photo_url=image_url, links=[profile_url] if profile_url else [],
                             **fields)
    insert(engine, speaker)
    return speaker


def make_session(
    engine: sa.Engine,
    meetup: Meetup,
    speaker: SpeakerProfile | None,
    subject: str,
    offset_min: int = 0,
    length_min: int = 30,
    **fields,
) -> Talk:
    """A scheduled talk of the meetup's programme (a keynote session of the KO'DJ contract)
    with ``speaker`` as its one speaker."""
    starts = meetup.starts_at + dt.timedelta(minutes=offset_min)
    row = Talk(meetup_id=meetup.id, slug=talks.slug_of(subject), title=subject,
               starts_at=starts, ends_at=starts + dt.timedelta(minutes=length_min),
               duration_minutes=length_min, **fields)
    insert(engine, row)
    if speaker is not None:
        insert(engine, TalkSpeaker(talk_id=row.id, speaker_id=speaker.id))
    return row


def make_note(
    engine: sa.Engine, meetup: Meetup, content: str, active: bool = True, **fields
) -> MeetupNote:
    note = MeetupNote(meetup_id=meetup.id, content=content, is_active=active, **fields)
    insert(engine, note)
    return note


def make_review(
    engine: sa.Engine, meetup: Meetup, author_name: str, rating: int = 5, **fields
) -> MeetupReview:
    review = MeetupReview(
        meetup_id=meetup.id,
        author_name=author_name,
        rating=rating,
        content=fields.pop("content", "Great evening"),
        **fields,
    )
    insert(engine, review)
    return review


def make_news(engine: sa.Engine, *, days_ago: float = 1, **fields) -> News:
    item = News(
        title=fields.pop("title", f"News {next(_serial)}"),
        content=fields.pop("content", "Something happened in the community."),
        created_at=fields.pop("created_at", utcnow() - dt.timedelta(days=days_ago)),
        **fields,
    )
    insert(engine, item)
    return item


def make_comment(
    engine: sa.Engine,
    news: News,
    user: User,
    text: str = "Nice article",
    *,
    minutes_ago: float = 60,
    **fields,
) -> Comment:
    comment = Comment(
        news_id=news.id,
        user_id=user.id,
        text=text,
        created_at=fields.pop("created_at", utcnow() - dt.timedelta(minutes=minutes_ago)),
        **fields,
    )
    insert(engine, comment)
    return comment


def make_vote(engine: sa.Engine, comment: Comment, user: User, value: int) -> CommentVote:
    vote = CommentVote(comment_id=comment.id, user_id=user.id, value=value)
    insert(engine, vote)
    return vote


def make_job(engine: sa.Engine, *, days_ago: float = 1, **fields) -> JobPost:
    created = fields.pop("created_at", utcnow() - dt.timedelta(days=days_ago))
    job = JobPost(
        title=fields.pop("title", f"Engineer {next(_serial)}"),
        company_name=fields.pop("company_name", "Hanriver Logistics"),
        location=fields.pop("location", "Seoul"),
        description=fields.pop("description", "Build things."),
        status=fields.pop("status", "OPEN"),
        created_at=created,
        **fields,
    )
    insert(engine, job)
    return job
