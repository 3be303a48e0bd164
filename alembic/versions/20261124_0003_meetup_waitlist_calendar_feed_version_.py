"""meetup waitlist, calendar feed version, no-shows cleared

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 05:05:21.164538
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('meetup_waitlist',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('meetup_id', sa.Integer(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('attendance_reason', sqlmodel.sql.sqltypes.AutoString(length=30), nullable=False),
    sa.Column('interested_field', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('expectation', sa.Text(), nullable=False),
    sa.Column('joined_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('offered_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('offer_expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('closed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.CheckConstraint("attendance_reason IN ('first_time', 'attended_before', 'networking', 'learning', 'job_opportunities', 'others')", name='ck_waitlist_reason'),
    sa.CheckConstraint("interested_field IN ('ai', 'backend', 'frontend', 'ui', 'mobile', 'cloud', 'cyber', 'data')", name='ck_waitlist_field'),
    sa.CheckConstraint("status IN ('WAITING', 'OFFERED', 'CLAIMED', 'DECLINED', 'EXPIRED', 'LEFT')", name='ck_waitlist_status'),
    sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], name=op.f('fk_meetup_waitlist_meetup_id_meetups'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_meetup_waitlist_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_meetup_waitlist'))
    )
    with op.batch_alter_table('meetup_waitlist', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_meetup_waitlist_offer_expires_at'), ['offer_expires_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_meetup_waitlist_user_id'), ['user_id'], unique=False)
        batch_op.create_index('ix_waitlist_meetup_status', ['meetup_id', 'status'], unique=False)
        batch_op.create_index('uq_waitlist_live_user_meetup', ['user_id', 'meetup_id'], unique=True, sqlite_where=sa.text("status IN ('WAITING', 'OFFERED')"), postgresql_where=sa.text("status IN ('WAITING', 'OFFERED')"))

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('calendar_feed_version', sa.Integer(), server_default='1', nullable=False))
        batch_op.add_column(sa.Column('no_shows_cleared_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('no_shows_cleared_at')
        batch_op.drop_column('calendar_feed_version')

    with op.batch_alter_table('meetup_waitlist', schema=None) as batch_op:
        batch_op.drop_index('uq_waitlist_live_user_meetup', sqlite_where=sa.text("status IN ('WAITING', 'OFFERED')"), postgresql_where=sa.text("status IN ('WAITING', 'OFFERED')"))
        batch_op.drop_index('ix_waitlist_meetup_status')
        batch_op.drop_index(batch_op.f('ix_meetup_waitlist_user_id'))
        batch_op.drop_index(batch_op.f('ix_meetup_waitlist_offer_expires_at'))

    op.drop_table('meetup_waitlist')
