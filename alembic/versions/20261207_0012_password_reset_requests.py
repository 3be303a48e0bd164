"""password_reset_requests: a "forgot password" request only writes a row, for a known
address or not (equal work, so the answer's timing tells nobody who is a member); a worker
of the database queue looks the address up and emails the link, then blanks the address.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07 06:10:00
"""
from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'password_reset_requests',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('email', sa.String(length=254), nullable=False),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('next_attempt_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('claimed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('last_error', sa.String(length=500), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.CheckConstraint("status IN ('PENDING', 'SENDING', 'SENT', 'FAILED')",
                           name='ck_password_reset_requests_status'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_password_reset_requests_status_next', 'password_reset_requests',
                    ['status', 'next_attempt_at'])


def downgrade() -> None:
    op.drop_index('ix_password_reset_requests_status_next', table_name='password_reset_requests')
    op.drop_table('password_reset_requests')
