"""The schema itself refuses impossible data, whatever code writes it."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa
from sqlmodel import select

from community_app.core.db import utcnow
from community_app.models import (
    Comment,
    CommentVote,
    JobPost,
    Meetup,
    MeetupRegistration,
    News,
    RegistrationStatus,
    SiteSettings,
    User,
)


def _user(session, n: int = 1, **kw) -> User:
    user = User(email=f"u{n}@example.com", username=f"user{chr(96 + n)}", **kw)
    session.add(user)
    session.commit()
    return user


def _meetup(session, **kw) -> Meetup:
    start = utcnow() + dt.timedelta(days=7)
    meetup = Meetup(title="Go in production", starts_at=start, ends_at=start + dt.timedelta(hours=2), **kw)
    session.add(meetup)
    session.commit()
    return meetup


def test_meetup_defaults_follow_the_spec(session):
    meetup = _meetup(session)
    fresh = session.get(Meetup, meetup.id)
    assert fresh.max_seats == 50
    assert fresh.available_seats == 50
    assert fresh.location == "Location TBD"
    assert fresh.description == "No description available"
    assert fresh.starts_at.tzinfo is not None  # stored and read back as UTC


@pytest.mark.parametrize("available", [-1, 51])
def test_available_seats_stay_between_zero_and_max(session, available):
    with pytest.raises(sa.exc.IntegrityError):
        _meetup(session, max_seats=50, available_seats=available)


def test_seat_update_below_zero_is_refused_by_the_database(session):
    meetup = _meetup(session, max_seats=1, available_seats=1)
    session.execute(sa.update(Meetup).where(Meetup.id == meetup.id).values(available_seats=0))
    session.commit()
    with pytest.raises(sa.exc.IntegrityError):
        session.execute(
            sa.update(Meetup).where(Meetup.id == meetup.id).values(available_seats=Meetup.available_seats - 1)
        )
        session.commit()


def _registration(user, meetup, status=RegistrationStatus.ACCEPTED.value):
    return MeetupRegistration(
        user_id=user.id,
        meetup_id=meetup.id,
        attendance_reason="learning",
        interested_field="backend",
        expectation="Learn how others deploy Go services.",
        status=status,
    )


def test_one_live_registration_per_member_and_meetup(session):
    user, meetup = _user(session), _meetup(session)
    session.add(_registration(user, meetup))
    session.commit()
    session.add(_registration(user, meetup, RegistrationStatus.PENDING.value))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_a_cancelled_registration_does_not_block_a_new_one(session):
    user, meetup = _user(session), _meetup(session)
    session.add(_registration(user, meetup, RegistrationStatus.CANCELLED.value))
    session.commit()
    session.add(_registration(user, meetup))
    session.commit()
    rows = session.exec(select(MeetupRegistration).where(MeetupRegistration.user_id == user.id)).all()
    assert sorted(r.status for r in rows) == ["ACCEPTED", "CANCELLED"]


def test_registration_status_is_one_of_four(session):
    user, meetup = _user(session), _meetup(session)
    session.add(_registration(user, meetup, "MAYBE"))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


@pytest.mark.parametrize("field", ["email", "username"])
def test_email_and_username_are_unique(session, field):
    _user(session, 1)
    other = User(email="other@example.com", username="other")
    setattr(other, field, "u1@example.com" if field == "email" else "usera")
    session.add(other)
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_role_is_member_or_organizer(session):
    assert _user(session, 1).role == "member"
    session.add(User(email="x@example.com", username="x", role="admin"))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_one_vote_per_member_and_comment(session):
    user = _user(session)
    news = News(title="Hello", content="Body text", type="TECH", tags=["python", "ai"])
    session.add(news)
    session.commit()
    comment = Comment(news_id=news.id, user_id=user.id, text="Nice")
    session.add(comment)
    session.commit()
    session.add(CommentVote(comment_id=comment.id, user_id=user.id, value=1))
    session.commit()
    session.add(CommentVote(comment_id=comment.id, user_id=user.id, value=-1))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_news_tags_round_trip_as_a_list(session):
    news = News(title="Hello", content="Body", type="SOCIAL", tags=["community", "networking"])
    session.add(news)
    session.commit()
    session.expire_all()
    assert session.get(News, news.id).tags == ["community", "networking"]


def test_news_type_is_checked(session):
    session.add(News(title="Hello", content="Body", type="GOSSIP"))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_job_salary_range_is_ordered(session):
    session.add(
        JobPost(title="Backend", company_name="Toss", location="Seoul", description="...",
                salary_min=80_000_000, salary_max=50_000_000)
    )
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_site_settings_is_a_single_row_with_spec_targets(session):
    session.add(SiteSettings(id=1, contact_email="hello@uzdev.kr"))
    session.commit()
    row = session.get(SiteSettings, 1)
    assert (row.target_speakers, row.target_events, row.target_members) == (50, 20, 300)
    session.add(SiteSettings(id=2))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()
