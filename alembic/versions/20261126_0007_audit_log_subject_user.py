"""audit_log.subject_user_id: the member an organizer's action is about; data_exports.language

An entry about a member (check-in, accepted or rejected registration, no-shows cleared,
comment hidden, speaker application decided) names that member by id, so erasing the
member blanks those entries' details and an organizer's data export leaves them out
(services/privacy/personal_data.py). Entries written before are matched to their member
here: by the target for "user" targets, by the "<email>" their detail holds otherwise.

data_exports.language: the language of the export's readable summary page.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 18:00:00
"""
from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('data_exports', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=5), server_default='en', nullable=False))
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.add_column(sa.Column('subject_user_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_audit_log_subject_user_id'), ['subject_user_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_audit_log_subject_user_id_users'), 'users',
                                    ['subject_user_id'], ['id'], ondelete='SET NULL')
    op.execute(sa.text(
        "UPDATE audit_log SET subject_user_id = target_id "
        "WHERE target_type = 'user' AND action NOT LIKE 'account.%' "
        "AND target_id IN (SELECT id FROM users)"))
    op.execute(sa.text(
        "UPDATE audit_log SET subject_user_id = (SELECT MIN(users.id) FROM users "
        "WHERE audit_log.detail LIKE '%<' || users.email || '>%') "
        "WHERE subject_user_id IS NULL AND detail LIKE '%<%@%>%'"))


def downgrade() -> None:
    with op.batch_alter_table('audit_log', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_audit_log_subject_user_id_users'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_audit_log_subject_user_id'))
        batch_op.drop_column('subject_user_id')
    with op.batch_alter_table('data_exports', schema=None) as batch_op:
        batch_op.drop_column('language')
