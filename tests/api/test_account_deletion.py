"""Account deletion in detail (issue 16): what erasure removes or keeps, how it names the
deleted member, that it can be retried, and the grace period cancelled by a sign-in."""

from __future__ import annotations

import datetime as dt
import io
import json
import secrets
import zipfile
from pathlib import PurePosixPath

import pytest
from sqlmodel import Session, select

from community_app.core.db import utcnow
from community_app.models.enums import QuestionKind
from community_app.models import (
    AlertDelivery,
    ApplicationReview,
    DigestSend,
    DigestSettings,
    MeetupRegistration,
    RegistrationAnswer,
    RegistrationQuestion,
    TalkFeedback,
    TalkStar,
    AuditEntry,
    BlogPost,
    Comment,
    DataExport,
    JobPost,
    QueuedMail,
    RefreshToken,
    SavedJobSearch,
    SpeakerApplication,
    TelegramMessage,
    User,
)
from community_app.services import blogs, job_alerts, privacy, profile, scheduled_tasks
from community_app.services.jobs import get_job
from community_app.services.privacy import deletion, personal_data
from community_app.services.storage import get_storage
from community_app.services.uploads import PUBLIC_AVATARS, PUBLIC_BLOG, public_path_of_url, public_url
from community_app.core.settings import get_settings
from tests.api.auth_helpers import latest_code, outbox_messages
from tests.api.conftest import PASSWORD
from tests.api.factories import (
    VALID_REGISTRATION, insert, make_comment, make_job, make_meetup, make_news, make_registration,
    make_review, make_session, make_speaker,
)
from tests.telegram_api import telegram, telegram_server  # noqa: F401 - fixtures

ME = "/api/v1/users/me"
LATER = dt.timedelta(days=7, minutes=1)


@pytest.fixture(autouse=True)
def _var(tmp_path, monkeypatch):
    monkeypatch.setenv("COMMUNITY_VAR_DIR", str(tmp_path))


def _upload(folder: str, extension: str = "webp") -> str:
    """A stored file under the upload dir; its relative path."""
    relative = f"{folder}/{secrets.token_hex(16)}.{extension}"
    path = get_settings().upload_dir / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"image")
    return relative


def _exists(relative: str) -> bool:
    return (get_settings().upload_dir / relative).is_file()


def _ask_deletion(client, headers, **body) -> None:
    r = client.post(f"{ME}/deletion", headers=headers, json={"password": PASSWORD, **body})
    assert r.status_code == 202, r.text


def _erase_due(engine) -> dict[str, str]:
    return scheduled_tasks.run_due(engine, now=utcnow() + LATER, names=["erase-deleted-accounts"])


def _member_with_content(engine, make_user):
    """A member with a comment, a blog post (with a cover), a job post and a photo."""
    avatar, cover = _upload(PUBLIC_AVATARS), _upload(PUBLIC_BLOG)
    user, headers = make_user(image_url=public_url(avatar))
    news = make_news(engine)
    make_comment(engine, news, user, "Kept or removed")
    post = BlogPost(author_id=user.id, title="My Seoul story", content="Text",
                    cover_url=public_url(cover), status="PUBLISHED", published_at=utcnow())
    insert(engine, post)
    job = make_job(engine, title="Backend at my company", posted_by_id=user.id)
    return user, headers, news, post, job, (avatar, cover)


# --- what erasure keeps, removes and how it names the member (gaps 2, 4, uploads) -------


@pytest.mark.parametrize(("lang", "label"), [("en", "Deleted member"), ("uz", "O‘chirilgan a’zo")])
def test_kept_content_shows_deleted_member_in_the_readers_language(client, engine, make_user, lang, label):
    user, headers, news, post, job, (avatar, cover) = _member_with_content(engine, make_user)
    _ask_deletion(client, headers, keepContent=True)
    assert _erase_due(engine) == {"erase-deleted-accounts": "1 accounts erased"}
    comments = client.get(f"/api/v1/news/{news.id}/comments", headers={"Accept-Language": lang})
    [comment] = comments.json()["data"]
    assert comment["comment"] == "Kept or removed"
    assert comment["authorUsername"] == comment["username"] == label
    assert f"deleted-{user.id}" not in comments.text
    with Session(engine) as s:
        [view] = [p for p in blogs.list_published(s) if p.id == post.id]
        assert view.author_names[lang] == label
        assert get_job(s, job.id).posted_by is None  # a kept job names nobody
    # uploads removed: the profile photo and the blog cover
    assert not _exists(avatar) and not _exists(cover)


def test_removing_content_deletes_comments_blog_posts_and_job_posts(client, engine, make_user):
    user, headers, news, post, job, _ = _member_with_content(engine, make_user)
    other, _ = make_user()
    make_comment(engine, news, other, "Someone else's comment")
    kept_job = make_job(engine, title="Someone else's job", posted_by_id=other.id)
    _ask_deletion(client, headers, keepContent=False)
    _erase_due(engine)
    with Session(engine) as s:
        assert s.exec(select(Comment).where(Comment.user_id == user.id)).all() == []
        assert s.get(BlogPost, post.id) is None
        assert s.get(JobPost, job.id) is None
        assert s.get(JobPost, kept_job.id) is not None
        assert [c.text for c in s.exec(select(Comment))] == ["Someone else's comment"]


def test_keeping_content_keeps_comments_blog_posts_and_job_posts(client, engine, make_user):
    user, headers, _news, post, job, _ = _member_with_content(engine, make_user)
    _ask_deletion(client, headers, keepContent=True)
    _erase_due(engine)
    with Session(engine) as s:
        assert len(s.exec(select(Comment).where(Comment.user_id == user.id)).all()) == 1
        assert s.get(BlogPost, post.id).cover_url is None
        assert s.get(JobPost, job.id) is not None


# --- speaker applications (gap 3) ---------------------------------------------------------


def test_speaker_applications_and_their_private_photos_are_erased(client, engine, make_user):
    """Matched by the member's email, which she proved (an address typed into a form proves
    nothing: tests/unit/test_personal_data.py)."""
    user, headers = make_user(email="speaker.member@example.com", verified_at=utcnow())
    photo = _upload("private/speakers", "jpg")
    others_photo = _upload("private/speakers", "jpg")

    def application(email: str, photo_path: str) -> SpeakerApplication:
        return SpeakerApplication(
            email=email, full_name="Nodira Karimova", job_position="Data engineer",
            phone="01098765432", years_of_experience="3-5", expertise_field="data",
            topics="Kafka", linkedin_url="", github_url="", portfolio_url="", photo_path=photo_path)

    insert(engine, application(user.email, photo), application("other@example.com", others_photo))
    _ask_deletion(client, headers)
    _erase_due(engine)
    with Session(engine) as s:
        left = s.exec(select(SpeakerApplication)).all()
        assert [a.email for a in left] == ["other@example.com"]
        assert "Nodira" not in json.dumps([a.model_dump(mode="json") for a in left if a.email == user.email])
    assert not _exists(photo)
    assert _exists(others_photo)


# --- the audit entries name nobody (gap 5) -----------------------------------------------


def test_audit_entries_of_a_deletion_carry_no_personal_data(client, engine, make_user):
    user, headers = make_user(email="audit.me@example.com", first_name="Shahzoda", phone="01012345678")
    _ask_deletion(client, headers)
    _erase_due(engine)
    with Session(engine) as s:
        entries = s.exec(select(AuditEntry).where(AuditEntry.action.startswith("account."))).all()
    assert {e.action for e in entries} == {"account.deletion_requested", "account.erased"}
    for entry in entries:
        assert entry.actor_id is None and entry.target_id == user.id and entry.detail == ""
        text = json.dumps(entry.model_dump(mode="json"))
        for personal in ("audit.me", "Shahzoda", "01012345678", user.username):
            assert personal not in text


# --- tokens and the grace period (gap 5) -------------------------------------------------


def test_asking_for_deletion_revokes_every_refresh_token(client, engine, make_user):
    user, headers = make_user()
    with Session(engine) as s:
        assert s.exec(select(RefreshToken).where(RefreshToken.user_id == user.id,
                                                 RefreshToken.revoked_at.is_(None))).all()
    _ask_deletion(client, headers)
    with Session(engine) as s:
        tokens = s.exec(select(RefreshToken).where(RefreshToken.user_id == user.id)).all()
    assert tokens and all(t.revoked_at is not None for t in tokens)


def test_refresh_token_stops_working_once_deletion_is_asked(client, engine, make_user):
    user, _ = make_user(email="refresh.me@example.com")
    r = client.post("/api/v1/auth/login", json={"email": user.email, "password": PASSWORD,
                                                "ipAddress": "localhost", "deviceType": "web"})
    assert r.status_code == 200, r.text
    pair = client.post("/api/v1/auth/verify-login-otp",
                       json={"email": user.email, "otp": latest_code(user.email)}).json()["data"]
    _ask_deletion(client, {"Authorization": f"Bearer {pair['access_token']}"})
    r = client.get("/api/v1/auth/refresh-token", headers={"RefreshToken": pair["refresh_token"]})
    assert r.status_code == 401


def test_logging_in_during_the_grace_period_does_not_cancel_the_deletion(client, engine, make_user):
    """Decision (issue 27): a member may sign in during the grace period (to fetch a data
    export, say) without cancelling; the deletion stays pending, shown with its date."""
    user, headers = make_user(email="changed.mind@example.com", first_name="Jasur")
    _ask_deletion(client, headers)
    r = client.post("/api/v1/auth/login", json={"email": user.email, "password": PASSWORD,
                                                "ipAddress": "localhost", "deviceType": "web"})
    assert r.status_code == 200, r.text
    r = client.post("/api/v1/auth/verify-login-otp",
                    json={"email": user.email, "otp": latest_code(user.email)})
    assert r.status_code == 200, r.text
    fresh = {"Authorization": f"Bearer {r.json()['data']['access_token']}"}
    pending = client.get(f"{ME}/deletion", headers=fresh).json()["data"]
    with Session(engine) as s:
        asked = s.get(User, user.id).deletion_requested_at
    assert dt.datetime.fromisoformat(pending["erasesAt"].replace("Z", "+00:00")) == \
        asked.replace(tzinfo=asked.tzinfo or dt.UTC) + dt.timedelta(days=7)
    assert _erase_due(engine) == {"erase-deleted-accounts": "1 accounts erased"}


def test_cancelling_keeps_the_account_and_emails_at_request_and_at_cancellation(client, engine, make_user):
    user, headers = make_user(email=f"changed.mind.{secrets.token_hex(4)}@example.com", first_name="Jasur")
    assert client.get(f"{ME}/deletion", headers=headers).json()["data"] is None
    assert client.delete(f"{ME}/deletion", headers=headers).status_code == 404
    _ask_deletion(client, headers)
    [asked] = outbox_messages(user.email)
    assert "will be deleted on" in asked["Subject"]
    assert "/mypage?tab=account" in asked.get_body(preferencelist=("plain",)).get_content()
    assert client.get(f"{ME}/deletion", headers=headers).json()["data"]["erasesAt"]
    r = client.delete(f"{ME}/deletion", headers=headers)
    assert r.status_code == 200 and r.json()["message"] == "The deletion is cancelled: your account stays."
    assert client.get(f"{ME}/deletion", headers=headers).json()["data"] is None
    assert [m["Subject"] for m in outbox_messages(user.email)][1].endswith("account will not be deleted")
    assert _erase_due(engine) == {"erase-deleted-accounts": "0 accounts erased"}
    with Session(engine) as s:
        kept = s.get(User, user.id)
        assert kept.first_name == "Jasur" and kept.deleted_at is None


def test_the_deletion_emails_are_in_the_members_language(client, engine, make_user):
    user, headers = make_user(language="uz", email=f"uz.{secrets.token_hex(4)}@example.com")
    _ask_deletion(client, headers)
    [asked] = outbox_messages(user.email)
    assert asked["Content-Language"] == "uz" and "o‘chiriladi" in asked["Subject"]


# --- retry-safe erasure (gap 8) ------------------------------------------------------------


def test_an_erasure_that_fails_midway_is_retried_on_the_next_run(client, engine, make_user, monkeypatch):
    user, headers = make_user(first_name="Malika")
    other, other_headers = make_user(first_name="Bekzod")
    _ask_deletion(client, headers)
    _ask_deletion(client, other_headers)
    calls = []
    real = deletion.delete_upload

    def broken_delete(path):
        calls.append(path)
        raise OSError("disk went away")

    avatar = _upload(PUBLIC_AVATARS)
    with Session(engine) as s:
        row = s.get(User, user.id)
        row.image_url = public_url(avatar)
        s.add(row)
        s.commit()
    monkeypatch.setattr(deletion, "delete_upload", broken_delete)
    now = utcnow() + LATER
    with Session(engine) as s:
        assert privacy.erase_due_accounts(s, now) == 1  # the other one still goes
    assert calls
    with Session(engine) as s:
        failed = s.get(User, user.id)
        assert failed.deleted_at is None and failed.deletion_requested_at is not None
        assert failed.first_name == "Malika"  # nothing half-erased was committed
        assert s.get(User, other.id).deleted_at is not None
    monkeypatch.setattr(deletion, "delete_upload", real)
    with Session(engine) as s:
        assert privacy.erase_due_accounts(s, now + dt.timedelta(minutes=1)) == 1
    with Session(engine) as s:
        done = s.get(User, user.id)
        assert done.deleted_at is not None and done.first_name == ""
    assert not _exists(avatar)
    with Session(engine) as s:  # and running again changes nothing
        assert privacy.erase_due_accounts(s, now + dt.timedelta(minutes=2)) == 0


# --- the export link's 24 hours (gap 5) ----------------------------------------------------


def test_the_export_file_and_link_expire_after_24_hours(client, engine, make_user):
    _, headers = make_user()
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    export = client.get(f"{ME}/export", headers=headers).json()["data"]
    assert export["status"] == "READY"
    with Session(engine) as s:
        row = s.exec(select(DataExport)).one()
        ready_at, key = row.finished_at, privacy.export_key(row.file_name)
        assert row.expires_at - ready_at == dt.timedelta(hours=24)
        assert privacy.expire_exports(s, ready_at + dt.timedelta(hours=23)) == 0
        s.commit()
    assert get_storage().exists(key)
    with Session(engine) as s:
        assert privacy.expire_exports(s, ready_at + dt.timedelta(hours=24, minutes=1)) == 1
        s.commit()
        assert s.exec(select(DataExport)).one().status == "EXPIRED"
    assert not get_storage().exists(key)
    assert client.get(export["downloadUrl"]).status_code == 401


# --- a Google-only account confirms with Google (gap 7) ------------------------------------


def test_a_google_only_member_confirms_the_deletion_with_google(client, engine, make_user, google):
    user, headers = make_user(google_sub="google-only-1", password_hash=None)
    with Session(engine) as s:
        assert privacy.confirms_with_google(s, user.id)
    r = client.post(f"{ME}/deletion", headers=headers, json={"password": PASSWORD})
    assert r.status_code == 422 and "googleCredential" in r.json()["data"]["errors"]
    someone_else = google.token(sub="google-other")
    r = client.post(f"{ME}/deletion", headers=headers, json={"googleCredential": someone_else})
    assert r.status_code == 422
    r = client.post(f"{ME}/deletion", headers=headers,
                    json={"googleCredential": google.token(sub="google-only-1")})
    assert r.status_code == 202, r.text
    with Session(engine) as s:
        assert s.get(User, user.id).deletion_requested_at is not None


def test_emails_not_sent_yet_are_dropped_with_the_account(client, engine, make_user):
    from community_app.models import QueuedMail
    from community_app.services import mail_queue
    from tests.api.factories import make_meetup

    user, headers = make_user()
    other, _ = make_user()
    meetup = make_meetup(engine)
    with Session(engine) as s:
        for member in (user, other):
            mail_queue.enqueue(s, "reminder", member, meetup.id, "Reminder", "Body", "en", ref_id=1)
        s.commit()
    _ask_deletion(client, headers, keepContent=True)
    _erase_due(engine)
    with Session(engine) as s:
        assert [m.user_id for m in s.exec(select(QueuedMail))] == [other.id]


# --- issue 39: saved job searches go with the account ---------------------------------------


def test_a_saved_job_searchs_feed_and_unsubscribe_link_answer_404_after_the_erasure(client, engine, make_user):
    """The audit's reproduction: the row (name, filters, keys) stayed and its private feed
    answered 200 after the grace period."""
    user, headers = make_user()
    r = client.post("/api/v1/job-alerts", headers=headers,
                    json={"filters": {"search": "kafka"}, "frequency": "DAILY", "name": "Kafka jobs"})
    assert r.status_code == 201, r.text
    feed = r.json()["data"]["feedUrl"]
    feed = feed[feed.index("/api/v1"):]
    with Session(engine) as s:
        unsubscribe = job_alerts.unsubscribe_api_path(s.exec(select(SavedJobSearch)).one().unsubscribe_token)
    assert client.get(feed).status_code == 200
    _ask_deletion(client, headers)
    _erase_due(engine)
    assert client.get(feed).status_code == 404
    assert client.post(unsubscribe).status_code == 404
    with Session(engine) as s:
        assert s.exec(select(SavedJobSearch)).all() == []


# --- issue 39: one of everything, exported whole, then erased without a trace --------------

EVERYONE_EMAIL = "nigora.everything@example.com"
CHAT_ID = 987_654_321
SPEAKER_FORM = {
    "email": EVERYONE_EMAIL, "fullName": "Nigora Everythingova", "jobPosition": "Data engineer",
    "phone": "01055556666", "yearsOfExperience": "3-5", "expertiseField": "data",
    "topics": "Streams by Nigora", "linkedinUrl": "https://www.linkedin.com/in/nigora-all",
    "githubUrl": "https://github.com/nigora-all", "portfolioUrl": "https://nigora-all.dev",
}


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (16, 12), (20, 90, 200)).save(out, format="PNG")
    return out.getvalue()


def _member_with_everything(client, engine, make_user):
    """Through the REST API where it has a door (registration, waitlist, comment and vote,
    saved search, Telegram chat and sign-in, consents, sign-ins, speaker application with a
    photo, audit entries by an organizer, queued mail and bot messages), through the
    services where only the site has one (profile photo, blog post with a cover), and
    factories for what members do not make themselves (a job post, a review, a digest's
    delivery). Returns the member, headers, what identifies her, the files stored."""
    from tests.api.test_telegram_bot import link
    from tests.telegram_login import signed_payload

    user, headers = make_user(email=EVERYONE_EMAIL, username="nigora_all", first_name="Nigoraxon",
                              last_name="Everythingova", phone="01055556666", verified_at=utcnow(),
                              bio="about Nigoraxon")
    organizer, org_headers = make_user("organizer")
    with Session(engine) as s:
        profile.set_photo(s, user.id, _png())
        profile.set_attendee_name(s, user.id, "Nigora E.")
        post = blogs.save_post(s, user.id, title="Nigora's Seoul story", content="Text",
                               published=True, cover=_png())
        s.commit()
    # sign-ins (a code, a sign-in event, a session)
    assert client.post("/api/v1/auth/login", json={"email": EVERYONE_EMAIL, "password": PASSWORD,
                                                   "ipAddress": "localhost", "deviceType": "web"}).status_code == 200
    assert client.post("/api/v1/auth/verify-login-otp", json={
        "email": EVERYONE_EMAIL, "otp": latest_code(EVERYONE_EMAIL)}).status_code == 200
    # Telegram: the bot's chat (deep link) and the sign-in account (login widget)
    link(client, user, CHAT_ID)
    linked = client.post("/api/v1/users/me/telegram/account", headers=headers,
                         json=signed_payload(telegram_id=CHAT_ID, username="nigora_tg"))
    assert linked.status_code == 200, linked.text
    assert client.put(f"{ME}/consents/news_emails", headers=headers,
                      json={"given": True}).status_code == 200
    # a future registration (mail and a bot message queued), a waitlist, a started meetup
    coming = make_meetup(engine, in_days=10, title="Coming meetup")
    full = make_meetup(engine, in_days=12, title="Full meetup", max_seats=1, available_seats=0)
    started = make_meetup(engine, in_days=-1 / 24, hours=3, title="Started meetup")
    for meetup, what in ((coming, "registration"), (full, "waitlist")):
        r = client.post(f"/api/v1/users/meetups/{meetup.id}/{what}", headers=headers,
                        json={**VALID_REGISTRATION, "expectation": "words of Nigoraxon"})
        assert r.status_code == 201, r.text
    registration = make_registration(engine, user, started)
    r = client.post(f"/api/v1/admin/meetups/{started.id}/registrations/{registration.id}/check-in",
                    headers=org_headers)
    assert r.status_code == 200, r.text
    news = make_news(engine)
    comment = client.post(f"/api/v1/news/{news.id}/comments", headers=headers,
                          json={"comment": "A comment kept or removed"})
    assert comment.status_code == 201, comment.text
    other, other_headers = make_user()
    answer = client.post(f"/api/v1/news/{news.id}/comments/{comment.json()['data']['id']}/replies",
                         headers=other_headers, json={"comment": "An answer", "repliedUsername": "nigora_all"})
    assert answer.status_code == 201, answer.text
    assert client.post(f"/api/v1/news/{news.id}/comments/{answer.json()['data']['id']}/like",
                       headers=headers).status_code == 200
    assert client.post(f"/api/v1/admin/comments/{comment.json()['data']['id']}/hide",
                       headers=org_headers).status_code == 200
    alert = client.post("/api/v1/job-alerts", headers=headers,
                        json={"filters": {"search": "kafka"}, "frequency": "DAILY", "name": "Nigora's jobs"})
    assert alert.status_code == 201, alert.text
    feed = alert.json()["data"]["feedUrl"]
    feed = feed[feed.index("/api/v1"):]
    job = make_job(engine, title="Kafka engineer", posted_by_id=user.id, contact_email=EVERYONE_EMAIL)
    with Session(engine) as s:
        search = s.exec(select(SavedJobSearch).where(SavedJobSearch.user_id == user.id)).one()
        s.add(AlertDelivery(search_id=search.id, job_id=job.id))
        s.commit()
        unsubscribe = job_alerts.unsubscribe_api_path(search.unsubscribe_token)
        secrets_of_hers = [search.feed_token, search.unsubscribe_token] + [
            t.jti for t in s.exec(select(RefreshToken).where(RefreshToken.user_id == user.id))]
    make_review(engine, started, "Nigoraxon Everythingova", user_id=user.id, content="Loved it")
    applied = client.post("/api/v1/speakers/register", data=SPEAKER_FORM,
                          files={"photo": ("me.png", _png(), "image/png")})
    assert applied.status_code == 201, applied.text
    with Session(engine) as s:
        me = s.get(User, user.id)
        [application] = s.exec(select(SpeakerApplication)).all()
        files = {"avatar": public_path_of_url(me.image_url),
                 "cover": public_path_of_url(s.get(BlogPost, post.id).cover_url),
                 "speaker photo": application.photo_path}
        assert all(files.values()) and all(_exists(f) for f in files.values())
        queued = {"mail": s.exec(select(QueuedMail).where(QueuedMail.user_id == user.id)).all(),
                  "telegram": s.exec(select(TelegramMessage).where(TelegramMessage.user_id == user.id)).all()}
        assert all(queued.values()), queued
    # the fourth wave's tables: her speaker profile and its talk, a star and feedback on it,
    # an answer to a registration question, a review she gave as an organizer, the digest's
    # choices and one digest sent
    speaker = make_speaker(engine, started, "Nigoraxon Everythingova", user_id=user.id,
                           bio="about Nigoraxon")
    talk = make_session(engine, started, speaker, "A talk on streams")
    with Session(engine) as s:
        question = RegistrationQuestion(meetup_id=coming.id, kind=QuestionKind.SHORT_TEXT.value,
                                        label_en="Anything else?", label_uz="Yana nimadir?")
        s.add(question)
        s.flush()
        mine = s.exec(select(MeetupRegistration).where(MeetupRegistration.user_id == user.id,
                                                       MeetupRegistration.meetup_id == coming.id)).one()
        s.add_all([
            RegistrationAnswer(registration_id=mine.id, question_id=question.id,
                               value="answer of Nigoraxon"),
            ApplicationReview(application_id=application.id, organizer_id=user.id, score=4,
                              comment="a review by Nigoraxon"),
            TalkStar(user_id=user.id, talk_id=talk.id),
            TalkFeedback(talk_id=talk.id, user_id=user.id, rating=5, comment="Clear and useful"),
            DigestSettings(user_id=user.id, unsubscribe_token=secrets.token_hex(16)),
            DigestSend(user_id=user.id, period="2026-12-07", items=3),
        ])
        s.commit()
    identifying = ["nigora.everything", "nigora_all", "nigora-all", "Nigoraxon", "Everythingova", "01055556666",
                   "nigora_tg", "Nigora E.", "words of Nigoraxon", "Streams by Nigora", "answer of Nigoraxon",
                   "a review by Nigoraxon",
                   str(CHAT_ID), *secrets_of_hers]
    return user, headers, identifying, files, feed, unsubscribe, secrets_of_hers


def _database_text(engine) -> str:
    """Every text value of every row of every table (SQLModel's str columns, Text, JSON)."""
    import sqlalchemy as sa
    from sqlmodel import SQLModel

    kinds = (sa.String, sa.Text, sa.JSON)
    parts = []
    with engine.connect() as conn:
        for table in SQLModel.metadata.sorted_tables:
            columns = [c for c in table.columns if isinstance(c.type, kinds)
                       or isinstance(getattr(c.type, "impl", None), kinds)]
            for row in conn.execute(sa.select(*columns)) if columns else ():
                parts += [f"{table.name}.{c.name}={v}" for c, v in zip(columns, row) if v]
    return "\n".join(parts)


@pytest.mark.parametrize("keep_content", [True, False])
def test_a_member_with_one_of_everything_is_exported_whole_then_erased_without_a_trace(
        client, engine, make_user, telegram, keep_content):
    user, headers, identifying, files, feed, unsubscribe, secrets_of_hers = \
        _member_with_everything(client, engine, make_user)
    assert client.get(feed).status_code == 200

    # exported: a file for every table the classification exports, none empty, no secret
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    url = client.get(f"{ME}/export", headers=headers).json()["data"]["downloadUrl"]
    archive = zipfile.ZipFile(io.BytesIO(client.get(url).content))
    wanted = {spec.export.file for _, spec in personal_data.exports()}
    assert wanted <= set(archive.namelist())
    data = {name: json.loads(archive.read(name)) for name in wanted}
    assert not [name for name, content in data.items() if not content]
    everything = "\n".join(archive.read(n).decode("utf-8", "replace") for n in archive.namelist()
                           if not n.startswith("images/"))
    assert not [s for s in secrets_of_hers if s in everything]
    assert "password_hash" not in data["profile.json"] and "feed_token" not in everything
    assert data["profile.json"]["telegram_username"] == "nigora_tg"
    assert data["profile.json"]["attendee_name"] == "Nigora E."
    assert [a["name"] for a in data["job_alerts.json"]] == ["Nigora's jobs"]
    assert data["job_alert_deliveries.json"][0]["job_title"] == "Kafka engineer"
    assert {r["meetup_title"] for r in data["registrations.json"]} == {"Coming meetup", "Started meetup"}
    assert [w["meetup_title"] for w in data["waitlist.json"]] == ["Full meetup"]
    assert data["speaker_applications.json"][0]["topics"] == "Streams by Nigora"
    assert {c["kind"] for c in data["consents.json"]} >= {"attendee_list", "news_emails"}
    assert "registration.check_in" in {e["action"] for e in data["audit_entries.json"]}
    pictures = {n.removeprefix("images/") for n in archive.namelist() if n.startswith("images/")}
    assert pictures == {PurePosixPath(f).name for f in files.values()}
    summary = archive.read("summary.html").decode()
    assert "Job alerts" in summary and "Nigora&#x27;s jobs" in summary

    # a second export waits in the file store when the account goes
    assert client.post(f"{ME}/export", headers=headers).status_code == 202
    scheduled_tasks.run_due(engine, names=["build-data-exports"])
    with Session(engine) as s:
        waiting = s.exec(select(DataExport).where(DataExport.status == "READY")).one()
        export_file = privacy.export_key(waiting.file_name)
    assert get_storage().exists(export_file)
    before = _database_text(engine)
    assert not [m for m in identifying if m not in before]

    _ask_deletion(client, headers, keepContent=keep_content)
    assert _erase_due(engine) == {"erase-deleted-accounts": "1 accounts erased"}

    after = _database_text(engine)
    left = [m for m in identifying if m.lower() in after.lower()]
    assert not left, [line for line in after.splitlines() if any(m.lower() in line.lower() for m in left)]
    assert client.get(feed).status_code == 404
    assert client.post(unsubscribe).status_code == 404
    assert not [f for f in files.values() if _exists(f)]
    assert not get_storage().exists(export_file)
    assert client.get(f"{ME}/export", headers=headers).status_code == 401  # every session ended
    with Session(engine) as s:
        erased = s.get(User, user.id)
        assert (erased.telegram_id, erased.telegram_chat_id, erased.attendee_name) == (None, None, None)
        assert erased.session_version == 1 and not erased.is_active
        assert s.exec(select(SavedJobSearch)).all() == []
        assert s.exec(select(AlertDelivery)).all() == []
        kept = [c.text for c in s.exec(select(Comment).where(Comment.user_id == user.id))]
    assert kept == (["A comment kept or removed"] if keep_content else [])
    assert ("A comment kept or removed" in after) is keep_content
