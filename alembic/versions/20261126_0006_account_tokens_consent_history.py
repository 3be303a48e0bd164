"""account_tokens (password reset and sign-up confirmation links), consent history
(consents.withdrawn_at) and the optional news-emails consent

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26 18:00:00
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

KINDS_BEFORE = "kind IN ('terms', 'privacy', 'attendee_list')"
KINDS_AFTER = "kind IN ('terms', 'privacy', 'attendee_list', 'news_emails')"


def upgrade() -> None:
    op.create_table('account_tokens',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('purpose', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.CheckConstraint("purpose IN ('password_reset', 'confirm_sign_up')", name='ck_account_tokens_purpose'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_account_tokens_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_account_tokens'))
    )
    with op.batch_alter_table('account_tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_account_tokens_token_hash'), ['token_hash'], unique=True)
        batch_op.create_index(batch_op.f('ix_account_tokens_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('consents', schema=None) as batch_op:
        batch_op.add_column(sa.Column('withdrawn_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.drop_constraint('ck_consents_kind', type_='check')
        batch_op.create_check_constraint('ck_consents_kind', KINDS_AFTER)


def downgrade() -> None:
    op.execute("DELETE FROM consents WHERE kind = 'news_emails'")
    with op.batch_alter_table('consents', schema=None) as batch_op:
        batch_op.drop_constraint('ck_consents_kind', type_='check')
        batch_op.create_check_constraint('ck_consents_kind', KINDS_BEFORE)
        batch_op.drop_column('withdrawn_at')

    with op.batch_alter_table('account_tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_account_tokens_user_id'))
        batch_op.drop_index(batch_op.f('ix_account_tokens_token_hash'))
    op.drop_table('account_tokens')
