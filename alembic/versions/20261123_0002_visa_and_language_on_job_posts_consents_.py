"""visa and language on job posts, consents, login history, data exports, account deletion, scheduler

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 18:37:32.497692
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('scheduled_tasks',
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('next_run_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('last_run_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('last_result', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_scheduled_tasks'))
    )
    op.create_table('data_exports',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('progress', sa.Integer(), nullable=False),
    sa.Column('requested_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('claimed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('finished_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('downloaded_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('file_name', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True),
    sa.CheckConstraint("status IN ('PENDING', 'RUNNING', 'READY', 'DOWNLOADED', 'EXPIRED', 'FAILED')", name='ck_data_exports_status'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_data_exports_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_data_exports'))
    )
    with op.batch_alter_table('data_exports', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_data_exports_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_data_exports_user_id'), ['user_id'], unique=False)

    op.create_table('login_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('user_agent', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('method', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.CheckConstraint("method IN ('password', 'google')", name='ck_login_events_method'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_login_events_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_login_events'))
    )
    with op.batch_alter_table('login_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_events_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_login_events_user_id'), ['user_id'], unique=False)

    op.create_table('consents',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('meetup_id', sa.Integer(), nullable=True),
    sa.Column('given_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.CheckConstraint("kind IN ('terms', 'privacy', 'attendee_list')", name='ck_consents_kind'),
    sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], name=op.f('fk_consents_meetup_id_meetups'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_consents_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_consents'))
    )
    with op.batch_alter_table('consents', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_consents_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('job_posts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('visas', sa.JSON(), nullable=False, server_default='[]'))
        batch_op.add_column(sa.Column('visa_sponsorship', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('korean_level', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=True))
        batch_op.add_column(sa.Column('working_languages', sa.JSON(), nullable=False, server_default='[]'))
        batch_op.create_check_constraint(
            'ck_job_posts_korean_level',
            "korean_level IN ('NONE', 'TOPIK_1', 'TOPIK_2', 'TOPIK_3', 'TOPIK_4', 'TOPIK_5', 'TOPIK_6', 'BUSINESS')",
        )

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('visa_status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=True))
        batch_op.add_column(sa.Column('deletion_requested_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('deletion_keeps_content', sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column('deleted_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column('verified_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
    # Accounts made before this version count as verified: only new sign-ups can expire.
    op.execute("UPDATE users SET verified_at = joined_at")



def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('verified_at')
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('deletion_keeps_content')
        batch_op.drop_column('deletion_requested_at')
        batch_op.drop_column('visa_status')

    with op.batch_alter_table('job_posts', schema=None) as batch_op:
        batch_op.drop_constraint('ck_job_posts_korean_level', type_='check')
        batch_op.drop_column('working_languages')
        batch_op.drop_column('korean_level')
        batch_op.drop_column('visa_sponsorship')
        batch_op.drop_column('visas')

    with op.batch_alter_table('consents', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_consents_user_id'))

    op.drop_table('consents')
    with op.batch_alter_table('login_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_events_user_id'))
        batch_op.drop_index(batch_op.f('ix_login_events_at'))

    op.drop_table('login_events')
    with op.batch_alter_table('data_exports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_data_exports_user_id'))
        batch_op.drop_index(batch_op.f('ix_data_exports_status'))

    op.drop_table('data_exports')
    op.drop_table('scheduled_tasks')
