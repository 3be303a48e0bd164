"""PostgreSQL: search_documents keeps its long values (the texts and the terms' tsvector)
out of line, so a search reads narrow rows: a common word's 12,000 matches are about 1,000
pages instead of 3,500, and the terms are never read back (the GIN index answers the
match). The title's tsvector, read for the rank, stays in the row. Existing rows are
written again with the new layout. SQLite: nothing (its FTS5 table is separate already).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 07:30:00
"""
from __future__ import annotations

from alembic import op


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != 'postgresql':
        return
    op.execute("ALTER TABLE search_documents SET (toast_tuple_target = 128)")
    op.execute("ALTER TABLE search_documents ALTER COLUMN title_vec SET STORAGE MAIN")
    op.execute("UPDATE search_documents SET indexed_at = indexed_at")


def downgrade() -> None:
    if op.get_bind().dialect.name != 'postgresql':
        return
    op.execute("ALTER TABLE search_documents RESET (toast_tuple_target)")
    op.execute("ALTER TABLE search_documents ALTER COLUMN title_vec SET STORAGE EXTENDED")
