"""the personal digest: choices per member and the sends queue (issue 44).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
import sqlmodel  # noqa: F401
from alembic import op  # noqa: F401


revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None

OLD_KINDS = "'confirmation', 'accepted', 'rejected', 'offer', 'reminder', 'job-digest', 'stream'"
NEW_KINDS = OLD_KINDS + ", 'digest'"


def upgrade() -> None:
    op.create_table(
        'digest_settings',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('frequency', sa.String(length=10), nullable=False),
        sa.Column('hour', sa.Integer(), nullable=False),
        sa.Column('by_email', sa.Boolean(), nullable=False),
        sa.Column('by_telegram', sa.Boolean(), nullable=False),
        sa.Column('only_if_away', sa.Boolean(), nullable=False),
        sa.Column('korean_level', sa.String(length=10), nullable=True),
        sa.Column('unsubscribe_token', sa.String(length=64), nullable=False),
        sa.Column('next_digest_at', sa.DateTime(), nullable=False),
        sa.Column('last_digest_at', sa.DateTime(), nullable=True),
        sa.CheckConstraint("frequency IN ('DAILY', 'WEEKLY', 'MONTHLY', 'NEVER')",
                           name='ck_digest_settings_frequency'),
        sa.CheckConstraint('hour >= 0 AND hour <= 23', name='ck_digest_settings_hour'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_digest_settings_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_digest_settings')),
        sa.UniqueConstraint('unsubscribe_token', name=op.f('uq_digest_settings_unsubscribe_token')),
    )
    op.create_index('ix_digest_settings_due', 'digest_settings', ['next_digest_at'], unique=False)
    op.create_table(
        'digest_sends',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('period', sa.String(length=20), nullable=False),
        sa.Column('sent_at', sa.DateTime(), nullable=False),
        sa.Column('items', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_digest_sends_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_digest_sends')),
        sa.UniqueConstraint('user_id', 'period', name='uq_digest_sends_once'),
    )
    op.create_index(op.f('ix_digest_sends_user_id'), 'digest_sends', ['user_id'], unique=False)
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.add_column(sa.Column('html', sa.Text(), server_default='', nullable=False))
        batch_op.drop_constraint('ck_mail_queue_kind', type_='check')
        batch_op.create_check_constraint('ck_mail_queue_kind', f"kind IN ({NEW_KINDS})")


def downgrade() -> None:
    op.execute("DELETE FROM mail_queue WHERE kind = 'digest'")
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint('ck_mail_queue_kind', type_='check')
        batch_op.create_check_constraint('ck_mail_queue_kind', f"kind IN ({OLD_KINDS})")
        batch_op.drop_column('html')
    op.drop_index(op.f('ix_digest_sends_user_id'), table_name='digest_sends')
    op.drop_table('digest_sends')
    op.drop_index('ix_digest_settings_due', table_name='digest_settings')
    op.drop_table('digest_settings')
