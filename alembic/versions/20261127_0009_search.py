"""Site-wide search (search_documents + a full-text index per database), saved job searches
with their digests (saved_job_searches, job_alert_deliveries); mail_queue takes emails about
no meetup (meetup_id nullable), extra headers, and the kind 'job-digest'.

The full-text index (models/search.py INDEX_OBJECTS):
- SQLite: FTS5 table search_fts over search_documents (external content), three triggers;
- PostgreSQL: generated tsvector column terms ('simple' configuration: no stemming, the
  texts are Uzbek, English and Korean) with a GIN index, and title_vec (the title's alone,
  read for the rank).
Content already there is indexed by the scheduler's task 'search-index' (services/search_index.py
reconcile) on its first run after the upgrade.

Revision ID: 0009
Revises: 0007
Create Date: 2026-11-27 00:00:00
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

OLD_KINDS = "'confirmation', 'accepted', 'rejected', 'offer', 'reminder'"
NEW_KINDS = OLD_KINDS + ", 'job-digest'"


def upgrade() -> None:
    op.create_table(
        'search_documents',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('item_id', sa.Integer(), nullable=False),
        # The short columns first: the rank reads them without the long texts' pages.
        sa.Column('dated_at', sa.DateTime(), nullable=False),
        sa.Column('hidden_after', sa.DateTime(), nullable=True),
        sa.Column('indexed_at', sa.DateTime(), nullable=False),
        sa.Column('title', sa.String(length=300), nullable=False),
        sa.Column('title_terms', sa.Text(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.Column('body_terms', sa.Text(), nullable=False),
        sa.CheckConstraint("kind IN ('meetup', 'news', 'job', 'blog')", name='ck_search_documents_kind'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_search_documents')),
        sa.UniqueConstraint('kind', 'item_id', name='uq_search_documents_item'),
    )
    op.create_index(op.f('ix_search_documents_kind'), 'search_documents', ['kind'], unique=False)
    op.create_index('ix_search_documents_rank', 'search_documents',
                    ['id', 'kind', 'dated_at', 'hidden_after'], unique=False)
    if op.get_bind().dialect.name == 'postgresql':
        op.execute(
            "ALTER TABLE search_documents ADD COLUMN terms tsvector GENERATED ALWAYS AS ("
            "setweight(to_tsvector('simple', title_terms), 'A') || "
            "setweight(to_tsvector('simple', body_terms), 'B')) STORED")
        op.execute("CREATE INDEX ix_search_documents_terms ON search_documents USING GIN (terms)")
        op.execute("ALTER TABLE search_documents ADD COLUMN title_vec tsvector GENERATED ALWAYS AS ("
                   "to_tsvector('simple', title_terms)) STORED")
    else:
        op.execute(
            "CREATE VIRTUAL TABLE search_fts USING fts5(title_terms, body_terms, kind, "
            "content='search_documents', content_rowid='id', "
            "tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')")
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

    op.create_table(
        'saved_job_searches',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('filters', sa.JSON(), nullable=False),
        sa.Column('frequency', sa.String(length=10), nullable=False),
        sa.Column('active', sa.Boolean(), nullable=False),
        sa.Column('feed_token', sa.String(length=64), nullable=False),
        sa.Column('unsubscribe_token', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('next_digest_at', sa.DateTime(), nullable=False),
        sa.Column('last_digest_at', sa.DateTime(), nullable=True),
        sa.CheckConstraint("frequency IN ('DAILY', 'WEEKLY')", name='ck_saved_job_searches_frequency'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_saved_job_searches_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_saved_job_searches')),
        sa.UniqueConstraint('feed_token', name=op.f('uq_saved_job_searches_feed_token')),
        sa.UniqueConstraint('unsubscribe_token', name=op.f('uq_saved_job_searches_unsubscribe_token')),
    )
    op.create_index(op.f('ix_saved_job_searches_user_id'), 'saved_job_searches', ['user_id'], unique=False)
    op.create_index('ix_saved_job_searches_due', 'saved_job_searches', ['active', 'next_digest_at'], unique=False)
    op.create_table(
        'job_alert_deliveries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('search_id', sa.Integer(), nullable=False),
        sa.Column('job_id', sa.Integer(), nullable=False),
        sa.Column('digest_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['job_id'], ['job_posts.id'], name=op.f('fk_job_alert_deliveries_job_id_job_posts'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['search_id'], ['saved_job_searches.id'], name=op.f('fk_job_alert_deliveries_search_id_saved_job_searches'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_job_alert_deliveries')),
        sa.UniqueConstraint('search_id', 'job_id', name='uq_job_alert_deliveries_once'),
    )
    op.create_index(op.f('ix_job_alert_deliveries_job_id'), 'job_alert_deliveries', ['job_id'], unique=False)

    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.add_column(sa.Column('headers', sa.Text(), server_default='{}', nullable=False))
        batch_op.alter_column('meetup_id', existing_type=sa.Integer(), nullable=True)
        batch_op.drop_constraint('ck_mail_queue_kind', type_='check')
        batch_op.create_check_constraint('ck_mail_queue_kind', f"kind IN ({NEW_KINDS})")


def downgrade() -> None:
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint('ck_mail_queue_kind', type_='check')
        batch_op.create_check_constraint('ck_mail_queue_kind', f"kind IN ({OLD_KINDS})")
        batch_op.alter_column('meetup_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('headers')
    op.drop_index(op.f('ix_job_alert_deliveries_job_id'), table_name='job_alert_deliveries')
    op.drop_table('job_alert_deliveries')
    op.drop_index('ix_saved_job_searches_due', table_name='saved_job_searches')
    op.drop_index(op.f('ix_saved_job_searches_user_id'), table_name='saved_job_searches')
    op.drop_table('saved_job_searches')
    if op.get_bind().dialect.name != 'postgresql':
        for name in ('insert', 'delete', 'update'):
            op.execute(f"DROP TRIGGER IF EXISTS search_fts_{name}")
        op.execute("DROP TABLE IF EXISTS search_fts")
    op.drop_index('ix_search_documents_rank', table_name='search_documents')
    op.drop_index(op.f('ix_search_documents_kind'), table_name='search_documents')
    op.drop_table('search_documents')
