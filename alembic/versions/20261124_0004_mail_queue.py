"""mail queue: the meetup emails, claimed once and retried

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 08:00:00
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('mail_queue',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('meetup_id', sa.Integer(), nullable=False),
    sa.Column('ref_id', sa.Integer(), nullable=False),
    sa.Column('to_address', sqlmodel.sql.sqltypes.AutoString(length=320), nullable=False),
    sa.Column('lang', sqlmodel.sql.sqltypes.AutoString(length=5), nullable=False),
    sa.Column('subject', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('attachments', sa.Text(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('claimed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('last_error', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.CheckConstraint("kind IN ('confirmation', 'accepted', 'rejected', 'offer', 'reminder')", name='ck_mail_queue_kind'),
    sa.CheckConstraint("status IN ('PENDING', 'SENDING', 'SENT', 'FAILED')", name='ck_mail_queue_status'),
    sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], name=op.f('fk_mail_queue_meetup_id_meetups'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_mail_queue_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_queue')),
    sa.UniqueConstraint('kind', 'user_id', 'meetup_id', 'ref_id', name='uq_mail_queue_once'),
    )
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.create_index('ix_mail_queue_status_next', ['status', 'next_attempt_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_mail_queue_user_id'), ['user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mail_queue_user_id'))
        batch_op.drop_index('ix_mail_queue_status_next')
    op.drop_table('mail_queue')
