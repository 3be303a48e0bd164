"""reviews of speaker applications, starred talks and talk feedback (issue 41).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-07 09:20:00
"""
from __future__ import annotations

import sqlalchemy as sa  # noqa: F401
import sqlmodel  # noqa: F401
from alembic import op  # noqa: F401


revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
