"""talks and speakers as first-class items (issue 41: programme, talk pages, slides, recordings).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
import sqlmodel  # noqa: F401
from alembic import op  # noqa: F401


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
