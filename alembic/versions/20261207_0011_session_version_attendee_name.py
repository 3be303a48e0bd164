"""users.session_version: every access and refresh token carries the number it was issued
under; raising it (a password reset, an erasure) ends every sign-in at once, access tokens
included (services/tokens.py). users.attendee_name: the name the member chose to show on
public attendee lists (None: the first name only; services/meetups/attendees).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07 06:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users') as batch:
        batch.add_column(sa.Column('session_version', sa.Integer(), nullable=False,
                                   server_default='0'))
        batch.add_column(sa.Column('attendee_name', sa.String(length=50), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('users') as batch:
        batch.drop_column('attendee_name')
        batch.drop_column('session_version')
