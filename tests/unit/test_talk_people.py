"""Issue 41, part B: organizers' reviews of speaker applications (blind until one's own
score), accepting several at once into draft talks, the speaker's page, starred talks and
feedback after a talk, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models import (
    AuditEntry, SpeakerApplication, SpeakerProfile, Talk, TalkSpeaker, TalkStatus,
)
from community_app.services import speaker_talks, talk_feedback, talk_stars
from community_app.services.admin import reviews
from community_app.services.errors import Conflict, Forbidden, InvalidMany, NotFound
from tests.api.auth_helpers import outbox_messages
from tests.api.factories import insert, make_meetup, make_member, make_registration


def _application(engine, name: str, email: str | None = None, topics: str = "") -> SpeakerApplication:
    row = SpeakerApplication(
        email=email or f"{name.split()[0].lower()}@example.com", full_name=name,
        job_position="Engineer", phone="01012345678", years_of_experience="3-5",
        expertise_field="backend", topics=topics or f"{name}'s talk\nAbout things in detail",
        linkedin_url="", github_url="https://github.com/x", portfolio_url="")
    insert(engine, row)
    return row


def _talk(engine, meetup, title="Kafka in practice", *, status="scheduled", minutes_from_start=0,
          length=30, speaker_user=None) -> Talk:
    starts = meetup.starts_at + dt.timedelta(minutes=minutes_from_start)
    talk = Talk(meetup_id=meetup.id, slug="t", title=title, status=status, starts_at=starts,
                ends_at=starts + dt.timedelta(minutes=length))
    profile = SpeakerProfile(slug="s", name=f"Speaker of {title}",
                             user_id=speaker_user.id if speaker_user else None)
    insert(engine, talk, profile)
    insert(engine, TalkSpeaker(talk_id=talk.id, speaker_id=profile.id))
    return talk


@pytest.fixture
def organizers(engine):
    return (make_member(engine, role="organizer", first_name="Olim"),
            make_member(engine, role="organizer", first_name="Nodira"))


# --- reviews --------------------------------------------------------------------------------


def test_an_organizer_sees_the_others_reviews_only_after_giving_their_own(engine, organizers):
    olim, nodira = organizers
    app = _application(engine, "Dilnoza Rahimova")
    with Session(engine) as s:
        seen = reviews.review_application(s, olim.id, app.id, 4, " Strong topic ")
        assert (seen.mine.score, seen.mine.comment, seen.others, seen.average) == (
            4, "Strong topic", (), 4.0)
        s.commit()
    with Session(engine) as s:
        before = reviews.reviewed_application(s, nodira.id, app.id)
        assert (before.review_count, before.mine, before.others, before.average) == (
            1, None, (), None)
        after = reviews.review_application(s, nodira.id, app.id, "2", "")
        assert [(r.organizer_name, r.score, r.comment) for r in after.others] == [
            ("Olim", 4, "Strong topic")]
        assert after.average == 3.0
        # a second score replaces the first
        again = reviews.review_application(s, nodira.id, app.id, 5)
        assert (again.review_count, again.average) == (2, 4.5)


def test_a_score_outside_one_to_five_and_a_member_are_refused(engine, organizers):
    app = _application(engine, "Aziz Karimov")
    member = make_member(engine)
    with Session(engine) as s:
        for bad in (0, 6, "", None, "x"):
            with pytest.raises(InvalidMany) as err:
                reviews.review_application(s, organizers[0].id, app.id, bad)
            assert err.value.errors == {"score": reviews.SCORE_INVALID}
        with pytest.raises(Forbidden):
            reviews.review_application(s, member.id, app.id, 3)
        with pytest.raises(NotFound):
            reviews.review_application(s, organizers[0].id, app.id + 100, 3)


def test_the_queue_sorted_by_average_puts_ones_own_reviewed_first(engine, organizers):
    olim, nodira = organizers
    low, high, unseen = (_application(engine, n) for n in ("Low One", "High Two", "Unseen Three"))
    with Session(engine) as s:
        reviews.review_application(s, olim.id, low.id, 2)
        reviews.review_application(s, olim.id, high.id, 5)
        reviews.review_application(s, nodira.id, unseen.id, 5)
        reviews.review_application(s, nodira.id, low.id, 3)
        s.commit()
        queue = reviews.review_queue(s, olim.id, sort="average")
        assert [(q.application.full_name, q.average, q.review_count) for q in queue] == [
            ("High Two", 5.0, 1), ("Low One", 2.5, 2), ("Unseen Three", None, 1)]
        assert [q.application.full_name for q in reviews.review_queue(s, olim.id, sort="newest")] \
            == ["Unseen Three", "High Two", "Low One"]


def test_accepting_two_at_once_makes_two_draft_talks_and_emails_the_speaker_page(
        engine, organizers):
    olim = organizers[0]
    meetup = make_meetup(engine, in_days=10, title="December meetup")
    member = make_member(engine, email="dilnoza@example.com", first_name="Dilnoza")
    first = _application(engine, "Dilnoza Rahimova", topics="Postgres at scale\nDetails")
    second = _application(engine, "Aziz Karimov", topics="Rust for web")
    third = _application(engine, "Kept Waiting")
    sent_before = {to: len(outbox_messages(to)) for to in ("aziz@example.com", "dilnoza@example.com")}
    with Session(engine) as s:
        decided = reviews.decide_applications(s, olim.id, [first.id, str(second.id)], "accept")
        s.commit()
        assert [d.status for d in decided] == ["ACCEPTED", "ACCEPTED"]
        talks = s.exec(select(Talk).order_by(Talk.id)).all()
        assert [(t.title, t.status, t.meetup_id) for t in talks] == [
            ("Postgres at scale", TalkStatus.DRAFT.value, meetup.id),
            ("Rust for web", TalkStatus.DRAFT.value, meetup.id)]
        profiles = s.exec(select(SpeakerProfile).order_by(SpeakerProfile.id)).all()
        assert [(p.name, p.user_id) for p in profiles] == [
            ("Dilnoza Rahimova", member.id), ("Aziz Karimov", None)]
        assert s.get(SpeakerApplication, third.id).talk_id is None
    assert len(outbox_messages("aziz@example.com")) == sent_before["aziz@example.com"] + 1
    *_, mail = outbox_messages("dilnoza@example.com")
    assert len(outbox_messages("dilnoza@example.com")) == sent_before["dilnoza@example.com"] + 1
    body = mail.get_body(preferencelist=("plain",)).get_content()
    assert "/speaker-talk/" in body
    token = body.split("/speaker-talk/")[1].split()[0]
    with Session(engine) as s:
        page = speaker_talks.speaker_talk(s, token)
        assert (page.title, page.confirmed, page.meetup_title) == (
            "Postgres at scale", False, "December meetup")
        done = speaker_talks.confirm_talk(s, token, keep_name_after_erasure=True)
        assert done.confirmed and done.keep_name_after_erasure
        updated = speaker_talks.update_abstract(s, token, "  New **abstract**  ")
        assert updated.abstract == "New **abstract**"
        s.commit()
        assert [(v.title, v.status, v.talk_page, v.confirmed) for v in
                speaker_talks.speaking(s, member.id)] == [
            ("Postgres at scale", TalkStatus.DRAFT.value, "", True)]
        with pytest.raises(NotFound):
            speaker_talks.speaker_talk(s, token[:-2] + "xx")


def test_a_decision_on_none_or_an_unknown_one_is_refused(engine, organizers):
    app = _application(engine, "Solo Applicant")
    make_meetup(engine)
    with Session(engine) as s:
        with pytest.raises(Exception) as err:
            reviews.decide_applications(s, organizers[0].id, [], "accept")
        assert err.value.message_id == reviews.NONE_CHOSEN
        with pytest.raises(Exception) as err:
            reviews.decide_applications(s, organizers[0].id, [app.id], "maybe")
        assert err.value.message_id == reviews.DECISION_INVALID
        declined = reviews.decide_applications(s, organizers[0].id, [app.id], "decline")
        assert declined[0].status == "REJECTED"
        with pytest.raises(Conflict):  # REJECTED cannot go to REJECTED
            reviews.decide_applications(s, organizers[0].id, [app.id], "decline")


# --- stars ----------------------------------------------------------------------------------


def test_a_member_stars_and_unstars_public_talks_only(engine):
    member = make_member(engine)
    meetup = make_meetup(engine, in_days=5)
    a = _talk(engine, meetup, "First talk")
    b = _talk(engine, meetup, "Second talk", minutes_from_start=40)
    draft = _talk(engine, meetup, "Draft talk", status="draft")
    with Session(engine) as s:
        talk_stars.star_talk(s, member.id, b.id)
        talk_stars.star_talk(s, member.id, b.id)  # twice is once
        talk_stars.star_talk(s, member.id, a.id)
        with pytest.raises(NotFound):
            talk_stars.star_talk(s, member.id, draft.id)
        s.commit()
        assert [t.title for t in talk_stars.starred_talks(s, member.id)] == [
            "First talk", "Second talk"]
        talk_stars.unstar_talk(s, member.id, a.id)
        assert talk_stars.starred_ids(s, member.id, [a.id, b.id, draft.id]) == {b.id}


# --- feedback -------------------------------------------------------------------------------


def test_feedback_once_after_the_talk_from_attendees_only(engine):
    attendee, stranger = make_member(engine), make_member(engine)
    speaker = make_member(engine)
    meetup = make_meetup(engine, in_days=-1 / 24, hours=3)  # started an hour ago
    ended = _talk(engine, meetup, "Ended talk", length=30, speaker_user=speaker)
    later = _talk(engine, meetup, "Later talk", minutes_from_start=120)
    make_registration(engine, attendee, meetup)
    with Session(engine) as s:
        with pytest.raises(Forbidden) as err:
            talk_feedback.give_feedback(s, attendee.id, later.id, 5)
        assert err.value.message_id == talk_feedback.NOT_ENDED
        with pytest.raises(Forbidden) as err:
            talk_feedback.give_feedback(s, stranger.id, ended.id, 5)
        assert err.value.message_id == talk_feedback.NOT_ATTENDED
        with pytest.raises(InvalidMany):
            talk_feedback.give_feedback(s, attendee.id, ended.id, 7)
        talk_feedback.give_feedback(s, attendee.id, ended.id, 4, "=Clear and useful")
        s.commit()
        with pytest.raises(Conflict):
            talk_feedback.give_feedback(s, attendee.id, ended.id, 5)
        [mine] = talk_feedback.speaker_feedback(s, speaker.id)
        assert (mine.title, mine.average, mine.count, [c.comment for c in mine.comments]) == (
            "Ended talk", 4.0, 1, ["=Clear and useful"])
        organizer = make_member(engine, role="organizer")
        _, rows = talk_feedback.meetup_feedback(s, organizer.id, meetup.id)
        assert [(r.title, r.average, r.count) for r in rows] == [
            ("Ended talk", 4.0, 1), ("Later talk", None, 0)]
        text = talk_feedback.meetup_feedback_csv(s, organizer.id, meetup.id)
        lines = text.splitlines()
        assert lines[0].startswith("\ufefftalk_id,talk,speakers")
        assert "'=Clear and useful" in lines[1] and ",4.00,1,4," in lines[1]
        with pytest.raises(Forbidden):
            talk_feedback.meetup_feedback(s, attendee.id, meetup.id)


def test_a_door_check_in_without_a_live_registration_may_rate(engine):
    walk_in = make_member(engine)
    meetup = make_meetup(engine, in_days=-1, hours=2)
    talk = _talk(engine, meetup)
    make_registration(engine, walk_in, meetup, status="CANCELLED", checked_in_at=utcnow())
    with Session(engine) as s:
        talk_feedback.give_feedback(s, walk_in.id, talk.id, 5)


def test_the_reminder_lists_the_talks_the_member_starred(engine):
    from community_app.models import QueuedMail
    from community_app.services.meetups import emails

    member, other = make_member(engine, language="uz"), make_member(engine)
    meetup = make_meetup(engine, in_days=1.5, title="Rust night")
    starred = _talk(engine, meetup, "Ownership explained", minutes_from_start=30)
    _talk(engine, meetup, "Not starred talk")
    for user in (member, other):
        make_registration(engine, user, meetup)
    with Session(engine) as s:
        talk_stars.star_talk(s, member.id, starred.id)
        s.commit()
        assert emails.queue_reminders(s, utcnow()) == 2
        bodies = {m.user_id: m.body for m in s.exec(select(QueuedMail))}
    assert "Belgilangan ma’ruzalaringiz:" in bodies[member.id]
    assert "Ownership explained" in bodies[member.id]
    assert "Not starred talk" not in bodies[member.id]
    assert "Ownership explained" not in bodies[other.id]


def test_accepting_while_no_meetup_exists_accepts_without_a_talk(engine, organizers):
    app = _application(engine, "Early Bird")
    with Session(engine) as s:
        [done] = reviews.decide_applications(s, organizers[0].id, [app.id], "accept")
        assert (done.status, done.talk_id) == ("ACCEPTED", None)
        assert s.exec(select(Talk)).all() == []


def _speaker_audit(session: Session) -> list[tuple[str, int | None, int | None, str]]:
    rows = session.exec(select(AuditEntry).where(AuditEntry.action.startswith("talk.speaker"))
                        .order_by(AuditEntry.id)).all()
    return [(r.action, r.actor_id, r.target_id, r.detail) for r in rows]


def test_each_write_on_the_speaker_page_is_audited_once_with_the_speaker_as_actor(
        engine, organizers):
    make_meetup(engine, in_days=10, title="December meetup")
    member = make_member(engine, email="lola@example.com")
    with_account = _application(engine, "Lola Saidova", topics="Typed Python\nDetails")
    without = _application(engine, "Bek Tursunov", topics="Go services")
    with Session(engine) as s:
        reviews.decide_applications(s, organizers[0].id, [with_account.id, without.id], "accept")
        s.commit()
    pdf = b"%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n"
    for application, actor in ((with_account, member.id), (without, None)):
        token = speaker_talks.speaker_token(application.id)
        steps = (
            ("talk.speaker_confirm", lambda s: speaker_talks.confirm_talk(s, token, True)),
            ("talk.speaker_abstract", lambda s: speaker_talks.update_abstract(s, token, "New")),
            ("talk.speaker_slides", lambda s: speaker_talks.upload_speaker_slides(s, token, pdf)),
            ("talk.speaker_slides_remove", lambda s: speaker_talks.remove_speaker_slides(s, token)),
        )
        for action, step in steps:
            with Session(engine) as s:
                before = _speaker_audit(s)
                view = step(s)
                s.commit()
                added = _speaker_audit(s)[len(before):]
            assert [(a, who, target) for a, who, target, _ in added] == [
                (action, actor, view.talk_id)], action
            assert application.full_name in added[0][3]
        assert not view.has_slides and not view.uploaded_slides


def test_the_queue_offers_the_upcoming_meetups_and_accept_uses_the_one_chosen(engine, organizers):
    from community_app.state import admin_reviews

    olim = organizers[0]
    make_meetup(engine, in_days=-5, title="Past meetup")
    later = make_meetup(engine, in_days=20, title="January meetup")
    make_meetup(engine, in_days=5, title="December meetup")
    app = _application(engine, "Lola Saidova", topics="Typed Python")
    with Session(engine) as s:
        _, choices = admin_reviews._fetch("all", "average")(s, olim.id)
        # the next meetup first (the default), then the later one; never a past one
        assert [c.label.split(" · ")[0] for c in choices] == ["December meetup", "January meetup"]
        assert choices[1].value == str(later.id)
        reviews.decide_applications(s, olim.id, [app.id], "accept", meetup_id=int(choices[1].value))
        s.commit()
        talk = s.get(Talk, s.get(SpeakerApplication, app.id).talk_id)
        assert (talk.title, talk.meetup_id, talk.status) == (
            "Typed Python", later.id, TalkStatus.DRAFT.value)
        with pytest.raises(Forbidden):
            reviews.accept_meetups(s, make_member(engine).id)
