"""registration questions, approval that suits a workshop, seat kinds (issue 45).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
import sqlmodel  # noqa: F401
from alembic import op  # noqa: F401


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None

OLD_KINDS = "'confirmation', 'accepted', 'rejected', 'offer', 'reminder', 'job-digest'"
NEW_KINDS = OLD_KINDS + ", 'stream'"


def upgrade() -> None:
    with op.batch_alter_table('meetups', schema=None) as batch_op:
        batch_op.add_column(sa.Column('online_max_seats', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.add_column(sa.Column('online_available_seats', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.add_column(sa.Column('stream_url', sa.String(length=500), server_default='',
                                      nullable=False))
        batch_op.add_column(sa.Column('applications_hold_seats', sa.Boolean(),
                                      server_default=sa.true(), nullable=False))
        batch_op.create_check_constraint(
            'ck_meetups_online_seats_range',
            'online_available_seats >= 0 AND online_available_seats <= online_max_seats')
    with op.batch_alter_table('meetup_registrations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat_kind', sa.String(length=10),
                                      server_default='IN_PERSON', nullable=False))
        batch_op.add_column(sa.Column('holds_seat', sa.Boolean(), server_default=sa.true(),
                                      nullable=False))
        batch_op.add_column(sa.Column('decision_note', sa.Text(), server_default='',
                                      nullable=False))
        batch_op.create_check_constraint('ck_registrations_seat_kind',
                                         "seat_kind IN ('IN_PERSON', 'ONLINE')")
    with op.batch_alter_table('meetup_waitlist', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat_kind', sa.String(length=10),
                                      server_default='IN_PERSON', nullable=False))
        batch_op.add_column(sa.Column('answers', sa.Text(), server_default='{}', nullable=False))
        batch_op.create_check_constraint('ck_waitlist_seat_kind',
                                         "seat_kind IN ('IN_PERSON', 'ONLINE')")
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint('ck_mail_queue_kind', type_='check')
        batch_op.create_check_constraint('ck_mail_queue_kind', f"kind IN ({NEW_KINDS})")
    op.create_table(
        'registration_questions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('meetup_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('required', sa.Boolean(), nullable=False),
        sa.Column('builtin', sa.String(length=20), nullable=False),
        sa.Column('label_en', sa.String(length=300), nullable=False),
        sa.Column('label_uz', sa.String(length=300), nullable=False),
        sa.Column('options', sa.Text(), nullable=False),
        sa.Column('at_door', sa.Boolean(), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.CheckConstraint("kind IN ('SHORT_TEXT', 'LONG_TEXT', 'ONE_CHOICE', 'CHOICES', "
                           "'YES_NO')", name='ck_registration_questions_kind'),
        sa.CheckConstraint("builtin IN ('', 'accessibility', 'dietary')",
                           name='ck_registration_questions_builtin'),
        sa.ForeignKeyConstraint(['meetup_id'], ['meetups.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_registration_questions_meetup_position', 'registration_questions',
                    ['meetup_id', 'position'])
    op.create_table(
        'registration_answers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('registration_id', sa.Integer(), nullable=False),
        sa.Column('question_id', sa.Integer(), nullable=False),
        sa.Column('value', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['registration_id'], ['meetup_registrations.id'],
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['question_id'], ['registration_questions.id'],
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('registration_id', 'question_id',
                            name='uq_registration_answers_once'),
    )
    op.create_index(op.f('ix_registration_answers_registration_id'), 'registration_answers',
                    ['registration_id'])
    op.create_index(op.f('ix_registration_answers_question_id'), 'registration_answers',
                    ['question_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_registration_answers_question_id'), table_name='registration_answers')
    op.drop_index(op.f('ix_registration_answers_registration_id'),
                  table_name='registration_answers')
    op.drop_table('registration_answers')
    op.drop_index('ix_registration_questions_meetup_position', table_name='registration_questions')
    op.drop_table('registration_questions')
    with op.batch_alter_table('mail_queue', schema=None) as batch_op:
        batch_op.drop_constraint('ck_mail_queue_kind', type_='check')
        batch_op.create_check_constraint('ck_mail_queue_kind', f"kind IN ({OLD_KINDS})")
    with op.batch_alter_table('meetup_waitlist', schema=None) as batch_op:
        batch_op.drop_constraint('ck_waitlist_seat_kind', type_='check')
        batch_op.drop_column('answers')
        batch_op.drop_column('seat_kind')
    with op.batch_alter_table('meetup_registrations', schema=None) as batch_op:
        batch_op.drop_constraint('ck_registrations_seat_kind', type_='check')
        batch_op.drop_column('decision_note')
        batch_op.drop_column('holds_seat')
        batch_op.drop_column('seat_kind')
    with op.batch_alter_table('meetups', schema=None) as batch_op:
        batch_op.drop_constraint('ck_meetups_online_seats_range', type_='check')
        batch_op.drop_column('applications_hold_seats')
        batch_op.drop_column('stream_url')
        batch_op.drop_column('online_available_seats')
        batch_op.drop_column('online_max_seats')
