"""check-ins recorded at the door, online and offline, with duplicates kept (issue 47).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'door_check_ins',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('meetup_id', sa.Integer(), nullable=False),
        sa.Column('registration_id', sa.Integer(), nullable=False),
        sa.Column('organizer_id', sa.Integer(), nullable=True),
        sa.Column('device_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('scanned_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('offline', sa.Boolean(), nullable=False),
        sa.Column('duplicate', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['registration_id'], ['meetup_registrations.id'],
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['organizer_id'], ['users.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('device_id', 'registration_id',
                            name='uq_door_check_ins_device_registration'),
    )
    op.create_index('ix_door_check_ins_meetup_id', 'door_check_ins', ['meetup_id'])
    op.create_index('ix_door_check_ins_registration_id', 'door_check_ins', ['registration_id'])
    op.create_index('ix_door_check_ins_organizer_id', 'door_check_ins', ['organizer_id'])


def downgrade() -> None:
    op.drop_index('ix_door_check_ins_organizer_id', table_name='door_check_ins')
    op.drop_index('ix_door_check_ins_registration_id', table_name='door_check_ins')
    op.drop_index('ix_door_check_ins_meetup_id', table_name='door_check_ins')
    op.drop_table('door_check_ins')
