"""reviews of speaker applications, starred talks and talk feedback (issue 41).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'application_reviews',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('application_id', sa.Integer(), nullable=False),
        sa.Column('organizer_id', sa.Integer(), nullable=False),
        sa.Column('score', sa.Integer(), nullable=False),
        sa.Column('comment', sa.Text(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.CheckConstraint('score BETWEEN 1 AND 5', name='ck_application_reviews_score'),
        sa.ForeignKeyConstraint(['application_id'], ['speaker_applications.id'],
                                name='fk_application_reviews_application_id_speaker_applications',
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['organizer_id'], ['users.id'],
                                name='fk_application_reviews_organizer_id_users',
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name='pk_application_reviews'),
        sa.UniqueConstraint('application_id', 'organizer_id',
                            name='uq_application_reviews_application_organizer'),
    )
    op.create_index('ix_application_reviews_application_id', 'application_reviews',
                    ['application_id'])
    op.create_index('ix_application_reviews_organizer_id', 'application_reviews',
                    ['organizer_id'])

    op.create_table(
        'talk_stars',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('talk_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name='fk_talk_stars_user_id_users',
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['talk_id'], ['talks.id'], name='fk_talk_stars_talk_id_talks',
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name='pk_talk_stars'),
        sa.UniqueConstraint('user_id', 'talk_id', name='uq_talk_stars_user_talk'),
    )
    op.create_index('ix_talk_stars_user_id', 'talk_stars', ['user_id'])
    op.create_index('ix_talk_stars_talk_id', 'talk_stars', ['talk_id'])

    op.create_table(
        'talk_feedback',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('talk_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('rating', sa.Integer(), nullable=False),
        sa.Column('comment', sa.Text(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.CheckConstraint('rating BETWEEN 1 AND 5', name='ck_talk_feedback_rating'),
        sa.ForeignKeyConstraint(['talk_id'], ['talks.id'], name='fk_talk_feedback_talk_id_talks',
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name='fk_talk_feedback_user_id_users',
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name='pk_talk_feedback'),
        sa.UniqueConstraint('talk_id', 'user_id', name='uq_talk_feedback_talk_user'),
    )
    op.create_index('ix_talk_feedback_talk_id', 'talk_feedback', ['talk_id'])
    op.create_index('ix_talk_feedback_user_id', 'talk_feedback', ['user_id'])

    with op.batch_alter_table('speaker_applications') as batch:
        batch.add_column(sa.Column('talk_id', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('confirmed_at', sqlmodel.sql.sqltypes.UTCDateTime(),
                                   nullable=True))
        batch.create_foreign_key('fk_speaker_applications_talk_id_talks', 'talks',
                                 ['talk_id'], ['id'], ondelete='SET NULL')


def downgrade() -> None:
    with op.batch_alter_table('speaker_applications') as batch:
        batch.drop_constraint('fk_speaker_applications_talk_id_talks', type_='foreignkey')
        batch.drop_column('confirmed_at')
        batch.drop_column('talk_id')
    op.drop_index('ix_talk_feedback_user_id', table_name='talk_feedback')
    op.drop_index('ix_talk_feedback_talk_id', table_name='talk_feedback')
    op.drop_table('talk_feedback')
    op.drop_index('ix_talk_stars_talk_id', table_name='talk_stars')
    op.drop_index('ix_talk_stars_user_id', table_name='talk_stars')
    op.drop_table('talk_stars')
    op.drop_index('ix_application_reviews_organizer_id', table_name='application_reviews')
    op.drop_index('ix_application_reviews_application_id', table_name='application_reviews')
    op.drop_table('application_reviews')
