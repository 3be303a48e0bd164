"""talks and speakers as first-class items (issue 41: programme, talk pages, slides, recordings).

``talks`` (a meetup's programme), ``speaker_profiles`` (one person across meetups, linked to
a member account when the speaker has one) and ``talk_speakers`` (a talk's speakers in
order). The old per-meetup ``speakers`` and ``keynote_sessions`` rows are moved in: one
profile per speaker name (the same name at several meetups is one person, as organizers
typed it), one scheduled talk per session with its speaker (docs/decisions.md, "Talks and
speaker profiles replace keynote sessions").

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def _slug(text: str) -> str:
    """The address part made from a title or name (as services/talks.slug_of makes it)."""
    unquoted = re.sub(r"[\'\u2018\u2019\u02bb\u02bc`]", "", text or "")  # o‘zbek -> ozbek
    ascii_text = unicodedata.normalize("NFKD", unquoted).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:80].strip("-")
    return slug or "talk"


def upgrade() -> None:
    op.create_table(
        'speaker_profiles',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=80), nullable=False),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('job_position', sa.String(length=120), nullable=False),
        sa.Column('company', sa.String(length=120), nullable=False),
        sa.Column('bio', sa.Text(), nullable=False),
        sa.Column('photo_url', sa.String(length=500), nullable=True),
        sa.Column('links', sa.JSON(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('keep_name_after_erasure', sa.Boolean(), server_default=sa.false(),
                  nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='SET NULL',
                                name='fk_speaker_profiles_user_id_users'),
        sa.PrimaryKeyConstraint('id', name='pk_speaker_profiles'),
        sa.UniqueConstraint('user_id', name='uq_speaker_profiles_user_id'),
    )
    op.create_table(
        'talks',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('meetup_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=80), nullable=False),
        sa.Column('title', sa.String(length=200), nullable=False),
        sa.Column('abstract', sa.Text(), nullable=False),
        sa.Column('language', sa.String(length=2), nullable=False),
        sa.Column('level', sa.String(length=12), nullable=False),
        sa.Column('duration_minutes', sa.Integer(), nullable=False),
        sa.Column('starts_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('ends_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('room', sa.String(length=100), nullable=False),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('slides_key', sa.String(length=255), nullable=True),
        sa.Column('slides_url', sa.String(length=500), nullable=True),
        sa.Column('recording_url', sa.String(length=500), nullable=True),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.CheckConstraint("status IN ('draft', 'scheduled', 'cancelled')",
                           name='ck_talks_status'),
        sa.CheckConstraint("language IN ('uz', 'en', 'ko', 'ru')", name='ck_talks_language'),
        sa.CheckConstraint("level IN ('all', 'beginner', 'intermediate', 'advanced')",
                           name='ck_talks_level'),
        sa.CheckConstraint('duration_minutes > 0', name='ck_talks_duration_positive'),
        sa.CheckConstraint('ends_at >= starts_at', name='ck_talks_ends_after_start'),
        sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], ondelete='CASCADE',
                                name='fk_talks_meetup_id_meetups'),
        sa.PrimaryKeyConstraint('id', name='pk_talks'),
    )
    op.create_index('ix_talks_status', 'talks', ['status'])
    op.create_index('ix_talks_meetup_start', 'talks', ['meetup_id', 'starts_at'])
    op.create_table(
        'talk_speakers',
        sa.Column('talk_id', sa.Integer(), nullable=False),
        sa.Column('speaker_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['talk_id'], ['talks.id'], ondelete='CASCADE',
                                name='fk_talk_speakers_talk_id_talks'),
        sa.ForeignKeyConstraint(['speaker_id'], ['speaker_profiles.id'], ondelete='CASCADE',
                                name='fk_talk_speakers_speaker_id_speaker_profiles'),
        sa.PrimaryKeyConstraint('talk_id', 'speaker_id', name='pk_talk_speakers'),
    )
    op.create_index('ix_talk_speakers_speaker_id', 'talk_speakers', ['speaker_id'])
    _move_programmes()
    op.drop_index('ix_keynote_sessions_meetup_id', table_name='keynote_sessions')
    op.drop_table('keynote_sessions')
    op.drop_index('ix_speakers_meetup_id', table_name='speakers')
    op.drop_table('speakers')
    _search_kinds(NEW_KINDS)


OLD_KINDS = "'meetup', 'news', 'job', 'blog'"
NEW_KINDS = OLD_KINDS + ", 'talk'"


def _search_kinds(kinds: str) -> None:
    """search_documents' kinds (talks are found on their own). PostgreSQL changes the
    check; SQLite cannot, so the index (a copy of public content, refilled by the scheduler's
    ``search-index`` reconcile and on the next write) is made again, empty, with its
    full-text triggers."""
    if op.get_bind().dialect.name == 'postgresql':
        op.drop_constraint('ck_search_documents_kind', 'search_documents', type_='check')
        op.create_check_constraint('ck_search_documents_kind', 'search_documents',
                                   f"kind IN ({kinds})")
        return
    op.execute("DELETE FROM search_documents")
    for name in ('insert', 'delete', 'update'):
        op.execute(f"DROP TRIGGER IF EXISTS search_fts_{name}")
    op.drop_index('ix_search_documents_rank', table_name='search_documents')
    op.drop_index('ix_search_documents_kind', table_name='search_documents')
    op.drop_table('search_documents')
    op.create_table(
        'search_documents',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('item_id', sa.Integer(), nullable=False),
        sa.Column('dated_at', sa.DateTime(), nullable=False),
        sa.Column('hidden_after', sa.DateTime(), nullable=True),
        sa.Column('indexed_at', sa.DateTime(), nullable=False),
        sa.Column('title', sa.String(length=300), nullable=False),
        sa.Column('title_terms', sa.Text(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.Column('body_terms', sa.Text(), nullable=False),
        sa.CheckConstraint(f"kind IN ({kinds})", name='ck_search_documents_kind'),
        sa.PrimaryKeyConstraint('id', name='pk_search_documents'),
        sa.UniqueConstraint('kind', 'item_id', name='uq_search_documents_item'),
    )
    op.create_index('ix_search_documents_kind', 'search_documents', ['kind'], unique=False)
    op.create_index('ix_search_documents_rank', 'search_documents',
                    ['id', 'kind', 'dated_at', 'hidden_after'], unique=False)
    op.execute("INSERT INTO search_fts(search_fts) VALUES ('rebuild')")
    op.execute(
        "CREATE TRIGGER search_fts_insert AFTER INSERT ON search_documents BEGIN "
        "INSERT INTO search_fts(rowid, title_terms, body_terms, kind) "
        "VALUES (new.id, new.title_terms, new.body_terms, new.kind); END")
    op.execute(
        "CREATE TRIGGER search_fts_delete AFTER DELETE ON search_documents BEGIN "
        "INSERT INTO search_fts(search_fts, rowid, title_terms, body_terms, kind) "
        "VALUES ('delete', old.id, old.title_terms, old.body_terms, old.kind); END")
    op.execute(
        "CREATE TRIGGER search_fts_update AFTER UPDATE ON search_documents BEGIN "
        "INSERT INTO search_fts(search_fts, rowid, title_terms, body_terms, kind) "
        "VALUES ('delete', old.id, old.title_terms, old.body_terms, old.kind); "
        "INSERT INTO search_fts(rowid, title_terms, body_terms, kind) "
        "VALUES (new.id, new.title_terms, new.body_terms, new.kind); END")


def _move_programmes() -> None:
    """Every old speaker row becomes (or joins, by name) a profile; every keynote session a
    scheduled talk of its meetup with that profile as its speaker."""
    bind = op.get_bind()
    when = sqlmodel.sql.sqltypes.UTCDateTime
    speakers = sa.table('speakers', *(sa.column(c) for c in (
        'id', 'full_name', 'job_position', 'company', 'bio', 'image_url', 'profile_url')))
    sessions = sa.table('keynote_sessions', sa.column('id'), sa.column('meetup_id'),
                        sa.column('speaker_id'), sa.column('subject'),
                        sa.column('starts_at', when()), sa.column('ends_at', when()))
    profiles = sa.table(
        'speaker_profiles', *(sa.column(c) for c in (
            'id', 'slug', 'name', 'job_position', 'company', 'bio', 'photo_url', 'user_id',
            'keep_name_after_erasure')),
        sa.column('links', sa.JSON()), sa.column('created_at', when()),
        sa.column('updated_at', when()))
    talks = sa.table('talks', *(sa.column(c) for c in (
        'id', 'meetup_id', 'slug', 'title', 'abstract', 'language', 'level', 'duration_minutes',
        'room', 'status')), *(sa.column(c, when()) for c in (
            'starts_at', 'ends_at', 'created_at', 'updated_at')))
    links = sa.table('talk_speakers', *(sa.column(c) for c in ('talk_id', 'speaker_id',
                                                               'position')))
    now = dt.datetime.now(dt.timezone.utc)
    profile_of: dict[int, int] = {}  # old speaker id -> profile id
    by_name: dict[str, int] = {}
    for row in bind.execute(sa.select(*speakers.c).order_by(speakers.c.id)).mappings():
        key = " ".join((row["full_name"] or "").split()).casefold()
        if key not in by_name:
            by_name[key] = bind.execute(profiles.insert().values(
                slug=_slug(row["full_name"]), name=row["full_name"],
                job_position=row["job_position"] or "", company=row["company"] or "",
                bio=row["bio"] or "", photo_url=row["image_url"],
                links=[row["profile_url"]] if row["profile_url"] else [],
                user_id=None, keep_name_after_erasure=False, created_at=now, updated_at=now,
            ).returning(profiles.c.id)).scalar_one()
        profile_of[row["id"]] = by_name[key]
    for row in bind.execute(sa.select(*sessions.c).order_by(sessions.c.id)).mappings():
        minutes = max(1, int((row["ends_at"] - row["starts_at"]).total_seconds() // 60))
        talk_id = bind.execute(talks.insert().values(
            meetup_id=row["meetup_id"], slug=_slug(row["subject"]), title=row["subject"],
            abstract="", language='en', level='all', duration_minutes=minutes,
            starts_at=row["starts_at"], ends_at=row["ends_at"], room="", status='scheduled',
            created_at=now, updated_at=now,
        ).returning(talks.c.id)).scalar_one()
        if row["speaker_id"] in profile_of:
            bind.execute(links.insert().values(talk_id=talk_id,
                                               speaker_id=profile_of[row["speaker_id"]],
                                               position=0))


def downgrade() -> None:
    """The old tables again, each talk with a slot a session of its first speaker (a speaker
    row per meetup, as before); drafts, levels, slides and recordings are lost."""
    op.execute("DELETE FROM search_documents WHERE kind = 'talk'")
    _search_kinds(OLD_KINDS)
    op.create_table(
        'speakers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('meetup_id', sa.Integer(), nullable=False),
        sa.Column('full_name', sa.String(length=120), nullable=False),
        sa.Column('job_position', sa.String(length=120), nullable=False),
        sa.Column('company', sa.String(length=120), nullable=False),
        sa.Column('bio', sa.Text(), nullable=False),
        sa.Column('image_url', sa.String(length=500), nullable=True),
        sa.Column('profile_url', sa.String(length=500), nullable=True),
        sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], ondelete='CASCADE',
                                name='fk_speakers_meetup_id_meetups'),
        sa.PrimaryKeyConstraint('id', name='pk_speakers'),
    )
    op.create_index('ix_speakers_meetup_id', 'speakers', ['meetup_id'])
    op.create_table(
        'keynote_sessions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('meetup_id', sa.Integer(), nullable=False),
        sa.Column('speaker_id', sa.Integer(), nullable=True),
        sa.Column('subject', sa.String(length=200), nullable=False),
        sa.Column('starts_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('ends_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.CheckConstraint('ends_at >= starts_at', name='ck_keynote_ends_after_start'),
        sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], ondelete='CASCADE',
                                name='fk_keynote_sessions_meetup_id_meetups'),
        sa.ForeignKeyConstraint(['speaker_id'], ['speakers.id'], ondelete='SET NULL',
                                name='fk_keynote_sessions_speaker_id_speakers'),
        sa.PrimaryKeyConstraint('id', name='pk_keynote_sessions'),
    )
    op.create_index('ix_keynote_sessions_meetup_id', 'keynote_sessions', ['meetup_id'])
    bind = op.get_bind()
    rows = bind.execute(sa.text(
        "SELECT t.id, t.meetup_id, t.title, t.starts_at, t.ends_at, p.name, p.job_position, "
        "p.company, p.bio, p.photo_url FROM talks t LEFT JOIN talk_speakers ts ON "
        "ts.talk_id = t.id AND ts.position = (SELECT MIN(position) FROM talk_speakers x "
        "WHERE x.talk_id = t.id) LEFT JOIN speaker_profiles p ON p.id = ts.speaker_id "
        "WHERE t.starts_at IS NOT NULL AND t.status = 'scheduled' ORDER BY t.id")).all()
    made: dict[tuple[int, str], int] = {}
    for row in rows:
        speaker_id = None
        if row.name is not None:
            key = (row.meetup_id, row.name)
            if key not in made:
                made[key] = bind.execute(sa.text(
                    "INSERT INTO speakers (meetup_id, full_name, job_position, company, bio, "
                    "image_url) VALUES (:m, :n, :j, :c, :b, :i) RETURNING id"),
                    {"m": row.meetup_id, "n": row.name, "j": row.job_position,
                     "c": row.company, "b": row.bio, "i": row.photo_url}).scalar_one()
            speaker_id = made[key]
        bind.execute(sa.text(
            "INSERT INTO keynote_sessions (meetup_id, speaker_id, subject, starts_at, ends_at) "
            "SELECT meetup_id, :s, title, starts_at, ends_at FROM talks WHERE id = :t"),
            {"s": speaker_id, "t": row.id})
    op.drop_index('ix_talk_speakers_speaker_id', table_name='talk_speakers')
    op.drop_table('talk_speakers')
    op.drop_index('ix_talks_meetup_start', table_name='talks')
    op.drop_index('ix_talks_status', table_name='talks')
    op.drop_table('talks')
    op.drop_table('speaker_profiles')
