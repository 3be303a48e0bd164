"""The demo content: loaded only into an empty database, with everything the site shows."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import sqlalchemy as sa
from sqlmodel import select

from community_app.core.db import utcnow
from community_app.demo import DEMO_MEMBER_EMAIL, DEMO_ORGANIZER_EMAIL, DEMO_PASSWORD, load_demo
from community_app.models import (
    AffiliatedProject,
    Benefit,
    JobPost,
    JobStatus,
    JobType,
    Meetup,
    MeetupRegistration,
    MeetupReview,
    News,
    NewsType,
    TeamMember,
    User,
)
from community_app.services import talks
from community_app.services.passwords import verify_password

CITIES = {"Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Ulsan", "Suwon"}


def test_demo_loads_once(session):
    assert load_demo(session) is True
    session.commit()
    assert load_demo(session) is False


def test_demo_accounts_sign_in_with_the_documented_password(session):
    load_demo(session)
    member = session.exec(select(User).where(User.email == DEMO_MEMBER_EMAIL)).one()
    organizer = session.exec(select(User).where(User.email == DEMO_ORGANIZER_EMAIL)).one()
    assert (member.role, organizer.role) == ("member", "organizer")
    assert verify_password(member.password_hash, DEMO_PASSWORD)


def test_demo_site_copy(session):
    load_demo(session)
    assert len(session.exec(select(AffiliatedProject)).all()) == 6
    benefits = session.exec(select(Benefit)).all()
    assert len(benefits) == 6 and all(b.title_uz and b.title_en for b in benefits)
    kinds = Counter(m.kind for m in session.exec(select(TeamMember)))
    assert kinds["organizer"] >= 1 and kinds["contributor"] >= 1


def test_demo_meetups_are_upcoming_and_past_with_consistent_seats(session):
    now = utcnow()
    load_demo(session, now=now)
    meetups = session.exec(select(Meetup)).all()
    assert sum(m.starts_at > now for m in meetups) >= 4
    assert sum(m.starts_at < now for m in meetups) >= 6
    for m in meetups:
        live = session.exec(
            select(sa.func.count()).select_from(MeetupRegistration).where(
                MeetupRegistration.meetup_id == m.id, MeetupRegistration.status != "CANCELLED"
            )
        ).one()
        assert m.available_seats == m.max_seats - live, m.title
        programme = talks.meetup_talks(session, m.id)
        assert programme and all(t.speakers for t in programme), m.title
        if m.starts_at < now:
            assert session.exec(select(MeetupReview).where(MeetupReview.meetup_id == m.id)).first()


def test_demo_news_cover_three_types_with_tags(session):
    load_demo(session)
    items = session.exec(select(News).where(News.published)).all()
    assert len(items) >= 15
    assert {n.type for n in items} == set(NewsType.values())
    assert sum(bool(n.tags) for n in items) >= 12
    assert any(not n.tags for n in items)  # the site shows fallback tags for these


def test_demo_jobs_cover_cities_types_and_statuses(session):
    load_demo(session)
    jobs = session.exec(select(JobPost)).all()
    assert len(jobs) >= 20
    assert {j.location for j in jobs} >= CITIES
    assert {j.job_type for j in jobs} == set(JobType.values())
    assert {j.status for j in jobs} == set(JobStatus.values())
    for j in jobs:
        if j.status == "OPEN":
            assert j.expires_at - j.opened_at == dt.timedelta(days=30)


def test_demo_past_talks_have_slides_and_recordings_and_speakers_speak_twice(session):
    load_demo(session)
    now = utcnow()
    past = [t for m in session.exec(select(Meetup).where(Meetup.starts_at < now)).all()
            for t in talks.meetup_talks(session, m.id)]
    shown = [t for t in past if t.slides_link and t.recording and t.abstract]
    assert len(shown) >= 2
    assert any(t.has_slides_file for t in shown)  # an uploaded PDF, readable
    uploaded = next(t for t in shown if t.has_slides_file)
    assert talks.slides_file(session, uploaded.id).startswith(b"%PDF-")
    nilufar = next(s for t in past for s in t.speakers if s.name == "Nilufar Ismoilova")
    assert len(talks.get_speaker(session, nilufar.id).talks) >= 2  # one profile, two meetups
    upcoming = [t for m in session.exec(select(Meetup).where(Meetup.starts_at > now)).all()
                for t in talks.meetup_talks(session, m.id)]
    assert upcoming and all(t.recording is None for t in upcoming)
