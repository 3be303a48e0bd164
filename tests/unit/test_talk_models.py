"""Talks, speaker profiles and their link (issue 41): the schema's rules, and migration 0013
moving the old per-meetup speakers and keynote sessions in, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa
from alembic import command
from sqlmodel import Session, select

from community_app.core.db import alembic_config, make_engine
from community_app.models import Meetup, SpeakerProfile, Talk, TalkSpeaker
from tests.conftest import POSTGRES_URL
from tests.postgres import fresh_database

UTC = dt.timezone.utc
START = dt.datetime(2026, 11, 20, 10, 0, tzinfo=UTC)


def _meetup(s: Session) -> Meetup:
    m = Meetup(title="Programme", starts_at=START, ends_at=START + dt.timedelta(hours=3))
    s.add(m)
    s.commit()
    return m


def test_a_talk_has_speakers_in_order_and_a_speaker_many_talks(session):
    meetup = _meetup(session)
    aziz, dilnoza = SpeakerProfile(slug="aziz", name="Aziz"), SpeakerProfile(slug="d", name="Dilnoza")
    first = Talk(meetup_id=meetup.id, slug="kafka", title="Kafka", abstract="**Streams**",
                 language="uz", level="advanced", duration_minutes=40, starts_at=START,
                 ends_at=START + dt.timedelta(minutes=40), room="Hall A",
                 slides_url="https://example.org/s.pdf",
                 recording_url="https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    second = Talk(meetup_id=meetup.id, slug="rust", title="Rust", status="draft")
    session.add_all([aziz, dilnoza, first, second])
    session.commit()
    session.add_all([TalkSpeaker(talk_id=first.id, speaker_id=dilnoza.id, position=0),
                     TalkSpeaker(talk_id=first.id, speaker_id=aziz.id, position=1),
                     TalkSpeaker(talk_id=second.id, speaker_id=aziz.id, position=0)])
    session.commit()
    names = session.exec(select(SpeakerProfile.name).join(
        TalkSpeaker, TalkSpeaker.speaker_id == SpeakerProfile.id).where(
        TalkSpeaker.talk_id == first.id).order_by(TalkSpeaker.position)).all()
    assert names == ["Dilnoza", "Aziz"]
    assert len(session.exec(select(TalkSpeaker).where(TalkSpeaker.speaker_id == aziz.id)).all()) == 2
    assert (second.starts_at, second.status, second.level) == (None, "draft", "all")


@pytest.mark.parametrize("bad", [{"status": "maybe"}, {"language": "de"}, {"level": "guru"},
                                 {"duration_minutes": 0},
                                 {"starts_at": START, "ends_at": START - dt.timedelta(minutes=1)}])
def test_the_schema_refuses_a_talk_out_of_its_lists(session, bad):
    meetup = _meetup(session)
    session.add(Talk(meetup_id=meetup.id, slug="x", title="X", **bad))
    with pytest.raises(sa.exc.IntegrityError):
        session.commit()


def test_deleting_a_meetup_deletes_its_talks_not_the_speakers(session):
    meetup = _meetup(session)
    talk, speaker = Talk(meetup_id=meetup.id, slug="t", title="T"), SpeakerProfile(slug="s", name="S")
    session.add_all([talk, speaker])
    session.commit()
    session.add(TalkSpeaker(talk_id=talk.id, speaker_id=speaker.id))
    session.commit()
    session.execute(sa.delete(Meetup).where(Meetup.id == meetup.id))
    session.commit()
    assert session.exec(select(Talk)).all() == []
    assert session.exec(select(TalkSpeaker)).all() == []
    assert [p.name for p in session.exec(select(SpeakerProfile)).all()] == ["S"]


def _old_programme(url: str) -> None:
    """Two meetups the way 0012 kept them: the same speaker typed at both, one session each,
    plus a speaker with no session."""
    engine = make_engine(url)
    with engine.begin() as c:
        for mid, day in ((1, 1), (2, 8)):
            c.execute(sa.text(
                "INSERT INTO meetups (id, title, description, location, starts_at, ends_at, "
                "max_seats, available_seats, parking, provided, requires_approval, "
                "attended_count, created_at, updated_at, telegram_announce) VALUES (:id, 'M', "
                "'', '', :s, :e, 50, 50, false, '', false, 0, :s, :s, true)"),
                {"id": mid, "s": START + dt.timedelta(days=day),
                 "e": START + dt.timedelta(days=day, hours=3)})
        c.execute(sa.text(
            "INSERT INTO speakers (id, meetup_id, full_name, job_position, company, bio, "
            "image_url, profile_url) VALUES "
            "(1, 1, 'Aziz Karimov', 'Engineer', 'Kakao', 'Bio', '/uploaded/a.jpg', "
            "'https://github.com/aziz'), "
            "(2, 2, 'aziz  karimov', '', '', '', NULL, NULL), "
            "(3, 2, 'Dilnoza Y', '', '', '', NULL, NULL)"))
        for sid, mid, spk, subject, day in ((1, 1, 1, 'Kafka on K8s!', 1),
                                            (2, 2, 2, "Go'da xatolar", 8)):
            c.execute(sa.text(
                "INSERT INTO keynote_sessions (id, meetup_id, speaker_id, subject, starts_at, "
                "ends_at) VALUES (:id, :m, :sp, :subj, :s, :e)"),
                {"id": sid, "m": mid, "sp": spk, "subj": subject,
                 "s": START + dt.timedelta(days=day),
                 "e": START + dt.timedelta(days=day, minutes=45)})
    engine.dispose()


def _migrated_from_0012(url: str) -> sa.Engine:
    command.upgrade(alembic_config(url), "0012")
    _old_programme(url)
    command.upgrade(alembic_config(url), "0013")
    return make_engine(url)


def _assert_moved(engine: sa.Engine) -> None:
    with Session(engine) as s:
        profiles = s.exec(select(SpeakerProfile).order_by(SpeakerProfile.id)).all()
        assert [(p.name, p.slug, p.company, p.links, p.photo_url) for p in profiles] == [
            ("Aziz Karimov", "aziz-karimov", "Kakao", ["https://github.com/aziz"], "/uploaded/a.jpg"),
            ("Dilnoza Y", "dilnoza-y", "", [], None)]
        talks = s.exec(select(Talk).order_by(Talk.id)).all()
        assert [(t.meetup_id, t.title, t.slug, t.duration_minutes, t.status, t.starts_at)
                for t in talks] == [
            (1, "Kafka on K8s!", "kafka-on-k8s", 45, "scheduled", START + dt.timedelta(days=1)),
            (2, "Go'da xatolar", "goda-xatolar", 45, "scheduled", START + dt.timedelta(days=8))]
        # The same person at two meetups is one profile with both talks.
        assert [(ts.talk_id, ts.speaker_id) for ts in s.exec(
            select(TalkSpeaker).order_by(TalkSpeaker.talk_id)).all()] == [(1, 1), (2, 1)]


def test_migration_moves_the_old_programmes_in_on_sqlite(tmp_path):
    engine = _migrated_from_0012(f"sqlite:///{tmp_path / 'm.db'}")
    _assert_moved(engine)
    engine.dispose()


@pytest.mark.skipif(not POSTGRES_URL, reason="COMMUNITY_TEST_POSTGRES_URL is not set")
def test_migration_moves_the_old_programmes_in_on_postgresql(worker_id):
    url = fresh_database(POSTGRES_URL, f"talks_migration_{worker_id}")
    engine = _migrated_from_0012(url)
    _assert_moved(engine)
    engine.dispose()


@pytest.mark.parametrize("kept", [True, False])
def test_an_erased_speaker_keeps_the_talks_and_the_name_only_if_agreed(engine, kept):
    """Item 8: the talks stay; the name stays only with keep_name_after_erasure; the bio,
    photo and links go either way; the export carries the profile before."""
    import datetime as dt_

    from community_app.core.db import utcnow
    from community_app.models import User
    from community_app.services import privacy, talks
    from tests.api.factories import make_meetup, make_member, make_session

    member = make_member(engine, first_name="Gulnora")
    meetup = make_meetup(engine, in_days=-10)
    with Session(engine, expire_on_commit=False) as s:
        profile = SpeakerProfile(slug="gulnora-karimova", name="Gulnora Karimova",
                                 bio="Secret bio", links=["https://gulnora.dev"],
                                 photo_url=None, user_id=member.id,
                                 keep_name_after_erasure=kept)
        s.add(profile)
        s.commit()
    talk = make_session(engine, meetup, profile, "Rust in production")
    with Session(engine) as s:
        exported = privacy.collect_member_data(s, member.id)["speaker_profile.json"]
        assert exported[0]["name"] == "Gulnora Karimova"
        user = s.get(User, member.id)
        user.deletion_requested_at = utcnow() - dt_.timedelta(days=8)
        s.add(user)
        s.commit()
    with Session(engine) as s:
        assert privacy.erase_due_accounts(s, utcnow()) == 1
    with Session(engine) as s:
        shown = talks.get_talk(s, talk.id)
        page = talks.get_speaker(s, profile.id)
    assert [t.title for t in page.talks] == ["Rust in production"]  # the talk stays
    assert shown.speaker_names == ("Gulnora Karimova" if kept else "Deleted member")
    assert (page.speaker.bio, page.speaker.links) == ("", ())
