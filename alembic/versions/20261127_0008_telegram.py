"""telegram: the bot's message queue, used login-widget payloads, members' Telegram
accounts and chats, their choice of email or Telegram per kind of message, and the
per-item switch of channel announcements (issue 30)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 00:00:00
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None

ANNOUNCED = ('meetups', 'news', 'job_posts')


def upgrade() -> None:
    op.create_table('telegram_queue',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('chat_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('link_url', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('buttons', sa.Text(), nullable=False),
    sa.Column('photo', sa.Text(), nullable=False),
    sa.Column('fallback_mail', sa.Text(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('claimed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('message_id', sa.BigInteger(), nullable=True),
    sa.Column('last_error', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.CheckConstraint("status IN ('PENDING', 'SENDING', 'SENT', 'FAILED')", name='ck_telegram_queue_status'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_telegram_queue_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_telegram_queue')),
    sa.UniqueConstraint('key', name=op.f('uq_telegram_queue_key')),
    )
    with op.batch_alter_table('telegram_queue', schema=None) as batch_op:
        batch_op.create_index('ix_telegram_queue_status_next', ['status', 'next_attempt_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_telegram_queue_user_id'), ['user_id'], unique=False)
    op.create_table('telegram_login_seen',
    sa.Column('digest', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('seen_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('digest', name=op.f('pk_telegram_login_seen')),
    )
    with op.batch_alter_table('telegram_login_seen', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_telegram_login_seen_seen_at'), ['seen_at'], unique=False)
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('telegram_id', sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column('telegram_username', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.add_column(sa.Column('telegram_chat_id', sa.BigInteger(), nullable=True))
        for kind in ('confirmation', 'reminder', 'offer'):
            batch_op.add_column(sa.Column(f'notify_{kind}', sqlmodel.sql.sqltypes.AutoString(length=10), server_default='both', nullable=False))
        batch_op.create_unique_constraint(batch_op.f('uq_users_telegram_id'), ['telegram_id'])
        batch_op.create_index(batch_op.f('ix_users_telegram_chat_id'), ['telegram_chat_id'], unique=False)
    for table in ANNOUNCED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('telegram_announce', sa.Boolean(), server_default=sa.true(), nullable=False))
    with op.batch_alter_table('account_tokens', schema=None) as batch_op:
        batch_op.drop_constraint('ck_account_tokens_purpose', type_='check')
        batch_op.create_check_constraint('ck_account_tokens_purpose', "purpose IN ('password_reset', 'confirm_sign_up', 'telegram_link')")
    with op.batch_alter_table('login_events', schema=None) as batch_op:
        batch_op.drop_constraint('ck_login_events_method', type_='check')
        batch_op.create_check_constraint('ck_login_events_method', "method IN ('password', 'google', 'telegram')")


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM login_events WHERE method = 'telegram'"))
    op.execute(sa.text("DELETE FROM account_tokens WHERE purpose = 'telegram_link'"))
    with op.batch_alter_table('login_events', schema=None) as batch_op:
        batch_op.drop_constraint('ck_login_events_method', type_='check')
        batch_op.create_check_constraint('ck_login_events_method', "method IN ('password', 'google')")
    with op.batch_alter_table('account_tokens', schema=None) as batch_op:
        batch_op.drop_constraint('ck_account_tokens_purpose', type_='check')
        batch_op.create_check_constraint('ck_account_tokens_purpose', "purpose IN ('password_reset', 'confirm_sign_up')")
    for table in ANNOUNCED:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('telegram_announce')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_users_telegram_chat_id'))
        batch_op.drop_constraint(batch_op.f('uq_users_telegram_id'), type_='unique')
        for column in ('notify_offer', 'notify_reminder', 'notify_confirmation',
                       'telegram_chat_id', 'telegram_username', 'telegram_id'):
            batch_op.drop_column(column)
    with op.batch_alter_table('telegram_login_seen', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_telegram_login_seen_seen_at'))
    op.drop_table('telegram_login_seen')
    with op.batch_alter_table('telegram_queue', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_telegram_queue_user_id'))
        batch_op.drop_index('ix_telegram_queue_status_next')
    op.drop_table('telegram_queue')
