"""Erasure and export derived from the models (issues 27 and 39): one classification,
``personal_data.TABLES``, covers every table and every column of every model (a test fails
on one it does not cover, and on one it names that does not exist); after the grace period
nothing in the database identifies the erased member (one member who left data in every
table the classification gives an owner, then the whole database searched), and the same
member's export holds a file for every exported table, without secrets."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
import sqlalchemy as sa
from sqlmodel import Session, SQLModel, select

import community_app.models  # noqa: F401 - every table registered
from community_app.core.db import utcnow
from community_app.models import (
    AccountToken, AlertDelivery, AuditEntry, BlogPost, Consent, DataExport, LoginCode,
    LoginEvent, PasswordResetRequest, QueuedMail, RefreshToken, SavedJobSearch, SpeakerApplication, TelegramMessage,
    SpeakerProfile, User, WaitlistEntry,
)
from community_app.models import ApplicationReview, Talk, TalkFeedback, TalkStar
from community_app.models import RegistrationAnswer, RegistrationQuestion
from community_app.models import DigestSend, DigestSettings
from community_app.services import audit, privacy
from community_app.services.admin import comments as admin_comments
from community_app.services.admin import speakers as admin_speakers
from community_app.services.meetups import admin_registrations, attendance, door
from community_app.services.meetups.ticket_codes import ticket_code
from community_app.services.privacy import classification, deletion, export, personal_data
from community_app.services.privacy.classification import (
    CONTENT, DELETE, ERASE_RULES, KEEP, UNCHANGED, Member,
)
from community_app.services.privacy.personal_data import TABLES
from tests.api.factories import (
    insert, make_comment, make_job, make_meetup, make_member, make_news, make_registration,
    make_review, make_vote,
)

TEXT_TYPES = (sa.String, sa.Text, sa.JSON)


def _is_text(column: sa.Column) -> bool:
    """A column that can hold a name, an email, a phone or free text (SQLModel's ``str``
    fields are AutoString, a decorator around String)."""
    kind = column.type
    return isinstance(kind, TEXT_TYPES) or isinstance(getattr(kind, "impl", None), TEXT_TYPES)


# --- the classification covers every table and column, and names only real ones ------------


def unclassified(metadata: sa.MetaData) -> list[str]:
    """Tables and columns of ``metadata`` the classification does not cover."""
    missing = []
    for table in metadata.sorted_tables:
        if table.name not in TABLES:
            missing.append(table.name)
            continue
        missing += [f"{table.name}.{c.name}" for c in table.columns
                    if c.name not in TABLES[table.name].columns]
    return missing


def named_but_missing(metadata: sa.MetaData) -> list[str]:
    """What the classification names that no model has: tables, columns, owner and link
    columns, the tables and columns an export's titles read."""
    tables = metadata.tables
    stale = []
    for name, spec in TABLES.items():
        if name not in tables:
            stale.append(name)
            continue
        columns = set(tables[name].columns.keys())
        stale += [f"{name}.{c}" for c in spec.columns if c not in columns]
        named = [*(spec.owner.columns if spec.owner else ()), *spec.links]
        if spec.export:
            named += [column for _key, column, _target in spec.export.titles]
            for _key, _column, target in spec.export.titles:
                other, other_column = target.split(".")
                if other not in tables or other_column not in tables[other].columns:
                    stale.append(target)
        stale += [f"{name}.{c} (named)" for c in named if c not in columns]
        if isinstance(spec.owner, classification.Through) and spec.owner.parent not in TABLES:
            stale.append(spec.owner.parent)
    return stale


def test_every_table_and_every_column_of_every_model_is_classified():
    missing = unclassified(SQLModel.metadata)
    assert not missing, (
        "tables or columns not in services/privacy/personal_data.py TABLES (add them to its part, "
        "services/privacy/tables_*.py: say how they relate to a member, what erasure does and "
        f"whether the export carries them): {missing}")


def test_the_classification_names_no_table_or_column_that_does_not_exist():
    stale = named_but_missing(SQLModel.metadata)
    assert not stale, f"named in personal_data.py but not in any model: {stale}"


def test_both_checks_fail_on_a_new_table_or_column_and_on_a_stale_name():
    """The two checks above can fail: a model with a new column and a new table is caught,
    and so is a classified column the model lost."""
    grown = sa.MetaData()
    for table in SQLModel.metadata.sorted_tables:
        table.to_metadata(grown)
    grown.tables["users"].append_column(sa.Column("nickname", sa.String(50)))
    sa.Table("member_notes", grown, sa.Column("id", sa.Integer, primary_key=True))
    assert unclassified(grown) == ["member_notes", "users.nickname"]
    shrunk = sa.MetaData()
    for table in SQLModel.metadata.sorted_tables:
        if table.name != "saved_job_searches":
            table.to_metadata(shrunk)
    assert "saved_job_searches" in named_but_missing(shrunk)


def test_every_column_pointing_at_a_member_is_an_owner_or_a_named_link():
    for table in SQLModel.metadata.sorted_tables:
        spec = TABLES[table.name]
        to_users = {c.name for c in table.columns
                    if any(fk.column.table.name == "users" for fk in c.foreign_keys)}
        named = set(spec.owner.columns if spec.owner else ()) | set(spec.links)
        assert to_users <= named, (table.name, to_users - named)


def test_every_rule_is_known_explained_and_possible():
    for name, spec in TABLES.items():
        assert spec.erase in ERASE_RULES, name
        assert len(spec.why) > 10 and len(spec.about) > 5, name
        if spec.owner is None:
            assert spec.erase == KEEP and spec.export is None, name  # no member's rows
        if spec.export is None:
            assert len(spec.no_export) > 10, name
        if isinstance(spec.owner, classification.Email):  # typed by anyone: not proof
            assert spec.export is None, name
        for column, rule in spec.columns.items():
            assert len(rule.why) > 10, (name, column)
            if rule.erase is not UNCHANGED:
                assert spec.erase in (classification.ANONYMISE, CONTENT), (
                    f"{name}.{column}: an erase value on a table whose rows are not kept")
            if rule.when_own:
                assert rule.when_own in {f.name for f in dataclasses.fields(Member)}
            assert rule.stored in (None, *classification.PICTURES, classification.EXPORT_FILE)


def test_every_step_and_builder_named_is_written_and_every_one_written_is_named():
    assert sorted(personal_data.erasure_steps()) == sorted(deletion.STEPS)
    builders = {spec.export.builder for _, spec in personal_data.exports() if spec.export.builder}
    assert builders == set(export.BUILDERS)


def test_secrets_are_never_exported():
    """A hash, a token or a file's secret name would be a second key in a ZIP file."""
    for name, spec in TABLES.items():
        for column, rule in spec.columns.items():
            if any(word in column for word in ("hash", "token", "jti", "family_id")) or \
                    rule.stored == classification.EXPORT_FILE:
                assert not rule.export, f"{name}.{column} is a secret"
    files = [spec.export.file for _, spec in personal_data.exports()]
    assert len(files) == len(set(files))


def test_the_summary_shows_only_what_the_export_holds():
    for name, spec in personal_data.exports():
        if spec.export.builder:
            continue
        keys = {c for c, rule in spec.columns.items() if rule.export}
        keys |= {key for key, _column, _target in spec.export.titles}
        shown = {key for key, _label in spec.export.summary}
        assert shown <= keys, (name, shown - keys)


# --- the member who left data everywhere --------------------------------------------------

EMAIL = "zarina.erase@example.com"
FEED_TOKEN, UNSUBSCRIBE_TOKEN = "feed-token-of-zarina-123", "unsubscribe-token-of-zarina-456"
IDENTIFYING = ("zarina.erase", "Zarinaqiz", "Toshmatovaqiz", "01077778888", "zarina_erase",
               "my secret bio", "waitlist words", "registration words", "release-token-xyz",
               "Kafka talk by Zarina", "zarina_tg", "Zarina T.", FEED_TOKEN, UNSUBSCRIBE_TOKEN,
               "Zarina's Kafka jobs", "203.0.113.77", "Zarina's phone", "chat-of-zarina-777")


def _organizer(engine) -> User:
    return make_member(engine, role="organizer")


def _erase(engine, user_id: int, keep_content: bool = True) -> None:
    with Session(engine) as s:
        user = s.get(User, user_id)
        user.deletion_requested_at = utcnow() - dt.timedelta(days=8)
        user.deletion_keeps_content = keep_content
        s.add(user)
        s.commit()
    with Session(engine) as s:
        assert privacy.erase_due_accounts(s, utcnow()) == 1


def _database_text(engine) -> str:
    """Every text value of every row of every table, as one string."""
    parts = []
    with engine.connect() as conn:
        for table in SQLModel.metadata.sorted_tables:
            columns = [c for c in table.columns if _is_text(c)]
            if not columns:
                continue
            for row in conn.execute(sa.select(*columns)):
                parts += [f"{table.name}.{c.name}={v}" for c, v in zip(columns, row) if v]
    return "\n".join(parts)


def _rows_of(engine, member: Member) -> dict[str, int]:
    """How many rows of each table with an owner are the member's."""
    counts = {}
    with engine.connect() as conn:
        for name, spec in TABLES.items():
            if spec.owner is not None:
                table = classification.sa_table(name)
                counts[name] = conn.execute(sa.select(sa.func.count()).select_from(table)
                                            .where(spec.rows_of(table, member))).scalar_one()
    return counts


def _sent_mail(engine, user: User, meetup_id: int, body: str, *, kind: str = "reminder",
               sent_at: dt.datetime | None = None) -> QueuedMail:
    row = QueuedMail(kind=kind, user_id=user.id, meetup_id=meetup_id, to_address=user.email,
                     subject=f"Reminder for {user.first_name}", body=body, status="SENT",
                     sent_at=sent_at or utcnow(), attachments='[{"render": "ticket", "args": {}}]')
    insert(engine, row)
    return row


@pytest.fixture
def zarina(engine):
    return make_member(engine, email=EMAIL, username="zarina_erase", first_name="Zarinaqiz",
                       last_name="Toshmatovaqiz", phone="01077778888", bio="my secret bio",
                       verified_at=utcnow(), telegram_id=777000111, telegram_username="zarina_tg",
                       telegram_chat_id=777000111, attendee_name="Zarina T.")


def _everywhere(engine, zarina: User) -> None:
    """Zarina leaves a row in every table the classification gives an owner (the test
    checks it covers them all), and organizers act about her."""
    organizer, other = _organizer(engine), make_member(engine)
    now = utcnow()
    started = make_meetup(engine, in_days=-1 / 24, hours=3, title="Started meetup",
                          organizer_id=zarina.id)
    full = make_meetup(engine, in_days=5, title="Full meetup")
    registration = make_registration(engine, zarina, started, expectation="registration words")
    insert(engine, WaitlistEntry(user_id=zarina.id, meetup_id=full.id, attendance_reason="learning",
                                 interested_field="ai", expectation="waitlist words"))
    question = RegistrationQuestion(meetup_id=started.id, kind="SHORT_TEXT", label_en="Laptop?",
                                    label_uz="Noutbuk?")  # issue 45: her answer is hers
    insert(engine, question)
    insert(engine, RegistrationAnswer(registration_id=registration.id, question_id=question.id,
                                      value='"answer words"'))
    news = make_news(engine, author_id=zarina.id)
    comment = make_comment(engine, news, zarina, "A kept comment")
    answer = make_comment(engine, news, other, "An answer", replied_username="zarina_erase",
                          parent_id=comment.id)
    make_vote(engine, answer, zarina, 1)
    job = make_job(engine, posted_by_id=zarina.id, contact_email=EMAIL, contact_phone="01077778888")
    search = SavedJobSearch(user_id=zarina.id, name="Zarina's Kafka jobs",
                            filters={"search": "kafka"}, feed_token=FEED_TOKEN,
                            unsubscribe_token=UNSUBSCRIBE_TOKEN)
    insert(engine,
           BlogPost(author_id=zarina.id, title="Kept post", content="Kept text", status="PUBLISHED"),
           LoginEvent(user_id=zarina.id, address="203.0.113.77", user_agent="Zarina's phone"),
           LoginCode(user_id=zarina.id, code_hash="hash-of-code", expires_at=now),
           RefreshToken(user_id=zarina.id, jti="jti-of-zarina", family_id="family-of-zarina",
                        expires_at=now),
           AccountToken(user_id=zarina.id, purpose="password_reset", token_hash="hash-of-link",
                        expires_at=now),
           Consent(user_id=zarina.id, kind="attendee_list", meetup_id=started.id),
           DataExport(user_id=zarina.id, status="READY", file_name="zarina.zip"),
           TelegramMessage(key="member:confirmation:zarina", chat_id="chat-of-zarina-777",
                           user_id=zarina.id, text="Your ticket, Zarinaqiz", status="SENT"),
           search,
           PasswordResetRequest(email=EMAIL),
           SpeakerProfile(user_id=zarina.id, slug="zarinaqiz-toshmatovaqiz",
                          name="Zarinaqiz Toshmatovaqiz", bio="my secret bio",
                          links=["https://github.com/zarina_erase"]),
           SpeakerApplication(email=EMAIL, full_name="Zarinaqiz Toshmatovaqiz",
                              job_position="Engineer", phone="01077778888",
                              years_of_experience="3-5", expertise_field="data",
                              topics="Kafka talk by Zarina", linkedin_url="", github_url="",
                              portfolio_url=""))
    insert(engine, AlertDelivery(search_id=search.id, job_id=job.id))
    insert(engine, DigestSettings(user_id=zarina.id, unsubscribe_token="digest-unsub-zarina"),
           DigestSend(user_id=zarina.id, period="2026-12-07", items=3))  # issue 44
    make_review(engine, started, "Zarinaqiz Toshmatovaqiz", user_id=zarina.id, content="Good")
    talk = Talk(meetup_id=started.id, slug="kept-talk", title="A kept talk")  # issue 41
    insert(engine, talk)
    someone_else = SpeakerApplication(  # reviewed by her as an organizer: kept
        email="other.applicant@example.com", full_name="Other Applicant", job_position="Dev",
        phone="01011112222", years_of_experience="3-5", expertise_field="data",
        topics="Another talk", linkedin_url="", github_url="", portfolio_url="")
    insert(engine, someone_else)
    insert(engine, TalkStar(user_id=zarina.id, talk_id=talk.id),
           TalkFeedback(user_id=zarina.id, talk_id=talk.id, rating=4, comment="Kept feedback"),
           ApplicationReview(organizer_id=zarina.id, application_id=someone_else.id, score=3,
                             comment="A review by Zarina"))
    _sent_mail(engine, zarina, started.id, "Release your seat: /release?token=release-token-xyz")
    with Session(engine) as s:  # an organizer's actions about her
        admin_registrations.check_in(s, organizer.id, started.id, registration.id)
        door.sync_check_ins(s, organizer.id, started.id, "door-zarina-phone",
                            [(ticket_code(registration.id), utcnow())])
        attendance.clear_no_shows(s, organizer.id, zarina.id)
        admin_comments.hide_comment(s, organizer.id, comment.id)
        application = s.exec(select(SpeakerApplication).where(SpeakerApplication.email == EMAIL)).one()
        admin_speakers.change_status(s, organizer.id, application.id, "IN_REVIEW")
        # written before audit entries named their member
        audit.record(s, organizer.id, "registration.accept", "meetup", started.id,
                     f"Zarinaqiz Toshmatovaqiz <{EMAIL}>")
        s.commit()


def test_after_the_grace_period_nothing_in_the_database_identifies_the_member(engine, zarina):
    _everywhere(engine, zarina)
    member = classification.member_of(zarina)
    before = _rows_of(engine, member)
    assert not [name for name, count in before.items() if not count], (
        "the member left no row in these tables: add one to _everywhere")
    text = _database_text(engine)
    assert all(marker in text for marker in IDENTIFYING)

    _erase(engine, zarina.id, keep_content=True)

    after = _database_text(engine)
    left = [marker for marker in IDENTIFYING if marker.lower() in after.lower()]
    assert not left, [line for line in after.splitlines()
                      if any(m.lower() in line.lower() for m in left)]
    assert "A kept comment" in after and "Kept text" in after  # kept, as she chose
    rows = _rows_of(engine, member)
    for name, spec in TABLES.items():  # the rule of each table, as classified
        if spec.erase == DELETE:
            assert rows[name] == 0, name
        elif spec.owner is not None:
            assert rows[name] == before[name], name  # kept (anonymised or as they are)
    with Session(engine) as s:
        erased = s.get(User, zarina.id)
        assert (erased.telegram_id, erased.telegram_username, erased.telegram_chat_id,
                erased.attendee_name) == (None, None, None, None)
        assert erased.session_version == zarina.session_version + 1
        assert erased.calendar_feed_version == zarina.calendar_feed_version + 1
        assert erased.password_hash is None and not erased.is_active


def test_removing_content_deletes_the_rows_classified_as_content(engine, zarina):
    _everywhere(engine, zarina)
    member = classification.member_of(zarina)
    _erase(engine, zarina.id, keep_content=False)
    rows = _rows_of(engine, member)
    for name, spec in TABLES.items():
        if spec.erase in (DELETE, CONTENT):
            assert rows[name] == 0, name
    assert "A kept comment" not in _database_text(engine)


def test_the_export_holds_every_exported_table_and_no_secret(engine, zarina):
    _everywhere(engine, zarina)
    with Session(engine) as s:
        data = privacy.collect_member_data(s, zarina.id)
    files = {spec.export.file: (name, spec) for name, spec in personal_data.exports()}
    assert set(data) == set(files)
    empty = [file for file, content in data.items() if not content]
    assert not empty, f"nothing of the member in {empty}"
    for file, (name, spec) in files.items():
        if spec.export.builder:
            continue
        rows = [data[file]] if spec.export.one else data[file]
        exported = {c for c, rule in spec.columns.items() if rule.export}
        secret = set(spec.columns) - exported
        for row in rows:
            assert exported <= set(row), (file, exported - set(row))
            assert not secret & set(row), (file, secret & set(row))
    text = repr(data)
    for secret in ("hash-of-code", "hash-of-link", "jti-of-zarina", FEED_TOKEN, UNSUBSCRIBE_TOKEN,
                   "zarina.zip", "release-token-xyz"):
        assert secret not in text
    assert data["job_alerts.json"][0]["name"] == "Zarina's Kafka jobs"
    assert data["profile.json"]["telegram_username"] == "zarina_tg"
    assert "password_hash" not in data["profile.json"]


def test_a_speaker_application_is_hers_only_once_her_email_is_verified(engine):
    """Typing an address into the speaker form proves nothing: a member who never proved
    the address neither sees nor erases an application sent with it."""
    unproved = make_member(engine, email="not.proved@example.com", verified_at=None)
    insert(engine, SpeakerApplication(
        email="not.proved@example.com", full_name="Someone Else", job_position="Engineer",
        phone="01011112222", years_of_experience="3-5", expertise_field="data",
        topics="Their talk", linkedin_url="", github_url="", portfolio_url=""))
    with Session(engine) as s:
        assert privacy.collect_member_data(s, unproved.id)["speaker_applications.json"] == []
    _erase(engine, unproved.id)
    with Session(engine) as s:
        assert [a.full_name for a in s.exec(select(SpeakerApplication))] == ["Someone Else"]


# --- the three leftovers of issue 27, one table each ---------------------------------------


def test_audit_log_details_about_the_member_are_blanked(engine, zarina):
    organizer = _organizer(engine)
    meetup = make_meetup(engine, in_days=-1 / 24, hours=3)
    registration = make_registration(engine, zarina, meetup)
    other = make_member(engine, first_name="Otabek")
    other_registration = make_registration(engine, other, meetup)
    with Session(engine) as s:
        admin_registrations.check_in(s, organizer.id, meetup.id, registration.id)
        admin_registrations.check_in(s, organizer.id, meetup.id, other_registration.id)
        s.commit()
    with Session(engine) as s:
        details = [e.detail for e in s.exec(select(AuditEntry).order_by(AuditEntry.id))]
    assert details == [f"Zarinaqiz Toshmatovaqiz <{EMAIL}>", f"Otabek <{other.email}>"]
    _erase(engine, zarina.id)
    with Session(engine) as s:
        entries = s.exec(select(AuditEntry).where(AuditEntry.action == "registration.check_in")
                         .order_by(AuditEntry.id)).all()
    assert [e.detail for e in entries][0] == ""
    assert other.email in entries[1].detail  # another member's entry is untouched
    assert all(EMAIL not in e.detail and "Zarinaqiz" not in e.detail for e in entries)


def test_waitlist_expectation_is_blanked(engine, zarina):
    meetup = make_meetup(engine, in_days=5)
    other = make_member(engine)
    for member, words in ((zarina, "waitlist words"), (other, "someone else's words")):
        insert(engine, WaitlistEntry(user_id=member.id, meetup_id=meetup.id,
                                     attendance_reason="learning", interested_field="ai",
                                     expectation=words))
    _erase(engine, zarina.id)
    with Session(engine) as s:
        rows = {e.user_id: e.expectation for e in s.exec(select(WaitlistEntry))}
    assert rows == {zarina.id: "", other.id: "someone else's words"}


def test_sent_mail_of_the_member_is_deleted_with_the_account(engine, zarina):
    meetup = make_meetup(engine, in_days=-3)
    other = make_member(engine)
    _sent_mail(engine, zarina, meetup.id, "token=release-token-xyz")
    _sent_mail(engine, other, meetup.id, "their reminder")
    _erase(engine, zarina.id)
    with Session(engine) as s:
        rows = s.exec(select(QueuedMail)).all()
    assert [(r.user_id, r.body) for r in rows] == [(other.id, "their reminder")]


def test_sent_mail_is_emptied_after_the_retention_and_not_before(engine, zarina):
    meetup = make_meetup(engine, in_days=-40)
    now = utcnow()
    old = _sent_mail(engine, zarina, meetup.id, "old token=abc",
                     sent_at=now - dt.timedelta(days=privacy.SENT_MAIL_RETENTION_DAYS, hours=1))
    recent = _sent_mail(engine, zarina, meetup.id, "recent", kind="confirmation",
                        sent_at=now - dt.timedelta(days=privacy.SENT_MAIL_RETENTION_DAYS - 1))
    with Session(engine) as s:
        assert privacy.purge_sent_mail(s, now) == 1
        s.commit()
    with Session(engine) as s:
        emptied, kept = s.get(QueuedMail, old.id), s.get(QueuedMail, recent.id)
    assert (emptied.to_address, emptied.subject, emptied.body, emptied.attachments) == ("", "", "", "[]")
    assert emptied.status == "SENT"  # its key stays: never sent twice
    assert (kept.to_address, kept.body) == (EMAIL, "recent")
    with Session(engine) as s:
        assert privacy.purge_sent_mail(s, now) == 0  # nothing twice


def test_purging_sent_mail_is_a_scheduled_task(engine):
    from community_app.services import scheduled_tasks

    assert scheduled_tasks.run_due(engine, names=["purge-sent-mail"]) == {
        "purge-sent-mail": "0 sent emails emptied"}
    assert scheduled_tasks.run_due(engine, names=["purge-sent-mail"]) == {}  # hourly
